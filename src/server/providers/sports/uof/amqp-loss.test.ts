import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fakeBroker, fakeConnect } from '../../../../../test/support/fake-amqp.ts';
import { balancesOf } from '../../../../../test/support/money.ts';
import { useSportsApp } from '../../../../../test/support/sports-app.ts';
import { backendAvailable } from '../../../../../test/support/test-db.ts';
import { homeWins1x2, mainMarkets, producerUp, useUofStandIn } from '../../../../../test/support/uof.ts';
import { queryRows } from '../../../db/client.ts';
import { amqpConsumer } from './amqp-consumer.ts';
import * as uof from './uof-build.ts';

/**
 * What may lose messages between the broker and the book (a dropped connection, a message discarded
 * after its tries) takes every producer down, so the feed's recovery resends them: from no later than
 * the last message the book applied. The broker is a stand-in (test/support/fake-amqp.ts); the book,
 * its database and the wallet are real.
 */
describe.runIf(backendAvailable)('the UOF consumer when messages may be lost', () => {
  const { t, newPlayer, eventSelections, placeBet } = useSportsApp();
  const { standIn, ts, feedOf, fixture } = useUofStandIn(t);

  /** A consumer over the real feed, a bet on a priced match, and the broker's side of it. */
  async function started(handle?: (xml: string) => Promise<unknown> | undefined) {
    const { feed } = feedOf();
    await producerUp(feed, standIn(), 1, ts());
    const askedBefore = standIn().recoveries.filter((r) => r.product === 'liveodds').length;
    const log = { info: () => undefined, warn: () => undefined };
    const consumer = amqpConsumer(
      { url: 'amqp://stand-in', exchange: 'unifiedfeed', bindings: ['#'], connect: fakeConnect },
      {
        one: (xml) => (handle?.(xml) as ReturnType<typeof feed.receive>) ?? feed.receive(xml),
        batch: (xmls) => feed.receiveBatch(xmls),
        lost: (reason, since) => feed.lost(reason, since),
      },
      log,
    );
    await consumer.start();
    const conn = () => fakeBroker.connections.at(-1)!;
    const main = () => conn().channels[0]!;
    const alives = () => conn().channels[1]!;
    const settle = async () => {
      await consumer.idle();
      await new Promise((r) => setTimeout(r, 300));
      await consumer.idle();
    };
    const p = await newPlayer();
    const f = fixture();
    const oddsAt = ts();
    main().deliver(
      uof.oddsChange({ product: 1, eventId: f.id, timestamp: oddsAt }, { markets: mainMarkets() }),
      'hi.-.live.odds_change.1.sr:match.1.-',
    );
    await settle();
    const [e] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from sb_events where source = 'uof' and external_id = ${f.id}`,
    );
    const s = await eventSelections(Number(e!.id));
    const bet = (await placeBet(p.gameToken, [s['1x2:home']!])).json();
    expect(bet).toMatchObject({ status: 'success' });
    // The alives run ahead of the main queue: this one is stamped well after the last odds applied.
    alives().deliver(uof.alive(1, ts() + 30_000), '-.-.-.alive.-.-.-.-');
    await settle();
    const settlement = uof.betSettlement({ product: 1, eventId: f.id, timestamp: ts() }, homeWins1x2);
    // The feed answers a recovery by resending what it generated after `after`, then snapshot_complete.
    standIn().onRecovery = async (r) => {
      if (r.product !== 'liveodds') return;
      if (r.after === undefined || r.after <= oddsAt)
        main().deliver(settlement, 'lo.-.live.bet_settlement.1.sr:match.1.-');
      main().deliver(uof.snapshotComplete(1, ts(), r.requestId), '-.-.-.snapshot_complete.-.-.-.-');
    };
    const outcome = async () => {
      const [row] = await queryRows<{ status: string }>(
        t.db,
        sql`select status from sb_bets where id = ${bet.betId}`,
      );
      const asked = standIn().recoveries.filter((r) => r.product === 'liveodds');
      // The recoveries asked since the producer was up, and the last one's start.
      return {
        recoveriesAsked: asked.length - askedBefore,
        from: asked.at(-1)?.after,
        bet: row?.status,
        cash: (await balancesOf(t, p.token)).cash,
      };
    };
    return { consumer, conn, main, alives, settle, settlement, oddsAt, outcome };
  }

  /**
   * The alives resume: one recovery is asked for, from no later than the last message applied, and the
   * settlement it resends pays the winner.
   */
  async function expectRecovered(b: Awaited<ReturnType<typeof started>>) {
    b.alives().deliver(uof.alive(1, ts() + 30_000), '-.-.-.alive.-.-.-.-');
    await b.settle();
    await b.settle();
    const got = await b.outcome();
    expect({ ...got, fromNoLaterThanLastApplied: (got.from ?? 0) <= b.oddsAt }).toEqual({
      recoveriesAsked: 1,
      from: got.from,
      fromNoLaterThanLastApplied: true,
      bet: 'settled',
      cash: 990_000 + 21_000,
    });
  }

  it('a dropped connection, back within the alive timeout, recovers the settlement published meanwhile', async () => {
    const b = await started();
    try {
      // The connection drops; the settlement goes to no queue of ours (the old one died with it).
      const before = fakeBroker.connections.length;
      b.conn().emit('close');
      for (let i = 0; i < 50 && fakeBroker.connections.length === before; i++)
        await new Promise((r) => setTimeout(r, 100));
      expect(fakeBroker.connections.length).toBe(before + 1);
      // Back within seconds: the alives resume, well inside the 20-s alive timeout.
      await expectRecovered(b);
    } finally {
      await b.consumer.stop();
    }
  });

  it('a message discarded after its tries takes the producers down and is recovered', async () => {
    let failing = true;
    // The database refuses this one settlement five times (a passing fault that outlasts its tries).
    const b = await started((xml) =>
      failing && xml.includes('<bet_settlement') ? Promise.reject(new Error('database away')) : undefined,
    );
    try {
      for (let i = 0; i < 5; i++) {
        b.main().deliver(b.settlement, 'lo.-.live.bet_settlement.1.sr:match.1.-');
        await b.settle();
        await new Promise((r) => setTimeout(r, 500 * (i + 1)));
        await b.settle();
      }
      failing = false;
      await expectRecovered(b);
    } finally {
      await b.consumer.stop();
    }
  }, 30_000);
});

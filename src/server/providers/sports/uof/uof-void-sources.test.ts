import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { balancesOf, expectSoundLedger } from '../../../../../test/support/money.ts';
import { useSportsApp } from '../../../../../test/support/sports-app.ts';
import { backendAvailable } from '../../../../../test/support/test-db.ts';
import { homeWins1x2, mainMarkets, producerUp, useUofStandIn } from '../../../../../test/support/uof.ts';
import { queryRows } from '../../../db/client.ts';
import { sportsClock } from '../clock.ts';
import { cancelBet, cancelUndecidedBetsOf, rollbackLegVoids } from '../leg-voids.ts';
import { correctResult } from '../results.service.ts';
import * as uof from './uof-build.ts';

/**
 * What a take-back of a cancel restores. A whole market's rollback_bet_cancel returns the market to the
 * result it had before the cancel (results.service.ts restoreBeforeVoidIn). A window's restores only its
 * own kind of void (leg-voids.ts, `void_source`): the feed's rollback_bet_cancel never brings back a bet
 * the desk cancelled or a member's break voided, and the desk's rollback of a cancel window never undoes
 * the feed's bet_cancel.
 */
describe.runIf(backendAvailable)(
  'UOF rollback_bet_cancel: what it restores, and the voids it does not own',
  () => {
    const { t, newPlayer, eventSelections, placeBet } = useSportsApp();
    const { standIn, ts, feedOf, fixture } = useUofStandIn(t);

    const betStatus = async (betId: number) =>
      (await queryRows<{ status: string }>(t.db, sql`select status from sb_bets where id = ${betId}`))[0]
        ?.status;
    const cash = async (token: string) => (await balancesOf(t, token)).cash;

    /** A pre-match fixture with its main markets, its selections, and its 1X2's book id. */
    async function pricedMatch() {
      const { feed } = feedOf();
      await producerUp(feed, standIn(), 3, ts());
      const f = fixture();
      const h = { product: 3, eventId: f.id };
      await feed.receive(uof.oddsChange({ ...h, timestamp: ts() }, { markets: mainMarkets() }));
      const [e] = await queryRows<{ id: number }>(
        t.db,
        sql`select id from sb_events where source = 'uof' and external_id = ${f.id}`,
      );
      const [m] = await queryRows<{ id: number }>(
        t.db,
        sql`select id from sb_markets where external_id = ${`${f.id}/1`}`,
      );
      return { feed, h, s: await eventSelections(Number(e!.id)), marketId: Number(m!.id) };
    }

    it("a bet the desk cancelled and a member's break stay void through the feed's rollback_bet_cancel", async () => {
      const { feed, h, s } = await pricedMatch();
      const p = await newPlayer();
      const onBreak = await newPlayer();
      try {
        const from = sportsClock.now().getTime() - 60_000;
        // Bet A: the desk cancels it (a compromised account); bet C: its member takes a break.
        const a = (await placeBet(p.gameToken, [s['1x2:home']!])).json();
        expect(
          await cancelBet(t.db, t.app.sportsWallet, a.betId, { operatorId: null, reason: 'fraud' }),
        ).toEqual({ ok: true, bets: [a.betId] });
        const c = (await placeBet(onBreak.gameToken, [s['1x2:home']!])).json();
        await cancelUndecidedBetsOf(
          t.db,
          t.app.sportsWallet,
          String(onBreak.memberId),
          'player protection: break',
        );
        expect([await betStatus(a.betId), await betStatus(c.betId)]).toEqual(['void', 'void']);
        sportsClock.advance(60_000);
        const b = (await placeBet(p.gameToken, [s['1x2:home']!])).json();
        const to = sportsClock.now().getTime() + 60_000;

        // The feed cancels the 1X2 for a window holding all three, then takes its cancel back; home wins.
        await feed.receive(uof.betCancel({ ...h, timestamp: ts() }, [{ id: 1 }], { start: from, end: to }));
        expect(await betStatus(b.betId)).toBe('void');
        await feed.receive(
          uof.rollbackBetCancel({ ...h, timestamp: ts() }, [{ id: 1 }], { start: from, end: to }),
        );
        await feed.receive(uof.betSettlement({ ...h, timestamp: ts() }, homeWins1x2));

        // Only B (the feed's own void) comes back and wins 210.00; A and C keep their stakes back, no win.
        expect({
          a: await betStatus(a.betId),
          b: await betStatus(b.betId),
          c: await betStatus(c.betId),
          cash: await cash(p.token),
          onBreak: await cash(onBreak.token),
        }).toEqual({ a: 'void', b: 'settled', c: 'void', cash: 990_000 + 21_000, onBreak: 1_000_000 });
        await expectSoundLedger(t.db);
      } finally {
        sportsClock.reset();
      }
    });

    it("the desk's rollback of a cancel window does not undo the feed's bet_cancel", async () => {
      const { feed, h, s, marketId } = await pricedMatch();
      const p = await newPlayer();
      const from = new Date(Date.now() - 60_000);
      const b = (await placeBet(p.gameToken, [s['1x2:home']!])).json();
      const to = new Date(Date.now() + 60_000);
      await feed.receive(
        uof.betCancel({ ...h, timestamp: ts() }, [{ id: 1 }], { start: from.getTime(), end: to.getTime() }),
      );
      const actor = { operatorId: null, reason: 'desk: undo my window' };
      expect(
        await rollbackLegVoids(t.db, t.app.sportsWallet, { marketId }, from, to, actor, 'desk_window'),
      ).toEqual([]);
      await feed.receive(uof.betSettlement({ ...h, timestamp: ts() }, homeWins1x2));
      expect({ b: await betStatus(b.betId), cash: await cash(p.token) }).toEqual({
        b: 'void',
        cash: 1_000_000,
      });
    });

    it('a settled market cancelled whole, then the cancel rolled back: its winners are paid again on the result it had', async () => {
      const { feed, h, s, marketId } = await pricedMatch();
      const p = await newPlayer();
      const bet = (await placeBet(p.gameToken, [s['1x2:home']!])).json();
      await feed.receive(uof.betSettlement({ ...h, timestamp: ts() }, homeWins1x2));
      expect(await cash(p.token)).toBe(990_000 + 21_000);
      await feed.receive(uof.betCancel({ ...h, timestamp: ts() }, [{ id: 1 }]));
      expect({ bet: await betStatus(bet.betId), cash: await cash(p.token) }).toEqual({
        bet: 'void',
        cash: 1_000_000,
      });
      // The cancel was sent in error: the bets return to where they were before it, the winner paid again.
      await feed.receive(uof.rollbackBetCancel({ ...h, timestamp: ts() }, [{ id: 1 }]));
      const [market] = await queryRows<{ status: string; result_state: string; home: string | null }>(
        t.db,
        sql`select status, result_state, result::text as home from sb_markets where id = ${marketId}`,
      );
      expect({ bet: await betStatus(bet.betId), cash: await cash(p.token), market }).toEqual({
        bet: 'settled',
        cash: 990_000 + 21_000,
        market: { status: 'settled', result_state: 'confirmed', home: expect.stringContaining('home') },
      });
      await expectSoundLedger(t.db);
    });

    it('a market cancelled whole before any result, then the cancel rolled back: its bets are open and settle on the result', async () => {
      const { feed, h, s } = await pricedMatch();
      const p = await newPlayer();
      const bet = (await placeBet(p.gameToken, [s['1x2:home']!])).json();
      await feed.receive(uof.betCancel({ ...h, timestamp: ts() }, [{ id: 1 }]));
      expect(await cash(p.token)).toBe(1_000_000);
      await feed.receive(uof.rollbackBetCancel({ ...h, timestamp: ts() }, [{ id: 1 }]));
      expect({ bet: await betStatus(bet.betId), cash: await cash(p.token) }).toEqual({
        bet: 'open',
        cash: 990_000,
      });
      await feed.receive(uof.betSettlement({ ...h, timestamp: ts() }, homeWins1x2));
      expect({ bet: await betStatus(bet.betId), cash: await cash(p.token) }).toEqual({
        bet: 'settled',
        cash: 990_000 + 21_000,
      });
      await expectSoundLedger(t.db);
    });

    it("a whole market's rollback_bet_cancel leaves a void the desk entered after the cancel", async () => {
      const { feed, h, s, marketId } = await pricedMatch();
      const p = await newPlayer();
      const bet = (await placeBet(p.gameToken, [s['1x2:home']!])).json();
      await feed.receive(uof.betSettlement({ ...h, timestamp: ts() }, homeWins1x2));
      await feed.receive(uof.betCancel({ ...h, timestamp: ts() }, [{ id: 1 }]));
      // The desk corrects the void to an away win, then back to void (the match was abandoned after all).
      const desk = { source: 'desk', operatorId: null, reason: 'abandoned at half time' };
      for (const result of [{ kind: 'score', home: 0, away: 1 }, { kind: 'void' }] as const)
        expect(await correctResult(t.db, t.app.sportsWallet, marketId, result, desk)).toMatchObject({
          ok: true,
        });
      await feed.receive(uof.rollbackBetCancel({ ...h, timestamp: ts() }, [{ id: 1 }]));
      expect({ bet: await betStatus(bet.betId), cash: await cash(p.token) }).toEqual({
        bet: 'void',
        cash: 1_000_000,
      });
      await expectSoundLedger(t.db);
    });
  },
);

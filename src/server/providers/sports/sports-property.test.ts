import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectSoundLedger } from '../../../../test/support/money.ts';
import { slipId, type sportsPlayer } from '../../../../test/support/sports.ts';
import { useSportsApp } from '../../../../test/support/sports-app.ts';
import { backendAvailable, isPostgres } from '../../../../test/support/test-db.ts';
import { verifyBet } from '../../../../tools/sports-verify.ts';
import { queryRows } from '../../db/client.ts';
import { cancelBet } from './leg-voids.ts';
import { correctResult, enterResult } from './results.service.ts';
import { auditRunningStakes } from './running-stakes.audit.ts';
import { settleBets } from './settlement-runs.ts';
import { flushWallet } from './wallet-sync.ts';

/** 10,000 is the figure (SPORTS_PROPERTY_BETS=10000); CI runs a smaller batch to keep its time modest. */
const BETS = Number(process.env.SPORTS_PROPERTY_BETS ?? 1_000);
const MARKETS = Math.max(20, Math.ceil(BETS / 100));
const PLAYERS = 20;
const CONCURRENCY = 32;

/** A small deterministic generator, so a failure can be replayed. */
function rng(seed: number) {
  let x = seed >>> 0;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

async function inParallel<T>(items: T[], n: number, fn: (item: T) => Promise<void>) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: n }, async () => {
      for (let i = queue.shift(); i !== undefined; i = queue.shift()) await fn(i);
    }),
  );
}

/**
 * 10,000 random sequences of place / settle / unsettle / resettle / cancel, with members spending
 * their wins in between so corrections meet empty accounts, run in concurrent batches.
 */
describe.runIf(backendAvailable && isPostgres)('sportsbook property test (PostgreSQL)', () => {
  // Every client logs in from the same test address at once: not what the address limit is about.
  const { t, sportsApi, newPlayer, newEvent, eventSelections } = useSportsApp({
    loginMaxFailuresPerAddress: 1000,
  });

  it('every bet nets to its final settlement, nothing is paid twice, no cash goes negative, proofs verify', {
    timeout: 900_000,
  }, async () => {
    const random = rng(20261123);
    const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)]!;
    const players: Awaited<ReturnType<typeof sportsPlayer>>[] = [];
    for (let i = 0; i < PLAYERS; i++) players.push(await newPlayer(2_000_000));
    const markets: { marketId: number; selections: { id: number; price: string }[] }[] = [];
    for (let i = 0; i < MARKETS; i++) {
      const prices: [string, string, string] = [
        pick(['1.5', '1.91', '2.1']),
        pick(['3.0', '3.4']),
        pick(['2.75', '4.0', '6.5']),
      ];
      const { eventId, marketId } = await newEvent({ prices });
      const s = await eventSelections(eventId);
      markets.push({ marketId, selections: [s['1x2:home']!, s['1x2:draw']!, s['1x2:away']!] });
    }
    // Place: singles and doubles (different events), stakes 1,000..5,000 (the platform minimum is 1,000).
    const slips = Array.from({ length: BETS }, () => {
      const first = pick(markets);
      const second = random() < 0.25 ? pick(markets.filter((m) => m !== first)) : undefined;
      return {
        player: pick(players),
        legs: [pick(first.selections), ...(second ? [pick(second.selections)] : [])],
        stake: 1_000 + Math.floor(random() * 4_001),
      };
    });
    const phase = (name: string) =>
      process.env.SPORTS_PROPERTY_LOG && console.log(new Date().toISOString(), name);
    phase('placing');
    await inParallel(slips, CONCURRENCY, async (slip) => {
      const res = await sportsApi('place', {
        token: slip.player.gameToken,
        requestId: slipId(),
        kind: slip.legs.length === 1 ? 'single' : 'multiple',
        unitStake: slip.stake,
        priceChange: 'none',
        legs: slip.legs.map((l) => ({ selectionId: l.id, price: l.price })),
      });
      expect(['success', 'refused']).toContain(res.json().status);
    });
    const score = () => ({
      kind: 'score' as const,
      home: Math.floor(random() * 3),
      away: Math.floor(random() * 3),
    });
    phase('results');
    await inParallel(markets, 4, async (m) => {
      await enterResult(t.db, t.app.sportsWallet, m.marketId, score(), { source: 'property' });
    });
    // Members spend most of their cash elsewhere: later take-backs meet empty accounts and become debts.
    for (const p of players.filter(() => random() < 0.5)) {
      await t.db.execute(sql`select ledger_move('spend-' || ${p.memberId}, a.id, h.id, a.balance - 1000, 'test_spend', '{}'::jsonb, null)
        from ledger_accounts a, ledger_accounts h where a.member_id = ${p.memberId} and a.kind = 'cash' and a.balance > 1000
        and h.member_id is null and h.kind = 'adjustments' and h.shard = 0 and h.currency = a.currency`);
    }
    await inParallel(
      markets.filter(() => random() < 0.3),
      4,
      async (m) => {
        await correctResult(t.db, t.app.sportsWallet, m.marketId, score(), {
          source: 'property',
          reason: 'corrected',
        });
      },
    );
    const bets = (
      await queryRows<{ id: number }>(t.db, sql`select id from sb_bets where status <> 'refused' order by id`)
    ).map((b) => Number(b.id));
    const plans = bets.map((id) => ({
      id,
      ops: Array.from({ length: Math.floor(random() * 4) }, () =>
        pick(['settle', 'resettle', 'cancel'] as const),
      ),
    }));
    await inParallel(plans, CONCURRENCY, async ({ id, ops }) => {
      for (const op of ops) {
        const actor = { operatorId: 1, reason: `property ${op}` };
        if (op === 'cancel') await cancelBet(t.db, t.app.sportsWallet, id, actor);
        else await settleBets(t.db, t.app.sportsWallet, [id], actor);
        await flushWallet(t.db, t.app.sportsWallet, [id]);
      }
    });
    await flushWallet(t.db, t.app.sportsWallet);
    phase('checks');

    const [unpaid] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from sb_settlements where not paid`,
    );
    expect(unpaid!.n).toBe(0);
    // Per bet: what the member's cash received from its round, net of debts it left, equals its final state.
    const mismatches = await queryRows<{ id: number; expected: number; net: number }>(
      t.db,
      sql`with moves as (
            select t.reference ->> 'roundId' as round_id,
                   sum(case when a_to.member_id is not null then t.amount else -t.amount end) as net
            from ledger_transfers t
            join ledger_accounts a_from on a_from.id = t.from_account_id
            join ledger_accounts a_to on a_to.id = t.to_account_id
            where t.reference ->> 'provider' = 'sports' group by 1),
          debts as (select round_id, sum(amount) as owed from wallet_debt_entries where provider = 'sports' group by 1)
          select b.id, case b.status when 'settled' then b.settled_return - b.total_stake when 'open' then -b.total_stake else 0 end as expected,
                 coalesce(m.net, 0) - coalesce(d.owed, 0) as net
          from sb_bets b left join moves m on m.round_id = 'sb-' || b.id left join debts d on d.round_id = 'sb-' || b.id
          where (case b.status when 'settled' then b.settled_return - b.total_stake when 'open' then -b.total_stake else 0 end)
                <> coalesce(m.net, 0) - coalesce(d.owed, 0)`,
    );
    expect(mismatches).toEqual([]);
    const [counts] = await queryRows<{ bets: number; steps: number; debts: number; settled: number }>(
      t.db,
      sql`select (select count(*)::int from sb_bets) as bets, (select count(*)::int from sb_settlements) as steps,
                 (select count(*)::int from wallet_debt_entries) as debts, (select count(*)::int from sb_bets where status = 'settled') as settled`,
    );
    // Every slip made a bet (a wallet refusal leaves a refused one): none was lost or doubled.
    expect(counts!.bets).toBe(BETS);
    expect(counts!.steps).toBeGreaterThan(BETS);
    expect(counts!.debts).toBeGreaterThan(0);
    // Liability kept under the market locks equals what the open bets expose, per currency: on every
    // leg of a single or system bet, on a multiple's open leg only (liability.ts).
    const drift = await queryRows<{ selection_id: number }>(
      t.db,
      sql`select coalesce(s.selection_id, x.selection_id) as selection_id from sb_selection_liability s full join (
            select l.selection_id, b.currency, sum(b.potential_return - b.total_stake) as exposure
            from sb_bet_legs l join sb_bets b on b.id = l.bet_id
            where b.status in ('open', 'pending', 'delayed') and (b.kind <> 'multiple' or l.idx = b.liability_leg)
            group by 1, 2) x
            on x.selection_id = s.selection_id and x.currency = s.currency
          where coalesce(s.liability, 0) <> coalesce(x.exposure, 0)`,
    );
    expect(drift).toEqual([]);
    // What each member holds per selection, kept by triggers through every step above, equals their running bets.
    expect(await auditRunningStakes(t.db)).toEqual([]);
    await expectSoundLedger(t.db);
    // sports:verify's check over every bet the test settled (a win or resettle in force).
    const settled = await queryRows<{ id: number }>(
      t.db,
      sql`select id from sb_bets where status in ('settled', 'void') order by id`,
    );
    const failures = [];
    for (const { id } of settled) {
      const r = await verifyBet(t.db, Number(id));
      if (r.problems.length && !(r.problems[0] === 'no settlement with a proof')) failures.push(r);
    }
    expect(failures).toEqual([]);
    expect(counts!.settled).toBeGreaterThan(BETS / 10);
  });
});

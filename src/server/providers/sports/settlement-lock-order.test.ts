import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useSportsApp } from '../../../../test/support/sports-app.ts';
import { backendAvailable, isPostgres } from '../../../../test/support/test-db.ts';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { intArray } from '../../db/sql-array.ts';
import { judgeDelayedBet } from './delay-verdict.ts';
import { reevaluateBets } from './settlement.service.ts';
import { setEventState } from './trading.service.ts';

/** A 1X2 result (home win) written as confirmed, without the settlement run that entering it starts. */
async function homeWinConfirmed(db: Db, marketId: number) {
  await db.execute(
    sql`update sb_markets set result = '{"kind":"score","home":1,"away":0}'::jsonb, result_state = 'confirmed',
          result_source = 'test', result_at = now() where id = ${marketId}`,
  );
}

/** Resolves once this backend waits on a lock (pg_stat_activity); fails the test after 10 s. */
async function untilWaiting(db: Db, pid: number) {
  for (let tries = 0; tries < 200; tries++) {
    const [row] = await queryRows<{ waiting: boolean }>(
      db,
      sql`select wait_event_type = 'Lock' as waiting from pg_stat_activity where pid = ${pid}`,
    );
    if (row?.waiting) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`backend ${pid} never waited on a lock`);
}

const pidOf = async (tx: Tx) =>
  (await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`))[0]!.pid;

/**
 * Two settlement pages that share selections: each must lock every selection it changes at once, in
 * the book's lock order. A page that locked its multiples' selections, updated, then locked its singles'
 * ones took a lower selection after a higher one; two such pages deadlocked (seen in CI's property test).
 */
describe.runIf(backendAvailable && isPostgres)('settlement lock order (PostgreSQL)', () => {
  const { t, newPlayer, newEvent, eventSelections, placeBet } = useSportsApp();

  it('two pages sharing selections both settle, neither is broken off as a deadlock', async () => {
    const p = await newPlayer(1_000_000);
    // Two early events (the multiples' first legs) and two later ones; `low` sorts before `high`.
    const early1 = await newEvent({ startsInMs: 3_600_000 });
    const early2 = await newEvent({ startsInMs: 3_600_000 });
    const low = await newEvent();
    const high = await newEvent();
    const home = async (e: { eventId: number }) => (await eventSelections(e.eventId))['1x2:home']!;
    const [x, y, l, h] = [await home(early1), await home(early2), await home(low), await home(high)];
    const betId = async (legs: { id: number; price: string }[]) => {
      const reply = (await placeBet(p.gameToken, legs)).json();
      expect(reply.status).toBe('success');
      return Number(reply.betId);
    };
    // Page A: a multiple whose open leg moves onto `high`, and a single on `low`.
    const pageA = [await betId([x, h]), await betId([l])];
    // Page B: a multiple whose open leg moves onto `low`, and a single on `high`.
    const pageB = [await betId([y, l]), await betId([h])];
    for (const e of [early1, early2, low, high]) await homeWinConfirmed(t.db, e.marketId);

    // Page B is held up in its liability update (a row another transaction holds), after it locked its
    // selections; page A then runs into one of them.
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let blockerPid = 0;
    let blockerLocked!: () => void;
    const blockerReady = new Promise<void>((r) => {
      blockerLocked = r;
    });
    const blocker = t.db.transaction(async (tx) => {
      blockerPid = await pidOf(tx);
      await tx.execute(sql`select 1 from sb_selection_liability where selection_id = ${y.id} for update`);
      blockerLocked();
      await held;
    });
    await blockerReady;
    expect(blockerPid).toBeGreaterThan(0);
    const pids: number[] = [];
    const settle = (ids: number[]) =>
      t.db.transaction(async (tx) => {
        pids.push(await pidOf(tx));
        return reevaluateBets(tx, ids);
      });
    const b = settle(pageB);
    await until(() => pids.length === 1);
    await untilWaiting(t.db, pids[0]!);
    const a = settle(pageA);
    await until(() => pids.length === 2);
    await untilWaiting(t.db, pids[1]!);
    release();
    await blocker;
    const [settledA, settledB] = await Promise.all([a, b]);
    expect([...settledA].sort()).toEqual([...pageA].sort());
    expect([...settledB].sort()).toEqual([...pageB].sort());
    const settled = await queryRows<{ id: number; status: string }>(
      t.db,
      sql`select id, status from sb_bets where id = any(${intArray([...pageA, ...pageB])}::int8[])`,
    );
    expect(settled.map((s) => s.status)).toEqual(['settled', 'settled', 'settled', 'settled']);
  });

  it("a page with a delayed bet does not hold that bet's row while its confirmation holds the selection", async () => {
    const p = await newPlayer(1_000_000);
    const event = await newEvent();
    const s = (await eventSelections(event.eventId))['1x2:home']!;
    // An open bet from before the match, and a live one still in its bet delay (as the window's
    // confirmation finds it), on a market whose result is in: the page settles the open one and
    // leaves the delayed one alone.
    const before = (await placeBet(p.gameToken, [s])).json();
    expect(before.status).toBe('success');
    await setEventState(t.db, event.eventId, { status: 'live', score: { home: 0, away: 0 } });
    const live = (await placeBet(p.gameToken, [s], { priceChange: 'any' })).json();
    expect(live.status).toBe('delayed');
    const [delayed, open] = [Number(live.betId), Number(before.betId)];
    await homeWinConfirmed(t.db, event.marketId);

    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let blockerLocked!: () => void;
    const blockerReady = new Promise<void>((r) => {
      blockerLocked = r;
    });
    const blocker = t.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from sb_selections where id = ${s.id} for update`);
      blockerLocked();
      await held;
    });
    await blockerReady;
    // The confirmation queues first for the selection, then the page for it.
    const pids: number[] = [];
    const confirmation = t.db.transaction(async (tx) => {
      pids.push(await pidOf(tx));
      return judgeDelayedBet(tx, delayed, new Date());
    });
    await until(() => pids.length === 1);
    await untilWaiting(t.db, pids[0]!);
    const page = t.db.transaction(async (tx) => {
      pids.push(await pidOf(tx));
      return reevaluateBets(tx, [delayed, open]);
    });
    await until(() => pids.length === 2);
    await untilWaiting(t.db, pids[1]!);
    release();
    await blocker;
    await confirmation;
    expect(await page).toEqual([open]);
  });
});

async function until(ready: () => boolean) {
  for (let tries = 0; tries < 1000 && !ready(); tries++) await new Promise((r) => setTimeout(r, 10));
  expect(ready()).toBe(true);
}

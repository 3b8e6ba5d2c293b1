import { describe, expect, it } from 'vitest';
import { explainText } from '../../../../test/support/explain.ts';
import { expectSoundLedger } from '../../../../test/support/money.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import { slipId } from '../../../../test/support/sports.ts';
import { useSportsApp } from '../../../../test/support/sports-app.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable, isPostgres } from '../../../../test/support/test-db.ts';
import { enterResult, unsettleMarket } from './results.service.ts';
import { liabilitySql } from './risk.service.ts';

/**
 * Risk counts a multiple on its open leg only (liability.ts): the earliest-starting leg whose result is
 * not in holds the bet's liability; it moves on when that leg wins, goes when a leg loses, and comes
 * back to the open leg when a correction reopens the bet. The desk's risk view shows it so.
 */
describe.runIf(backendAvailable)('risk: a multiple counts on its open leg', () => {
  const { t, sportsApi, newPlayer, newEvent, eventSelections } = useSportsApp();
  const { as } = useOperators(t);
  const DAY = 86_400_000;

  /** The liability per 1X2 selection of an event (in the member's one currency), as the desk's risk view shows it. */
  const liabilityOf = async (eventId: number) => {
    const risk = (await as('trading').get(`/api/admin/sports/risk?event=${eventId}`)).json();
    const out: Record<string, number> = {};
    for (const e of risk.events as {
      markets: { selections: { key: string; liability: { currency: string; amount: number }[] }[] }[];
    }[])
      for (const m of e.markets) for (const s of m.selections) out[s.key] = s.liability[0]?.amount ?? 0;
    return out;
  };

  it('sits on the earliest open leg, moves when it wins, goes when a leg loses, returns on a correction', async () => {
    const p = await newPlayer();
    // Placed in the slip's order C, A, B; A starts first, then B, then C.
    const a = await newEvent({ prices: ['2.0', '3.0', '4.0'], startsInMs: DAY });
    const b = await newEvent({ prices: ['3.0', '3.0', '3.0'], startsInMs: 2 * DAY });
    const c = await newEvent({ prices: ['4.0', '3.0', '2.0'], startsInMs: 3 * DAY });
    const home = async (e: { eventId: number }) => (await eventSelections(e.eventId))['1x2:home']!;
    const legs = [await home(c), await home(a), await home(b)];
    const multiple = await sportsApi('place', {
      token: p.gameToken,
      requestId: slipId(),
      kind: 'multiple',
      unitStake: 1_000,
      priceChange: 'none',
      legs: legs.map((s) => ({ selectionId: s.id, price: s.price })),
    });
    expect(multiple.json().status).toBe('success');
    const single = await sportsApi('place', {
      token: p.gameToken,
      requestId: slipId(),
      kind: 'single',
      unitStake: 1_000,
      priceChange: 'none',
      legs: [{ selectionId: (await home(b)).id, price: (await home(b)).price }],
    });
    expect(single.json().status).toBe('success');
    // 1,000 at 2 × 3 × 4 = 24: 23,000 beyond the stake, on A's home only; B's home carries the single.
    expect((await liabilityOf(a.eventId)).home).toBe(23_000);
    expect((await liabilityOf(b.eventId)).home).toBe(2_000);
    expect((await liabilityOf(c.eventId)).home ?? 0).toBe(0);

    // A's home wins: the multiple's liability moves to B, the next leg to start.
    const won = { kind: 'score' as const, home: 1, away: 0 };
    await enterResult(t.db, t.app.sportsWallet, a.marketId, won, { source: 'test' });
    expect((await liabilityOf(b.eventId)).home).toBe(25_000);
    expect((await liabilityOf(c.eventId)).home ?? 0).toBe(0);

    // B's home loses: the multiple (and the single) are lost; no liability stays anywhere.
    const lost = { kind: 'score' as const, home: 0, away: 2 };
    await enterResult(t.db, t.app.sportsWallet, b.marketId, lost, { source: 'test' });
    const bets = (await sportsApi('bets', { token: p.gameToken })).json().bets as { status: string }[];
    expect(bets.map((x) => x.status)).toEqual(['settled', 'settled']);
    expect((await liabilityOf(b.eventId)).home ?? 0).toBe(0);
    expect((await liabilityOf(c.eventId)).home ?? 0).toBe(0);

    // B's result taken back: both bets are open again, the multiple's liability on B (A won).
    await unsettleMarket(t.db, t.app.sportsWallet, b.marketId, { operatorId: null, reason: 'test' });
    expect((await liabilityOf(b.eventId)).home).toBe(25_000);
    expect((await liabilityOf(a.eventId)).home ?? 0).toBe(0);
    // A's result taken back too: it returns to A.
    await unsettleMarket(t.db, t.app.sportsWallet, a.marketId, { operatorId: null, reason: 'test' });
    expect((await liabilityOf(a.eventId)).home).toBe(23_000);
    expect((await liabilityOf(b.eventId)).home).toBe(2_000);
    await expectSoundLedger(t.db);
  });
});

describe.runIf(isPostgres)('the risk view at scale', () => {
  const t = useTestApp();

  it('starts from the unsettled markets, not from every liability row the book kept (EXPLAIN)', async () => {
    const plan = await explainText(t.db, liabilitySql({}));
    expect(plan).toContain('sb_markets_unsettled');
  });
});

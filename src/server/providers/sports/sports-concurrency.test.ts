import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { balancesOf, expectSoundLedger } from '../../../../test/support/money.ts';
import { addBookLimit, slipId } from '../../../../test/support/sports.ts';
import { useSportsApp } from '../../../../test/support/sports-app.ts';
import { backendAvailable, isPostgres } from '../../../../test/support/test-db.ts';
import { queryRows } from '../../db/client.ts';

/** Races are only meaningful on a real server with concurrent connections. */
describe.runIf(backendAvailable && isPostgres)('sportsbook under concurrency (PostgreSQL)', () => {
  // Every client logs in from the same test address at once: not what the address limit is about.
  const { t, newPlayer, newEvent, eventSelections, placeBet } = useSportsApp({
    loginMaxFailuresPerAddress: 1000,
  });

  it('64 copies of one bet placement make one bet and one stake', async () => {
    const p = await newPlayer(100_000);
    const { eventId } = await newEvent();
    const s = (await eventSelections(eventId))['1x2:home']!;
    const requestId = slipId();
    const answers = await Promise.all(
      Array.from({ length: 64 }, () => placeBet(p.gameToken, [s], { requestId })),
    );
    const ids = new Set(answers.map((a) => a.json().betId));
    expect(answers.every((a) => a.json().status === 'success')).toBe(true);
    expect(ids.size).toBe(1);
    const [n] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from sb_bets where player_id = ${String(p.memberId)}`,
    );
    expect(n!.n).toBe(1);
    expect((await balancesOf(t, p.token)).cash).toBe(90_000);
  });

  it('32 clients betting into a market near its liability limit never take it past the limit', async () => {
    const { eventId, marketId } = await newEvent({ prices: ['3.0', '3.0', '3.0'] });
    const s = (await eventSelections(eventId))['1x2:home']!;
    // Each 10,000 at 3.0 adds 20,000: 7 bets fit under 150,000, the 8th would overshoot.
    await addBookLimit(t.db, 'market', marketId, { max_liability: 150_000 });
    // Registered one after another (32 at once from one address would meet its availability-check
    // limit, which a registration holds a point of while it runs); the bets race, not the sign-ups.
    const players: Awaited<ReturnType<typeof newPlayer>>[] = [];
    for (let i = 0; i < 32; i++) players.push(await newPlayer(20_000));
    const answers = await Promise.all(players.map((p) => placeBet(p.gameToken, [s])));
    const accepted = answers.filter((a) => a.json().status === 'success').length;
    expect(accepted).toBe(7);
    expect(answers.filter((a) => a.json().refusal === 'liability_reached').length).toBe(25);
    const [row] = await queryRows<{ liability: number }>(
      t.db,
      sql`select coalesce(sum(liability), 0)::int8 as liability from sb_selection_liability where selection_id = ${s.id}`,
    );
    expect(row!.liability).toBe(140_000);
    await expectSoundLedger(t.db);
  });
});

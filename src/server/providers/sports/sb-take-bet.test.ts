import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberCurrency, slipId } from '../../../../test/support/sports.ts';
import { useSportsApp } from '../../../../test/support/sports-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { queryRows } from '../../db/client.ts';
import { readLegs } from './placement.service.ts';

/**
 * sb_take_bet records a bet under its markets' locks only if what the placement checked still holds
 * (issue 34: the checks run before the lock); otherwise it records nothing and the placement checks
 * again under the lock.
 */
describe.runIf(backendAvailable)('taking a bet under the lock only as it was checked (sb_take_bet)', () => {
  const { t, newPlayer, newEvent, eventSelections } = useSportsApp();

  it('records nothing when a leg or the liability changed since the read, and the bet when not', async () => {
    const p = await newPlayer();
    const { eventId } = await newEvent();
    const s = (await eventSelections(eventId))['1x2:home']!;
    const currency = await memberCurrency(t, p.memberId);
    const take = async (expected: unknown, ceiling: number | null) => {
      const requestId = slipId();
      const bet = {
        player_id: String(p.memberId),
        request_id: requestId,
        request_hash: 'h',
        kind: 'single',
        system_name: null,
        sizes: [1],
        lines: 1,
        unit_stake: 1_000,
        total_stake: 1_000,
        potential_return: 2_000,
        price_change: 'any',
        status: 'pending',
        live: false,
        accept_at: null,
        placed_at: new Date().toISOString(),
        liability_leg: null,
        placed_ip: null,
      };
      const [row] = await queryRows<{ id: number | null }>(
        t.db,
        sql`select sb_take_bet(${`{${s.id}}`}::int8[], ${currency}, ${expected === null ? null : JSON.stringify(expected)}::jsonb,
              ${`{${s.id}}`}::int8[], ${`{${ceiling ?? 'NULL'}}`}::int8[], 1000::int8, ${JSON.stringify(bet)}::jsonb,
              '[]'::jsonb, true) as id`,
      );
      const [n] = await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from sb_bets where request_id = ${requestId}`,
      );
      return { id: row!.id, recorded: n!.n };
    };
    const read = await readLegs(t.db, [s.id], currency);
    const liability = read.rows[0]!.liability;

    const moved = read.raw.map((leg) => ({ ...leg, price_num: Number(leg.price_num) + 1 }));
    expect(await take(moved, null)).toEqual({ id: null, recorded: 0 });
    expect(await take(read.raw, liability - 1)).toEqual({ id: null, recorded: 0 });

    const first = await take(read.raw, liability);
    expect(first.id).not.toBeNull();
    expect(first.recorded).toBe(1);
    // Its own liability moved: the read before it no longer holds for the next bet's ceiling ...
    expect(await take(read.raw, liability)).toEqual({ id: null, recorded: 0 });
    // ... but a leg as read (the liability aside) still does, and a careful taking (no expectation) too.
    expect((await take(read.raw, null)).recorded).toBe(1);
    expect((await take(null, null)).recorded).toBe(1);
  });
});

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useSportsApp } from '../../../../test/support/sports-app.ts';
import { backendAvailable, isPostgres } from '../../../../test/support/test-db.ts';
import { queryRows } from '../../db/client.ts';
import { setEventState } from './trading.service.ts';

/** The cap of 100 favourite events counts what the member can see, and holds under concurrent adds. */
describe.runIf(backendAvailable)('sports window: the favourites cap', () => {
  const { t, sportsApi, newPlayer, newEvent } = useSportsApp();

  /** A member's player id and game token, with `n` fresh events already favourite. */
  async function memberWithFavourites(n: number) {
    const p = await newPlayer(0);
    const { playerId } = (await sportsApi('init', { token: p.gameToken })).json();
    const events: number[] = [];
    for (let i = 0; i < n; i++) events.push((await newEvent()).eventId);
    await t.db.execute(
      sql`insert into sb_favourites (player_id, kind, ref_id) select ${playerId}, 'event', unnest(${`{${events.join(',')}}`}::int8[])`,
    );
    return { playerId: playerId as string, token: p.gameToken, events };
  }

  const favourite = (token: string, id: number) =>
    sportsApi('favourite', { token, kind: 'event', id, on: true });

  const keptBy = async (playerId: string) =>
    (
      await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from sb_favourites where player_id = ${playerId} and kind = 'event'`,
      )
    )[0]!.n;

  it('ended events the member can no longer see do not count towards the cap', async () => {
    const m = await memberWithFavourites(100);
    const next = (await newEvent()).eventId;
    expect((await favourite(m.token, next)).statusCode).toBe(409);
    // The matches are played: none is listed any more, so none can be removed by the member.
    for (const id of m.events.slice(0, 3)) await setEventState(t.db, id, { status: 'ended' });
    expect((await sportsApi('favourites', { token: m.token })).json().events).toHaveLength(97);
    expect((await favourite(m.token, next)).statusCode).toBe(200);
    // Ended ones are dropped on the way; the member's open favourites are 98.
    expect(await keptBy(m.playerId)).toBe(98);
    expect((await sportsApi('favourites', { token: m.token })).json().events).toHaveLength(98);
  });

  describe.runIf(isPostgres)('races', () => {
    it('concurrent adds never take a member past 100', async () => {
      const m = await memberWithFavourites(98);
      const more: number[] = [];
      for (let i = 0; i < 6; i++) more.push((await newEvent()).eventId);
      const replies = await Promise.all(more.map((id) => favourite(m.token, id)));
      expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(2);
      expect(replies.filter((r) => r.statusCode === 409)).toHaveLength(4);
      expect(await keptBy(m.playerId)).toBe(100);
    });
  });
});

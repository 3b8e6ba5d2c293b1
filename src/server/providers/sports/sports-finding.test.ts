import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useOperators } from '../../../../test/support/operators.ts';
import { useSportsApp } from '../../../../test/support/sports-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { queryRows } from '../../db/client.ts';
import { forgetPopularEvents } from './browse.service.ts';
import { sportsClock } from './clock.ts';

type Listed = {
  id: number;
  markets: unknown[];
  score: { clock?: string; clockAt?: string; stopped?: boolean; halftime?: boolean };
};

/**
 * The sports home's finding aids and the live scoreboard (docs/sportsbook.md, "The sports window"):
 * the match clock's stamp, the listing past its first page, the popular matches, each bet leg's score.
 */
describe.runIf(backendAvailable)('sports window: the match clock, the whole listing, popular matches', () => {
  const { t, sportsApi, newPlayer, newEvent, eventSelections, placeBet } = useSportsApp();
  const { as } = useOperators(t);

  const listed = async (eventId: number) =>
    ((await sportsApi('events', { eventId })).json().events as Listed[])[0]!;
  const setState = async (eventId: number, body: object) => {
    const res = await as('trading').post(`/api/admin/sports/events/${eventId}/state`, body);
    expect(res.statusCode, res.body).toBe(200);
  };

  it('stamps when the match time was received, keeps the stamp for a repeat, and a clock is not a goal', async () => {
    const { eventId } = await newEvent({ live: true });
    const goalAt = async () =>
      (
        await queryRows<{ at: string | null }>(
          t.db,
          sql`select score_changed_at::text as at from sb_events where id = ${eventId}`,
        )
      )[0]!.at;
    await setState(eventId, { score: { home: 1, away: 0, clock: "12'" } });
    const first = await listed(eventId);
    expect(first.score).toMatchObject({ clock: "12'" });
    const stampedAt = Date.parse(first.score.clockAt!);
    expect(Math.abs(stampedAt - sportsClock.now().getTime())).toBeLessThan(5_000);
    const goal = await goalAt();

    // The same time sent again (a feed repeating itself) keeps its first stamp: the clock never jumps back.
    sportsClock.advance(30_000);
    try {
      await setState(eventId, { score: { home: 1, away: 0, clock: "12'" } });
      expect((await listed(eventId)).score.clockAt).toBe(first.score.clockAt);
      // A new time is stamped anew; the clock moving is not a goal (no bet in its delay is refused for it).
      await setState(eventId, { score: { home: 1, away: 0, clock: "13'" } });
      const moved = await listed(eventId);
      expect(Date.parse(moved.score.clockAt!) - stampedAt).toBeGreaterThanOrEqual(30_000);
      expect(await goalAt()).toBe(goal);
      // Half time: the clock stops and says so; the score is the same, so still no goal.
      await setState(eventId, { score: { home: 1, away: 0, clock: "45'", stopped: true, halftime: true } });
      expect((await listed(eventId)).score).toMatchObject({ clock: "45'", stopped: true, halftime: true });
      expect(await goalAt()).toBe(goal);
      // A goal is one.
      await setState(eventId, { score: { home: 2, away: 0, clock: "47'" } });
      expect(await goalAt()).not.toBe(goal);
      expect((await listed(eventId)).score.stopped).toBeUndefined();
    } finally {
      sportsClock.reset();
    }
  });

  it('refuses a clock that is not one with a 400', async () => {
    const { eventId } = await newEvent({ live: true });
    for (const score of [
      { home: 0, away: 0, clock: 'x'.repeat(21) },
      { home: 0, away: 0, clock: "1'", stopped: 'yes' },
      { home: 0, away: 0, halftime: 1 },
    ]) {
      const res = await as('trading').post(`/api/admin/sports/events/${eventId}/state`, { score });
      expect(res.statusCode, res.body).toBe(400);
    }
  });

  it('pages the listing by offset in its order, and refuses an offset out of range', async () => {
    for (let i = 0; i < 5; i++) await newEvent({ startsInMs: 3_600_000 * (i + 1) });
    const all = (await sportsApi('events', { limit: 200 })).json().events as { id: number }[];
    expect(all.length).toBeGreaterThanOrEqual(5);
    const pages: number[] = [];
    for (let offset = 0; offset < all.length; offset += 2) {
      const page = (await sportsApi('events', { limit: 2, offset })).json().events as { id: number }[];
      pages.push(...page.map((e) => e.id));
    }
    expect(pages).toEqual(all.map((e) => e.id));
    for (const offset of [-1, 1001, 1.5, '2'])
      expect((await sportsApi('events', { offset })).statusCode).toBe(400);
  });

  it('lists the popular matches by their accepted bets, most first, and each bet leg with its live score', async () => {
    const p = await newPlayer(10_000_000);
    const busy = await newEvent({ live: true });
    const quiet = await newEvent();
    const untouched = await newEvent();
    const place = async (eventIds: number[]) => {
      const legs = [];
      for (const id of eventIds) legs.push((await eventSelections(id))['1x2:home']!);
      const res = await placeBet(p.gameToken, legs, { unitStake: 1_000 });
      // A live bet waits its delay (202): confirmed once it has passed, as the window does.
      if (res.statusCode === 202) {
        sportsClock.advance(31_000);
        try {
          const done = await sportsApi('confirm', { token: p.gameToken, betId: res.json().betId });
          expect(done.statusCode, done.body).toBe(200);
        } finally {
          sportsClock.reset();
        }
      } else expect(res.statusCode, res.body).toBe(200);
    };
    await place([quiet.eventId]);
    await place([busy.eventId, quiet.eventId]);
    await place([busy.eventId]);
    await place([busy.eventId]);
    const popular = (await sportsApi('popular', { limit: 20 })).json();
    const ids = (popular.events as { id: number }[]).map((e) => e.id);
    expect(ids.indexOf(busy.eventId)).toBeLessThan(ids.indexOf(quiet.eventId));
    expect(popular.bets[String(busy.eventId)]).toBe(3);
    expect(popular.bets[String(quiet.eventId)]).toBe(2);
    expect(ids).not.toContain(untouched.eventId);
    for (const limit of [0, 21, 'x']) expect((await sportsApi('popular', { limit })).statusCode).toBe(400);

    // My bets: each leg carries its event's state and live score with the clock's stamp.
    await setState(busy.eventId, { score: { home: 0, away: 1, clock: "20'" } });
    const bets = (await sportsApi('bets', { token: p.gameToken })).json().bets as {
      legs: { eventId: number; eventStatus: string; score: Listed['score'] & { home: number } }[];
    }[];
    const leg = bets.flatMap((b) => b.legs).find((l) => l.eventId === busy.eventId)!;
    expect(leg).toMatchObject({ eventStatus: 'live', score: { home: 0, away: 1, clock: "20'" } });
    expect(leg.score.clockAt).toBeTruthy();
    const later = bets.flatMap((b) => b.legs).find((l) => l.eventId === quiet.eventId)!;
    expect(later).toMatchObject({ eventStatus: 'scheduled', score: null });
  });

  it("leaves a popular match out once it has no market to bet on, also within the shared count's lifetime", async () => {
    const p = await newPlayer(10_000_000);
    const decided = await newEvent();
    const trading = await newEvent();
    for (const id of [decided.eventId, decided.eventId, trading.eventId]) {
      const res = await placeBet(p.gameToken, [(await eventSelections(id))['1x2:home']!], {
        unitStake: 1_000,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    forgetPopularEvents();
    const popular = async () => (await sportsApi('popular', { limit: 20 })).json();
    const before = await popular();
    expect((before.events as { id: number }[]).map((e) => e.id)).toContain(decided.eventId);
    // Its only market settled early (the event still to play): nothing left to bet on.
    const result = await as('trading').post(`/api/admin/sports/markets/${decided.marketId}/result`, {
      result: { kind: 'score', home: 1, away: 0 },
    });
    expect(result.statusCode, result.body).toBe(200);
    expect((await listed(decided.eventId)).markets).toEqual([]);
    // At once (the count read a moment ago still names it), and once the count is read again.
    for (const fresh of [false, true]) {
      if (fresh) forgetPopularEvents();
      const now = await popular();
      const ids = (now.events as { id: number; markets: unknown[] }[]).map((e) => e.id);
      expect(ids).not.toContain(decided.eventId);
      expect(ids).toContain(trading.eventId);
      expect(now.bets[String(decided.eventId)]).toBeUndefined();
      expect((now.events as { markets: unknown[] }[]).every((e) => e.markets.length > 0)).toBe(true);
    }
  });
});

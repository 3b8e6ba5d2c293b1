import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { balancesOf, expectSoundLedger } from '../../../../../test/support/money.ts';
import { placeSingle } from '../../../../../test/support/sports.ts';
import { useSportsApp } from '../../../../../test/support/sports-app.ts';
import { backendAvailable } from '../../../../../test/support/test-db.ts';
import { queryRows } from '../../../db/client.ts';
import { demoFeedTick } from './demo-feed.ts';
import { demoMatch, MATCH_MS, SLOT_MS } from './demo-fixtures.ts';

describe.runIf(backendAvailable)('the demo feed', () => {
  const { t, newPlayer, eventSelections } = useSportsApp();
  const tick = (at: Date) => demoFeedTick(t.db, t.app.sportsWallet, at);
  const upcoming = async () =>
    (
      await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from sb_events e join sb_competitions c on c.id = e.competition_id
            where e.source = 'uof' and e.status = 'scheduled' and c.name like '%[DEMO]'`,
      )
    )[0]!.n;

  it('keeps a few dozen [DEMO] matches ahead, moves prices, plays them live and settles their bets', async () => {
    const now = new Date();
    const first = await tick(now);
    expect(first.created).toBeGreaterThanOrEqual(40);
    expect(await upcoming()).toBeGreaterThanOrEqual(40);
    // The same moment again: nothing new.
    expect(await tick(now)).toMatchObject({ created: 0, started: 0, settled: 0 });

    // A member bets on a coming match.
    // (two slots ahead: at least two hours away, so the price move below comes before kick-off)
    const slot = Math.floor(now.getTime() / SLOT_MS) + 2;
    const match = demoMatch(slot);
    const [event] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from sb_events where source = 'uof' and external_id = ${`demo:match:${slot}`}`,
    );
    const p = await newPlayer(100_000);
    const home = (await eventSelections(Number(event!.id)))['1x2:home']!;
    const bet = (await placeSingle(t, p.gameToken, home)).json();
    expect(bet.status).toBe('success');

    // Prices move before kick-off.
    const versions = async () =>
      (await queryRows<{ v: number }>(t.db, sql`select sum(version)::int as v from sb_markets`))[0]!.v;
    const before = await versions();
    await tick(new Date(now.getTime() + 45 * 60_000));
    expect(await versions()).toBeGreaterThan(before);

    // In play with the score of its goals so far, then over: results posted, the bet settled.
    const live = await tick(new Date(match.startsAt.getTime() + 60 * 60_000));
    expect(live.started).toBeGreaterThanOrEqual(1);
    const [state] = await queryRows<{ status: string; score: { home: number; away: number } }>(
      t.db,
      sql`select status, score from sb_events where id = ${event!.id}`,
    );
    expect(state).toMatchObject({
      status: 'live',
      score: {
        home: match.goals.home.filter((g) => g <= 60).length,
        away: match.goals.away.filter((g) => g <= 60).length,
      },
    });
    // The scoreboard's clock runs with the match, goal or not.
    expect(state!.score).toMatchObject({ clock: "60'" });
    await tick(new Date(match.startsAt.getTime() + 61 * 60_000));
    const [later] = await queryRows<{ score: { clock: string } }>(
      t.db,
      sql`select score from sb_events where id = ${event!.id}`,
    );
    expect(later!.score.clock).toBe("61'");
    const over = await tick(new Date(match.startsAt.getTime() + MATCH_MS + 1_000));
    expect(over.settled).toBeGreaterThanOrEqual(1);
    const won = match.goals.home.length > match.goals.away.length;
    const [settled] = await queryRows<{ status: string; settled_return: number }>(
      t.db,
      sql`select status, settled_return from sb_bets where id = ${bet.betId}`,
    );
    expect(settled!.status).toBe('settled');
    const [num, den] = home.price.split('/').map(Number);
    expect(settled!.settled_return).toBe(won ? Math.floor((10_000 * num!) / den!) : 0);
    expect((await balancesOf(t, p.token)).cash).toBe(90_000 + settled!.settled_return);

    // Days later the book still has matches ahead.
    await tick(new Date(now.getTime() + 3 * 86_400_000));
    expect(await upcoming()).toBeGreaterThanOrEqual(40);
    await expectSoundLedger(t.db);
    // Every message went through the UOF adapter: counted there, none rejected.
    const [rejected] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from sb_uof_messages where outcome = 'rejected'`,
    );
    expect(Number(rejected!.n)).toBe(0);
    // Each tick of the feed is a few hundred messages through the adapter on PGlite: minutes on a busy machine.
  }, 240_000);
});

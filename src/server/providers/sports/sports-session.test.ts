import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectSoundLedger } from '../../../../test/support/money.ts';
import { placeSingle, type sportsPlayer } from '../../../../test/support/sports.ts';
import { useSportsApp } from '../../../../test/support/sports-app.ts';
import type { TestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { queryRows } from '../../db/client.ts';
import { memberBalances } from '../../modules/ledger/ledger.service.ts';

type Player = Awaited<ReturnType<typeof sportsPlayer>>;

/** The ways a member's login ends; the sports launch token must end with it. */
const endings: [string, (t: TestApp, p: Player) => Promise<unknown>][] = [
  ['logs out', (t, p) => t.call('user-logout', {}, { token: p.token })],
  [
    'reaches the end of the session',
    (t, p) =>
      t.db.execute(
        sql`update sessions set expires_at = now() - interval '1 second' where member_id = ${p.memberId}`,
      ),
  ],
  [
    'stays idle too long',
    (t, p) =>
      t.db.execute(
        sql`update sessions set last_seen_at = now() - interval '1 day' where member_id = ${p.memberId}`,
      ),
  ],
];

describe.runIf(backendAvailable)('the sports launch token lives only as long as the login', () => {
  const { t, sportsApi, newPlayer, newEvent, eventSelections } = useSportsApp();

  const betsOf = async (memberId: number) =>
    (
      await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from sb_bets where player_id = ${String(memberId)}`,
      )
    )[0]!.n;

  it.each(endings)('refuses every call once the member %s', async (_how, end) => {
    const p = await newPlayer();
    const { eventId } = await newEvent();
    const home = (await eventSelections(eventId))['1x2:home']!;
    const placed = await placeSingle(t, p.gameToken, home);
    expect(placed.json()).toMatchObject({ status: 'success', bet: 'open' });
    const betId = placed.json().betId as number;
    const history = await sportsApi('bets', { token: p.gameToken });
    expect(history.statusCode).toBe(200);
    expect(history.json().bets).toHaveLength(1);

    await end(t, p);

    for (const [action, body] of [
      ['bets', {}],
      ['bet', { betId }],
      ['init', {}],
      ['confirm', { betId }],
    ] as const) {
      const res = await sportsApi(action, { token: p.gameToken, ...body });
      expect(res.statusCode, `${action}: ${res.body}`).toBe(401);
      expect(res.json()).toMatchObject({ status: 'session_expired' });
      expect(res.body).not.toContain('"bets"');
    }
    const refused = await placeSingle(t, p.gameToken, home);
    expect(refused.statusCode, refused.body).toBe(401);
    expect(refused.json()).toMatchObject({ status: 'session_expired' });
    expect(await betsOf(p.memberId)).toBe(1);
    expect((await memberBalances(t.db, p.memberId)).cash).toBe(990_000);
    await expectSoundLedger(t.db);
  });
});

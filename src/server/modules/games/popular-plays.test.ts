import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { explainText } from '../../../../test/support/explain.ts';
import { fund } from '../../../../test/support/money.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { launchGame } from '../../../../test/support/wallet.ts';
import { queryRows } from '../../db/client.ts';
import { forgetLobbyRails, popularSql } from './lobby-rails.service.ts';

/** The "popular" rail from the summary game_plays_daily (migration 0037), not from a week of rounds. */
describe.runIf(backendAvailable)('the popular rail’s summary of plays', () => {
  const t = useTestApp({}, { seedDemo: true, listen: true });
  const summed = async (game: string) =>
    (
      await queryRows<{ plays: number }>(
        t.db,
        sql`select coalesce(sum(plays), 0)::int as plays from game_plays_daily
            where game_code = ${game} and day = current_date`,
      )
    )[0]!.plays;

  it('counts each round as it opens, in the same transaction; the rail sums the summary', async () => {
    const { token } = await t.login();
    await fund(t, token, 500_000);
    const gameToken = await launchGame(t, token, { code: 'jungle-gems', company: 'lucky-reels' });
    const house = (action: string, body: object) =>
      t.app.inject({ method: 'POST', url: `/house/api/${action}`, payload: body as Record<string, unknown> });
    await house('init', { token: gameToken, game: 'jungle-gems' });
    const before = await summed('jungle-gems');
    for (let i = 0; i < 3; i++) {
      expect(
        (await house('spin', { token: gameToken, game: 'jungle-gems', lineBet: 1_000 })).statusCode,
      ).toBe(200);
    }
    expect(await summed('jungle-gems')).toBe(before + 3);
    // The summary agrees with the rounds it counts.
    const [rounds] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from game_rounds where game_code = 'jungle-gems' and opened_at::date = current_date`,
    );
    expect(await summed('jungle-gems')).toBe(rounds!.n);
    forgetLobbyRails();
    const rails = (await t.call('get-game-rails', {})).json();
    expect(rails.popular).toContainEqual({
      code: 'jungle-gems',
      gameCompany: 'lucky-reels',
      plays: before + 3,
    });
  });

  it('reads only the summary, through its primary key (EXPLAIN)', async () => {
    const plan = await explainText(t.db, popularSql());
    expect(plan).toContain('game_plays_daily_pk');
    expect(plan).toMatch(/Index (Only )?Scan/);
    expect(plan).not.toContain('game_rounds');
  });
});

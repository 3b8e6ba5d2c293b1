import { describe, expect, it } from 'vitest';
import { useOperators } from '../../../../test/support/operators.ts';
import { useSportsApp } from '../../../../test/support/sports-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';

/** The odds format (docs/sportsbook.md, "Odds formats"): the site's default, each member's own choice kept by the book. */
describe.runIf(backendAvailable)('sportsbook odds format per site and per member', () => {
  const { t, sportsApi, newPlayer } = useSportsApp();
  const { as } = useOperators(t);
  const init = async (p: { gameToken: string }) =>
    (await sportsApi('init', { token: p.gameToken })).json().oddsFormat;

  it('a member sees the site default until they choose; their choice is theirs alone', async () => {
    const p = await newPlayer(0);
    const other = await newPlayer(0);
    expect(await init(p)).toBe('decimal');
    const saved = await as('trading').post('/api/admin/sports/settings', { oddsFormat: 'hongkong' });
    expect(saved.json().settings.oddsFormat).toBe('hongkong');
    try {
      expect(await init(p)).toBe('hongkong');
      const chosen = await sportsApi('oddsFormat', { token: p.gameToken, format: 'malay' });
      expect(chosen.json()).toEqual({ status: 'success', format: 'malay' });
      expect(await init(p)).toBe('malay');
      expect(await init(other)).toBe('hongkong');
      await sportsApi('oddsFormat', { token: p.gameToken, format: 'indonesian' });
      expect(await init(p)).toBe('indonesian');
    } finally {
      await as('trading').post('/api/admin/sports/settings', { oddsFormat: 'decimal' });
    }
  });

  it('refuses a format it does not know, and a site default it does not know', async () => {
    const p = await newPlayer(0);
    for (const format of ['roman', '', 42, null])
      expect((await sportsApi('oddsFormat', { token: p.gameToken, format })).statusCode).toBe(400);
    expect((await as('trading').post('/api/admin/sports/settings', { oddsFormat: 'roman' })).statusCode).toBe(
      400,
    );
    expect(await init(p)).toBe('decimal');
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { snapshotAllTables } from '../../../../test/support/db-snapshot.ts';
import { fund } from '../../../../test/support/money.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { seedDemo } from '../../db/seed-demo.ts';

describe.runIf(backendAvailable)('back office: game vendors and games', () => {
  const t = useTestApp();
  const { as } = useOperators(t);
  const games = () => as('content');
  let token: string;
  beforeAll(async () => {
    await seedDemo(t.db);
    ({ token } = await t.login());
    await fund(t, token, 50_000);
  });

  const slotGames = async () =>
    (await t.call('get-slot-by-company', { company: 'royal-slots' })).json().games as {
      code: string;
      used: string;
      imgUrl: string;
    }[];
  const open = (code: string, company = 'royal-slots') => t.call('open-game', { code, company }, { token });
  const gameId = async (code: string) => {
    const vendors = (await games().get('/api/admin/games?category=slot')).json().vendors;
    return vendors
      .flatMap((v: { games: { id: number; code: string }[] }) => v.games)
      .find((g: { code: string }) => g.code === code).id as number;
  };

  it('lists vendors by category with all their games, enabled or not', async () => {
    const slot = (await games().get('/api/admin/games?category=slot')).json().vendors;
    expect(slot.map((v: { code: string; used: string }) => [v.code, v.used])).toEqual([
      ['royal-slots', 'y'],
      ['lucky-reels', 'y'],
    ]);
    expect(slot[1].games.map((g: { code: string }) => g.code)).toEqual(['ocean-treasure', 'jungle-gems']);
    const all = (await games().get('/api/admin/games')).json().vendors;
    // The built-in sportsbook (migration 0011) is the sport category's vendor on every installation.
    expect(new Set(all.map((v: { category: string }) => v.category))).toEqual(
      new Set(['casino', 'slot', 'sport']),
    );
    const sport = (await games().get('/api/admin/games?category=sport')).json().vendors;
    expect(sport.map((v: { code: string }) => v.code)).toEqual(['royal-sports']);
    expect((await games().get('/api/admin/games?category=poker')).statusCode).toBe(400);
  });

  it('disables and re-enables a game, orders it first and gives it an image, as members see', async () => {
    const id = await gameId('lucky-sevens');
    expect((await open('lucky-sevens')).statusCode).toBe(200);
    const off = await games().post(`/api/admin/games/${id}`, { used: 'n' });
    expect(off.json()).toMatchObject({ status: 'success', game: { used: 'n' } });
    expect((await open('lucky-sevens')).json()).toMatchObject({ msg: 'msg2002' });
    expect((await slotGames()).find((g) => g.code === 'lucky-sevens')?.used).toBe('n');

    await games().post(`/api/admin/games/${id}`, {
      used: 'y',
      sortOrder: -5,
      imgUrl: '/media/games/new-art.svg',
    });
    expect((await open('lucky-sevens')).statusCode).toBe(200);
    const listed = await slotGames();
    expect(listed[0]).toMatchObject({ code: 'lucky-sevens', used: 'y', imgUrl: '/media/games/new-art.svg' });

    const audit = (await as('owner').get('/api/admin/audit?action=games.game')).json().entries;
    expect(audit[0]).toMatchObject({
      target: `game:${id}`,
      before: { used: 'n' },
      after: { used: 'y', sortOrder: -5 },
    });
  });

  it('puts a vendor under maintenance and changes its tile image', async () => {
    const res = await games().post('/api/admin/games/vendors/royal-slots', {
      maintenance: true,
      imgUrl: '/media/vendors/royal-slots-2.svg',
    });
    expect(res.json()).toMatchObject({
      vendor: { maintenance: true, imgUrl: '/media/vendors/royal-slots-2.svg' },
    });
    expect((await open('golden-dragon')).json()).toMatchObject({ status: 'time', msg: 'msg2218' });
    const slot = (await t.call('get-slot-setting', {})).json().slot;
    expect(slot[0]).toMatchObject({ code: 'royal-slots', imgUrl: '/media/vendors/royal-slots-2.svg' });
    await games().post('/api/admin/games/vendors/royal-slots', { maintenance: false });
    expect((await open('golden-dragon')).statusCode).toBe(200);
  });

  it('refuses bad input with 400 and unknown ids with 404, changing nothing', async () => {
    const id = await gameId('golden-dragon');
    const before = await snapshotAllTables(t.db, ['operator_sessions']);
    for (const body of [
      {},
      { used: 'yes' },
      { sortOrder: 1e12 },
      { sortOrder: 1.5 },
      { imgUrl: 'https://evil.example/x.png' },
      { imgUrl: '//evil.example/x.png' },
      { imgUrl: 'javascript:alert(1)' },
      { imgUrl: '/media/../secret' },
      { imgUrl: `/media/${'x'.repeat(400)}` },
    ]) {
      expect((await games().post(`/api/admin/games/${id}`, body)).statusCode, JSON.stringify(body)).toBe(400);
      expect((await games().post('/api/admin/games/vendors/royal-slots', body)).statusCode).toBe(400);
    }
    expect((await games().post('/api/admin/games/999999', { used: 'n' })).statusCode).toBe(404);
    expect((await games().post('/api/admin/games/vendors/nobody', { used: 'n' })).statusCode).toBe(404);
    expect((await games().post('/api/admin/games/-3', { used: 'n' })).statusCode).toBe(400);
    expect(await snapshotAllTables(t.db, ['operator_sessions'])).toBe(before);
  });
});

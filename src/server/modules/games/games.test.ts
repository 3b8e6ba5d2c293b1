import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { balancesOf, fund } from '../../../../test/support/money.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { gameVendors, members } from '../../db/schema.ts';
import { seedDemo } from '../../db/seed-demo.ts';

describe.runIf(backendAvailable)('game catalogue and launch', () => {
  const t = useTestApp();
  beforeAll(async () => {
    await seedDemo(t.db);
  });

  it('lists casino vendors as casiono, slot providers as slot, and a provider’s games', async () => {
    const casino = (await t.call('get-casino-setting', {})).json().casiono;
    expect(casino[0]).toEqual({
      code: 'baccarat',
      gameCompany: 'royal-baccarat',
      nameKo: '로얄 바카라',
      nameEn: 'Royal Baccarat',
      used: 'y',
      imgUrl: '/media/vendors/royal-baccarat.svg',
      maintenance: false,
    });
    const slot = (await t.call('get-slot-setting', {})).json().slot;
    expect(slot.map((v: { code: string; used: string }) => [v.code, v.used])).toEqual([
      ['royal-slots', 'y'],
      ['lucky-reels', 'y'],
    ]);
    const games = (await t.call('get-slot-by-company', { company: 'royal-slots' })).json().games;
    expect(games.map((g: { code: string }) => g.code)).toEqual([
      'golden-dragon',
      'fruit-fiesta',
      'lucky-sevens',
    ]);
    expect(games[0]).toMatchObject({
      gameCompany: 'royal-slots',
      nameKo: '골든 드래곤',
      used: 'y',
      category: 'slot',
    });
    expect((await t.call('get-slot-by-company', { company: 'nobody' })).json().games).toEqual([]);
    // The built-in sportsbook is the sport category's vendor on every installation (migration 0011).
    expect((await t.call('get-sport-setting', {})).json()).toEqual({
      status: 'success',
      sport: [
        {
          code: 'royal-sports',
          nameKo: '로얄 스포츠',
          nameEn: 'Royal Sports',
          used: 'y',
          imgUrl: '/media/vendors/royal-sports.svg',
          maintenance: expect.anything(),
        },
      ],
    });
    expect((await t.app.inject({ method: 'GET', url: '/media/vendors/royal-sports.svg' })).body).toContain(
      'Royal Sports',
    );
    const lobby = (await t.call('get-game-list', {})).json().games.map((g: { code: string }) => g.code);
    expect(lobby).toContain('baccarat');
    // The demo opens with every built-in game playable, the classic slots too.
    expect(lobby).toContain('ocean-treasure');
    await t.db.update(gameVendors).set({ used: 'n' }).where(eq(gameVendors.code, 'lucky-reels'));
    const without = (await t.call('get-game-list', {})).json().games.map((g: { code: string }) => g.code);
    expect(without).not.toContain('ocean-treasure');
  });

  it('serves generated artwork for every tile', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/media/vendors/royal-baccarat.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.body).toContain('Royal Baccarat');
    expect((await t.app.inject({ method: 'GET', url: '/media/games/golden-dragon.svg' })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ method: 'GET', url: '/media/games/nope.svg' })).statusCode).toBe(404);
  });

  it('launches only for members (msg2001), only enabled games (msg2002), not under maintenance (time, msg2218)', async () => {
    const guest = await t.call('open-game', { code: 'baccarat', company: 'royal-baccarat' });
    expect(guest.json()).toMatchObject({ status: 'unauthorized', msg: 'msg2001' });

    const { token, member } = await t.login();
    const ok = await t.call(
      'open-game',
      { code: 'baccarat', company: 'royal-baccarat', timeStemp: Date.now() },
      { token },
    );
    expect(ok.json().url).toMatch(/^\/play\/baccarat\?token=[A-Za-z0-9_-]{43}&lang=/);

    const disabled = await t.call('open-game', { code: 'ocean-treasure', company: 'lucky-reels' }, { token });
    expect(disabled.json()).toMatchObject({ status: 'disabled', msg: 'msg2002' });
    const unknown = await t.call('open-game', { code: 'nothing', company: 'royal-slots' }, { token });
    expect(unknown.json()).toMatchObject({ msg: 'msg2002' });
    const maintenance = await t.call(
      'open-game',
      { code: 'baccarat-squeeze', company: 'royal-live' },
      { token },
    );
    expect(maintenance.json()).toMatchObject({ status: 'time', msg: 'msg2218' });

    await t.db
      .update(gameVendors)
      .set({ maintenance: false, used: 'n' })
      .where(eq(gameVendors.code, 'royal-live'));
    expect(
      (await t.call('open-game', { code: 'baccarat-squeeze', company: 'royal-live' }, { token })).json().msg,
    ).toBe('msg2002');

    await t.db.update(members).set({ status: 'self_excluded' }).where(eq(members.loginId, member.id));
    const excluded = await t.call('open-game', { code: 'baccarat', company: 'royal-baccarat' }, { token });
    expect(excluded.json()).toMatchObject({ status: 'forbidden' });
  });

  it('reports game money held at providers: none, all built-in games are seamless', async () => {
    const { token, member } = await t.login();
    await fund(t, token, 30_000);
    expect((await t.call('get-in-game-balance', {}, { token })).json()).toEqual({
      status: 'success',
      gameMoney: 0,
      balance: 30_000,
      rolling: 0,
      userId: member.id,
    });
    expect(await balancesOf(t, token)).toMatchObject({ cash: 30_000 });
  });
});

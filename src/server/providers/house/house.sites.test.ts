import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useHouseApp } from '../../../../test/support/house.ts';
import { expectSoundLedger } from '../../../../test/support/money.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import { expectConforms } from '../../../../test/support/provider-api.ts';
import type { CallOptions } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { houseContract } from '../../../shared/contract/house-api.ts';
import { DEMO_MEMBER, DEMO_SITES } from '../../db/seed-demo.ts';
import { floatsFor, sha256Hex } from './seeds.ts';

const KO: CallOptions = { headers: { host: DEMO_SITES.ko.host, origin: `http://${DEMO_SITES.ko.host}` } };
const SERVER_SEED = 'b'.repeat(64);

/** Each site's table rules (la partage, dealer hits soft 17) and demo play that follows the catalogue. */
describe.runIf(backendAvailable)(
  'the tables by the rules of each site, and demo play of what is switched off',
  () => {
    const { t, house } = useHouseApp();
    const { as } = useOperators(t);
    /** A house call from a page on a host (the demo's site is the host's). */
    const houseOn = async (host: string, action: string, body: object) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/house/api/${action}`,
        payload: body,
        headers: { host },
      });
      expectConforms(houseContract, action, res);
      return res;
    };
    const siteId = async (code: string) =>
      (
        (await as('owner').get('/api/admin/settings/sites')).json().sites as { id: number; code: string }[]
      ).find((s) => s.code === code)!.id;

    /** The demo member of a site, logged in there, with a launched game. */
    async function launched(code: string, options: CallOptions = {}) {
      const member = options === KO ? DEMO_SITES.ko.member : DEMO_MEMBER;
      const login = await t.call('user-do-login', { id: member.id, pw: member.pw }, options);
      expect(login.statusCode, login.body).toBe(200);
      const token = login.json().token as string;
      const url = (await t.call('open-game', { code, company: 'royal-tables' }, { ...options, token })).json()
        .url as string;
      const gameToken = new URL(url, 'http://x').searchParams.get('token')!;
      const init = (await house('init', { token: gameToken, game: code })).json();
      return { gameToken, init };
    }

    /** Gives the seed pair whose hash the window shows a known server seed and a client seed whose next spin is zero. */
    async function nextSpinIsZero(hash: string) {
      for (let i = 0; ; i++) {
        const clientSeed = `zero-${i}`;
        const [float] = await floatsFor({ serverSeed: SERVER_SEED, clientSeed, nonce: 0 }, 1);
        if (Math.floor(float! * 37) !== 0) continue;
        await t.db.execute(
          sql`update house_seeds set server_seed = ${SERVER_SEED}, server_seed_hash = ${sha256Hex(SERVER_SEED)},
            client_seed = ${clientSeed}, nonce = 0 where server_seed_hash = ${hash} and active`,
        );
        return;
      }
    }

    it('an operator gives the Korean site la partage and H17 (audited); each site’s rounds follow its own rules', async () => {
      const ko = await siteId(DEMO_SITES.ko.code);
      const set = await as('owner').post(`/api/admin/settings/sites/${ko}/money`, {
        tables: { laPartage: true, dealerHitsSoft17: true },
      });
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json().site.settings.tables).toEqual({ laPartage: true, dealerHitsSoft17: true });
      const audit = (await as('owner').get('/api/admin/audit?action=settings.money')).json().entries;
      expect(audit[0]).toMatchObject({
        target: `site:${ko}`,
        after: { settings: { tables: { laPartage: true } } },
      });
      expect(
        (await as('owner').post(`/api/admin/settings/sites/${ko}/money`, { tables: {} })).statusCode,
      ).toBe(400);
      expect(
        (await as('owner').post(`/api/admin/settings/sites/${ko}/money`, { tables: { laPartage: 'yes' } }))
          .statusCode,
      ).toBe(400);

      // Roulette: the window shows each site's rule, and zero returns half an even-money bet only on the Korean site.
      for (const [options, partage] of [
        [{}, false],
        [KO, true],
      ] as const) {
        const p = await launched('roulette', options);
        expect(p.init.rules).toEqual({ laPartage: partage, dealerHitsSoft17: partage });
        await nextSpinIsZero(p.init.fairness.serverSeedHash);
        const spin = (
          await house('roulette', { token: p.gameToken, game: 'roulette', bets: { red: 10_000 } })
        ).json();
        expect(spin.status, JSON.stringify(spin)).toBe('success');
        expect(spin.outcome).toMatchObject({ number: 0, laPartage: partage });
        expect(spin.payout).toBe(partage ? 5_000 : 0);

        // Blackjack: the dealer's rule of the site is the round's.
        const b = await launched('blackjack', options);
        expect(b.init.rules.dealerHitsSoft17).toBe(partage);
        const hand = (await house('blackjack', { token: b.gameToken, game: 'blackjack', bet: 1_000 })).json();
        expect(hand.status, JSON.stringify(hand)).toBe('success');
        expect(hand.view.rules).toEqual({ dealerHitsSoft17: partage });
      }

      // Demo play runs by the rules of the site it is opened on, and counts in its currency: a guest
      // on the baht site sees baht, not the install's won.
      for (const [host, partage, currency] of [
        [DEMO_SITES.th.host, false, DEMO_SITES.th.currency],
        [DEMO_SITES.ko.host, true, DEMO_SITES.ko.currency],
      ] as const) {
        const { token } = (await houseOn(host, 'demo', { game: 'roulette' })).json();
        const init = (await house('init', { token, game: 'roulette' })).json();
        expect(init.rules).toEqual({ laPartage: partage, dealerHitsSoft17: partage });
        expect(init.currency).toBe(currency);
      }
      await expectSoundLedger(t.db);
    });

    it('refuses demo play of a game switched off (msg2002) or under maintenance, as real play is', async () => {
      const { token } = (await house('demo', { game: 'golden-dragon' })).json();
      expect((await house('init', { token, game: 'golden-dragon' })).statusCode).toBe(200);
      const vendors = (await as('content').get('/api/admin/games?category=slot')).json().vendors;
      const id = vendors
        .flatMap((v: { games: { id: number; code: string }[] }) => v.games)
        .find((g: { code: string }) => g.code === 'golden-dragon').id as number;
      await as('content').post(`/api/admin/games/${id}`, { used: 'n' });
      for (const res of [
        await house('demo', { game: 'golden-dragon' }),
        await house('init', { token, game: 'golden-dragon' }),
        await house('spin', { token, game: 'golden-dragon', lineBet: 1_000 }),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json().status).toBe('disabled');
      }
      // The same demo session still plays what is on.
      expect((await house('spin', { token, game: 'fruit-fiesta', lineBet: 1_000 })).statusCode).toBe(200);
      await as('content').post(`/api/admin/games/${id}`, { used: 'y' });
      await as('content').post('/api/admin/games/vendors/royal-slots', { maintenance: true });
      const held = await house('spin', { token, game: 'golden-dragon', lineBet: 1_000 });
      expect([held.statusCode, held.json().status]).toEqual([409, 'time']);
      await as('content').post('/api/admin/games/vendors/royal-slots', { maintenance: false });
      expect((await house('spin', { token, game: 'golden-dragon', lineBet: 1_000 })).statusCode).toBe(200);
      // A table switched off: no demo deal either.
      await as('content').post('/api/admin/games/vendors/royal-tables', { used: 'n' });
      expect((await house('blackjack', { token, game: 'blackjack', bet: 1_000 })).statusCode).toBe(403);
      await as('content').post('/api/admin/games/vendors/royal-tables', { used: 'y' });
    });
  },
);

import { describe, expect, it } from 'vitest';
import { chromiumAvailable, DESKTOP, PHONE, useBrowser } from './support/browser.ts';
import { launch, loginAs, memberCall, registerViaApi } from './support/member.ts';
import { auditPage, countRequestsInFlight, settle } from './support/page-audit.ts';

const LOCALES = ['th', 'en', 'ko', 'jp', 'vn'] as const;
/** Every member-site route of SPEC §2, and a path that does not exist (the not-found page). */
const PATHS = [
  '/',
  '/login',
  '/register',
  '/forgot',
  '/game',
  '/deposit',
  '/withdraw',
  '/comp',
  '/promotions',
  '/help',
  '/notice',
  '/note',
  '/user',
  '/admin/error',
  '/no-such-page',
];
/** The pages only a guest sees. */
const GUEST_ONLY = ['/login', '/register', '/forgot'];
/** The built-in games' windows: the three themed slots, baccarat, roulette and blackjack. */
const GAMES = [
  ['golden-dragon', 'royal-slots'],
  ['fruit-fiesta', 'royal-slots'],
  ['lucky-sevens', 'royal-slots'],
  ['baccarat', 'royal-baccarat'],
  ['roulette', 'royal-tables'],
  ['blackjack', 'royal-tables'],
] as const;
/** The built-in games' own titles, as the play window names them. */
const GAME_TITLES = [
  'Golden Dragon',
  'Fruit Fiesta',
  'Lucky Sevens',
  'Royal Baccarat',
  'Baccarat',
  'Royal Roulette',
  'Royal Blackjack',
  'Classic',
];

/**
 * The walk test: every member page, the game windows and the sandbox payment page, at 360 px, in all
 * five languages, as a guest and as a member. It fails on a page wider than the screen, a raw
 * message key, or English in a non-English page. One browser and one tab; the site's pages are
 * visited by client-side navigation within a language.
 */
describe.runIf(chromiumAvailable)('a walk through the whole site at 360 px in five languages', () => {
  const b = useBrowser(PHONE, { keepPopups: true });
  const allowed: string[] = [...GAME_TITLES];
  const problems: string[] = [];

  /** Navigates inside the single-page site as a link would (no reload). */
  async function visit(path: string) {
    await b.page.keyboard.press('Escape'); // an alert left open by the last page
    await b.page.evaluate((p) => {
      window.history.pushState({}, '', p);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    // The site keeps the last page on screen while the next one's code loads: wait for the new one.
    await settle(b.page, `#root main[data-route="${path}"] :is(h1, h2, p, button, a)`);
  }

  async function audit(where: string, locale: string) {
    for (const problem of await auditPage(b.page, { locale, allowed })) problems.push(`${where}: ${problem}`);
  }

  async function walkSite(who: 'guest' | 'member', locale: string) {
    await b.page.evaluate((l) => localStorage.setItem('lang', l), locale);
    await b.page.goto('/');
    await settle(b.page);
    for (const path of PATHS) {
      // A member who opens the log-in or sign-up page is sent home (guards.e2e.ts).
      if (who === 'member' && GUEST_ONLY.includes(path)) continue;
      if (path !== '/') await visit(path);
      await audit(`${who} ${locale} ${path}`, locale);
      if (path === '/' || (who === 'member' && path === '/user')) {
        await b.screenshot(`walk-${who}-${locale}${path === '/' ? '-home' : path.replace('/', '-')}`);
      }
    }
  }

  it('learns the catalogue names, which stay as they are in every language', async () => {
    await b.page.addInitScript(countRequestsInFlight);
    await b.page.goto('/');
    const casinos = (await memberCall(b.page, 'get-casino-setting', {})).casiono as { nameEn: string }[];
    const vendors = (await memberCall(b.page, 'get-slot-setting', {})).slot as {
      code: string;
      nameEn: string;
    }[];
    const sports = (await memberCall(b.page, 'get-sport-setting', {})).sport as { nameEn: string }[];
    for (const v of [...casinos, ...vendors, ...sports]) allowed.push(v.nameEn);
    const games = (await memberCall(b.page, 'get-game-list', {})).games as { nameEn: string }[];
    allowed.push(...games.map((g) => g.nameEn));
    expect(allowed).toContain('Golden Dragon');
  });

  for (const locale of LOCALES) {
    it(`a guest sees every page in ${locale} within 360 px, with no raw key or stray English`, async () => {
      problems.length = 0;
      await walkSite('guest', locale);
      expect(problems).toEqual([]);
    }, 60_000);
  }

  it('registers and logs in a fresh member', async () => {
    const id = `walk${Date.now().toString(36)}`.slice(0, 14);
    const bank = await registerViaApi(b.page, id);
    await loginAs(b.page, id);
    allowed.push(id, `N${id}`, bank.bankname, bank.bankOwner);
  });

  for (const locale of LOCALES) {
    it(`a member sees every page in ${locale} within 360 px, with no raw key or stray English`, async () => {
      problems.length = 0;
      await walkSite('member', locale);
      expect(problems).toEqual([]);
    }, 60_000);
  }

  it('the game windows read in every language within 360 px', async () => {
    problems.length = 0;
    const urls = [];
    for (const [code, company] of GAMES) urls.push([code, await launch(b.page, code, company)] as const);
    urls.push(['verify', '/play/verify'] as const);
    for (const locale of LOCALES) {
      await b.page.evaluate((l) => localStorage.setItem('lang', l), locale);
      for (const [code, url] of urls) {
        await b.page.goto(url);
        await settle(b.page, code === 'verify' ? 'main h1' : '[data-testid="game-balance"]');
        await audit(`game ${code} ${locale}`, locale);
        if (locale === 'th' || locale === 'jp') await b.screenshot(`walk-game-${code}-${locale}`);
      }
    }
    expect(problems).toEqual([]);
  }, 90_000);

  it('the sandbox payment page, card and coin, reads in every language within 360 px', async () => {
    problems.length = 0;
    await b.page.goto('/');
    const options = (await memberCall(b.page, 'get-deposit-payment', {})).payments as {
      idx: number;
      kind: string;
    }[];
    for (const locale of LOCALES) {
      // The site keeps the chosen language in a cookie too, which the payment page reads.
      await b.page.evaluate((l) => localStorage.setItem('lang', l), locale);
      await b.page.goto('/deposit');
      const cookies = await b.context.cookies();
      expect(cookies.find((c) => c.name === 'lang')?.value).toBe(locale);
      for (const kind of ['card', 'coin']) {
        const option = options.find((o) => o.kind === kind)!;
        const started = await memberCall(b.page, 'apply-deposit-payment', {
          balance: 50_000,
          code: `${Date.now()}${kind}`,
          idx: option.idx,
        });
        expect(started.status).toBe('success');
        const url = started.launcherUrl as string;
        await b.page.goto(url);
        await audit(`sandbox ${kind} ${locale}`, locale);
        if (locale === 'th' || locale === 'ko') await b.screenshot(`walk-sandbox-${kind}-${locale}`);
        // Declined, so that the next deposit can start.
        expect((await b.page.request.post(`${url}/decline`)).status()).toBe(200);
      }
    }
    expect(problems).toEqual([]);
  }, 60_000);

  it('looks right on a desktop too (screenshots)', async () => {
    await b.page.setViewportSize(DESKTOP);
    await b.page.evaluate(() => localStorage.setItem('lang', 'th'));
    await b.page.goto('/');
    await settle(b.page);
    await b.screenshot('walk-member-th-home-desktop');
    await visit('/user');
    await b.screenshot('walk-member-th-user-desktop');
    await b.page.setViewportSize(PHONE);
  });
});

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { type BankDetails, launch, loginAs, registerViaApi } from './member.ts';

/** Sets the site's chosen language the way the site keeps it (this origin's localStorage). */
export async function chooseSiteLanguage(page: Page, locale: string) {
  await page.evaluate((l) => localStorage.setItem('lang', l), locale);
}

/** A new member `loginId`, registered on the site in `locale` and signed in on it: their bank details. */
export async function newMemberIn(page: Page, locale: string, loginId: string): Promise<BankDetails> {
  await page.goto('/');
  await chooseSiteLanguage(page, locale);
  const bank = await registerViaApi(page, loginId);
  await loginAs(page, loginId);
  return bank;
}

/** Opens a built-in game's window in this page and waits until it is ready to play. */
export async function openGameWindow(page: Page, code: string, company: string) {
  const url = await launch(page, code, company);
  await page.goto(url);
  await page.getByTestId('game-balance').waitFor();
  return url;
}

export const balanceIn = async (page: Page) =>
  Number(await page.getByTestId('game-balance').getAttribute('data-value'));

/** The game window's own labels, per language. */
export function playLabels(locale: string): string[] {
  const json = JSON.parse(readFileSync(resolve(`src/shared/i18n/locales/${locale}/play.json`), 'utf8'));
  const walk = (v: unknown): string[] =>
    typeof v === 'string' ? [v] : Object.values(v as Record<string, unknown>).flatMap(walk);
  return walk(json);
}

/** Names that stay as they are in every language: game titles and the hash functions. */
const ALLOWED = [
  'Golden Dragon',
  'Fruit Fiesta',
  'Lucky Sevens',
  'Royal Baccarat',
  'Baccarat',
  'baccarat',
  'HMAC-SHA256',
  'SHA-256',
  // Game names the verify page lists, and the demo's money code where the locale has no sign for it.
  'Royal Roulette',
  'Royal Blackjack',
  'Blackjack',
  'Roulette',
  'THB',
];

/**
 * What is wrong with the page as a player in `locale` sees it: wider than the screen, a raw message
 * key, or English left in a non-English locale (an English label of the game window, or for the
 * non-Latin scripts any Latin word of three letters or more outside the allow-list and hex seeds).
 */
export async function pageProblems(page: Page, locale: string): Promise<string[]> {
  const problems: string[] = [];
  const { scrollWidth, innerWidth, text } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    text: document.body.innerText,
  }));
  if (scrollWidth > innerWidth) problems.push(`page is ${scrollWidth} px wide in a ${innerWidth} px screen`);
  const rawKey = text.match(/\b(?:slot|autoplay|table|seeds|verifyPage|result|bead)\.[a-zA-Z.-]+/);
  if (rawKey) problems.push(`raw key ${rawKey[0]}`);
  if (locale === 'en') return problems;
  let cleaned = text;
  for (const name of ALLOWED) cleaned = cleaned.split(name).join(' ');
  cleaned = cleaned.replace(/\b[0-9a-f]{12,}\b/g, ' ');
  const own = new Set(playLabels(locale));
  for (const label of playLabels('en')) {
    const fixed = label.split('{{')[0]!.trim();
    if (fixed.length >= 4 && /[a-z]{3}/i.test(fixed) && !own.has(label) && cleaned.includes(fixed)) {
      problems.push(`English "${fixed}"`);
    }
  }
  if (locale !== 'vn') {
    const latin = cleaned.match(/[A-Za-z]{3,}/g);
    if (latin) problems.push(`Latin words ${[...new Set(latin)].join(', ')}`);
  }
  return problems;
}

import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';

const LOCALES_DIR = resolve('src/shared/i18n/locales');

/** Every label of every namespace of a locale (site, game window, payment page). */
export function allLabels(locale: string): string[] {
  const walk = (v: unknown): string[] =>
    typeof v === 'string' ? [v] : Object.values(v as Record<string, unknown>).flatMap(walk);
  return readdirSync(join(LOCALES_DIR, locale)).flatMap((file) =>
    walk(JSON.parse(readFileSync(join(LOCALES_DIR, locale, file), 'utf8'))),
  );
}

/** A label in `locale`, read from its locale file (`ns`, dotted `key`). */
export function label(locale: string, ns: string, key: string): string {
  const json = JSON.parse(readFileSync(join(LOCALES_DIR, locale, `${ns}.json`), 'utf8'));
  return key.split('.').reduce((node, part) => node[part], json) as string;
}

/** Words that stay as they are in every language: the brand, units, file formats and the fairness algorithms. */
export const ALWAYS_ALLOWED = [
  'ROYAL',
  'CASINO',
  'Royal Casino',
  'Sandbox Pay',
  // Currency codes: Intl writes THB and KRW as their ISO code where the locale has no symbol for them (ko, ja).
  'THB',
  'KRW',
  'USDT',
  // The zone a time is shown in ("(GMT+7)"), as Intl writes it in every language.
  'GMT',
  'HMAC-SHA256',
  'SHA-256',
  'CSV',
  // The document types a verification upload takes (my page).
  'JPEG',
  'PNG',
  'WebP',
  'PDF',
  // The loyalty levels' name, written VIP on Thai, Korean and Japanese casino sites alike (promotions).
  'VIP',
];

/**
 * Counts the page's requests in flight, so a walk can wait for a client-side navigation to settle
 * (load it with `page.addInitScript` before the first page).
 */
export const countRequestsInFlight = () => {
  const w = window as unknown as { __inFlight: number };
  w.__inFlight = 0;
  const original = window.fetch.bind(window);
  window.fetch = async (...args: Parameters<typeof fetch>) => {
    w.__inFlight++;
    try {
      return await original(...args);
    } finally {
      w.__inFlight--;
    }
  };
};

/**
 * Waits until the page has drawn `ready` (by default: some content in the site's
 * main area), no request is in flight and its text stopped changing.
 */
export async function settle(page: Page, ready = '#root main :is(h1, h2, p, button, a)'): Promise<void> {
  await page.waitForFunction(
    (selector) => {
      const w = window as unknown as { __inFlight?: number; __lastText?: string; __stableSince?: number };
      if (!document.querySelector(selector)) return false;
      const text = document.body?.innerText ?? '';
      const now = performance.now();
      if (text !== w.__lastText || (w.__inFlight ?? 0) > 0) {
        w.__lastText = text;
        w.__stableSince = now;
        return false;
      }
      return now - (w.__stableSince ?? now) >= 150;
    },
    ready,
    { polling: 50, timeout: 10_000 },
  );
}

export interface AuditOptions {
  locale: string;
  /** Names that stay as they are: the catalogue's game and vendor names, the member's own id. */
  allowed: string[];
}

/**
 * What a player in `locale` would notice on this page: wider than the screen (also a fixed box
 * past its edge), a raw message key, or English left in a non-English page. Text the page marks
 * translate="no" (the operator's own content and the member's data) is not judged.
 */
export async function auditPage(page: Page, { locale, allowed }: AuditOptions): Promise<string[]> {
  const found = await page.evaluate(() => {
    const width = window.innerWidth;
    const beyond: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || (rect.right <= width + 1 && rect.left >= -1)) continue;
      // Inside a box that clips or scrolls sideways, it is not past the screen.
      let clipped = false;
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const ox = getComputedStyle(a).overflowX;
        if (ox !== 'visible') {
          clipped = true;
          break;
        }
      }
      if (!clipped && getComputedStyle(el).visibility !== 'hidden') {
        beyond.push(
          `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 40)} ${Math.round(rect.left)}..${Math.round(rect.right)}`,
        );
      }
    }
    // The page's text without what is marked translate="no": hidden (not laid out anew) while it is
    // read, since innerText leaves out what is not visible, whatever the layout splits it into.
    const marked = [...document.querySelectorAll<HTMLElement>('[translate="no"]')];
    const before = marked.map((el) => el.style.visibility);
    for (const el of marked) el.style.visibility = 'hidden';
    let text = document.body.innerText;
    marked.forEach((el, i) => {
      el.style.visibility = before[i]!;
    });
    // A select lists its options whatever their style: their own text is taken out.
    for (const el of marked) {
      const own = el.textContent?.trim();
      if (own) text = text.split(own).join(' ');
    }
    return { scrollWidth: document.documentElement.scrollWidth, width, beyond: beyond.slice(0, 3), text };
  });
  const problems: string[] = [];
  if (found.scrollWidth > found.width)
    problems.push(`page is ${found.scrollWidth} px wide in ${found.width} px`);
  for (const b of found.beyond) problems.push(`past the screen edge: ${b}`);
  const rawKey =
    found.text.match(/\bmsg\d{4}\b/) ??
    found.text.match(/\b[a-z]+:[a-z][A-Za-z]+(?:\.[A-Za-z]+)*\b/) ??
    found.text.match(/\b[a-z]+[A-Z][A-Za-z]*\.[a-z][A-Za-z]+\b|\b[a-z]{3,}\.[a-z]+[A-Z][A-Za-z]*\b/) ??
    found.text.match(/\b[a-z]+[A-Z][a-z]+[A-Za-z]*\b/);
  if (rawKey) problems.push(`raw key "${rawKey[0]}"`);
  if (locale === 'en') return problems;
  let cleaned = found.text;
  for (const name of [...allowed, ...ALWAYS_ALLOWED].sort((a, b) => b.length - a.length)) {
    cleaned = cleaned.split(name).join(' ');
  }
  cleaned = cleaned.replace(/\b[0-9a-f]{12,}\b/g, ' ').replace(/SANDBOX[1-9A-Za-z]+/g, ' ');
  const own = new Set(allLabels(locale));
  const english = new Set<string>();
  for (const label of allLabels('en')) {
    for (const part of label.split(/\{\{\w+\}\}/)) {
      const fixed = part.trim();
      if (fixed.length >= 5 && /[a-z]{3}/i.test(fixed) && !own.has(label) && cleaned.includes(fixed)) {
        english.add(fixed);
      }
    }
  }
  if (english.size) problems.push(`English: ${[...english].slice(0, 5).join(' | ')}`);
  if (locale !== 'vn') {
    const latin = cleaned.match(/[A-Za-z]{3,}/g);
    if (latin) {
      // Where the first one stands, so that a failure says what to look for on the screen.
      const at = cleaned.search(/[A-Za-z]{3,}/);
      const around = cleaned.slice(Math.max(0, at - 30), at + 30).replace(/\s+/g, ' ');
      problems.push(`Latin words: ${[...new Set(latin)].slice(0, 8).join(', ')} (in "…${around}…")`);
    }
  }
  return problems;
}

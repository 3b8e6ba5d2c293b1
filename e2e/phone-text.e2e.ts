import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumAvailable, PHONE, useBrowser } from './support/browser.ts';
import { fundedMember } from './support/member.ts';
import { settle } from './support/page-audit.ts';
import { chooseSiteLanguage, openGameWindow } from './support/play.ts';

/**
 * The text of each element matched by `selector` that the browser laid out on more than one line
 * (a label broken inside a word, as "カジ/ノ" or "Đăng / nhập" were at 360 px).
 */
function wrappedLabels(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const wrapped: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(sel)) {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        const tops = [...range.getClientRects()].filter((r) => r.width > 0).map((r) => r.top);
        if (tops.length > 1 && Math.max(...tops) - Math.min(...tops) > 2) {
          wrapped.push(el.innerText.replace(/\s+/g, ' '));
          break;
        }
      }
    }
    return wrapped;
  }, selector);
}

/**
 * Korean words the browser broke across two lines under `root`: "등장합/니다", "1%/가". A line may
 * end only where a space (or a sign between words) is; two letters, digits or a percent sign on
 * either side of a line end are one word cut in two.
 */
function koreanWordsBroken(page: Page, root: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const found: string[] = [];
    const word = /[\p{L}\p{N}%]/u;
    const blockOf = (node: Node) => {
      let el = node.parentElement;
      while (el && getComputedStyle(el).display === 'inline') el = el.parentElement;
      return el;
    };
    for (const container of document.querySelectorAll(sel)) {
      const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
      let last: { top: number; char: string; block: Element | null; text: string } | null = null;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        const block = blockOf(node);
        const range = document.createRange();
        for (let i = 0; i < text.length; i++) {
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const rect = range.getClientRects()[0];
          const char = text[i]!;
          // A space at a line's end takes no room, but it is where the line may end.
          if (last && /\s/.test(char)) last.char = ' ';
          if (!rect || rect.width === 0) continue;
          if (
            last &&
            last.block === block &&
            rect.top > last.top + 2 &&
            word.test(last.char) &&
            word.test(char) &&
            /[\uac00-\ud7a3]/.test(last.text + text)
          ) {
            found.push(`${last.text.slice(-6)}/${text.slice(i, i + 6)}`);
          }
          last = { top: rect.top, char, block, text: text.slice(0, i + 1) };
        }
      }
    }
    return found;
  }, root);
}

const boxOf = async (l: Locator) => (await l.boundingBox())!;
type Box = { x: number; y: number; width: number; height: number };
const intersect = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The text boxes of the phone tab bar's labels, left to right. */
function labelBoxes(page: Page): Promise<Box[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('[data-phone-tab-bar] a')].map((a) => {
      const range = document.createRange();
      range.selectNodeContents(a);
      const r = range.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    }),
  );
}

/**
 * At 360 px every language keeps its short labels whole (home tabs, header buttons, the tab bar), the
 * tab bar's labels clear of each other and of the messenger button, and Korean wraps between words.
 */
describe.runIf(chromiumAvailable)('text on a 360-px phone in every language', () => {
  const b = useBrowser(PHONE);

  async function open(locale: string, path: string) {
    await chooseSiteLanguage(b.page, locale);
    await b.page.goto(path);
    await settle(b.page);
  }

  it('a guest sees the home tabs and the header buttons each on one line', async () => {
    await b.page.goto('/');
    const wrapped: string[] = [];
    for (const locale of ['th', 'en', 'ko', 'jp', 'vn']) {
      await open(locale, '/');
      for (const label of await wrappedLabels(b.page, '[role="tab"], header a, header button'))
        wrapped.push(`${locale}: ${label}`);
      const width = await b.page.evaluate(() => document.documentElement.scrollWidth);
      if (width > PHONE.width) wrapped.push(`${locale}: the page is ${width} px wide`);
      await b.screenshot(`phone-text-guest-home-${locale}`);
    }
    expect(wrapped).toEqual([]);
  });

  it('a member sees the tab bar labels on one line, apart, opaque and clear of the messenger button', async () => {
    await fundedMember(b.page, 'ptext', 100_000);
    const problems: string[] = [];
    for (const locale of ['th', 'en', 'ko', 'jp', 'vn']) {
      await open(locale, '/deposit');
      const bar = b.page.locator('[data-phone-tab-bar]');
      const contact = bar.locator('button').first();
      await contact.waitFor();
      for (const label of await wrappedLabels(b.page, '[data-phone-tab-bar] a'))
        problems.push(`${locale}: "${label}" wraps`);
      const labels = await labelBoxes(b.page);
      const bubble = await boxOf(contact);
      if (bubble.x + bubble.width > PHONE.width)
        problems.push(`${locale}: the messenger button past the edge`);
      labels.forEach((box, i) => {
        if (intersect(box, bubble)) problems.push(`${locale}: label ${i} under the messenger button`);
        const next = labels[i + 1];
        if (next && next.x - (box.x + box.width) < 6)
          problems.push(`${locale}: labels ${i} and ${i + 1} touch`);
      });
      // Nothing of the page shows through the bar.
      const background = await bar.evaluate((el) => getComputedStyle(el).backgroundColor);
      if (!/^rgb\(\d+, \d+, \d+\)$/.test(background))
        problems.push(`${locale}: bar background ${background}`);
      // Scrolled to the end, the page's last line (the footer) clears the bar.
      await b.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const end = await b.page.evaluate(
        () => document.querySelector('footer')!.getBoundingClientRect().bottom,
      );
      if (end > (await boxOf(bar)).y + 1) problems.push(`${locale}: the page ends under the tab bar`);
      await b.page.evaluate(() => window.scrollTo(0, 0));
      await b.page.screenshot({ path: `e2e/screenshots/phone-text-deposit-${locale}.png` });
    }
    expect(problems).toEqual([]);
  });

  it('Korean wraps between words on the home page and my page', async () => {
    const broken: string[] = [];
    for (const path of ['/', '/user']) {
      await open('ko', path);
      broken.push(...(await koreanWordsBroken(b.page, '#root main')));
      await b.screenshot(`phone-text-ko${path === '/' ? '-home' : '-user'}`);
    }
    expect(broken).toEqual([]);
  });

  it('the game window in Korean: the paytable and the fairness sheet wrap between words, their last button on screen', async () => {
    await chooseSiteLanguage(b.page, 'ko');
    await openGameWindow(b.page, 'fruit-fiesta', 'royal-slots');
    const problems: string[] = [];
    const sheetEnd = async (name: string) => {
      const dialog = b.page.getByRole('dialog');
      problems.push(...(await koreanWordsBroken(b.page, '[role="dialog"]')).map((w) => `${name}: ${w}`));
      const last = await boxOf(dialog.getByRole('button').last());
      if (last.y + last.height > PHONE.height) problems.push(`${name}: its last button is below the screen`);
    };
    await b.page.getByRole('button', { name: '배당표' }).click();
    await b.page.getByTestId('paytable').waitFor();
    await sheetEnd('paytable');
    await b.page.screenshot({ path: 'e2e/screenshots/phone-text-paytable-ko.png' });
    await b.page.getByTestId('paytable').getByRole('button').last().click();
    // The top bar's last button is now the lobby's ✕; the fairness sheet opens from its own button.
    await b.page.locator('header').getByRole('button', { name: '공정성', exact: true }).click();
    await b.page.getByTestId('change-seed').waitFor();
    await sheetEnd('fairness');
    await b.page.screenshot({ path: 'e2e/screenshots/phone-text-fairness-ko.png' });
    expect(problems).toEqual([]);
  });
});

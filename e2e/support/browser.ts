import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const chromiumAvailable = existsSync(CHROMIUM);
if (!chromiumAvailable) {
  console.warn(`\n*** ${CHROMIUM} not found: browser tests are SKIPPED (apt-get install chromium). ***\n`);
}

const SCREENSHOTS = resolve('e2e/screenshots');
export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1366, height: 850 };

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  baseUrl: string;
  /** Console errors and page errors seen so far; the test file fails if any remain at the end. */
  errors: string[];
  screenshot(name: string): Promise<void>;
}

/** A fresh Chromium profile per test file, with console errors collected and checked at the end. */
export function useBrowser(viewport = DESKTOP, options: { keepPopups?: boolean } = {}): BrowserSession {
  const session = { errors: [] as string[], baseUrl: inject('baseUrl') } as BrowserSession;
  let profile = '';
  beforeAll(async () => {
    profile = mkdtempSync(join(tmpdir(), 'casino-e2e-'));
    session.context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      viewport,
      baseURL: session.baseUrl,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    session.page = session.context.pages()[0] ?? (await session.context.newPage());
    if (!options.keepPopups) {
      // The operator's popups float over every page; tests about something else hide them.
      const hide = session.page.getByTestId('popup-hide-today').first();
      await session.page.addLocatorHandler(hide, async () => {
        // A modal alert the test is waiting for may be open on top and block a real click; the click
        // event is sent to the button itself, so that alert stays as it is.
        // Several popups may be open at once; the handler is done only when none is left.
        for (let i = 0; i < 10 && (await hide.isVisible()); i++) {
          await hide.dispatchEvent('click', undefined, { timeout: 5_000 }).catch(() => undefined);
        }
      });
    }
    session.context.on('weberror', (e) => session.errors.push(`page error: ${e.error().message}`));
    session.context.on('console', (message) => {
      if (message.type() === 'error' && !isExpectedRefusal(message.text())) {
        session.errors.push(`console: ${message.text()}`);
      }
    });
    mkdirSync(SCREENSHOTS, { recursive: true });
  });
  afterAll(async () => {
    await session.context?.close();
    rmSync(profile, { recursive: true, force: true });
    expect(session.errors).toEqual([]);
  });
  session.screenshot = async (name) => {
    // caret 'initial': Playwright otherwise hides the caret by an inline style on every input, which
    // React would report as a hydration mismatch if the page is still being hydrated.
    await session.page.screenshot({
      path: join(SCREENSHOTS, `${name}.png`),
      fullPage: true,
      caret: 'initial',
    });
  };
  return session;
}

/** The browser logs every non-2xx fetch; a refused login or a guest's health check is expected. */
function isExpectedRefusal(text: string): boolean {
  return /Failed to load resource: the server responded with a status of (401|4\d\d)/.test(text);
}

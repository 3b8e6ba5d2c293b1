import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';

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
  /**
   * Console errors, page errors and unexpected 4xx answers seen so far; the test file fails if any
   * remain at the end.
   */
  errors: string[];
  /**
   * Allows, for the running test only, 4xx answers it provokes on purpose (a wrong password's 401 ...).
   * Every other 4xx answer to any request of the browser (a page, script, style, image, font or API
   * call) is an error.
   */
  allow4xx(...answers: Expected4xx[]): void;
  screenshot(name: string): Promise<void>;
}

/** A 4xx answer a test provokes on purpose: its status, the request's path and, optionally, method. */
export interface Expected4xx {
  status: number;
  /** The URL's path (exactly), or a pattern tested against path and query. */
  path: string | RegExp;
  method?: string;
}

/** A fresh Chromium profile per test file, with console errors collected and checked at the end. */
export function useBrowser(viewport = DESKTOP, options: { keepPopups?: boolean } = {}): BrowserSession {
  const session = { errors: [] as string[], baseUrl: inject('baseUrl') } as BrowserSession;
  let profile = '';
  let allowed: Expected4xx[] = [];
  /** Answers still being asked for again (failed requests), awaited before the file's check. */
  const checks: Promise<void>[] = [];
  session.allow4xx = (...answers) => {
    allowed.push(...answers);
  };
  afterEach(() => {
    allowed = [];
  });
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
      // A 4xx answer is judged by its response (below), which names the request; the browser's own
      // line about it names neither the request nor the test.
      if (message.type() === 'error' && !isClientErrorLine(message.text())) {
        session.errors.push(`console: ${message.text()}`);
      }
    });
    /** Records a 4xx answer unless the running test allowed it. */
    const judge = (
      answer: { status: number; method: string; url: string; type: string; note?: string },
      allowedThen: Expected4xx[],
      test: string,
    ) => {
      if (answer.status < 400 || answer.status > 499) return;
      const url = new URL(answer.url);
      const ok = allowedThen.some(
        (a) =>
          a.status === answer.status &&
          (a.method === undefined || a.method === answer.method) &&
          (typeof a.path === 'string' ? a.path === url.pathname : a.path.test(url.pathname + url.search)),
      );
      if (!ok) {
        session.errors.push(
          `${answer.status} ${answer.method} ${url.pathname}${url.search} (${answer.type}${answer.note ?? ''}) in "${test}"`,
        );
      }
    };
    const testName = () => expect.getState().currentTestName ?? '(outside a test)';
    session.context.on('response', (response) => {
      const request = response.request();
      judge(
        {
          status: response.status(),
          method: request.method(),
          url: response.url(),
          type: request.resourceType(),
        },
        allowed,
        testName(),
      );
    });
    // A style or script answered with the wrong type (a JSON 404 for a missing file) is dropped by the
    // browser before it reports a response, as a failed request: its answer is asked for again here.
    session.context.on('requestfailed', (request) => {
      if (!ASSET_TYPES.includes(request.resourceType()) || request.method() !== 'GET') return;
      const [allowedThen, test] = [[...allowed], testName()];
      checks.push(
        fetch(request.url()).then(
          (res) =>
            judge(
              {
                status: res.status,
                method: 'GET',
                url: request.url(),
                type: request.resourceType(),
                note: ', refused by the browser',
              },
              allowedThen,
              test,
            ),
          () => undefined,
        ),
      );
    });
    mkdirSync(SCREENSHOTS, { recursive: true });
  });
  afterAll(async () => {
    await session.context?.close();
    await Promise.all(checks);
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

/** The kinds of request that load a page's own files (asked for again after a failure: no side effects). */
const ASSET_TYPES = ['stylesheet', 'script', 'image', 'font', 'media', 'manifest'];

/** The browser's console line for a 4xx answer (the response listener judges the answer itself). */
function isClientErrorLine(text: string): boolean {
  return /^Failed to load resource: the server responded with a status of 4\d\d\b/.test(text);
}

/**
 * Holds back the page's scripts until the returned function is called: what shows meanwhile is the
 * server-rendered page alone (the home page's and the sports window's first paint).
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}

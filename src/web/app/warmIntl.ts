import type { Locale } from '../../shared/format.ts';
import { formatMoney } from '../../shared/money.ts';
import { dayIn } from '../../shared/zoned-time.ts';

type Site = { currency: string; timeZone: string };

/**
 * A page's first Intl number format, and its first date in a time zone, cost a phone some 60–120 ms
 * on the main thread (issue 35): ICU loads its locale, currency and zone data then. A worker builds
 * the same formatters first; ICU's caches belong to the page's process, so the main thread's own
 * formatters then cost well under a millisecond, and the hydration that follows finds them cheap.
 * Settles once the worker has answered (the page hydrates after it). Without a worker (or if it
 * fails), the formatters are built on the main thread, each in a task of its own.
 */
export function warmIntl(locale: Locale, site: Site): Promise<void> {
  let worker: Worker;
  try {
    worker = new Worker(new URL('./intlWarmer.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return warmOnMainThread(locale, site);
  }
  return new Promise<void>((resolve) => {
    let settled = false;
    const done = (warm: () => Promise<void>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.terminate();
      void warm().then(resolve);
    };
    // A worker that never answers must not keep the page from hydrating.
    const timer = setTimeout(() => done(() => warmOnMainThread(locale, site)), WORKER_WAIT_MS);
    worker.onmessage = () => done(() => Promise.resolve());
    worker.onerror = () => done(() => warmOnMainThread(locale, site));
    worker.postMessage({ locale, currency: site.currency, timeZone: site.timeZone });
  });
}

/** How long the page waits for the worker before building the formatters itself. */
const WORKER_WAIT_MS = 2_000;

function warmOnMainThread(locale: Locale, site: Site): Promise<void> {
  const task = (work: () => void) =>
    new Promise<void>((resolve) =>
      setTimeout(() => {
        work();
        resolve();
      }, 0),
    );
  return Promise.all([
    task(() => formatMoney(0, site.currency, locale)),
    task(() => dayIn(new Date(), site.timeZone)),
  ]).then(() => undefined);
}

import type { Locale } from '../../shared/format.ts';
import { formatMoney } from '../../shared/money.ts';
import { dayIn } from '../../shared/zoned-time.ts';

/**
 * A page's first Intl number format, and its first date in a time zone, each cost a phone some
 * 60–120 ms: ICU loads its locale, currency and zone data then. Built in tasks of their own, queued
 * while the language files load, the page's hydration (the jackpot's amount, a match's day) finds the
 * formatters cached instead of paying for them in its one long task (issue 35). Settles once both are
 * built: the page hydrates after them.
 */
export function warmIntl(locale: Locale, site: { currency: string; timeZone: string }): Promise<void> {
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

/// <reference lib="webworker" />
import type { Locale } from '../../shared/format.ts';
import { formatMoney } from '../../shared/money.ts';
import { dayIn } from '../../shared/zoned-time.ts';

/**
 * Builds the page's money and zone formatters off the main thread (see warmIntl.ts): ICU keeps the
 * locale, currency and zone data it loads for them in caches the whole page process shares.
 */
self.onmessage = (event: MessageEvent<{ locale: Locale; currency: string; timeZone: string }>) => {
  const { locale, currency, timeZone } = event.data;
  formatMoney(0, currency, locale);
  dayIn(new Date(), timeZone);
  self.postMessage('warm');
};

import { useTranslation } from 'react-i18next';
import { formatNumber, INTL_LOCALE, type Locale } from '../../shared/format.ts';
import { formatMoney } from '../../shared/money.ts';
import { zoneLabel } from '../../shared/zoned-time.ts';
import { siteZone } from '../features/site/site-zone.ts';
import { siteLocale, startWindowI18n } from '../i18n/window-i18n.ts';

/** The sports window speaks the language chosen on the site; only the `sports` namespace is loaded. */
export let sportsLocale: Locale = siteLocale();

/** The server's render of the window (src/web/ssr/render.tsx) in the language it is rendered in. */
export function setSportsLocale(locale: Locale): void {
  sportsLocale = locale;
}

// On the server (the first screen's render) the renderer brings every language's words itself.
export const sportsI18nReady =
  typeof document === 'undefined' ? Promise.resolve() : startWindowI18n(sportsLocale, ['sports']);

export const useSportsT = () => useTranslation('sports').t;
export type SportsT = ReturnType<typeof useSportsT>;

/** A sport in the player's language; one the window has no name for keeps the book's own. */
export const sportName = (t: SportsT, event: { sportCode: string; sport: string }) =>
  t(`sportNames.${event.sportCode}`, { defaultValue: event.sport });

let sportsCurrency: string | undefined;

/** The player's currency, as the window's init answered it (their site's). */
export function setSportsCurrency(currency: string): void {
  sportsCurrency = currency;
}

/** The player's currency once init answered (the house rules' limits are asked in it). */
export const playerCurrency = (): string | undefined => sportsCurrency;

/** Amounts (minor units) in the player's currency and locale (formatMoney); bare numbers before init. */
export const money = (n: number | bigint) =>
  sportsCurrency
    ? formatMoney(Number(n), sportsCurrency, sportsLocale)
    : formatNumber(Number(n), sportsLocale);

/** The site's time zone (its summary, loaded with init): every time the window shows is in it. */
const zone = () => siteZone() ?? 'UTC';
const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(kind: 'short' | 'full', timeZone: string): Intl.DateTimeFormat {
  const key = `${kind}:${timeZone}:${sportsLocale}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      INTL_LOCALE[sportsLocale],
      kind === 'short'
        ? { timeZone, month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' }
        : {
            timeZone,
            // Thai defaults to the Buddhist era (2569): the date filters above and the rest of the site count 2026.
            calendar: 'gregory',
            year: 'numeric',
            month: 'short',
            day: 'numeric',
            hour: '2-digit',
            minute: '2-digit',
            second: '2-digit',
          },
    );
    formats.set(key, format);
  }
  return format;
}
/** A kick-off time, per locale, in the site's zone and naming it. */
export const when = (iso: string) =>
  `${formatIn('short', zone()).format(new Date(iso))} (${zoneLabel(zone(), new Date(iso))})`;
/** A receipt's or a result's time, to the second, per locale, in the site's zone and naming it. */
export const exactly = (iso: string) =>
  `${formatIn('full', zone()).format(new Date(iso))} (${zoneLabel(zone(), new Date(iso))})`;

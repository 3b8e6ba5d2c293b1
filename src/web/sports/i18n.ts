import { useTranslation } from 'react-i18next';
import { formatNumber, INTL_LOCALE, type Locale } from '../../shared/format.ts';
import { formatMoney } from '../../shared/money.ts';
import { siteLocale, startWindowI18n } from '../i18n/window-i18n.ts';

/** The sports window speaks the language chosen on the site; only the `sports` namespace is loaded. */
export const sportsLocale: Locale = siteLocale();

export const sportsI18nReady = startWindowI18n(sportsLocale, ['sports']);

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

const dateTime = new Intl.DateTimeFormat(INTL_LOCALE[sportsLocale], {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const fullDateTime = new Intl.DateTimeFormat(INTL_LOCALE[sportsLocale], {
  // Thai defaults to the Buddhist era (2569): the date filters above and the rest of the site count 2026.
  calendar: 'gregory',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});
/** A kick-off time, per locale. */
export const when = (iso: string) => dateTime.format(new Date(iso));
/** A receipt's or a result's time, to the second, per locale. */
export const exactly = (iso: string) => fullDateTime.format(new Date(iso));

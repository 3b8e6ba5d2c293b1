import { isOddsFormat, type OddsFormat } from '../../shared/sports/odds-format.ts';
import type { PriceChangeChoice } from '../../shared/sports/refusals.ts';
import { PRICE_CHANGE_CHOICES } from '../../shared/sports/refusals.ts';

/** The member's remembered choices in this browser: odds format and what to do when a price moves. */
const ODDS_KEY = 'sports.odds';
const CHANGE_KEY = 'sports.priceChange';

export { ODDS_FORMATS } from '../../shared/sports/odds-format.ts';

const read = (key: string) => (typeof localStorage === 'undefined' ? null : localStorage.getItem(key));

/** The format last chosen in this browser, if any (the book's answer for the member then decides). */
export function storedOddsFormat(): OddsFormat | undefined {
  const v = read(ODDS_KEY);
  return isOddsFormat(v) ? v : undefined;
}
export const rememberOddsFormat = (f: OddsFormat) => localStorage.setItem(ODDS_KEY, f);

export function storedPriceChange(): PriceChangeChoice {
  const v = read(CHANGE_KEY);
  return (PRICE_CHANGE_CHOICES as readonly string[]).includes(v ?? '') ? (v as PriceChangeChoice) : 'better';
}
export const rememberPriceChange = (c: PriceChangeChoice) => localStorage.setItem(CHANGE_KEY, c);

import type { PriceFormat } from '../../shared/sports/price.ts';
import type { PriceChangeChoice } from '../../shared/sports/refusals.ts';
import { PRICE_CHANGE_CHOICES } from '../../shared/sports/refusals.ts';

/** The member's remembered choices in this browser: odds format and what to do when a price moves. */
const ODDS_KEY = 'sports.odds';
const CHANGE_KEY = 'sports.priceChange';
export const ODDS_FORMATS: readonly PriceFormat[] = ['decimal', 'fractional', 'american'];

const read = (key: string) => (typeof localStorage === 'undefined' ? null : localStorage.getItem(key));

export function storedOddsFormat(): PriceFormat {
  const v = read(ODDS_KEY);
  return ODDS_FORMATS.includes(v as PriceFormat) ? (v as PriceFormat) : 'decimal';
}
export const rememberOddsFormat = (f: PriceFormat) => localStorage.setItem(ODDS_KEY, f);

export function storedPriceChange(): PriceChangeChoice {
  const v = read(CHANGE_KEY);
  return (PRICE_CHANGE_CHOICES as readonly string[]).includes(v ?? '') ? (v as PriceChangeChoice) : 'none';
}
export const rememberPriceChange = (c: PriceChangeChoice) => localStorage.setItem(CHANGE_KEY, c);

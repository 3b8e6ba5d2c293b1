import { isCurrency, parseMajor } from '../../../shared/money.ts';

/**
 * The adjustment the operator typed, in major units of the member's currency as the member page shows
 * the balances ("-1,250.50" baht), as signed minor units (-125,050 satang), which the API takes; null
 * when it is not an amount, is zero, or has more decimals than the currency (or the page names no
 * currency: nothing can be read in none).
 */
export function adjustmentMinor(text: string, currency: string): number | null {
  if (!isCurrency(currency)) return null;
  const typed = text.trim();
  const debit = typed.startsWith('-');
  const minor = parseMajor(debit ? typed.slice(1) : typed, currency);
  if (minor === null || minor === 0) return null;
  return debit ? -minor : minor;
}

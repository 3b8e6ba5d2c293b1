import { createHash } from 'node:crypto';

/** What the operator fixed for coin deposits on a site: the coin, its network and its price. */
export interface CoinSettings {
  currency: string;
  network: string;
  /**
   * Minor units of the site currency one whole coin is worth (KRW: 1400 means 1 USDT = 1,400 KRW; THB:
   * 3450 means 1 USDT = 34.50 THB).
   */
  minorPerCoin: number;
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/**
 * The sandbox's deposit address for one payment session: "SANDBOX" and 27 base58 characters of the
 * session id's SHA-256. The same for a deposit every time it is shown, different between deposits,
 * and plainly not a real address.
 */
export function sandboxAddress(sessionId: string): string {
  let n = BigInt(`0x${createHash('sha256').update(sessionId).digest('hex')}`);
  let out = '';
  while (out.length < 27) {
    out += BASE58[Number(n % 58n)];
    n /= 58n;
  }
  return `SANDBOX${out}`;
}

export function validCoinSettings(value: unknown): CoinSettings | undefined {
  const v = value as Partial<CoinSettings> | undefined;
  if (!v || typeof v.currency !== 'string' || typeof v.network !== 'string') return undefined;
  if (!Number.isSafeInteger(v.minorPerCoin) || (v.minorPerCoin ?? 0) <= 0) return undefined;
  return v as CoinSettings;
}

/**
 * The coin amount that pays `amount` minor units, in hundredths of a coin, rounded up so the deposit is
 * always covered. Integer arithmetic only.
 */
export function coinHundredths(amount: number, coin: CoinSettings): bigint {
  const numerator = BigInt(amount) * 100n;
  const per = BigInt(coin.minorPerCoin);
  return (numerator + per - 1n) / per;
}

/** Hundredths of a coin as "35.72". */
export function coinText(hundredths: bigint, intlLocale = 'en-US'): string {
  const whole = new Intl.NumberFormat(intlLocale).format(hundredths / 100n);
  const decimal = intlLocale.startsWith('vi') ? ',' : '.';
  return `${whole}${decimal}${String(hundredths % 100n).padStart(2, '0')}`;
}

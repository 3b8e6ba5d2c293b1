import { minorPerMajor } from '../../../shared/money.ts';

/**
 * A chip's face for `minor` units of `currency`, in its major units as the balance reads them: 5K,
 * 1M. The same 10,000 minor units are 10K on a won site and 100 on a baht site (฿100.00): a face in
 * minor units put "10K" on a ฿100 chip. Before the game's init names the currency, minor units.
 */
export function chipFace(minor: number, currency: string | undefined): string {
  const n = currency ? minor / minorPerMajor(currency) : minor;
  return n >= 1_000_000 ? `${n / 1_000_000}M` : n >= 1_000 ? `${n / 1_000}K` : String(n);
}

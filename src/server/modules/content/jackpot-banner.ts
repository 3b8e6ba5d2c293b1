import { takesPartInPool } from '../../../shared/jackpot/pool-currency.ts';
import type { Db } from '../../db/client.ts';
import { jackpotReaderOf } from '../jackpot/jackpot.routes.ts';

/**
 * A jackpot banner shows the real pool, as the ledger holds it (the same cached read as get-jackpot),
 * never the amount an operator typed in: a counter no account holds would promise members money that
 * is not there. A site in another currency than the pool's has no jackpot (its members neither feed
 * nor win it): its jackpot banners carry no amount.
 */
export async function withPoolAmount<B extends { amount: number | null }>(
  db: Db,
  siteCurrency: string,
  banners: B[],
): Promise<B[]> {
  if (banners.length === 0) return banners;
  const pool = await jackpotReaderOf(db).current();
  const amount = takesPartInPool(pool.currency, siteCurrency) ? pool.amount : null;
  return banners.map((b) => ({ ...b, amount }));
}

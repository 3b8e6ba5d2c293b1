import { eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client.ts';
import { sites } from '../../../sites/sites.schema.ts';
import { cashRequests, paymentOptions } from '../../cashier.schema.ts';
import { type CoinSettings, validCoinSettings } from './coin-terms.ts';

export interface DepositDetails {
  kind: 'bank' | 'card' | 'coin';
  optionName: string;
  /** The operator's coin terms for this site, when set and valid. */
  coin: CoinSettings | undefined;
}

/** The payment option the member chose for this deposit, and the coin terms of its site. */
export async function depositDetails(db: Db, cashRequestId: number): Promise<DepositDetails | undefined> {
  const [row] = await db
    .select({ kind: paymentOptions.kind, name: paymentOptions.name, settings: sites.settings })
    .from(cashRequests)
    .innerJoin(paymentOptions, eq(paymentOptions.id, cashRequests.paymentOptionId))
    .innerJoin(sites, eq(sites.id, paymentOptions.siteId))
    .where(eq(cashRequests.id, cashRequestId));
  if (!row) return undefined;
  return { kind: row.kind, optionName: row.name, coin: validCoinSettings(row.settings.coinDeposit) };
}

import type { Db } from '../../../db/client.ts';
import { depositOptionOf } from '../../../modules/cashier/payments/payments.service.ts';
import { findSite } from '../../../modules/sites/sites-admin.service.ts';
import { type CoinSettings, validCoinSettings } from './coin-terms.ts';

export interface DepositDetails {
  kind: 'bank' | 'card' | 'coin';
  optionName: string;
  /** The operator's coin terms for this site, when set and valid. */
  coin: CoinSettings | undefined;
  /** The site's currency: the deposit's amount and the coin's price are in it. */
  currency: string;
}

/** The payment option the member chose for this deposit, and the coin terms of its site. */
export async function depositDetails(db: Db, cashRequestId: number): Promise<DepositDetails | undefined> {
  const option = await depositOptionOf(db, cashRequestId);
  const site = option && (await findSite(db, option.siteId));
  if (!option || !site) return undefined;
  return {
    kind: option.kind,
    optionName: option.name,
    coin: validCoinSettings(site.settings.coinDeposit),
    currency: site.currency,
  };
}

import type { MoneyFigures, PeriodFigures } from '../../src/server/modules/backoffice/dashboard.service.ts';

/** A currency's row of the dashboard's money figures: every figure 0 (nothing moved in it). */
export const noMoney = (currency: string): MoneyFigures => ({
  currency,
  deposits: 0,
  depositReversals: 0,
  netDeposits: 0,
  withdrawals: 0,
  bets: 0,
  wins: 0,
  ggr: 0,
});

/** A period's money figures in `currency`, all 0 when the dashboard lists no row for it. */
export const moneyIn = (figures: PeriodFigures, currency: string): MoneyFigures =>
  figures.money.find((m) => m.currency === currency) ?? noMoney(currency);

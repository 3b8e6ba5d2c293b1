import { CASH_MINIMUM, CASH_STEP, type CashRules } from '../../../shared/cash-amounts.ts';
import { majorToMinor } from '../../../shared/money.ts';
import type { SiteSettings } from './sites.schema.ts';

/**
 * A site's money rules in minor units of its currency. Operators set them in major units (10,000 won,
 * 100 baht), so one number means the same amount whatever the currency's decimals; unset, the spec's
 * numbers apply in major units, which is today's behaviour on a KRW site.
 */
interface SiteMoney {
  currency: string;
  settings: Pick<SiteSettings, 'cash' | 'comp'>;
}

export const DEFAULT_COMP_MINIMUM = 10_000;

export function siteCashRules(site: SiteMoney): CashRules {
  return {
    minimum: majorToMinor(site.settings.cash?.minimum ?? CASH_MINIMUM, site.currency),
    step: majorToMinor(site.settings.cash?.step ?? CASH_STEP, site.currency),
  };
}

/** The least comp a member may exchange, in minor units (setting `comp.minExchange`, major units). */
export function siteCompMinimum(site: SiteMoney): number {
  return majorToMinor(site.settings.comp?.minExchange ?? DEFAULT_COMP_MINIMUM, site.currency);
}

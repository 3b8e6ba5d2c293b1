import type { Market } from '../../../shared/contract/sports-api.ts';

/** The event page's groups, in the order a bettor reads them. */
export const MARKET_GROUPS = ['main', 'goals', 'halves', 'handicaps', 'other'] as const;
export type MarketGroup = (typeof MARKET_GROUPS)[number];

/** Where a market is shown: a first-half market (or half-time/full-time) with the halves, else by its type. */
export function groupOf(market: Pick<Market, 'type' | 'params'>): MarketGroup {
  if (market.params.period === 'ht' || market.type === 'ht_ft') return 'halves';
  switch (market.type) {
    case '1x2':
    case 'moneyline':
    case 'double_chance':
      return 'main';
    case 'total':
    case 'team_total':
    case 'btts':
    case 'correct_score':
      return 'goals';
    case 'handicap':
    case 'handicap_3way':
      return 'handicaps';
    default:
      return 'other';
  }
}

/** The markets by group, the groups in MARKET_GROUPS order, empty ones left out; each keeps the book's order. */
export function groupMarkets<M extends Pick<Market, 'type' | 'params'>>(markets: M[]): [MarketGroup, M[]][] {
  return MARKET_GROUPS.map((g) => [g, markets.filter((m) => groupOf(m) === g)] as [MarketGroup, M[]]).filter(
    ([, ms]) => ms.length > 0,
  );
}

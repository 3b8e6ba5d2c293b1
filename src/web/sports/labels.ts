import type { Bet, Market, Selection } from '../../shared/contract/sports-api.ts';
import type { SportsT } from './i18n.ts';

const KNOWN_MARKETS = ['1x2', 'moneyline', 'total', 'handicap', 'btts', 'correct_score', 'outright'];
const KNOWN_SELECTIONS = ['home', 'draw', 'away', 'over', 'under', 'yes', 'no'];

/** A market's name in the member's language from its type and line; the book's own name otherwise. */
export function marketLabel(t: SportsT, m: Pick<Market, 'type' | 'name' | 'params'>): string {
  if (!KNOWN_MARKETS.includes(m.type)) return m.name;
  return t(`market.${m.type}`, { line: m.params.line ?? '' });
}

/** A selection's name: home, draw, away, over, under, yes, no in the member's language. */
export function selectionLabel(t: SportsT, s: Pick<Selection, 'key' | 'name'>): string {
  return KNOWN_SELECTIONS.includes(s.key) ? t(`selection.${s.key}`) : s.name;
}

/** A placed leg's market and selection ("Match result · Home"), named as the slip names them. */
export function legPick(t: SportsT, leg: Bet['legs'][number]): string {
  const market = marketLabel(t, {
    type: leg.marketType,
    name: leg.market,
    params: leg.line === null ? {} : { line: leg.line },
  });
  return `${market} · ${selectionLabel(t, { key: leg.selectionKey, name: leg.selection })}`;
}

/** Where a result came from: the trading desk, entered by hand, or a feed (by its name). */
export function resultSourceLabel(t: SportsT, source: string): string {
  if (source === 'desk' || source === 'manual') return t(`resultSource.${source}`);
  const feed = /^feed:(.+)$/.exec(source);
  return feed ? t('resultSource.feed', { name: feed[1] }) : source;
}

/**
 * What a correction's amount is: a resettlement's new return, or the stake a void or a cancel gave
 * back; an unsettle has none (the bet is open again, nothing paid).
 */
export function correctionAmount(t: SportsT, kind: string, amount: string): string | undefined {
  if (kind === 'unsettle') return undefined;
  if (kind === 'cashout' || kind === 'cashout_partial') return t('stepAmount.cashout', { amount });
  return kind === 'resettle' ? t('stepAmount.resettle', { amount }) : t('stepAmount.refund', { amount });
}

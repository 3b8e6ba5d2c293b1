import type { EventMessage } from './uof-messages.ts';

/** A lane's price message (odds_change, bet_stop) with its key, as the batch paths take it. */
export type BatchMessage = { m: Extract<EventMessage, { kind: 'odds_change' | 'bet_stop' }>; key: string };
export const isBatchable = (m: EventMessage): m is BatchMessage['m'] =>
  m.kind === 'odds_change' || m.kind === 'bet_stop';

export type OddsChange = Extract<EventMessage, { kind: 'odds_change' }>;
/** A folded market, with the producer of the last message that priced it (its markets may come from both). */
export type FoldedMarket = NonNullable<OddsChange['odds']>['market'][number] & { product?: string };

/** A market's status `-2`: its producer hands it over to another (pre-match to live at kick-off). */
export const isHandedOver = (market: { status?: string }) => market.status === '-2';

/** Several odds_change messages of one event, in order, as the one the book would end with. */
export function foldOddsChanges(list: OddsChange[]): OddsChange {
  const last = list.at(-1)!;
  const markets = new Map<string, FoldedMarket>();
  let status: OddsChange['sport_event_status'];
  for (const m of list) {
    if (m.sport_event_status) status = m.sport_event_status;
    for (const market of m.odds?.market ?? []) {
      const id = `${market.id}|${market.specifiers ?? ''}`;
      const before = markets.get(id);
      if (!before) {
        markets.set(id, { ...market, product: m.product, outcome: [...market.outcome] });
        continue;
      }
      // A producer handing over a market the other producer already priced here changes nothing (uof-apply.ts).
      if (isHandedOver(market) && before.product !== m.product) continue;
      const outcomes = new Map(before.outcome.map((o) => [o.id, o]));
      for (const o of market.outcome) outcomes.set(o.id, { ...outcomes.get(o.id), ...o });
      markets.set(id, {
        ...before,
        ...market,
        product: m.product,
        // The later message's status, as applying it alone would leave the market: absent means active,
        // so a market an earlier message suspended reopens here too.
        status: market.status,
        outcome: [...outcomes.values()],
      });
    }
  }
  return {
    ...last,
    ...(status ? { sport_event_status: status } : {}),
    odds: { ...last.odds, market: [...markets.values()] },
  };
}

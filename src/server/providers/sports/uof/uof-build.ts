import escapeHtml from 'escape-html';

/**
 * Writes UOF messages and fixtures as the published schema shapes them. The demo feed publishes
 * these into the adapter in process, and the tests build their messages with them, so both speak
 * exactly what a real feed sends.
 */
type Attrs = Record<string, string | number | undefined>;

function el(name: string, attrs: Attrs, children: string[] = []): string {
  const a = Object.entries(attrs)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${escapeHtml(String(v))}"`)
    .join('');
  return children.length ? `<${name}${a}>${children.join('')}</${name}>` : `<${name}${a}/>`;
}

const DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const doc = (body: string) => `${DECLARATION}${body}`;

export interface Head {
  product: number;
  eventId: string;
  timestamp: number;
  requestId?: number;
}
const head = (h: Head) => ({
  product: h.product,
  event_id: h.eventId,
  timestamp: h.timestamp,
  request_id: h.requestId,
});

export interface OddsMarket {
  id: number;
  specifiers?: string;
  /** 1 active, -1 suspended, 0 deactivated, -3 settled, -4 cancelled. */
  status?: number;
  outcomes: { id: string | number; odds?: string; active?: 0 | 1 }[];
}

export function oddsChange(
  h: Head,
  o: {
    status?: { status: number; home?: number; away?: number; matchTime?: string };
    markets?: OddsMarket[];
  },
): string {
  const children: string[] = [];
  if (o.status)
    children.push(
      el(
        'sport_event_status',
        { status: o.status.status, home_score: o.status.home, away_score: o.status.away },
        o.status.matchTime ? [el('clock', { match_time: o.status.matchTime })] : [],
      ),
    );
  if (o.markets)
    children.push(
      el(
        'odds',
        {},
        o.markets.map((m) =>
          el(
            'market',
            { id: m.id, specifiers: m.specifiers, status: m.status ?? 1 },
            m.outcomes.map((x) => el('outcome', { id: x.id, odds: x.odds, active: x.active ?? 1 })),
          ),
        ),
      ),
    );
  return doc(el('odds_change', head(h), children));
}

export const betStop = (h: Head, groups = 'all') => doc(el('bet_stop', { ...head(h), groups }));

export interface SettledMarket {
  id: number;
  specifiers?: string;
  outcomes: { id: string | number; result: 0 | 1; voidFactor?: string; deadHeat?: string }[];
}
export const betSettlement = (h: Head, markets: SettledMarket[], certainty: 1 | 2 = 2) =>
  doc(
    el('bet_settlement', { ...head(h), certainty }, [
      el(
        'outcomes',
        {},
        markets.map((m) =>
          el(
            'market',
            { id: m.id, specifiers: m.specifiers },
            m.outcomes.map((x) =>
              el('outcome', {
                id: x.id,
                result: x.result,
                void_factor: x.voidFactor,
                dead_heat_factor: x.deadHeat,
              }),
            ),
          ),
        ),
      ),
    ]),
  );

type MarketRef = { id: number; specifiers?: string };
const refs = (markets: MarketRef[]) =>
  markets.map((m) => el('market', { id: m.id, specifiers: m.specifiers }));

export const betCancel = (h: Head, markets: MarketRef[], window: { start?: number; end?: number } = {}) =>
  doc(el('bet_cancel', { ...head(h), start_time: window.start, end_time: window.end }, refs(markets)));

export const rollbackBetSettlement = (h: Head, markets: MarketRef[]) =>
  doc(el('rollback_bet_settlement', head(h), refs(markets)));

export const rollbackBetCancel = (
  h: Head,
  markets: MarketRef[],
  window: { start?: number; end?: number } = {},
) =>
  doc(
    el('rollback_bet_cancel', { ...head(h), start_time: window.start, end_time: window.end }, refs(markets)),
  );

export const fixtureChange = (h: Head, startTime?: number) =>
  doc(el('fixture_change', { ...head(h), start_time: startTime, change_type: startTime ? 5 : undefined }));

export const alive = (product: number, timestamp: number, subscribed: 0 | 1 = 1) =>
  doc(el('alive', { product, timestamp, subscribed }));

export const snapshotComplete = (product: number, timestamp: number, requestId: number) =>
  doc(el('snapshot_complete', { product, timestamp, request_id: requestId }));

export interface FixtureInput {
  id: string;
  startTime: Date;
  sport: { id: string; name: string };
  tournament: { id: string; name: string };
  home: { id: string; name: string };
  away: { id: string; name: string };
  status?: string;
}

/** The REST API's fixture.xml for one event. */
export const fixtureXml = (f: FixtureInput) =>
  doc(
    el('fixtures_fixture', { generated_at: new Date().toISOString() }, [
      el('fixture', { id: f.id, start_time: f.startTime.toISOString(), status: f.status ?? 'not_started' }, [
        el('tournament', { id: f.tournament.id, name: f.tournament.name }, [el('sport', f.sport)]),
        el('competitors', {}, [
          el('competitor', { ...f.home, qualifier: 'home' }),
          el('competitor', { ...f.away, qualifier: 'away' }),
        ]),
      ]),
    ]),
  );

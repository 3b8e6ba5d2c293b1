import { sql } from 'drizzle-orm';
import { parsePrice } from '../../../../shared/sports/price.ts';
import { queryRows, type Tx } from '../../../db/client.ts';
import { sportsClock } from '../clock.ts';
import { historyOf } from '../price-history.ts';
import { catalogueEntry, marketExternalId, uofSportUrn } from './catalogue.ts';
import { UOF_SOURCE } from './uof-apply.ts';
import type { EventMessage } from './uof-messages.ts';

type OddsChange = Extract<EventMessage, { kind: 'odds_change' }>;

/**
 * The common case of a fast feed, set-based: price moves on markets the book already has. For a
 * batch's folded odds_change messages (one per event) that carry no event status and whose every
 * market is in the catalogue and in the book, the same writes as `oddsChange` (uof-apply.ts) — the
 * event's producer, each selection's price and activity, each market's feed status, open only while
 * its producer is up and its event takes bets, its version stepped once per change — in four
 * statements for the whole batch instead of a dozen per event. Markets are locked first, in id order,
 * as a placement locks them. Answers the events it did not take (applied one by one, as before).
 */
export async function applyPricesInBulk(tx: Tx, messages: OddsChange[]): Promise<Set<string>> {
  const left = new Set<string>();
  const plain = messages.filter((m) => {
    if (m.sport_event_status || (m.odds?.market ?? []).length === 0) left.add(m.event_id);
    return !left.has(m.event_id);
  });
  if (plain.length === 0) return left;
  // The events and which of the batch's producers are up, in one read.
  const products = [...new Set(plain.map((m) => Number(m.product)))];
  const rows = await queryRows<{ id: number; urn: string; sport: string; status: string; up: number[] }>(
    tx,
    sql`select e.id, e.external_id as urn, s.code as sport, e.status,
          (select coalesce(jsonb_agg(p.product), '[]') from sb_uof_producers p where p.state = 'up'
            and p.product in (select (jsonb_array_elements_text(${JSON.stringify(products)}::jsonb))::int)) as up
        from (select 1) one
        left join (sb_events e join sb_competitions c on c.id = e.competition_id join sb_sports s on s.id = c.sport_id)
          on e.source = ${UOF_SOURCE} and e.external_id in (select jsonb_array_elements_text(${JSON.stringify(plain.map((m) => m.event_id))}::jsonb))`,
  );
  const up = new Set((rows[0]?.up ?? []).map(Number));
  const events = new Map(rows.filter((e) => e.urn !== null).map((e) => [e.urn, { ...e, id: Number(e.id) }]));
  const externalIds = plain.flatMap((m) =>
    (m.odds?.market ?? []).map((mk) => marketExternalId(m.event_id, mk.id, mk.specifiers)),
  );
  const markets = new Map(
    (
      await queryRows<{ id: number; external_id: string; status: string }>(
        tx,
        sql`select id, external_id, status from sb_markets where source = ${UOF_SOURCE}
              and external_id in (select jsonb_array_elements_text(${JSON.stringify(externalIds)}::jsonb))
            order by id for update`,
      )
    ).map((r) => [r.external_id, { id: Number(r.id), status: r.status }]),
  );
  const producers: { id: number; product: number }[] = [];
  const prices: { m: number; key: string; num: number; den: number }[] = [];
  const active: { m: number; key: string; open: boolean }[] = [];
  const follow: { m: number; feed: boolean; status: string }[] = [];
  for (const m of plain) {
    const ev = events.get(m.event_id);
    if (!ev) {
      left.add(m.event_id);
      continue;
    }
    const sport = uofSportUrn(ev.sport);
    const open = up.has(Number(m.product)) && (ev.status === 'scheduled' || ev.status === 'live');
    const mine = { prices: [] as typeof prices, active: [] as typeof active, follow: [] as typeof follow };
    let whole = true;
    for (const market of m.odds?.market ?? []) {
      const entry = await catalogueEntry(tx, sport, Number(market.id));
      const found = markets.get(marketExternalId(m.event_id, market.id, market.specifiers));
      if (!entry || !found) {
        whole = false; // a market to open, or a note to make: the one-by-one path does it
        break;
      }
      if (found.status !== 'open' && found.status !== 'suspended') continue; // settled or void: left alone
      const keyOf = new Map(entry.outcomes.map((o) => [o.id, o.key]));
      for (const o of market.outcome) {
        const key = keyOf.get(o.id);
        if (!key) continue;
        const price = o.odds ? parsePrice(o.odds, 'decimal') : undefined;
        if (price) mine.prices.push({ m: found.id, key, num: Number(price.num), den: Number(price.den) });
        if (o.active) mine.active.push({ m: found.id, key, open: o.active === '1' });
      }
      const feed = (market.status ?? '1') === '1';
      mine.follow.push({ m: found.id, feed, status: feed && open ? 'open' : 'suspended' });
    }
    if (!whole) {
      left.add(m.event_id);
      continue;
    }
    producers.push({ id: ev.id, product: Number(m.product) });
    prices.push(...mine.prices);
    active.push(...mine.active);
    follow.push(...mine.follow);
  }
  if (producers.length === 0) return left;
  // The event's producer and the outcomes' activity in one statement (two tables; the prices are
  // another statement, as one statement must not update a selection twice).
  await tx.execute(
    sql`with producers as (
          update sb_events e set feed_producer = x.product from jsonb_to_recordset(${JSON.stringify(producers)}::jsonb) as x(id int8, product int)
          where e.id = x.id and e.feed_producer is distinct from x.product)
        update sb_selections s set open = x.open from jsonb_to_recordset(${JSON.stringify(active)}::jsonb) as x(m int8, key text, open boolean)
        where s.market_id = x.m and s.key = x.key and s.open is distinct from x.open`,
  );
  // The moves, their price history (price-history.ts) and the markets in one statement: one version
  // step for new prices (setPrices) and one for a change of status (followFeed).
  await tx.execute(
    sql`with moved as (
          update sb_selections s set price_num = x.num, price_den = x.den
          from jsonb_to_recordset(${JSON.stringify(prices)}::jsonb) as x(m int8, key text, num int8, den int8)
          where s.market_id = x.m and s.key = x.key and (s.price_num, s.price_den) is distinct from (x.num, x.den)
          returning s.id, s.market_id, s.price_num, s.price_den),
        kept as (${historyOf('moved', 'feed')})
        update sb_markets k set feed_active = x.feed, status = x.status,
          version = k.version + (case when k.id in (select market_id from moved) then 1 else 0 end)
            + (case when k.status <> x.status then 1 else 0 end),
          suspended_at = case when x.status = 'suspended' and k.status = 'open' then ${sportsClock.now()}::timestamptz else k.suspended_at end
        from jsonb_to_recordset(${JSON.stringify(follow)}::jsonb) as x(m int8, feed boolean, status text)
        where k.id = x.m and k.status in ('open', 'suspended')`,
  );
  return left;
}

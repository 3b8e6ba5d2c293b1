import { sql } from 'drizzle-orm';
import { frac } from '../../../shared/sports/fraction.ts';
import { formatDecimal } from '../../../shared/sports/price.ts';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { intArray } from '../../db/sql-array.ts';
import { loginsOf } from '../../modules/accounts/accounts.service.ts';
import { alertsOfBets } from './alerts/alerts.service.ts';

const SHOWN = 50;

/** The newest bets (by id, the primary key), each with its member's login and its legs' event, market, selection and price. */
export async function recentBets(db: DbOrTx, limit = SHOWN) {
  const bets = await queryRows<{
    id: number;
    player_id: string;
    currency: string;
    total_stake: number;
    potential_return: number;
    status: string;
    kind: string;
    live: boolean;
    placed_at: Date;
  }>(
    db,
    sql`select id, player_id, currency, total_stake, potential_return, status, kind, live, placed_at
        from sb_bets order by id desc limit ${limit}`,
  );
  if (bets.length === 0) return [];
  const legs = await queryRows<{
    bet_id: number;
    event: string;
    market: string;
    selection: string;
    price_num: number;
    price_den: number;
  }>(
    db,
    sql`select l.bet_id, e.name as event, m.name as market, s.name as selection, l.price_num, l.price_den
        from sb_bet_legs l join sb_events e on e.id = l.event_id join sb_markets m on m.id = l.market_id
        join sb_selections s on s.id = l.selection_id
        where l.bet_id = any(${intArray(bets.map((b) => Number(b.id)))}::int8[]) order by l.bet_id, l.idx`,
  );
  const alerts = await alertsOfBets(
    db,
    bets.map((b) => Number(b.id)),
  );
  const logins = await loginsOf(
    db,
    bets.map((b) => Number(b.player_id)),
  );
  return bets.map((b) => ({
    id: Number(b.id),
    playerId: b.player_id,
    member: logins.get(Number(b.player_id)) ?? null,
    currency: b.currency,
    totalStake: Number(b.total_stake),
    potentialReturn: Number(b.potential_return),
    status: b.status,
    kind: b.kind,
    live: b.live,
    placedAt: new Date(b.placed_at).toISOString(),
    legs: legs
      .filter((l) => Number(l.bet_id) === Number(b.id))
      .map((l) => ({
        event: l.event,
        market: l.market,
        selection: l.selection,
        price: formatDecimal(frac(BigInt(l.price_num), BigInt(l.price_den))),
      })),
    alerts: alerts.filter((a) => a.betId === Number(b.id)),
  }));
}

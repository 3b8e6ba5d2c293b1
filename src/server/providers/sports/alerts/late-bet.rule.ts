import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../../db/client.ts';
import type { BookSettings } from '../settings.ts';
import type { AlertBet, NewAlert } from './alert-types.ts';

/**
 * A bet just before its market stopped taking bets. A pre-match bet is judged at placement against
 * its event's start; a bet stop is not known in advance, so when one arrives the bets accepted on the
 * stopped markets in the seconds before it are flagged (`lateBeforeStop`).
 */
export function lateBeforeStart(bet: AlertBet, s: BookSettings): NewAlert[] {
  if (s.alertLateSeconds === 0 || bet.live) return [];
  const before = Math.min(...bet.legs.map((l) => (l.startsAt.getTime() - bet.placedAt.getTime()) / 1000));
  if (!(before >= 0 && before <= s.alertLateSeconds)) return [];
  return [
    {
      key: `late_bet:${bet.id}`,
      rule: 'late_bet',
      betId: bet.id,
      detail: { seconds: Math.round(before), before: 'start' },
    },
  ];
}

/** The bets on these markets accepted within the desk's seconds before `stoppedAt`. */
export async function lateBeforeStop(
  db: DbOrTx,
  s: BookSettings,
  marketIds: number[],
  stoppedAt: Date,
): Promise<NewAlert[]> {
  if (s.alertLateSeconds === 0 || marketIds.length === 0) return [];
  const from = new Date(stoppedAt.getTime() - s.alertLateSeconds * 1000);
  const rows = await queryRows<{ id: number; placed_at: Date }>(
    db,
    sql`select distinct b.id, b.placed_at from sb_bets b join sb_bet_legs l on l.bet_id = b.id
        where l.market_id in (select (jsonb_array_elements_text(${JSON.stringify(marketIds)}::jsonb))::int8)
          and b.placed_at >= ${from.toISOString()}::timestamptz and b.placed_at <= ${stoppedAt.toISOString()}::timestamptz
          and b.status <> 'refused'`,
  );
  return rows.map((r) => ({
    key: `late_bet:${Number(r.id)}`,
    rule: 'late_bet',
    betId: Number(r.id),
    detail: {
      seconds: Math.round((stoppedAt.getTime() - new Date(r.placed_at).getTime()) / 1000),
      before: 'bet_stop',
    },
  }));
}

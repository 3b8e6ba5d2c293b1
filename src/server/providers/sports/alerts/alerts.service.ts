import { sql } from 'drizzle-orm';
import type { AlertRule } from '../../../../shared/contract/admin/sports-alerts.ts';
import { type Db, type DbOrTx, queryRows } from '../../../db/client.ts';
import { LIVE_CHANNEL } from '../../../db/constants.ts';
import { accountsOpenedAt, loginsOf } from '../../../modules/accounts/accounts.service.ts';
import { type BookSettings, bookSettings } from '../settings.ts';
import type { AlertBet, NewAlert, TakenBet } from './alert-types.ts';
import { bigStake } from './big-stake.rule.ts';
import { lateBeforeStart, lateBeforeStop } from './late-bet.rule.ts';
import { newAccount } from './new-account.rule.ts';
import { sameIp } from './same-ip.rule.ts';

/** Tells the desk's ticker (the live hub's `bets` event, as sql/notify_bets.sql does) that a bet's alerts changed. */
const tickerChanged = (db: DbOrTx) =>
  db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify({ k: 'bets' })})`);

/** Stores alerts, each once (its key); tells the desk's ticker when one is new. Answers how many were new. */
async function store(db: DbOrTx, alerts: NewAlert[]): Promise<number> {
  if (alerts.length === 0) return 0;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`insert into sb_ticker_alerts (key, rule, bet_id, detail)
        select x.key, x.rule, x.bet_id, x.detail
        from jsonb_to_recordset(${JSON.stringify(alerts.map((a) => ({ ...a, bet_id: a.betId })))}::jsonb)
          as x(key text, rule text, bet_id int8, detail jsonb)
        on conflict (key) do nothing returning id`,
  );
  if (rows.length > 0) await tickerChanged(db);
  return rows.length;
}

/** The bet as the rules read it: the bet and its legs' start times in one query, then the member's account age. */
async function alertBet(db: DbOrTx, betId: number): Promise<AlertBet | undefined> {
  const [bet] = await queryRows<{
    id: number;
    player_id: string;
    currency: string;
    total_stake: number;
    live: boolean;
    placed_at: Date;
    placed_ip: string | null;
    legs: { selection_id: number; starts_at: string }[];
  }>(
    db,
    sql`select b.id, b.player_id, b.currency, b.total_stake, b.live, b.placed_at, b.placed_ip,
               (select coalesce(jsonb_agg(jsonb_build_object('selection_id', l.selection_id, 'starts_at', e.starts_at)
                                          order by l.idx), '[]'::jsonb)
                from sb_bet_legs l join sb_events e on e.id = l.event_id where l.bet_id = b.id) as legs
        from sb_bets b where b.id = ${betId} and b.status <> 'refused'`,
  );
  if (!bet) return undefined;
  const since = await accountsOpenedAt(db, [Number(bet.player_id)]);
  return {
    id: Number(bet.id),
    playerId: bet.player_id,
    currency: bet.currency,
    totalStake: Number(bet.total_stake),
    live: bet.live,
    placedAt: new Date(bet.placed_at),
    placedIp: bet.placed_ip,
    accountSince: since.get(Number(bet.player_id)) ?? null,
    legs: bet.legs.map((l) => ({ selectionId: Number(l.selection_id), startsAt: new Date(l.starts_at) })),
  };
}

/** Runs the placement rules on a bet, read back by its id. A repeated run stores nothing new. */
export async function alertOnPlacement(db: Db, betId: number): Promise<number> {
  const bet = await alertBet(db, betId);
  if (!bet) return 0;
  return placementRules(db, bet, await bookSettings(db));
}

/**
 * Runs the placement rules on a bet this process just took, from what the placement knew (the bet,
 * the settings it was checked by): no read of the bet back, and the member's account age read only
 * when the new-account rule could raise an alert for this stake.
 */
export async function alertOnTaken(db: Db, taken: TakenBet, s: BookSettings): Promise<number> {
  const over = s.alertNewAccountStake[taken.currency];
  const playerId = Number(taken.playerId);
  const mayBeNew = s.alertNewAccountDays > 0 && over !== undefined && taken.totalStake > over;
  const accountSince = mayBeNew ? ((await accountsOpenedAt(db, [playerId])).get(playerId) ?? null) : null;
  return placementRules(db, { ...taken, accountSince }, s);
}

async function placementRules(db: Db, bet: AlertBet, s: BookSettings): Promise<number> {
  return store(db, [
    ...bigStake(bet, s),
    ...newAccount(bet, s),
    ...lateBeforeStart(bet, s),
    ...(await sameIp(db, bet, s)),
  ]);
}

/** A bet stop arrived for these markets: flags the bets accepted in the seconds before it. */
export async function alertOnBetStop(db: DbOrTx, marketIds: number[], at: Date): Promise<number> {
  return store(db, await lateBeforeStop(db, await bookSettings(db), marketIds, at));
}

interface AlertRow {
  id: number;
  rule: AlertRule;
  bet_id: number;
  detail: Record<string, string | number>;
  created_at: Date;
  dismissed_at: Date | null;
  dismissed_by: string | null;
}
const shape = (a: AlertRow) => ({
  id: Number(a.id),
  rule: a.rule,
  betId: Number(a.bet_id),
  detail: a.detail,
  createdAt: new Date(a.created_at).toISOString(),
  dismissedAt: a.dismissed_at ? new Date(a.dismissed_at).toISOString() : null,
  dismissedBy: a.dismissed_by,
});

/** The alerts of these bets (the ticker shows them on their rows). */
export async function alertsOfBets(db: DbOrTx, betIds: number[]) {
  if (betIds.length === 0) return [];
  const rows = await queryRows<AlertRow>(
    db,
    sql`select id, rule, bet_id, detail, created_at, dismissed_at, dismissed_by from sb_ticker_alerts
        where bet_id in (select (jsonb_array_elements_text(${JSON.stringify(betIds)}::jsonb))::int8) order by id`,
  );
  return rows.map(shape);
}

const PAGE = 30;

/** The alert list a trader filters: newest first, by rule and state, 30 a page (keyset on id). */
export async function listAlerts(
  db: DbOrTx,
  q: { rule?: AlertRule; state?: 'open' | 'dismissed' | 'all'; before?: number },
) {
  const state = q.state ?? 'open';
  const rows = await queryRows<AlertRow & { player_id: string; currency: string; total_stake: number }>(
    db,
    sql`select a.id, a.rule, a.bet_id, a.detail, a.created_at, a.dismissed_at, a.dismissed_by,
          b.player_id, b.currency, b.total_stake
        from sb_ticker_alerts a join sb_bets b on b.id = a.bet_id
        where true ${q.rule ? sql`and a.rule = ${q.rule}` : sql``}
          ${state === 'open' ? sql`and a.dismissed_at is null` : state === 'dismissed' ? sql`and a.dismissed_at is not null` : sql``}
          ${q.before ? sql`and a.id < ${q.before}` : sql``}
        order by a.id desc limit ${PAGE + 1}`,
  );
  const page = rows.slice(0, PAGE);
  const logins = await loginsOf(
    db,
    page.map((r) => Number(r.player_id)),
  );
  return {
    alerts: page.map((r) => ({
      ...shape(r),
      member: logins.get(Number(r.player_id)) ?? null,
      currency: r.currency,
      totalStake: Number(r.total_stake),
    })),
    next: rows.length > PAGE ? Number(page.at(-1)!.id) : null,
  };
}

/** Dismisses an open alert; answers false when it is unknown or already dismissed. */
export async function dismissAlert(db: DbOrTx, id: number, by: string): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update sb_ticker_alerts set dismissed_at = now(), dismissed_by = ${by}
        where id = ${id} and dismissed_at is null returning id`,
  );
  if (rows.length > 0) await tickerChanged(db);
  return rows.length > 0;
}

import { sql } from 'drizzle-orm';
import type { RealityChoice } from '../../../shared/vocabulary.ts';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { auditProtection } from './protection-audit.ts';

export const DEFAULT_REALITY_MINUTES = 60;

/** The member's reality check interval (minutes): their choice, or 60. */
export async function realityMinutes(db: DbOrTx, memberId: number): Promise<number> {
  const [row] = await queryRows<{ m: number }>(
    db,
    sql`select reality_check_minutes as m from protection_preferences where member_id = ${memberId}`,
  );
  return row ? Number(row.m) : DEFAULT_REALITY_MINUTES;
}

export async function setRealityMinutes(db: DbOrTx, memberId: number, minutes: number, ip?: string) {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`insert into protection_preferences (member_id, reality_check_minutes) values (${memberId}, ${minutes})
          on conflict (member_id) do update set reality_check_minutes = excluded.reality_check_minutes`,
    );
    await auditProtection(tx, memberId, 'reality_interval', { minutes }, ip);
  });
}

const PAGE = 500;

/**
 * This login session's play: when it started, and the stakes and wins of the game rounds opened since
 * (sports bets are rounds too). Read newest first by the index game_rounds_member, a page at a time,
 * stopping at the first round older than the session: bounded by this session's rounds, not history.
 */
export async function sessionPlay(db: DbOrTx, memberId: number, sessionId: number) {
  const [session] = await queryRows<{ created_at: Date | string }>(
    db,
    sql`select created_at from sessions where id = ${sessionId} and member_id = ${memberId}`,
  );
  const startedAt = new Date(session!.created_at);
  let stakes = 0;
  let wins = 0;
  let before = Number.MAX_SAFE_INTEGER;
  for (;;) {
    const rows = await queryRows<{
      id: number;
      total_bet: number;
      total_win: number;
      opened_at: Date | string;
    }>(
      db,
      sql`select id, total_bet, total_win, opened_at from game_rounds
          where member_id = ${memberId} and id < ${before} order by id desc limit ${PAGE}`,
    );
    for (const r of rows) {
      if (new Date(r.opened_at) < startedAt) return { startedAt, stakes, wins, net: wins - stakes };
      stakes += Number(r.total_bet);
      wins += Number(r.total_win);
    }
    if (rows.length < PAGE) return { startedAt, stakes, wins, net: wins - stakes };
    before = Number(rows[rows.length - 1]!.id);
  }
}

/** The member's answer to a reality check, kept as a protection event (and in the audit log). */
export async function recordRealityAnswer(
  db: DbOrTx,
  memberId: number,
  answer: { choice: RealityChoice; minutesPlayed: number; net: number; where: string },
  ip?: string,
) {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`insert into protection_events (member_id, kind, detail)
          values (${memberId}, 'reality_check', ${JSON.stringify(answer)}::jsonb)`,
    );
    await auditProtection(tx, memberId, 'reality_check', answer, ip);
  });
}

import { sql } from 'drizzle-orm';
import type { RealityChoice } from '../../../shared/vocabulary.ts';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { sessionStartedAt } from '../accounts/sessions.service.ts';
import { memberPlaySince } from '../games/wallet/rounds.service.ts';
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

/**
 * This login session's play: when it started, and the stakes and wins of the game rounds opened since
 * (the accounts module's session, the wallet's rounds).
 */
export async function sessionPlay(db: DbOrTx, memberId: number, sessionId: number) {
  const startedAt = (await sessionStartedAt(db, memberId, sessionId))!;
  const { stakes, wins } = await memberPlaySince(db, memberId, startedAt);
  return { startedAt, stakes, wins, net: wins - stakes };
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

import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { intArray } from '../../db/sql-array.ts';
import { tellMembersBriefly } from '../../modules/inbox/news.service.ts';

/**
 * Tells each winner on screen that a bet was settled and what it paid, once the wallet confirmed the
 * payment (these settlement steps were just marked paid). A lost bet moves no money then: nothing to tell.
 * Best effort: a failure here never holds up the payments.
 */
export async function tellSettledWins(db: Db, paidStepIds: number[]): Promise<void> {
  if (paidStepIds.length === 0) return;
  const rows = await queryRows<{ player_id: string; amount: number }>(
    db,
    sql`select b.player_id, s.amount from sb_settlements s join sb_bets b on b.id = s.bet_id
        where s.id = any(${intArray(paidStepIds)}::int8[]) and s.wallet_op = 'win' and s.amount > 0`,
  );
  const items = rows
    .map((r) => ({ memberId: Number(r.player_id), amount: Number(r.amount) }))
    .filter((r) => Number.isSafeInteger(r.memberId) && r.memberId > 0)
    .map((r) => ({ memberId: r.memberId, key: 'betSettled' as const, params: { amount: r.amount } }));
  await tellMembersBriefly(db, items).catch(() => undefined);
}

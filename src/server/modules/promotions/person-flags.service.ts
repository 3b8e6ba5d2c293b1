import { count, desc, eq, sql } from 'drizzle-orm';
import type { PERSON_FLAG_REASONS, PERSON_FLAG_STATUSES } from '../../../shared/promotions.ts';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { errors } from '../../http/errors.ts';
import { memberCards } from '../accounts/members.service.ts';
import { appendAudit } from '../backoffice/audit.service.ts';
import { promoPersonFlags } from './promotions.schema.ts';

/**
 * At a welcome bonus's grant (inside its transaction): flags each other member who already had a welcome
 * bonus and shares the member's bank account number, phone, or a device and address
 * (sql/promo_person_matches.sql), once per pair and reason, audited as `promotions.person.flag`. The
 * grant stands: an operator reviews the flags. How many it added.
 */
export async function flagSamePerson(tx: DbOrTx, memberId: number, bonusId: number): Promise<number> {
  const matches = await queryRows<{ other_member_id: number; reason: (typeof PERSON_FLAG_REASONS)[number] }>(
    tx,
    sql`select other_member_id, reason from promo_person_matches(${memberId})`,
  );
  if (matches.length === 0) return 0;
  const added = await tx
    .insert(promoPersonFlags)
    .values(
      matches.map((m) => ({ memberId, otherMemberId: Number(m.other_member_id), reason: m.reason, bonusId })),
    )
    .onConflictDoNothing()
    .returning({
      id: promoPersonFlags.id,
      otherMemberId: promoPersonFlags.otherMemberId,
      reason: promoPersonFlags.reason,
    });
  if (added.length > 0) {
    await appendAudit(tx, {
      operatorId: null,
      operatorLogin: 'system:promotions',
      action: 'promotions.person.flag',
      target: `member:${memberId}`,
      after: { bonusId, flags: added },
    });
  }
  return added.length;
}

export const FLAGS_PER_PAGE = 20;

/**
 * One page of flags (of one status, or all: open ones first), newest first, each with both members'
 * logins and what matched (sql/promo_person_flag_detail.sql), and how many there are in all.
 */
export async function listPersonFlags(
  db: DbOrTx,
  filter: { status?: (typeof PERSON_FLAG_STATUSES)[number] | undefined; page: number },
) {
  const where = filter.status ? eq(promoPersonFlags.status, filter.status) : undefined;
  const rows = await db
    .select({
      flag: promoPersonFlags,
      matched: sql<
        string | null
      >`promo_person_flag_detail(${promoPersonFlags.memberId}, ${promoPersonFlags.otherMemberId}, ${promoPersonFlags.reason})`,
    })
    .from(promoPersonFlags)
    .where(where)
    .orderBy(sql`${promoPersonFlags.status} = 'open' desc`, desc(promoPersonFlags.id))
    .limit(FLAGS_PER_PAGE)
    .offset((filter.page - 1) * FLAGS_PER_PAGE);
  const [counted] = await db.select({ n: count() }).from(promoPersonFlags).where(where);
  const cards = await memberCards(
    db,
    rows.flatMap((r) => [r.flag.memberId, r.flag.otherMemberId]),
  );
  return {
    flags: rows.map(({ flag, matched }) => ({
      ...flag,
      memberLogin: cards.get(flag.memberId)?.loginId ?? '',
      otherLogin: cards.get(flag.otherMemberId)?.loginId ?? '',
      matched,
    })),
    total: counted?.n ?? 0,
    perPage: FLAGS_PER_PAGE,
  };
}

/** An operator clears or confirms an open flag with their reason (inside the caller's audited transaction). */
export async function decidePersonFlag(
  tx: DbOrTx,
  id: number,
  decision: { status: 'cleared' | 'confirmed'; reason: string },
  by: string,
) {
  const [before] = await tx.select().from(promoPersonFlags).where(eq(promoPersonFlags.id, id)).for('update');
  if (!before) throw errors.notFound(`flag ${id}`);
  if (before.status !== 'open') throw errors.conflict(`flag ${id} was already ${before.status}`);
  const [after] = await tx
    .update(promoPersonFlags)
    .set({ status: decision.status, decisionReason: decision.reason, decidedAt: new Date(), decidedBy: by })
    .where(eq(promoPersonFlags.id, id))
    .returning();
  return { before, after: after! };
}

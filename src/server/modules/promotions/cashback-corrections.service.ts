import { eq, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { appendAudit } from '../backoffice/audit.service.ts';
import { tellMember } from '../inbox/news.service.ts';
import { accountIdSql, lockMemberCashAndHouse, transfer } from '../ledger/ledger.service.ts';
import { findCampaign } from './campaigns.service.ts';
import { cashbackAmount } from './cashback-amount.ts';
import { lastDayOf } from './cashback-periods.ts';
import { grantBonus } from './grants.service.ts';
import {
  promoCashbackCorrections,
  promoCashbackPayments,
  promoCashbackRechecks,
} from './promotions.schema.ts';

/** At most this many queued decisions a pass (the queue holds only decisions a correction touched). */
export const RECHECKS_PER_PASS = 500;

/** What the payment's rounds say now, and what the member was paid for it so far (payment and corrections). */
const recomputedSql = (paymentId: number) =>
  sql`select p.member_id, p.campaign_id, p.paid_as, p.percent_bps, p.cap, p.period_start::text as period_start,
             p.period_end::text as period_end, n.net, n.unsettled,
             (p.amount + coalesce((select sum(k.amount) from promo_cashback_corrections k where k.payment_id = p.id), 0))::int8 as paid,
             (select count(*) from promo_cashback_corrections k where k.payment_id = p.id)::int as corrections,
             (select coalesce(sum(k.written_off - case when k.amount > 0 then k.amount - coalesce(b.amount, 0) else 0 end), 0)
              from promo_cashback_corrections k left join promo_bonuses b on b.id = k.bonus_id
              where k.payment_id = p.id)::int8 as kept
      from promo_cashback_payments p
      cross join lateral promo_cashback_net(p.member_id, p.covers_from, p.covers_until, p.id) n
      where p.id = ${paymentId}`;

type Recomputed = {
  member_id: number;
  campaign_id: number;
  paid_as: 'cash' | 'bonus';
  percent_bps: number;
  cap: number | null;
  period_start: string;
  period_end: string;
  net: number;
  unsettled: boolean;
  paid: number;
  corrections: number;
  /** Bonus: what was written off and is still with the member (not yet counted against a top-up). */
  kept: number;
};

/** Thrown inside a correction's transaction to undo it: a bonus top-up while another bonus runs waits. */
class WaitForBonus extends Error {}

export type CorrectionOutcome = 'corrected' | 'unchanged' | 'waiting';

/**
 * Recomputes one paid cashback decision from its rounds as they are now and moves the difference, in
 * its own transaction. The member's cash and the house rows are locked first (the order every move of
 * that cash takes), then the payment's row: two passes at once, or a retry, each recompute what is
 * still owed under that lock, so each correction of the rounds is paid or taken back once. A round of it
 * open again (unsettled, waiting for its new result) waits for a later pass.
 * Cash: a top-up is a transfer from the promotions expense (`cashback-correction:<id>`) that pays the
 * member's debt first; a shortfall is taken from cash back to the expense and what cash does not hold
 * becomes a debt (promo_cashback_take_back), never a negative balance. Bonus: a top-up is a new bonus of
 * the campaign (waits while another bonus runs); a shortfall is written off: the bonus was wagered,
 * converted or forfeited under the campaign's terms, and is not taken from cash. The member is told (a
 * note, `cashbackCorrected`, with the signed amount and the period), and it is audited.
 */
export async function correctCashback(db: Db, paymentId: number): Promise<CorrectionOutcome> {
  const [payment] = await db
    .select({ memberId: promoCashbackPayments.memberId, campaignId: promoCashbackPayments.campaignId })
    .from(promoCashbackPayments)
    .where(eq(promoCashbackPayments.id, paymentId));
  const campaign = payment && (await findCampaign(db, payment.campaignId));
  if (!payment || !campaign) {
    await db.delete(promoCashbackRechecks).where(eq(promoCashbackRechecks.paymentId, paymentId));
    return 'unchanged';
  }
  const memberId = Number(payment.memberId);
  try {
    return await db.transaction(async (tx) => {
      await lockMemberCashAndHouse(tx, memberId, ['game_revenue', 'promo_expense']);
      await queryRows(tx, sql`select id from promo_cashback_payments where id = ${paymentId} for update`);
      // Off the queue with this recompute: a correction committed before it is in what it reads (it held
      // the member's cash, locked above), one after it queues the decision again.
      await tx.delete(promoCashbackRechecks).where(eq(promoCashbackRechecks.paymentId, paymentId));
      const [now] = await queryRows<Recomputed>(tx, recomputedSql(paymentId));
      if (!now) return 'unchanged';
      if (now.unsettled) {
        // Back on the queue, behind the others: a round of it waits for its new result.
        await tx.insert(promoCashbackRechecks).values({ paymentId });
        return 'waiting';
      }
      const net = Number(now.net);
      // Under the terms the decision was taken under, not the campaign's as edited since.
      const terms = { percentBps: Number(now.percent_bps), cap: now.cap === null ? null : Number(now.cap) };
      const diff = cashbackAmount(terms, Math.max(net, 0)) - Number(now.paid);
      if (diff === 0) return 'unchanged';
      const [row] = await tx
        .insert(promoCashbackCorrections)
        .values({ paymentId, seq: Number(now.corrections) + 1, netLoss: net, amount: diff })
        .returning();
      if (!row) return 'unchanged';
      const reference = { campaignId: campaign.id, cashbackId: paymentId, correctionId: row.id };
      const key = `cashback-correction:${row.id}`;
      const after: Record<string, unknown> = {
        ...reference,
        netLoss: net,
        amount: diff,
        paidAs: now.paid_as,
      };
      if (now.paid_as === 'bonus') {
        // A shortfall written off earlier stayed with the member: owed again, it is not granted again.
        const grant = diff - Math.min(diff, Math.max(Number(now.kept), 0));
        if (diff > 0 && grant > 0) {
          const granted = await grantBonus(tx, {
            campaign,
            memberId,
            amount: grant,
            deposit: 0,
            grantKey: key,
            by: 'system:cashback',
          });
          if (granted.outcome !== 'granted') throw new WaitForBonus();
          after.bonusId = granted.bonus.id;
          await tx
            .update(promoCashbackCorrections)
            .set({ bonusId: granted.bonus.id })
            .where(eq(promoCashbackCorrections.id, row.id));
        }
        if (diff > 0) {
          if (grant < diff) after.keptBefore = diff - grant;
        } else {
          after.writtenOff = -diff;
          await tx
            .update(promoCashbackCorrections)
            .set({ writtenOff: -diff })
            .where(eq(promoCashbackCorrections.id, row.id));
        }
      } else if (diff > 0) {
        await topUpCash(tx, memberId, key, row.id, diff, reference);
      } else {
        const [{ debt }] = (await queryRows<{ debt: number }>(
          tx,
          sql`select promo_cashback_take_back(${memberId}, ${accountIdSql({ memberId, kind: 'cash' }, memberId)},
                ${accountIdSql({ house: 'promo_expense' }, memberId)}, ${paymentId}, ${key}, ${-diff}::int8,
                ${JSON.stringify(reference)}::jsonb) as debt`,
        )) as [{ debt: number }];
        after.debt = Number(debt);
        await tx
          .update(promoCashbackCorrections)
          .set({ debt: Number(debt) })
          .where(eq(promoCashbackCorrections.id, row.id));
      }
      await tellMember(
        tx,
        memberId,
        'cashbackCorrected',
        {
          amount: diff,
          from: now.period_start,
          until: lastDayOf({ from: now.period_start, to: now.period_end }),
        },
        { lasting: true },
      );
      await appendAudit(tx, {
        operatorId: null,
        operatorLogin: 'system:cashback',
        action: 'promotions.cashback.correct',
        target: `member:${memberId}`,
        after,
      });
      return 'corrected';
    });
  } catch (error) {
    if (!(error instanceof WaitForBonus)) throw error;
    // Behind the others (its undone transaction left it at the head): a queue whose head is top-ups
    // waiting for bonuses that run for days would otherwise hold every other correction back.
    await db
      .update(promoCashbackRechecks)
      .set({ queuedAt: sql`now()` })
      .where(eq(promoCashbackRechecks.paymentId, paymentId));
    return 'waiting';
  }
}

/** A cash top-up: promotions expense → cash, then the member's debt first (as the cashback itself does). */
async function topUpCash(
  tx: Tx,
  memberId: number,
  key: string,
  correctionId: number,
  amount: number,
  reference: Record<string, number>,
) {
  await transfer(tx, {
    idempotencyKey: key,
    from: { house: 'promo_expense' },
    to: { memberId, kind: 'cash' },
    amount,
    kind: 'cashback_correction',
    reference,
  });
  await queryRows(
    tx,
    sql`select wallet_collect_debt(${memberId}, ${accountIdSql({ memberId, kind: 'cash' }, memberId)},
          ${accountIdSql({ house: 'game_revenue' }, memberId)}, 'cashback-correction', '', ${String(correctionId)}, ${amount}::int8)`,
  );
}

/** What a pass of corrections did. */
export type CorrectionSweep = Record<CorrectionOutcome | 'failed', number>;

/**
 * Housekeeping (the end of payCashbacks, the job `cashback-payout`): the paid decisions a correction of
 * their rounds queued (a win resettled or unsettled, a round rolled back, a sports bet resettled:
 * promo_cashback_recheck), longest queued first, at most RECHECKS_PER_PASS, each recomputed by
 * correctCashback. One that fails stays queued and is told to `onFailure`.
 */
export async function correctCashbacks(
  db: Db,
  onFailure: (error: unknown, where: Record<string, unknown>) => void = () => {},
  limit = RECHECKS_PER_PASS,
): Promise<CorrectionSweep> {
  const done: CorrectionSweep = { corrected: 0, unchanged: 0, waiting: 0, failed: 0 };
  const due = await db
    .select({ id: promoCashbackRechecks.paymentId })
    .from(promoCashbackRechecks)
    .orderBy(promoCashbackRechecks.queuedAt, promoCashbackRechecks.paymentId)
    .limit(limit);
  for (const { id } of due) {
    try {
      done[await correctCashback(db, Number(id))] += 1;
    } catch (error) {
      done.failed += 1;
      onFailure(error, { cashbackId: Number(id) });
    }
  }
  return done;
}

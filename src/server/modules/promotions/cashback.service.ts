import { and, eq, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows, type Tx } from '../../db/client.ts';
import { appendAudit } from '../backoffice/audit.service.ts';
import { tellMember } from '../inbox/news.service.ts';
import { accountIdSql, lockMemberCashAndHouse, transfer } from '../ledger/ledger.service.ts';
import type { Campaign } from './campaigns.service.ts';
import { cashbackAmount } from './cashback-amount.ts';
import { correctCashbacks } from './cashback-corrections.service.ts';
import { type CashbackPeriod, endedCashbackPeriods, lastDayOf } from './cashback-periods.ts';
import { grantBonus } from './grants.service.ts';
import { assertOfferable } from './offer-rules.ts';
import { promoCampaigns, promoCashbackPayments, promoCashbackRuns } from './promotions.schema.ts';

/**
 * Cash cashback: one transfer from the promotions expense to the member's cash (key `cashback:<id>`),
 * and, from it, the member's debt first (wallet_collect_debt, as a win or a jackpot pays it: key
 * `debt-collection:cashback:<id>`). The net loss counts a round a correction took back as lost even
 * when its win was spent and is only owed: paid in full, an owed 1,000,000 written off later let the
 * member withdraw cashback on a loss they never had. The cash, game revenue and expense rows are
 * locked by ascending id first, the order a free spin takes them, so neither deadlocks.
 */
async function payCashInto(
  tx: Tx,
  memberId: number,
  paymentId: number,
  amount: number,
  reference: Record<string, string | number>,
): Promise<void> {
  await lockMemberCashAndHouse(tx, memberId, ['game_revenue', 'promo_expense']);
  await transfer(tx, {
    idempotencyKey: `cashback:${paymentId}`,
    from: { house: 'promo_expense' },
    to: { memberId, kind: 'cash' },
    amount,
    kind: 'cashback',
    reference,
  });
  await queryRows(
    tx,
    sql`select wallet_collect_debt(${memberId}, ${accountIdSql({ memberId, kind: 'cash' }, memberId)},
          ${accountIdSql({ house: 'game_revenue' }, memberId)}, 'cashback', '', ${String(paymentId)}, ${amount}::int8)`,
  );
}

/**
 * The losses were read before this payment's transaction (the sweep reads a period's members first): a
 * correction of one of its rounds since then found no decision to queue. Read again under the member's
 * cash, a net loss that differs (or a round open again) queues the decision for its recompute.
 */
async function recheckIfStale(tx: Tx, paymentId: number): Promise<void> {
  await queryRows(
    tx,
    sql`insert into promo_cashback_rechecks (payment_id)
        select p.id from promo_cashback_payments p
        cross join lateral promo_cashback_net(p.member_id, p.covers_from, p.covers_until, p.id) n
        where p.id = ${paymentId} and (n.unsettled or n.net <> p.net_loss)
        on conflict (payment_id) do nothing`,
  );
}

/** Thrown inside a payment's transaction to undo it: a bonus payout while another bonus runs waits. */
class WaitForBonus extends Error {}

interface SiteDays {
  id: number;
  first_day: string;
  last_day: string;
  today: string;
}

/** The campaign's sites with its first and last day and today in each one's zone (sql/promo_cashback_sites.sql). */
const siteDays = (db: DbOrTx, c: Campaign) =>
  queryRows<SiteDays>(
    db,
    sql`select site_id as id, first_day, last_day, today from promo_cashback_sites(${c.id})`,
  );

/**
 * The members of a site owed a decision for the period, with their net loss, and whether a round they
 * opened in it is still open (their decision then waits): sql/promo_cashback_losses.sql.
 */
const losers = (db: DbOrTx, c: Campaign, siteId: number, period: CashbackPeriod) =>
  queryRows<{ member_id: number; net: number; unsettled: boolean; since: string }>(
    db,
    sql`select member_id, net, unsettled, since::text as since from promo_cashback_losses(${c.id}, ${siteId}, ${period.from}::date, ${period.to}::date)`,
  );

export type CashbackOutcome = 'paid' | 'protected' | 'already' | 'waiting' | 'zero';

/**
 * Decides one member's cashback for one period, in its own transaction: the row first (its unique key
 * makes a concurrent or repeated run insert nothing and move nothing), then the money: cash by one
 * transfer from the promotions expense keyed `cashback:<id>`, or a bonus granted under the campaign's
 * wagering (grant key `cashback:<campaign>:<member>:<period>`). A member protected now (break,
 * exclusion, a limit reached) is recorded with nothing paid; one with another bonus running waits for
 * a later pass (nothing is recorded). Audited, and told to the member (a news line and a note).
 */
export async function payCashback(
  db: Db,
  c: Campaign,
  memberId: number,
  period: CashbackPeriod,
  netLoss: number,
  /** The instant the member's period was read from (promo_cashback_losses' `since`); else its first day's. */
  since?: string,
): Promise<CashbackOutcome> {
  const amount = cashbackAmount(c, netLoss);
  if (amount <= 0) return 'zero';
  try {
    return await db.transaction(async (tx) => {
      let outcome: 'paid' | 'protected' = 'paid';
      try {
        await assertOfferable(tx, memberId);
      } catch {
        outcome = 'protected';
      }
      // The member's cash first (the order every move of it takes): a correction of one of the
      // period's rounds (wallet_correct, wallet_rollback) holds it while it queues the decisions it
      // changes, so it either committed before the check below or queues this one after it commits.
      await lockMemberCashAndHouse(tx, memberId, ['game_revenue', 'promo_expense']);
      const [row] = await tx
        .insert(promoCashbackPayments)
        .values({
          campaignId: c.id,
          memberId,
          periodStart: period.from,
          periodEnd: period.to,
          netLoss,
          amount: outcome === 'paid' ? amount : 0,
          paidAs: c.cashbackPaidAs,
          outcome,
          percentBps: c.percentBps,
          cap: c.cap,
          // The period's local days as instants in the site's zone now, as promo_cashback_losses read them
          // (from the end of the decision before it, when a zone moved west left hours between the two).
          coversFrom:
            since === undefined
              ? sql`${period.from}::date::timestamp at time zone member_timezone(${memberId})`
              : sql`${since}::timestamptz`,
          coversUntil: sql`${period.to}::date::timestamp at time zone member_timezone(${memberId})`,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) return 'already';
      if (outcome === 'protected') return 'protected';
      await recheckIfStale(tx, row.id);
      let bonusId: number | null = null;
      if (c.cashbackPaidAs === 'bonus') {
        const granted = await grantBonus(tx, {
          campaign: c,
          memberId,
          amount,
          deposit: 0,
          grantKey: `cashback:${c.id}:${memberId}:${period.from}`,
          by: 'system:cashback',
        });
        if (granted.outcome !== 'granted') throw new WaitForBonus();
        bonusId = granted.bonus.id;
        await tx.update(promoCashbackPayments).set({ bonusId }).where(eq(promoCashbackPayments.id, row.id));
      } else {
        await payCashInto(tx, memberId, row.id, amount, {
          campaignId: c.id,
          cashbackId: row.id,
          periodStart: period.from,
        });
      }
      await appendAudit(tx, {
        operatorId: null,
        operatorLogin: 'system:cashback',
        action: 'promotions.cashback.pay',
        target: `member:${memberId}`,
        after: {
          cashbackId: row.id,
          campaignId: c.id,
          period,
          netLoss,
          amount,
          paidAs: c.cashbackPaidAs,
          bonusId,
        },
      });
      await tellMember(
        tx,
        memberId,
        c.cashbackPaidAs === 'bonus' ? 'cashbackBonus' : 'cashbackPaid',
        { amount, from: period.from, until: lastDayOf(period) },
        { lasting: true },
      );
      return 'paid';
    });
  } catch (error) {
    if (error instanceof WaitForBonus) return 'waiting';
    throw error;
  }
}

/** What a sweep did: each member's outcome, those whose rounds are still open, and those that failed. */
export type CashbackSweep = Record<CashbackOutcome | 'unsettled' | 'failed' | 'corrected', number>;

/** Told of a member whose cashback failed (the sweep goes on with the others). */
export type SweepFailure = (error: unknown, where: Record<string, unknown>) => void;

const runKey = (c: Campaign, siteId: number, period: CashbackPeriod) =>
  and(
    eq(promoCashbackRuns.campaignId, c.id),
    eq(promoCashbackRuns.siteId, siteId),
    eq(promoCashbackRuns.periodStart, period.from),
    eq(promoCashbackRuns.periodEnd, period.to),
  );

/**
 * Housekeeping: pays every ended period of every cashback campaign to the members it owes. One member
 * that fails is told to `onFailure` and counted, and the others are still paid (one bad row must not
 * stop everyone after it). A (campaign, site, period) whose every member was decided is recorded
 * (promo_cashback_runs) and not read again: the sweep runs every five minutes over 30 days of periods.
 * Last, the paid decisions whose rounds were corrected since are corrected (correctCashbacks).
 */
export async function payCashbacks(db: Db, onFailure: SweepFailure = () => {}): Promise<CashbackSweep> {
  const done: CashbackSweep = {
    paid: 0,
    protected: 0,
    already: 0,
    waiting: 0,
    zero: 0,
    unsettled: 0,
    failed: 0,
    corrected: 0,
  };
  const campaigns = await db
    .select()
    .from(promoCampaigns)
    .where(
      and(
        eq(promoCampaigns.type, 'cashback'),
        eq(promoCampaigns.enabled, true),
        sql`${promoCampaigns.startsAt} <= now()`,
        sql`${promoCampaigns.endsAt} > now() - interval '32 days'`,
      ),
    );
  for (const c of campaigns) {
    for (const site of await siteDays(db, c)) {
      for (const period of endedCashbackPeriods(
        site.first_day,
        site.last_day,
        site.today,
        c.cashbackPeriodDays,
      )) {
        const [finished] = await db
          .select()
          .from(promoCashbackRuns)
          .where(runKey(c, site.id, period));
        if (finished) continue;
        let open = false;
        for (const { member_id, net, unsettled, since } of await losers(db, c, site.id, period)) {
          if (unsettled) {
            done.unsettled += 1;
            open = true;
            continue;
          }
          try {
            const outcome = await payCashback(db, c, Number(member_id), period, Number(net), since);
            done[outcome] += 1;
            if (outcome === 'waiting') open = true;
          } catch (error) {
            done.failed += 1;
            open = true;
            onFailure(error, { campaignId: c.id, memberId: Number(member_id), period });
          }
        }
        // Recorded only once its last day is behind by a whole day: a round opened in the period's last
        // moments may still have been committing when the period was first read.
        if (!open && period.to < site.today) {
          await db
            .insert(promoCashbackRuns)
            .values({ campaignId: c.id, siteId: site.id, periodStart: period.from, periodEnd: period.to })
            .onConflictDoNothing();
        }
      }
    }
  }
  // Then the decisions already paid whose rounds were corrected since (a win resettled, a sports
  // result taken back): each is recomputed from the rounds as they are now, the difference moved once.
  const corrections = await correctCashbacks(db, onFailure);
  done.corrected = corrections.corrected;
  done.failed += corrections.failed;
  return done;
}

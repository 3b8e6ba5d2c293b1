import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { campaignProblem } from '../../../shared/campaign-rules.ts';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { errors } from '../../http/errors.ts';
import { listSites } from '../sites/sites-admin.service.ts';
import {
  promoBonuses,
  promoCampaigns,
  promoCashbackPayments,
  promoDepositClaims,
} from './promotions.schema.ts';

export type Campaign = typeof promoCampaigns.$inferSelect;
export type CampaignInput = Omit<Campaign, 'id' | 'createdAt' | 'updatedAt'>;

/** Any fixed number: campaign edits take turns, so two campaigns can never claim one code. */
const CAMPAIGNS_LOCK = 736_001;

/** Refuses a campaign whose fields disagree, or whose currency or sites do not exist together. */
async function assertValid(tx: DbOrTx, c: CampaignInput, exceptId?: number): Promise<void> {
  const problem = campaignProblem(c);
  if (problem) throw errors.invalid(problem.message);
  const sites = await listSites(tx);
  if (!sites.some((s) => s.currency === c.currency)) throw errors.invalid(`no site uses ${c.currency}`);
  for (const id of c.siteIds) {
    const site = sites.find((s) => s.id === id);
    if (!site) throw errors.invalid(`site ${id} does not exist`);
    if (site.currency !== c.currency) throw errors.invalid(`site ${id} is not in ${c.currency}`);
  }
  await tx.execute(sql`select pg_advisory_xact_lock(${CAMPAIGNS_LOCK})`);
  if (c.code) {
    const [taken] = await tx
      .select({ id: promoCampaigns.id })
      .from(promoCampaigns)
      .where(and(eq(promoCampaigns.code, c.code), exceptId ? ne(promoCampaigns.id, exceptId) : undefined));
    if (taken) throw errors.conflict(`code ${c.code} belongs to campaign ${taken.id}`);
  }
}

export async function createCampaign(tx: DbOrTx, input: CampaignInput): Promise<Campaign> {
  await assertValid(tx, input);
  const [row] = await tx.insert(promoCampaigns).values(input).returning();
  return row!;
}

/**
 * The fields that say which days and members a cashback payment covered. Changed after a payment, the
 * next run would cut other periods over days already paid (3-day periods paid, then daily ones paid the
 * same days again), so they are fixed once one exists (the database refuses overlapping payments too).
 */
const CASHBACK_FIXED = ['startsAt', 'cashbackPeriodDays', 'type', 'currency', 'siteIds'] as const;

/**
 * What a campaign's bonuses are: their kind and the currency their amounts are minor units of. Changed
 * once a bonus was granted or a deposit opted in, a deposit waiting for approval was granted a deposit
 * bonus at the percentage of what had become a cashback, and the report read baht as won (100 times
 * off): fixed from then on (end it and create another).
 */
const GRANTED_FIXED = ['type', 'currency'] as const;

const sameValue = (a: unknown, b: unknown) =>
  a instanceof Date && b instanceof Date
    ? a.getTime() === b.getTime()
    : JSON.stringify(a) === JSON.stringify(b);

const changedOf = <F extends keyof CampaignInput>(
  fields: readonly F[],
  before: Campaign,
  patch: Partial<CampaignInput>,
) => fields.filter((f) => f in patch && !sameValue(patch[f], before[f]));

/** Whether the campaign has granted a bonus, or a deposit waiting for approval has opted into it. */
async function grantedOrPromised(tx: DbOrTx, id: number): Promise<boolean> {
  const [bonus] = await tx
    .select({ id: promoBonuses.id })
    .from(promoBonuses)
    .where(eq(promoBonuses.campaignId, id))
    .limit(1);
  if (bonus) return true;
  const [claim] = await tx
    .select({ id: promoDepositClaims.requestId })
    .from(promoDepositClaims)
    .where(eq(promoDepositClaims.campaignId, id))
    .limit(1);
  return claim !== undefined;
}

/** Whether the campaign has paid or decided any cashback. */
async function cashbackDecided(tx: DbOrTx, id: number): Promise<boolean> {
  const [paid] = await tx
    .select({ id: promoCashbackPayments.id })
    .from(promoCashbackPayments)
    .where(eq(promoCashbackPayments.campaignId, id))
    .limit(1);
  return paid !== undefined;
}

/**
 * Refuses (409) a change of a field a campaign's past fixes: GRANTED_FIXED once it has granted or
 * promised a bonus, CASHBACK_FIXED once it has paid or decided cashback.
 */
async function assertFixedFieldsKept(tx: DbOrTx, before: Campaign, patch: Partial<CampaignInput>) {
  const retyped = changedOf(GRANTED_FIXED, before, patch);
  if (retyped.length > 0 && (await grantedOrPromised(tx, before.id)))
    throw errors.conflict(
      `bonuses were granted or promised under this campaign: ${retyped.join(', ')} can no longer change (end it and create a new campaign)`,
      { fields: retyped },
    );
  const recut = changedOf(CASHBACK_FIXED, before, patch);
  if (recut.length > 0 && (await cashbackDecided(tx, before.id)))
    throw errors.conflict(
      `cashback was already paid under this campaign: ${recut.join(', ')} can no longer change (end it and create a new campaign)`,
      { fields: recut },
    );
}

/** Edits a campaign; undefined when there is none. Granted bonuses keep the numbers they were granted under. */
export async function updateCampaign(
  tx: DbOrTx,
  id: number,
  patch: Partial<CampaignInput>,
): Promise<{ before: Campaign; after: Campaign } | undefined> {
  const [before] = await tx.select().from(promoCampaigns).where(eq(promoCampaigns.id, id)).for('update');
  if (!before) return undefined;
  const { id: _id, createdAt: _c, updatedAt: _u, ...current } = before;
  await assertFixedFieldsKept(tx, before, patch);
  await assertValid(tx, { ...current, ...patch }, id);
  const [after] = await tx
    .update(promoCampaigns)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(promoCampaigns.id, id))
    .returning();
  return { before, after: after! };
}

export async function listCampaigns(db: DbOrTx): Promise<Campaign[]> {
  return db.select().from(promoCampaigns).orderBy(desc(promoCampaigns.id));
}

export async function findCampaign(db: DbOrTx, id: number): Promise<Campaign | undefined> {
  const [row] = await db.select().from(promoCampaigns).where(eq(promoCampaigns.id, id));
  return row;
}

/** A code campaign by its code (any case). */
export async function findCampaignByCode(db: DbOrTx, code: string): Promise<Campaign | undefined> {
  const [row] = await db.select().from(promoCampaigns).where(eq(promoCampaigns.code, code.toUpperCase()));
  return row;
}

interface ReportRow {
  status: string;
  n: number;
  amount: number;
  converted: number;
  returned: number;
}

/** A campaign's bonuses by outcome, from its own rows (each of which agrees with the ledger: promotions.audit.ts). */
export async function campaignReport(db: DbOrTx, id: number) {
  if (!(await findCampaign(db, id))) throw errors.notFound(`campaign ${id}`);
  const rows = await queryRows<ReportRow>(
    db,
    sql`select ${promoBonuses.status} as status, count(*)::int as n, coalesce(sum(${promoBonuses.amount}), 0)::int8 as amount,
          coalesce(sum(${promoBonuses.converted}), 0)::int8 as converted, coalesce(sum(${promoBonuses.returned}), 0)::int8 as returned
        from ${promoBonuses} where ${promoBonuses.campaignId} = ${id} group by ${promoBonuses.status}`,
  );
  const of = (status: string) => {
    const row = rows.find((r) => r.status === status);
    return { count: row?.n ?? 0, amount: Number(row?.amount ?? 0) };
  };
  const sum = (pick: (r: ReportRow) => number) => rows.reduce((total, r) => total + Number(pick(r)), 0);
  // A decision's amount with its corrections since (promo_cashback_corrections): what it is worth now;
  // its cash cost is what the expense paid less what was taken back from cash (a debt is not that yet).
  const [cashback] = await queryRows<{ paid: number; amount: number; cash: number; protected: number }>(
    db,
    sql`select count(*) filter (where p.outcome = 'paid')::int as paid,
          coalesce(sum(p.amount + k.amount) filter (where p.outcome = 'paid'), 0)::int8 as amount,
          coalesce(sum(p.amount + k.cash) filter (where p.outcome = 'paid' and p.paid_as = 'cash'), 0)::int8 as cash,
          count(*) filter (where p.outcome = 'protected')::int as protected
        from ${promoCashbackPayments} p
        cross join lateral (
          select coalesce(sum(c.amount), 0) as amount,
                 coalesce(sum(case when c.amount > 0 then c.amount else c.amount + c.debt end), 0) as cash
          from promo_cashback_corrections c where c.payment_id = p.id) k
        where p.campaign_id = ${id}`,
  );
  return {
    granted: { count: sum((r) => r.n), amount: sum((r) => r.amount) },
    active: of('active'),
    converted: of('converted'),
    forfeited: of('forfeited'),
    expired: of('expired'),
    returned: sum((r) => r.returned),
    cashback: { count: cashback?.paid ?? 0, amount: Number(cashback?.amount ?? 0) },
    cashbackProtected: cashback?.protected ?? 0,
    // Cashback paid as a bonus costs what its conversion pays, counted with the conversions.
    cost: sum((r) => r.converted) + Number(cashback?.cash ?? 0),
  };
}

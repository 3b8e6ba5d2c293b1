import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { auditPaymentReversals } from '../cashier/payments/payment-reversals.audit.ts';
import { auditJackpot, type JackpotAudit } from '../jackpot/jackpot.audit.ts';
import { auditPromotions, type PromotionsAudit } from '../promotions/promotions.audit.ts';

export interface LedgerAudit {
  transfers: number;
  /** Sum over every account: zero when no money was created or destroyed. */
  totalBalance: number;
  /** The same sum per currency (each must be zero on its own: a surplus in one cannot hide a loss in another). */
  totalsByCurrency: Record<string, number>;
  /** Transfers between accounts of two currencies (ledger_move and ledger_post_many refuse them). */
  crossCurrencyTransfers: number;
  /** Accounts whose stored balance differs from the sum of their transfers. */
  driftedAccounts: { id: number; stored: number; computed: number }[];
  /** Member accounts below zero (the CHECK constraint should make this impossible). */
  negativeMemberAccounts: number;
  /** Transfers that do not move a positive amount between two different, existing accounts. */
  malformedTransfers: number;
  /**
   * Transfers touching a member's bonus account other than the promotion flows: from or to the
   * promotions expense (grant; forfeiture, expiry, the part above a conversion cap), to the same member's
   * cash (conversion), with game revenue (bonus stakes, their wins and corrections), or from the jackpot
   * pool (a jackpot hit by a bonus stake). Bonus money never goes anywhere else.
   */
  strayBonusTransfers: number;
  /** The progressive jackpot's pool against its contributions, reseeds and payouts. */
  jackpot: JackpotAudit;
  /** The bonuses against their transfers: every unit of bonus money accounted for. */
  promotions: PromotionsAudit;
  /** The cashier's records that say money moved, against the ledger: each broken rule, in words. */
  cashier: { problems: string[] };
}

/** Recomputes every balance from the transfers: what a test or benchmark asserts after a run. */
export async function auditLedger(db: DbOrTx): Promise<LedgerAudit> {
  const [totals] = await queryRows<{ transfers: number; total: number; negative: number; malformed: number }>(
    db,
    sql`select (select count(*) from ledger_transfers) as transfers,
               (select coalesce(sum(balance), 0) from ledger_accounts) as total,
               (select count(*) from ledger_accounts where member_id is not null and balance < 0) as negative,
               (select count(*) from ledger_transfers t
                 where amount <= 0 or from_account_id = to_account_id
                    or not exists (select 1 from ledger_accounts a where a.id = t.from_account_id)
                    or not exists (select 1 from ledger_accounts a where a.id = t.to_account_id)) as malformed`,
  );
  const currencies = await queryRows<{ currency: string; total: number }>(
    db,
    sql`select currency, coalesce(sum(balance), 0)::int8 as total from ledger_accounts group by currency order by currency`,
  );
  const [mixed] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from ledger_transfers t
        join ledger_accounts f on f.id = t.from_account_id
        join ledger_accounts o on o.id = t.to_account_id
        where f.currency <> o.currency`,
  );
  const [bonus] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from ledger_transfers t
        join ledger_accounts f on f.id = t.from_account_id
        join ledger_accounts o on o.id = t.to_account_id
        where (f.kind = 'bonus' or o.kind = 'bonus')
          and not ((f.kind = 'promo_expense' and f.member_id is null and o.kind = 'bonus')
                or (f.kind = 'bonus' and o.kind = 'promo_expense' and o.member_id is null)
                or (f.kind = 'bonus' and o.kind = 'cash' and o.member_id = f.member_id)
                or (f.kind = 'bonus' and o.kind = 'game_revenue' and o.member_id is null)
                or (f.kind = 'game_revenue' and f.member_id is null and o.kind = 'bonus')
                or (f.kind = 'jackpot_pool' and f.member_id is null and o.kind = 'bonus'))`,
  );
  const drifted = await queryRows<{ id: number; stored: number; computed: number }>(
    db,
    sql`with moves as (
          select to_account_id as id, amount from ledger_transfers
          union all
          select from_account_id, -amount from ledger_transfers
        ), sums as (select id, sum(amount) as computed from moves group by id)
        select a.id, a.balance as stored, coalesce(s.computed, 0)::int8 as computed
        from ledger_accounts a left join sums s on s.id = a.id
        where a.balance <> coalesce(s.computed, 0)`,
  );
  return {
    transfers: totals?.transfers ?? 0,
    totalBalance: Number(totals?.total ?? 0),
    totalsByCurrency: Object.fromEntries(currencies.map((c) => [c.currency, Number(c.total)])),
    crossCurrencyTransfers: mixed?.count ?? 0,
    driftedAccounts: drifted,
    negativeMemberAccounts: totals?.negative ?? 0,
    malformedTransfers: totals?.malformed ?? 0,
    strayBonusTransfers: bonus?.count ?? 0,
    jackpot: await auditJackpot(db),
    promotions: await auditPromotions(db),
    // Deposits reversed by their payment provider: what was taken back and what is owed.
    cashier: { problems: await auditPaymentReversals(db) },
  };
}

export function isLedgerSound(audit: LedgerAudit): boolean {
  return (
    audit.totalBalance === 0 &&
    Object.values(audit.totalsByCurrency).every((total) => total === 0) &&
    audit.crossCurrencyTransfers === 0 &&
    audit.driftedAccounts.length === 0 &&
    audit.negativeMemberAccounts === 0 &&
    audit.malformedTransfers === 0 &&
    audit.strayBonusTransfers === 0 &&
    audit.jackpot.problems.length === 0 &&
    audit.promotions.problems.length === 0 &&
    audit.cashier.problems.length === 0
  );
}

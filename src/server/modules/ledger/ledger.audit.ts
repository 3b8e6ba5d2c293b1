import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { auditJackpot, type JackpotAudit } from '../jackpot/jackpot.audit.ts';

export interface LedgerAudit {
  transfers: number;
  /** Sum over every account: zero when no money was created or destroyed. */
  totalBalance: number;
  /** Accounts whose stored balance differs from the sum of their transfers. */
  driftedAccounts: { id: number; stored: number; computed: number }[];
  /** Member accounts below zero (the CHECK constraint should make this impossible). */
  negativeMemberAccounts: number;
  /** Transfers that do not move a positive amount between two different, existing accounts. */
  malformedTransfers: number;
  /** The progressive jackpot's pool against its contributions, reseeds and payouts. */
  jackpot: JackpotAudit;
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
    driftedAccounts: drifted,
    negativeMemberAccounts: totals?.negative ?? 0,
    malformedTransfers: totals?.malformed ?? 0,
    jackpot: await auditJackpot(db),
  };
}

export function isLedgerSound(audit: LedgerAudit): boolean {
  return (
    audit.totalBalance === 0 &&
    audit.driftedAccounts.length === 0 &&
    audit.negativeMemberAccounts === 0 &&
    audit.malformedTransfers === 0 &&
    audit.jackpot.problems.length === 0
  );
}

import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../../db/client.ts';

/**
 * The deposits payment providers reversed (payment_reversals) against the ledger and the debts (audits and
 * tests only): each reversal took back at most its deposit's credit (`deposit:<request id>`; a partial chargeback
 * less); what it says
 * it took is one `deposit_reversal` transfer from that member's cash (none when it took nothing); what it
 * says is owed is its debt entry (`payment:<provider>`, round `deposit:<request id>`); its session says
 * 'reversed'. Every `deposit_reversal` transfer and every 'reversed' session names a reversal. Each broken
 * rule, in words.
 */
export async function auditPaymentReversals(db: DbOrTx): Promise<string[]> {
  const reversals = await queryRows<{
    id: number;
    cash_request_id: number;
    amount: number;
    taken: number;
    owed: number;
    credited: number | null;
    moved: number;
    transfers: number;
    foreign_moves: number;
    debt: number;
    session_status: string | null;
  }>(
    db,
    sql`with moves as (
          select (t.reference ->> 'cashRequestId')::int8 as request_id, sum(t.amount)::int8 as moved,
                 count(*)::int as n,
                 count(*) filter (where not exists (select 1 from ledger_accounts a
                   join cash_requests c on c.member_id = a.member_id
                   where a.id = t.from_account_id and a.kind = 'cash'
                     and c.id = (t.reference ->> 'cashRequestId')::int8))::int as foreign_moves
          from ledger_transfers t where t.kind = 'deposit_reversal' group by 1),
        debts as (
          select round_id, sum(amount)::int8 as debt from wallet_debt_entries
          where payment_reversal_debt(provider) and amount > 0 group by 1)
        select r.id, r.cash_request_id, r.amount, r.taken, r.owed, d.amount as credited,
               coalesce(m.moved, 0)::int8 as moved, coalesce(m.n, 0)::int as transfers,
               coalesce(m.foreign_moves, 0)::int as foreign_moves, coalesce(e.debt, 0)::int8 as debt,
               s.status as session_status
        from payment_reversals r
        left join ledger_transfers d on d.idempotency_key = 'deposit:' || r.cash_request_id and d.kind = 'deposit'
        left join moves m on m.request_id = r.cash_request_id
        left join debts e on e.round_id = 'deposit:' || r.cash_request_id
        left join payment_sessions s on s.id = r.session_id
        where d.amount is null or r.amount > d.amount or coalesce(m.moved, 0) <> r.taken or coalesce(m.n, 0) > 1
           or coalesce(m.foreign_moves, 0) > 0 or coalesce(e.debt, 0) <> r.owed
           or s.status is distinct from 'reversed'`,
  );
  const orphans = await queryRows<{ what: string; ref: string }>(
    db,
    sql`select 'deposit_reversal transfer' as what, t.id::text as ref from ledger_transfers t
        where t.kind = 'deposit_reversal' and not exists (
          select 1 from payment_reversals r where r.cash_request_id::text = t.reference ->> 'cashRequestId')
        union all
        select 'reversed payment session', s.id from payment_sessions s
        where s.status = 'reversed' and not exists (select 1 from payment_reversals r where r.session_id = s.id)`,
  );
  return [
    ...reversals.map(
      (r) =>
        `deposit reversal ${r.id} of request ${r.cash_request_id}: ${r.amount} (credited ${r.credited}), took ${r.taken} ` +
        `(${r.transfers} transfer(s) moved ${r.moved}, ${r.foreign_moves} not from the member's cash), ` +
        `owes ${r.owed} (debt recorded ${r.debt}), session ${r.session_status}`,
    ),
    ...orphans.map((o) => `${o.what} ${o.ref} names no deposit reversal`),
  ];
}

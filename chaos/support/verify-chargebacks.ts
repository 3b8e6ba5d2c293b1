import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../src/server/db/client.ts';
import { memberBalances } from '../../src/server/modules/ledger/ledger.service.ts';
import { auditPaymentReversals } from '../../src/server/modules/cashier/payments/payment-reversals.audit.ts';
import type { ChargebackMember } from './chargeback-load.ts';
import { retryTally } from './chargeback-retries.ts';
import { attemptsLine, lostWalletCalls, verifyLedgerAndChain } from './verify.ts';

interface DepositRow {
  request_id: number;
  credited: number;
  reversals: number;
  taken: number | null;
  owed: number | null;
  reversal_transfers: number;
  reversal_moved: number;
}

/** Per card deposit of the member: its credit, its reversal row and its deposit_reversal transfers. */
const depositsOf = (db: Database['db'], memberId: number) =>
  queryRows<DepositRow>(
    db,
    sql`select c.id as request_id,
          coalesce((select sum(t.amount) from ledger_transfers t where t.idempotency_key = 'deposit:' || c.id), 0)::int8 as credited,
          (select count(*) from payment_reversals r where r.cash_request_id = c.id)::int as reversals,
          (select r.taken from payment_reversals r where r.cash_request_id = c.id) as taken,
          (select r.owed from payment_reversals r where r.cash_request_id = c.id) as owed,
          (select count(*) from ledger_transfers t where t.kind = 'deposit_reversal'
             and t.reference ->> 'cashRequestId' = c.id::text)::int as reversal_transfers,
          coalesce((select sum(t.amount) from ledger_transfers t where t.kind = 'deposit_reversal'
             and t.reference ->> 'cashRequestId' = c.id::text), 0)::int8 as reversal_moved
        from cash_requests c where c.member_id = ${memberId} and c.kind = 'deposit'`,
  );

/**
 * The member's withdrawals the ledger paid out, those of them paid while a debt was owed (the debt
 * entries committed before the payout's transaction add up to more than nothing: the chaos cluster
 * tracks commit timestamps), and what they owe now.
 */
async function payoutsAndDebt(db: Database['db'], memberId: number) {
  const [row] = await queryRows<{ paid: number[] | null; paid_owing: number[] | null; debt: number }>(
    db,
    sql`with payouts as (
          select (t.reference ->> 'cashRequestId')::int8 as request_id, t.id, pg_xact_commit_timestamp(t.xmin) as at
          from ledger_transfers t join ledger_accounts a on a.id = t.from_account_id
          where t.kind = 'withdrawal' and a.member_id = ${memberId})
        select (select array_agg(request_id order by id) from payouts) as paid,
               (select array_agg(p.request_id) from payouts p
                where (select coalesce(sum(e.amount), 0) from wallet_debt_entries e
                       where e.member_id = ${memberId} and pg_xact_commit_timestamp(e.xmin) < p.at) > 0) as paid_owing,
               coalesce((select amount from wallet_debts where member_id = ${memberId}), 0)::int8 as debt`,
  );
  return {
    paid: (row?.paid ?? []).map(Number).sort((a, b) => a - b),
    paidOwing: (row?.paid_owing ?? []).map(Number),
    debt: Number(row?.debt ?? 0),
  };
}

/**
 * After the chargeback load: every acknowledged deposit credited once; every deposit the provider
 * charged back reversed exactly once (payment_reversals, its deposit_reversal transfer and the debt agree,
 * taken and owed as the oracle reckons), none other reversed; every member's cash, held money and debt
 * (so cash − debt) as the oracle's; the ledger paid exactly the withdrawals the oracle saw paid, none
 * while a debt was owed; no acknowledged wallet call lost; ledger audit sound, audit chain verified.
 */
export async function verifyChargebacks(db: Database['db'], members: ChargebackMember[]): Promise<boolean> {
  const f = { acked: 0, deposits: 0, reversed: 0, owing: 0, owedTotal: 0, twice: 0, lost: 0, doubled: 0, wrong: 0 };
  let paid = 0;
  let refused = 0;
  let paidWhileOwing = 0;
  const problems: string[] = [];
  for (const m of members) {
    const id = m.player.memberId;
    const say = (what: string) => problems.push(`${m.player.login}: ${what}`);
    f.acked += m.player.ackedWalletTx.length + m.deposits.length + m.paidWithdrawals.length + m.refusedPayouts.length;
    f.lost += await lostWalletCalls(db, m.player);
    const rows = new Map((await depositsOf(db, id)).map((r) => [Number(r.request_id), r]));
    for (const d of m.deposits) {
      f.deposits += 1;
      const row = rows.get(d.requestId);
      if (Number(row?.credited ?? 0) !== d.amount) {
        f.lost += 1;
        say(`deposit ${d.requestId} of ${d.amount} credited ${row?.credited ?? 0}`);
      }
      const reversals = row?.reversals ?? 0;
      if (!d.chargeback) {
        if (reversals > 0 || Number(row?.reversal_moved ?? 0) > 0) {
          f.doubled += 1;
          say(`deposit ${d.requestId} reversed though never charged back`);
        }
        continue;
      }
      const cb = d.chargeback;
      f.acked += 1;
      f.reversed += 1;
      if (cb.owed > 0) f.owing += 1;
      f.owedTotal += cb.owed;
      if (cb.twice) f.twice += 1;
      if (reversals === 0) {
        f.lost += 1;
        say(`chargeback of deposit ${d.requestId} acknowledged but not reversed`);
        continue;
      }
      if ((row?.reversal_transfers ?? 0) > 1) {
        f.doubled += 1;
        say(`deposit ${d.requestId} taken back by ${row!.reversal_transfers} transfers`);
      }
      const [taken, owed, moved] = [Number(row!.taken), Number(row!.owed), Number(row!.reversal_moved)];
      if (taken !== cb.taken || owed !== cb.owed || moved !== cb.taken) {
        f.wrong += 1;
        say(`deposit ${d.requestId}: took ${taken} (moved ${moved}), owes ${owed}; the oracle: took ${cb.taken}, owes ${cb.owed}`);
      }
    }
    f.doubled += m.reversedTwice;
    const balances = await memberBalances(db, id);
    const ledger = await payoutsAndDebt(db, id);
    if (balances.cash !== m.cash || balances.held !== m.held || ledger.debt !== m.debt) {
      f.wrong += 1;
      if (balances.cash - ledger.debt > m.cash - m.debt) f.doubled += 1;
      say(
        `cash ${balances.cash}, held ${balances.held}, debt ${ledger.debt} (cash − debt ${balances.cash - ledger.debt}); ` +
          `the oracle: ${m.cash}, ${m.held}, ${m.debt} (${m.cash - m.debt})`,
      );
    }
    const expectedPaid = [...m.paidWithdrawals].sort((a, b) => a - b);
    if (ledger.paid.join() !== expectedPaid.join()) {
      f.wrong += 1;
      say(`withdrawals paid by the ledger ${ledger.paid.join() || 'none'}, the oracle saw ${expectedPaid.join() || 'none'}`);
    }
    if (ledger.paidOwing.length) say(`withdrawals ${ledger.paidOwing.join()} paid while a debt was owed`);
    paid += m.paidWithdrawals.length;
    refused += m.refusedAsks + m.refusedPayouts.length;
    // The load's own count (owed before the ask) and the commit order's: the larger.
    paidWhileOwing += Math.max(m.paidWhileOwing, ledger.paidOwing.length);
    for (const s of m.surprises) say(s);
  }
  const reversalProblems = await auditPaymentReversals(db);
  for (const p of [...problems, ...reversalProblems, ...retryTally.other].slice(0, 30)) console.log(`  ${p}`);
  f.doubled += retryTally.moved;
  console.log(
    `  acknowledged calls ${f.acked} (${attemptsLine()}); card deposits ${f.deposits}, charged back ${f.reversed} ` +
      `(${f.twice} delivered twice at once, ${f.owing} left a debt, ${f.owedTotal} owed in all); ` +
      `provider re-sends after crashes ${retryTally.sent}; withdrawals paid ${paid}, refused while owing ${refused}, paid while owing ${paidWhileOwing}`,
  );
  const surprises = members.reduce((n, m) => n + m.surprises.length, 0);
  console.log(
    `  lost ${f.lost}; doubled ${f.doubled}; off from the oracle ${f.wrong}; reversal audit problems ${reversalProblems.length}; ` +
      `unexpected answers ${surprises + retryTally.other.length}`,
  );
  const ledgerHeld = await verifyLedgerAndChain(db);
  if (f.reversed === 0) console.log('  NO CHARGEBACK WAS APPLIED');
  return (
    ledgerHeld &&
    f.reversed > 0 &&
    f.lost === 0 &&
    f.doubled === 0 &&
    f.wrong === 0 &&
    paidWhileOwing === 0 &&
    surprises === 0 &&
    reversalProblems.length === 0 &&
    retryTally.other.length === 0
  );
}

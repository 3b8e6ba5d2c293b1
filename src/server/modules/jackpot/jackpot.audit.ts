import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';

export interface JackpotAudit {
  /** The pool's balance: the sum of its 64 shard accounts. */
  pool: number;
  contributions: number;
  /** The shares of rolled-back bets the pool gave back to the game revenue (wallet_rollback). */
  rolledBack: number;
  reseeds: number;
  payouts: number;
  /** The reseed the pool was last given (its floor until the next win). */
  reseed: number;
  wins: number;
  /** Each broken rule, in words; empty when the pool is sound. */
  problems: string[];
}

/**
 * Recomputes the pool from the transfers (audits and tests only: it reads every transfer of the
 * pool): balance = contributions − rolled-back shares + reseeds − payouts, only those four kinds in
 * their direction touch it, it holds at least the reseed it was last given, it kept exactly the sum
 * over the shards of floor(units / 10,000) of what stakes sent it, every share it gave back is of a
 * bet that was rolled back, once, and every win paid what jackpot_wins says and was reseeded.
 */
export async function auditJackpot(db: DbOrTx): Promise<JackpotAudit> {
  const [totals] = await queryRows<{
    pool: number;
    contributions: number;
    rolled_back: number;
    reseeds: number;
    payouts: number;
    stray: number;
    reseed: number;
    wins: number;
  }>(
    db,
    sql`with pool as (select id from ledger_accounts where member_id is null and kind = 'jackpot_pool'),
        moves as (
          select kind, amount, to_account_id in (select id from pool) as inward,
                 from_account_id in (select id from pool) as outward
          from ledger_transfers
          where to_account_id in (select id from pool) or from_account_id in (select id from pool))
        select (select coalesce(sum(balance), 0) from ledger_accounts where id in (select id from pool))::int8 as pool,
          coalesce(sum(amount) filter (where kind = 'jackpot_contribution' and inward and not outward), 0)::int8 as contributions,
          coalesce(sum(amount) filter (where kind = 'jackpot_contribution_rollback' and outward and not inward), 0)::int8 as rolled_back,
          coalesce(sum(amount) filter (where kind = 'jackpot_reseed' and inward and not outward), 0)::int8 as reseeds,
          coalesce(sum(amount) filter (where kind = 'jackpot_win' and outward and not inward), 0)::int8 as payouts,
          count(*) filter (where not ((kind in ('jackpot_contribution', 'jackpot_reseed') and inward and not outward)
                                      or (kind in ('jackpot_win', 'jackpot_contribution_rollback') and outward and not inward)))::int as stray,
          -- The floor is the reseed the pool was last given (the opening one, or its last win's): an
          -- operator's new setting applies from the next win on, and the pool keeps what it holds until then.
          coalesce((select amount from ledger_transfers where kind = 'jackpot_reseed' order by id desc limit 1),
                   (select reseed from jackpot_settings where id = 1)) as reseed,
          (select count(*) from jackpot_wins)::int as wins
        from moves`,
  );
  // The stakes' share: each shard's units count its members' stakes in whole minor units; a wallet batch
  // posts its bets' shares as one transfer into one shard's pool account, so the pool as a whole, not
  // each shard, received their sum.
  const [share] = await queryRows<{ expected: number }>(
    db,
    sql`select coalesce(sum(units / 10000), 0)::int8 as expected from jackpot_shards`,
  );
  const wins = await queryRows<{ round_id: string; amount: number; paid: number; reseeded: number }>(
    db,
    sql`select w.round_id, w.amount,
          coalesce((select sum(amount) from ledger_transfers t where t.kind = 'jackpot_win'
                     and t.reference ->> 'provider' = w.provider and t.reference ->> 'roundId' = w.round_id), 0)::int8 as paid,
          coalesce((select sum(amount) from ledger_transfers t where t.kind = 'jackpot_reseed'
                     and t.reference ->> 'provider' = w.provider and t.reference ->> 'roundId' = w.round_id), 0)::int8 as reseeded
        from jackpot_wins w`,
  );
  // Each share given back: of a bet that was rolled back, and once (one bet's share may come from
  // several pool accounts, under one rollback).
  const givenBack = await queryRows<{ tx_id: string; rolled_back: boolean | null; rollbacks: number }>(
    db,
    sql`select g.tx_id, w.rolled_back, g.rollbacks from (
          select reference ->> 'provider' as provider, reference ->> 'txId' as tx_id,
                 count(distinct reference ->> 'rollbackTxId')::int as rollbacks
          from ledger_transfers where kind = 'jackpot_contribution_rollback' group by 1, 2) g
        left join wallet_transactions w on w.provider = g.provider and w.tx_id = g.tx_id and w.kind = 'bet'`,
  );
  const t = totals!;
  const problems: string[] = [];
  if (t.pool !== t.contributions - t.rolled_back + t.reseeds - t.payouts) {
    problems.push(
      `pool ${t.pool} <> contributions ${t.contributions} - rolled back ${t.rolled_back} + reseeds ${t.reseeds} - payouts ${t.payouts}`,
    );
  }
  for (const g of givenBack) {
    if (g.rolled_back !== true)
      problems.push(`the pool gave back the share of bet ${g.tx_id}, not rolled back`);
    if (g.rollbacks !== 1)
      problems.push(`the pool gave back the share of bet ${g.tx_id} ${g.rollbacks} times`);
  }
  if (t.pool < t.reseed) problems.push(`pool ${t.pool} below its reseed ${t.reseed}`);
  if (t.stray > 0) problems.push(`${t.stray} transfers of another kind or direction touch the pool`);
  if (Number(share!.expected) !== t.contributions - t.rolled_back)
    problems.push(
      `the pool kept ${t.contributions - t.rolled_back} in contributions, its stakes' share is ${share!.expected}`,
    );
  for (const w of wins) {
    if (w.paid !== w.amount) problems.push(`round ${w.round_id} won ${w.amount} but was paid ${w.paid}`);
    if (w.reseeded <= 0) problems.push(`round ${w.round_id} won but the pool was not reseeded`);
  }
  const paidWins = await queryRows<{ n: number }>(
    db,
    sql`select count(distinct (reference ->> 'provider', reference ->> 'roundId'))::int as n from ledger_transfers where kind = 'jackpot_win'`,
  );
  if (paidWins[0]!.n !== t.wins)
    problems.push(`${paidWins[0]!.n} rounds paid a jackpot, ${t.wins} wins recorded`);
  return {
    pool: t.pool,
    contributions: t.contributions,
    rolledBack: t.rolled_back,
    reseeds: t.reseeds,
    payouts: t.payouts,
    reseed: Number(t.reseed),
    wins: t.wins,
    problems,
  };
}

import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { auditPaymentRecords } from './payment-records.audit.ts';

export interface PromotionsAudit {
  /** Bonus money held by members now (the sum of their bonus accounts), per currency. */
  liability: Record<string, number>;
  /** Each broken rule, in words; empty when every unit of bonus money is accounted for. */
  problems: string[];
}

/**
 * Reconciles the bonuses with the ledger (audits and tests only: it reads every transfer of a bonus
 * account). Every transfer touching a bonus account names a bonus of that member (`reference.bonusId`);
 * a bonus's grant transfer (a free spins bonus: its spins' wins) is its amount; its conversions and returns are its `converted` and
 * `returned`; a closed bonus's transfers net to zero, so a member's bonus balance is exactly what their
 * active bonus holds.
 */
export async function auditPromotions(db: DbOrTx): Promise<PromotionsAudit> {
  const moves = sql`select t.kind, t.amount, t.reference ->> 'bonusId' as bonus_id, a.member_id,
                      (t.to_account_id = a.id) as inward
                    from ledger_accounts a join ledger_transfers t on t.to_account_id = a.id
                    where a.kind = 'bonus'
                    union all
                    select t.kind, t.amount, t.reference ->> 'bonusId', a.member_id, false
                    from ledger_accounts a join ledger_transfers t on t.from_account_id = a.id
                    where a.kind = 'bonus'`;
  const [unattributed] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (${moves}) m
        where m.bonus_id is null or m.bonus_id !~ '^[0-9]+$'
           or not exists (select 1 from promo_bonuses b where b.id = m.bonus_id::bigint and b.member_id = m.member_id)`,
  );
  const bonuses = await queryRows<{
    id: number;
    status: string;
    amount: number;
    converted: number;
    returned: number;
    granted: number;
    paid: number;
    gave_back: number;
    net: number;
  }>(
    db,
    sql`with m as (${moves}), per as (
          select bonus_id::bigint as id,
            coalesce(sum(amount) filter (where kind in ('bonus_grant', 'free_spin_win') and inward), 0)::int8 as granted,
            coalesce(sum(amount) filter (where kind = 'bonus_convert' and not inward), 0)::int8 as paid,
            coalesce(sum(amount) filter (where kind in ('bonus_cap_return', 'bonus_forfeit', 'bonus_expire') and not inward), 0)::int8 as gave_back,
            coalesce(sum(case when inward then amount else -amount end), 0)::int8 as net
          from m where bonus_id ~ '^[0-9]+$' group by bonus_id::bigint)
        select b.id, b.status, b.amount, b.converted, b.returned, coalesce(p.granted, 0)::int8 as granted,
          coalesce(p.paid, 0)::int8 as paid, coalesce(p.gave_back, 0)::int8 as gave_back, coalesce(p.net, 0)::int8 as net
        from promo_bonuses b left join per p on p.id = b.id
        where coalesce(p.granted, 0) <> b.amount or coalesce(p.paid, 0) <> b.converted
           or coalesce(p.gave_back, 0) <> b.returned or (b.status <> 'active' and coalesce(p.net, 0) <> 0)`,
  );
  const held = await queryRows<{ currency: string; total: number }>(
    db,
    sql`select currency, coalesce(sum(balance), 0)::int8 as total from ledger_accounts where kind = 'bonus' group by currency`,
  );
  const problems: string[] = [];
  if ((unattributed?.n ?? 0) > 0)
    problems.push(`${unattributed!.n} bonus-account transfers name no bonus of their member`);
  for (const b of bonuses) {
    problems.push(
      `bonus ${b.id} (${b.status}): granted ${b.granted} of ${b.amount}, converted ${b.paid} of ${b.converted}, returned ${b.gave_back} of ${b.returned}, holds ${b.net}`,
    );
  }
  // The cashback payments and level-ups that say money moved, against the ledger.
  problems.push(...(await auditPaymentRecords(db)));
  return { liability: Object.fromEntries(held.map((h) => [h.currency, Number(h.total)])), problems };
}

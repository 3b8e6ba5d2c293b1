import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';

/**
 * The promotions' own records of money paid, against the ledger (audits and tests only): every cash
 * cashback payment is exactly one `cashback` transfer of its amount (`reference.cashbackId`), and every
 * such transfer names one; a cashback paid as a bonus names a bonus of its member of its amount and has
 * no cash transfer; a decision that paid nothing (protected) moved nothing; a level-up's bonus is a
 * bonus of its member granted for that level. Each broken rule, in words.
 */
export async function auditPaymentRecords(db: DbOrTx): Promise<string[]> {
  const cashback = await queryRows<{
    id: number | null;
    transfer_of: number | null;
    paid_as: string | null;
    amount: number | null;
    moved: number;
    transfers: number;
    bonus_amount: number | null;
  }>(
    db,
    sql`with t as (
          select reference ->> 'cashbackId' as id, sum(amount)::int8 as moved, count(*)::int as n
          from ledger_transfers where kind = 'cashback' group by 1)
        select p.id, t.id as transfer_of, p.paid_as, p.amount, coalesce(t.moved, 0)::int8 as moved,
               coalesce(t.n, 0)::int as transfers, b.amount as bonus_amount
        from promo_cashback_payments p
        full join t on t.id = p.id::text
        left join promo_bonuses b on b.id = p.bonus_id and b.member_id = p.member_id
        where p.id is null
           or (p.paid_as = 'cash' and (coalesce(t.moved, 0) <> p.amount or coalesce(t.n, 0) > 1))
           or (p.paid_as = 'bonus' and (t.id is not null
               or (p.amount > 0 and b.amount is distinct from p.amount)
               or (p.amount = 0 and p.bonus_id is not null)))`,
  );
  const levelUps = await queryRows<{ member_id: number; level: number; bonus_id: number }>(
    db,
    sql`select u.member_id, u.level, u.bonus_id from promo_level_ups u
        left join promo_bonuses b on b.id = u.bonus_id and b.member_id = u.member_id
          and b.grant_key like 'level\\_up:%:' || u.member_id || ':' || u.level
        where u.bonus_id is not null and b.id is null`,
  );
  // A correction of a cash cashback moved its top-up, or what cash held of its take-back (the rest a
  // debt), by `cashback_correction` transfers naming it (their direction is the ledger audit's); one of a bonus cashback moved no cash (a top-up
  // is a bonus of its member of its amount, a shortfall written off).
  const corrections = await queryRows<{ id: number | null; transfer_of: string | null; moved: number }>(
    db,
    sql`with t as (
          select reference ->> 'correctionId' as id, sum(amount)::int8 as moved
          from ledger_transfers where kind = 'cashback_correction' group by 1),
        -- A bonus top-up grants what a write-off before it did not leave with the member already.
        k as (
          select c.*, c.amount - least(c.amount, greatest(coalesce(sum(c.written_off
                   - case when c.amount > 0 then c.amount - coalesce(g.amount, 0) else 0 end)
                   over (partition by c.payment_id order by c.seq rows between unbounded preceding and 1 preceding), 0), 0)) as grant_due
          from promo_cashback_corrections c left join promo_bonuses g on g.id = c.bonus_id)
        select k.id, t.id as transfer_of, coalesce(t.moved, 0)::int8 as moved
        from k
        join promo_cashback_payments p on p.id = k.payment_id
        left join promo_bonuses b on b.id = k.bonus_id and b.member_id = p.member_id
        full join t on t.id = k.id::text
        where k.id is null
           or (p.paid_as = 'cash' and coalesce(t.moved, 0)
               <> case when k.amount > 0 then k.amount else -(k.amount + k.debt) end)
           or (p.paid_as = 'bonus' and (t.id is not null
               or (k.amount > 0 and coalesce(b.amount, 0) <> k.grant_due)
               or (k.bonus_id is not null and b.id is null)
               or (k.amount < 0 and k.written_off <> -k.amount)))`,
  );
  return [
    ...corrections.map((k) =>
      k.id === null
        ? `cashback correction transfer(s) naming ${k.transfer_of}, no cashback correction`
        : `cashback correction ${k.id}: its transfers moved ${k.moved}, not what it records`,
    ),
    ...cashback.map((c) =>
      c.id === null
        ? `cashback transfer(s) naming ${c.transfer_of}, no cashback payment`
        : `cashback payment ${c.id} (${c.paid_as}) of ${c.amount}: ${c.transfers} transfer(s) moved ${c.moved}, bonus of ${c.bonus_amount}`,
    ),
    ...levelUps.map(
      (u) =>
        `level-up of member ${u.member_id} to ${u.level} names bonus ${u.bonus_id}, not its level's bonus`,
    ),
  ];
}

import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';

/** Bonus money members hold in one currency: what the house owes if every active bonus converted. */
export interface BonusLiability {
  currency: string;
  amount: number;
  /** Active bonuses holding it. */
  activeBonuses: number;
}

/**
 * The bonus money held now, per currency (never added across them; sql/promo_bonus_liability.sql).
 * Every currency in `currencies` is listed, zero or not.
 */
export async function bonusLiability(db: DbOrTx, currencies: string[] = []): Promise<BonusLiability[]> {
  const rows = await queryRows<{ currency: string; amount: number; n: number }>(
    db,
    sql`select currency, amount, bonuses as n from promo_bonus_liability()`,
  );
  const all = [...new Set([...currencies, ...rows.map((r) => r.currency)])].sort();
  return all.map((currency) => {
    const row = rows.find((r) => r.currency === currency);
    return { currency, amount: Number(row?.amount ?? 0), activeBonuses: row?.n ?? 0 };
  });
}

import { type SQL, sql } from 'drizzle-orm';
import { frac } from '../../../shared/sports/fraction.ts';
import { formatDecimal } from '../../../shared/sports/price.ts';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { sportsClock } from './clock.ts';

export type PriceSource = 'feed' | 'desk';

/**
 * The statement that keeps a selection's price changes: it reads the `moved` rows (selection id, new
 * price) of an `update sb_selections ... returning` written just before it in the same `with`, so the
 * history costs no extra round trip on the feed path and no trigger per row.
 */
export function historyOf(moved: string, source: PriceSource): SQL {
  return sql`insert into sb_price_history (selection_id, price_num, price_den, source, at)
    select id, price_num, price_den, ${source}, ${sportsClock.now().toISOString()}::timestamptz from ${sql.identifier(moved)}
    order by id`;
}

const PAGE = 20;

/** A selection's price changes, newest first, a page at a time (keyset on id). */
export async function priceHistory(db: DbOrTx, selectionId: number, q: { before?: number; limit?: number }) {
  const limit = q.limit ?? PAGE;
  const rows = await queryRows<{
    id: number;
    price_num: number;
    price_den: number;
    source: PriceSource;
    at: Date;
  }>(
    db,
    sql`select id, price_num, price_den, source, at from sb_price_history
        where selection_id = ${selectionId} ${q.before ? sql`and id < ${q.before}` : sql``}
        order by id desc limit ${limit + 1}`,
  );
  const page = rows.slice(0, limit);
  return {
    prices: page.map((r) => ({
      id: Number(r.id),
      price: formatDecimal(frac(BigInt(r.price_num), BigInt(r.price_den))),
      source: r.source,
      at: new Date(r.at).toISOString(),
    })),
    next: rows.length > limit ? Number(page.at(-1)!.id) : null,
  };
}

import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sbBets } from './sports.schema.ts';

const SPORTS_ROUND = /^sb-(\d{1,15})$/;

/**
 * The potential return of each of these sports rounds (`sb-<bet id>`), for the member site's bet
 * history: what an open bet pays if it wins. Rounds of other providers get none.
 */
export async function sportsPotentialReturns(db: Db, roundIds: string[]): Promise<Map<string, number>> {
  const ids = roundIds.flatMap((roundId) => {
    const id = SPORTS_ROUND.exec(roundId)?.[1];
    return id ? [Number(id)] : [];
  });
  const returns = new Map<string, number>();
  if (ids.length === 0) return returns;
  const rows = await db
    .select({ id: sbBets.id, potentialReturn: sbBets.potentialReturn })
    .from(sbBets)
    .where(inArray(sbBets.id, ids));
  for (const row of rows) returns.set(`sb-${row.id}`, Number(row.potentialReturn));
  return returns;
}

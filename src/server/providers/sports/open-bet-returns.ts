import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sbBets } from './sports.schema.ts';

const SPORTS_ROUND = /^sb-(\d{1,15})$/;

/** What the member site's bet history needs of a sports round beyond the wallet's totals. */
export interface SportsRoundFacts {
  /** What an open bet pays if it wins. */
  potentialReturn?: number;
  /** The bet is void (its stake paid back as its settlement). */
  void?: boolean;
}

/**
 * The book's facts about these sports rounds (`sb-<bet id>`), for the member site's bet history: an
 * open bet's potential return, and whether a closed one is void. Rounds of other providers get none.
 */
export async function sportsRoundFacts(db: Db, roundIds: string[]): Promise<Map<string, SportsRoundFacts>> {
  const ids = roundIds.flatMap((roundId) => {
    const id = SPORTS_ROUND.exec(roundId)?.[1];
    return id ? [Number(id)] : [];
  });
  const facts = new Map<string, SportsRoundFacts>();
  if (ids.length === 0) return facts;
  const rows = await db
    .select({ id: sbBets.id, status: sbBets.status, potentialReturn: sbBets.potentialReturn })
    .from(sbBets)
    .where(inArray(sbBets.id, ids));
  for (const row of rows)
    facts.set(
      `sb-${row.id}`,
      row.status === 'void' ? { void: true } : { potentialReturn: Number(row.potentialReturn) },
    );
  return facts;
}

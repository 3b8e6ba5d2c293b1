import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { RoundFacts } from '../../modules/games/provider.ts';
import { sbBets } from './sports.schema.ts';

const SPORTS_ROUND = /^sb-(\d{1,15})$/;

/**
 * The book's facts about these sports rounds (`sb-<bet id>`), for the member site's bet history: the link
 * to the bet in the sports window (with its payout proof once settled; the window opens the member's own
 * book session there, so only the member reads it), an open bet's potential return, and whether a closed
 * one is void. Rounds of other providers get none.
 */
export async function sportsRoundFacts(db: Db, roundIds: string[]): Promise<Map<string, RoundFacts>> {
  const ids = roundIds.flatMap((roundId) => {
    const id = SPORTS_ROUND.exec(roundId)?.[1];
    return id ? [Number(id)] : [];
  });
  const facts = new Map<string, RoundFacts>(
    ids.map((id) => [`sb-${id}`, { verifyUrl: `/sports?bet=${id}` }]),
  );
  if (ids.length === 0) return facts;
  const rows = await db
    .select({ id: sbBets.id, status: sbBets.status, potentialReturn: sbBets.potentialReturn })
    .from(sbBets)
    .where(inArray(sbBets.id, ids));
  for (const row of rows)
    facts.set(`sb-${row.id}`, {
      verifyUrl: `/sports?bet=${row.id}`,
      ...(row.status === 'void' ? { void: true } : { potentialReturn: Number(row.potentialReturn) }),
    });
  return facts;
}

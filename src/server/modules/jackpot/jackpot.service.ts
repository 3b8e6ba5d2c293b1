import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { takesPartInPool } from '../../../shared/jackpot/pool-currency.ts';
import { type Db, type DbOrTx, queryRows } from '../../db/client.ts';
import { houseBalance, houseCurrency, memberCurrencies } from '../ledger/ledger.service.ts';
import { JACKPOT_POOL_KIND, jackpotWins } from './jackpot.schema.ts';

export interface JackpotState {
  /** The pool now: the sum of its 64 shard balances, in minor units. */
  amount: number;
  /** The pool's currency (its accounts'). */
  currency: string;
  /** The pool's share of each jackpot-slot stake, in basis points. */
  contributionBps: number;
  /** What the house puts back after a win; the pool never holds less. */
  reseed: number;
  lastWin: { amount: number; at: string } | null;
}

/**
 * Reads the pool from its 64 account rows (the ledger's houseBalance), never from the transfers, with
 * the settings and the last win, all from one snapshot (a read-only repeatable-read transaction): read
 * in pieces, a win committing in between showed the paid-out pool beside the win that emptied it.
 */
export async function readJackpot(db: Db): Promise<JackpotState> {
  const [amount, currency, row] = await db.transaction(
    async (tx) =>
      [
        await houseBalance(tx, JACKPOT_POOL_KIND),
        await houseCurrency(tx, JACKPOT_POOL_KIND),
        (
          await queryRows<{
            contribution_bps: number;
            reseed: number;
            last_amount: number | null;
            last_at: string | Date | null;
          }>(
            tx,
            sql`select s.contribution_bps, s.reseed, w.amount as last_amount, w.created_at as last_at
            from jackpot_settings s
            left join lateral (select amount, created_at from jackpot_wins order by id desc limit 1) w on true`,
          )
        )[0],
      ] as const,
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  if (!row) throw new Error('jackpot_settings has no row: run the migrations');
  return {
    amount,
    currency: currency ?? '',
    contributionBps: row.contribution_bps,
    reseed: Number(row.reseed),
    lastWin:
      row.last_amount === null || row.last_at === null
        ? null
        : { amount: Number(row.last_amount), at: new Date(row.last_at).toISOString() },
  };
}

/** How long one read serves every request of the process: each open tab polls every few seconds. */
export const JACKPOT_CACHE_MS = 1_000;

/**
 * The pool as members see it: one read per process per second however many tabs poll, concurrent
 * callers sharing the read in flight. Issue #17's server-sent events can push `readJackpot` results
 * to the same clients; `invalidateJackpot` lets a win show at once.
 */
export function jackpotReader(db: Db, ttlMs = JACKPOT_CACHE_MS) {
  let cached: { at: number; value: Promise<JackpotState> } | undefined;
  return {
    current(): Promise<JackpotState> {
      const now = Date.now();
      if (!cached || now - cached.at >= ttlMs) {
        const value = readJackpot(db);
        cached = { at: now, value };
        // A failed read is not kept: the next caller tries again.
        value.catch(() => {
          if (cached?.value === value) cached = undefined;
        });
      }
      return cached.value;
    },
    invalidate() {
      cached = undefined;
    },
  };
}

export type JackpotReader = ReturnType<typeof jackpotReader>;

/** The wins, newest first, a page at a time (by id, on the primary key). */
export async function jackpotHistory(db: Db, options: { before?: number; limit: number }) {
  const rows = await db
    .select()
    .from(jackpotWins)
    .where(options.before ? lt(jackpotWins.id, options.before) : undefined)
    .orderBy(desc(jackpotWins.id))
    .limit(options.limit);
  return rows.map((w) => ({
    id: w.id,
    provider: w.provider,
    roundId: w.roundId,
    memberId: w.memberId,
    gameCode: w.gameCode,
    amount: w.amount,
    reseed: w.reseed,
    createdAt: w.createdAt.toISOString(),
  }));
}

/**
 * Games as a site's catalogue lists them: a jackpot game is one only on a site in the pool's currency.
 * Elsewhere its members neither feed nor win the pool (jackpotBpsFor), so no game is offered to them as
 * a jackpot game.
 */
export async function jackpotGamesForSite<G extends { jackpot: boolean }>(
  db: DbOrTx,
  siteCurrency: string,
  games: G[],
): Promise<G[]> {
  if (!games.some((g) => g.jackpot)) return games;
  if (takesPartInPool(await houseCurrency(db, JACKPOT_POOL_KIND), siteCurrency)) return games;
  return games.map((g) => ({ ...g, jackpot: false }));
}

/**
 * The share a game opened now pays into the pool: 0 unless the game takes part, and 0 for a member whose
 * site is in another currency than the pool's (the pool stays in the currency it was opened in, and no
 * transfer mixes currencies): such a member plays the game without feeding or winning the pool.
 */
export async function jackpotBpsFor(db: DbOrTx, gameTakesPart: boolean, memberId: number): Promise<number> {
  if (!gameTakesPart) return 0;
  const [pool, member] = await Promise.all([
    houseCurrency(db, JACKPOT_POOL_KIND),
    memberCurrencies(db, [memberId]),
  ]);
  if (!takesPartInPool(pool, member.get(memberId))) return 0;
  const [row] = await queryRows<{ bps: number }>(
    db,
    sql`select contribution_bps as bps from jackpot_settings where id = 1`,
  );
  return row?.bps ?? 0;
}

/**
 * The jackpot each of these rounds won (only the rounds that won one), keyed `provider:roundId`: what a
 * round returned to its player is its win plus this award (jackpot_wins, one per round; the award is
 * paid from the pool, kept out of the round's total_win). Bet histories, the member's and the back
 * office's, add it.
 */
export async function jackpotAwardsOf(
  db: DbOrTx,
  rounds: { provider: string; roundId: string }[],
): Promise<Map<string, number>> {
  const awards = new Map<string, number>();
  const byProvider = new Map<string, { provider: string; roundId: string }[]>();
  for (const r of rounds) byProvider.set(r.provider, [...(byProvider.get(r.provider) ?? []), r]);
  await Promise.all(
    [...byProvider].map(async ([provider, list]) => {
      const rows = await db
        .select({ roundId: jackpotWins.roundId, amount: jackpotWins.amount })
        .from(jackpotWins)
        .where(
          and(
            eq(jackpotWins.provider, provider),
            inArray(
              jackpotWins.roundId,
              list.map((r) => r.roundId),
            ),
          ),
        );
      for (const r of rows) awards.set(`${provider}:${r.roundId}`, Number(r.amount));
    }),
  );
  return awards;
}

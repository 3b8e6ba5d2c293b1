import { and, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { openRoundsOf } from '../../modules/games/wallet/rounds.service.ts';
import { ABANDONED_HAND_MS, finishAbandonedHand, settleFinishedHand } from './house.blackjack.ts';
import type { RoundJackpot } from './house.jackpot.ts';
import { houseProvider } from './house.provider.ts';
import { houseRounds } from './house.schema.ts';
import { settleRound } from './settle-round.ts';
import type { WalletClient } from './wallet-client.ts';

/** A round's own request retries its win for about a second and a half; the sweep waits this long first. */
export const UNPAID_GRACE_MS = 60_000;
/** Every this often (housekeeping, app.ts). */
export const UNPAID_SWEEP_MS = 60_000;
/** Open rounds read at a time. */
const PER_PAGE = 200;

/** How long the sweep waits for a round's own retries and for a hand's player, and its page size. */
interface SweepOptions {
  graceMs?: number;
  abandonedMs?: number;
  perPage?: number;
}

/**
 * Pays the wins the wallet never took: a slot, baccarat or roulette round whose bet was taken but
 * whose win (or jackpot claim) went unanswered, as in a failover longer than the round's own retries.
 * The member was told the result is being settled; the same calls are sent again (the wallet applies
 * each once) until it is. A blackjack hand is paid so once finished; one still in play waits for its
 * player, whose next step resumes it, for `abandonedMs` (a day), then is stood and paid
 * (finishAbandonedHand). Every open round is read, a page at a time: the hands left in play stay
 * open, oldest first, and a sweep that read only its first page would never reach a win behind a
 * page of them. Answers the rounds paid.
 */
export async function payUnpaidRounds(
  db: Db,
  wallet: WalletClient,
  log: FastifyBaseLogger,
  { graceMs = UNPAID_GRACE_MS, abandonedMs = ABANDONED_HAND_MS, perPage = PER_PAGE }: SweepOptions = {},
): Promise<number> {
  const openedBefore = new Date(Date.now() - graceMs);
  let paid = 0;
  let after = 0;
  for (;;) {
    const page = await openRoundsOf(db, houseProvider.code, openedBefore, perPage, after);
    paid += await payPage(
      { db, wallet, log },
      page.map((r) => r.roundId),
      abandonedMs,
    );
    if (page.length < perPage) return paid;
    after = page[page.length - 1]!.id;
  }
}

/** Pays the rounds of one page that can be paid now; answers how many were. */
async function payPage(
  { db, wallet, log }: { db: Db; wallet: WalletClient; log: FastifyBaseLogger },
  open: string[],
  abandonedMs: number,
) {
  const ids = open.filter((r) => /^H[1-9]\d{0,15}$/.test(r)).map((r) => Number(r.slice(1)));
  if (ids.length === 0) return 0;
  const rounds = await db
    .select()
    .from(houseRounds)
    .where(and(inArray(houseRounds.id, ids), inArray(houseRounds.status, ['pending', 'open'])));
  let paid = 0;
  for (const round of rounds) {
    const settled =
      round.engine === 'blackjack'
        ? (await settleFinishedHand({ db, wallet, log }, round)) ||
          (await finishAbandonedHand({ db, wallet, log }, round, abandonedMs))
        : round.status === 'pending' &&
          (await settleRound(db, wallet, log, {
            id: round.id,
            payout: round.payout,
            jackpot: round.jackpot as RoundJackpot | null,
          })) !== undefined;
    if (settled) paid += 1;
  }
  return paid;
}

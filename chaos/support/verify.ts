import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client.ts';
import { cashRequests, walletTransactions } from '../../src/server/db/schema.ts';
import { sbBets } from '../../src/server/providers/sports/sports.schema.ts';
import { verifyAuditChain } from '../../src/server/modules/backoffice/audit.service.ts';

import { auditLedger, isLedgerSound } from '../../src/server/modules/ledger/ledger.audit.ts';
import { memberBalances } from '../../src/server/modules/ledger/ledger.service.ts';
import { tally } from './calls.ts';
import type { Player } from './workload.ts';

/**
 * After the load: every acknowledged call is in the database exactly once (a lost call is missing,
 * a doubled one shows in the member's balance), the ledger recomputes, the audit chain verifies.
 */
export async function verifyRun(db: Database['db'], players: Player[]): Promise<boolean> {
  let acknowledged = 0;
  let sportsBets = 0;
  let lost = 0;
  let wrongBalances = 0;
  let doubledOn = 0;
  for (const player of players) {
    acknowledged += player.ackedWalletTx.length + player.approvedDeposits.length;
    lost += await lostWalletCalls(db, player);
    if (player.approvedDeposits.length) {
      const [approved] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(cashRequests)
        .where(and(inArray(cashRequests.id, player.approvedDeposits), eq(cashRequests.status, 'already')));
      lost += player.approvedDeposits.length - approved!.n;
    }
    if (player.acceptedSportsBets.length) {
      const [placed] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(sbBets)
        .where(inArray(sbBets.requestId, player.acceptedSportsBets));
      lost += player.acceptedSportsBets.length - placed!.n;
      acknowledged += player.acceptedSportsBets.length;
      sportsBets += player.acceptedSportsBets.length;
    }
    const { cash } = await memberBalances(db, player.memberId);
    if (cash !== player.expectedCash) {
      wrongBalances += 1;
      if (cash > player.expectedCash) doubledOn += 1; // more money than the acknowledged calls gave
      console.log(`  ${player.login}: cash ${cash}, expected ${player.expectedCash} from the acknowledged calls`);
    }
  }
  console.log(
    `  acknowledged calls ${acknowledged}, of them ${sportsBets} sports bets (${attemptsLine()}); ` +
      `lost ${lost}; doubled ${doubledOn}; balances off on ${wrongBalances} of ${players.length} players`,
  );
  const ledgerHeld = await verifyLedgerAndChain(db);
  // The load must have reached the book, or the sportsbook was not under test at all.
  if (sportsBets === 0) console.log('  NO SPORTS BET WAS ACCEPTED');
  return lost === 0 && wrongBalances === 0 && ledgerHeld && sportsBets > 0;
}

/** How the load's calls went: attempts, and the unanswered ones it repeated. */
export const attemptsLine = () =>
  `attempts ${tally.calls}, unanswered attempts repeated ${tally.failedAttempts}, of them 503 'unavailable' ${tally.unavailable}`;

/** The player's acknowledged wallet transaction ids that are not in the database. */
export async function lostWalletCalls(db: Database['db'], player: Player): Promise<number> {
  const txIds = player.ackedWalletTx;
  let lost = 0;
  for (let i = 0; i < txIds.length; i += 500) {
    const slice = txIds.slice(i, i + 500);
    const [found] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(walletTransactions)
      .where(and(eq(walletTransactions.provider, 'house'), inArray(walletTransactions.txId, slice)));
    lost += slice.length - found!.n;
  }
  return lost;
}

/** The ledger audit (recomputed, no negative member balance) and the audit chain, printed; true when both hold. */
export async function verifyLedgerAndChain(db: Database['db']): Promise<boolean> {
  const audit = await auditLedger(db);
  const chain = await verifyAuditChain(db);
  const sound = isLedgerSound(audit);
  console.log(
    `  ledger: ${audit.transfers} transfers, sum ${audit.totalBalance}, drifted ${audit.driftedAccounts.length}, ` +
      `negative ${audit.negativeMemberAccounts} → ${sound ? 'SOUND' : 'BROKEN'}; ` +
      `audit chain: ${chain.entries} entries → ${chain.ok ? 'VERIFIED' : `BROKEN at ${chain.brokenAt}`}`,
  );
  return sound && chain.ok;
}

import type { Db } from '../../db/client.ts';
import { cancelUndecidedBetsOf } from '../../providers/sports/leg-voids.ts';
import type { SportsWallet } from '../../providers/sports/sports-wallet.ts';
import { auditProtection } from './protection-audit.ts';

/**
 * After a break or self-exclusion started (committed), on a site whose setting `sportsBetsOnBreak` is
 * 'cancel': the member's open sports bets none of whose legs has a result yet are cancelled through the
 * book's void path (every leg void, the stake paid back); bets already partly decided stand,
 * and the count is a protection entry in the audit log. The book knows the member as its player id.
 */
export async function cancelSportsBetsOnBreak(
  db: Db,
  wallet: SportsWallet,
  memberId: number,
  kind: 'break' | 'exclusion',
  ip?: string,
) {
  const reason =
    kind === 'break' ? 'player protection: the member took a break' : 'player protection: self-exclusion';
  const cancelled = await cancelUndecidedBetsOf(db, wallet, String(memberId), reason);
  if (cancelled.length > 0) {
    await db.transaction((tx) =>
      auditProtection(tx, memberId, 'sports_bets_cancelled', { bets: cancelled }, ip),
    );
  }
  return cancelled;
}

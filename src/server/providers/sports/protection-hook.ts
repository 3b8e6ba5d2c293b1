import type { ProtectionStartedHook } from '../../modules/protection/protection-hooks.ts';
import { cancelUndecidedBetsOf } from './leg-voids.ts';
import type { SportsWallet } from './sports-wallet.ts';

/**
 * The sportsbook's part when a break or self-exclusion starts (registered in app.ts): on a site whose
 * setting `sportsBetsOnBreak` is 'cancel', the member's open bets none of whose legs has a result yet
 * are cancelled through the book's void path (every leg void, the stake paid back); bets already partly
 * decided stand, and the cancelled bets are a protection entry in the audit log. The book knows the
 * member as its player id.
 */
export function cancelBetsOnBreak(wallet: () => SportsWallet): ProtectionStartedHook {
  return async ({ db, memberId, kind, site }) => {
    if (site.settings.sportsBetsOnBreak !== 'cancel') return undefined;
    const reason =
      kind === 'break' ? 'player protection: the member took a break' : 'player protection: self-exclusion';
    const cancelled = await cancelUndecidedBetsOf(db, wallet(), String(memberId), reason);
    return cancelled.length > 0
      ? { action: 'sports_bets_cancelled', detail: { bets: cancelled } }
      : undefined;
  };
}

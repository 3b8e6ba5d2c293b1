import type { Bet } from '../../shared/contract/sports-api.ts';

/**
 * How My bets reads a bet: a bet waiting its delay or its stake reads open; a bet settled with nothing
 * back reads lost, and so does an open single or multiple with a lost leg, at once, before the book's
 * settlement run reaches it (a system bet may still pay on its other lines); else its status.
 */
export function betStateOf(bet: Pick<Bet, 'kind' | 'status' | 'settledReturn' | 'legs'>): string {
  const lostLeg = bet.kind !== 'system' && bet.legs.some((l) => l.state === 'lost');
  if ((bet.status === 'settled' && bet.settledReturn === 0) || (bet.status === 'open' && lostLeg))
    return 'lost';
  if (bet.status === 'delayed' || bet.status === 'pending') return 'open';
  return bet.status;
}

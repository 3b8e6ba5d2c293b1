/** How a win is presented grows with the win measured in total bets. */
export type WinTier = 'small' | 'nice' | 'big' | 'mega' | 'epic';

export function winTier(payout: number, totalBet: number): WinTier | null {
  if (payout <= 0) return null;
  const x = payout / totalBet;
  if (x >= 50) return 'epic';
  if (x >= 15) return 'mega';
  if (x >= 5) return 'big';
  if (x >= 1) return 'nice';
  return 'small';
}

/** Count-up time of each tier, in ms (quick spin halves it). */
export const TIER_MS: Record<WinTier, number> = {
  small: 500,
  nice: 1_000,
  big: 2_200,
  mega: 3_200,
  epic: 4_200,
};
/** The sound level (1–5) of each tier. */
export const TIER_LEVEL: Record<WinTier, number> = { small: 1, nice: 2, big: 3, mega: 4, epic: 5 };
/** Tiers shown as a celebration over the reels, not only in the win bar. */
export const isCelebration = (tier: WinTier) => tier === 'big' || tier === 'mega' || tier === 'epic';

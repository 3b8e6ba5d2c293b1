import type { BaccaratHand } from '../../../shared/games/baccarat.ts';
import type { PlayT } from '../i18n.ts';

/** "Banker wins 7–5": the hand's result with the winner's total first. */
export const resultText = (t: PlayT, hand: BaccaratHand) =>
  t(`result.${hand.winner}`, { player: hand.playerTotal, banker: hand.bankerTotal });

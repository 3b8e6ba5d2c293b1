import type { ReactNode } from 'react';
import { CLASSIC_ART } from '../../../shared/games/slot-art/classic.tsx';
import { FRUIT_FIESTA_ART } from '../../../shared/games/slot-art/fruit-fiesta.tsx';
import { GOLDEN_DRAGON_ART } from '../../../shared/games/slot-art/golden-dragon.tsx';
import { LUCKY_SEVENS_ART } from '../../../shared/games/slot-art/lucky-sevens.tsx';

const ART: Record<string, Record<string, ReactNode>> = {
  'golden-dragon': GOLDEN_DRAGON_ART,
  'fruit-fiesta': FRUIT_FIESTA_ART,
  'lucky-sevens': LUCKY_SEVENS_ART,
  classic: CLASSIC_ART,
};

/** A machine's drawn reel symbol (no emoji font or image download needed on the player's phone). */
export function SymbolArt({ machine, symbol }: { machine: string; symbol: string }) {
  return (
    <svg viewBox="0 0 100 100" aria-hidden="true" data-symbol={symbol}>
      {(ART[machine] ?? CLASSIC_ART)[symbol]}
    </svg>
  );
}

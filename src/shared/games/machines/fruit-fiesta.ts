import { buildStrip, type SlotMachine } from '../slot-machine.ts';

/**
 * Fruit Fiesta: the piñata star is wild and lands only on reels 2, 3 and 4; wherever it shows, it
 * expands to fill its whole reel before the lines are read.
 */
const SYMBOLS = ['star', 'melon', 'grapes', 'orange', 'lemon', 'strawberry', 'cherry'] as const;

/** Copies of each symbol on each reel's 32-stop strip. */
export const FRUIT_FIESTA_WEIGHTS: Record<(typeof SYMBOLS)[number], number[]> = {
  star: [0, 1, 1, 1, 0],
  melon: [2, 2, 2, 2, 2],
  grapes: [3, 3, 3, 3, 3],
  orange: [4, 4, 4, 4, 4],
  lemon: [6, 5, 5, 5, 6],
  strawberry: [8, 8, 8, 8, 8],
  cherry: [9, 9, 9, 9, 9],
};

export const FRUIT_FIESTA: SlotMachine = {
  code: 'fruit-fiesta',
  symbols: SYMBOLS,
  wild: 'star',
  paytable: {
    star: [0, 0, 0],
    melon: [20, 80, 400],
    grapes: [12, 50, 200],
    orange: [10, 30, 120],
    lemon: [7, 22, 90],
    strawberry: [5, 13, 50],
    cherry: [4, 10, 35],
  },
  strips: [0, 1, 2, 3, 4].map((r) =>
    buildStrip(SYMBOLS, Object.fromEntries(SYMBOLS.map((s) => [s, FRUIT_FIESTA_WEIGHTS[s][r]!])), r * 5),
  ),
  feature: { kind: 'expandingWilds', reels: [1, 2, 3] },
};

import { buildStrip, type SlotMachine } from '../slot-machine.ts';

/**
 * Golden Dragon: the dragon is wild; three golden pearls (they land only on reels 1, 3 and 5) start
 * eight free spins at triple wins.
 */
const SYMBOLS = ['dragon', 'pearl', 'ingot', 'lantern', 'koi', 'fan', 'coin'] as const;

/** Copies of each symbol on each reel's 30-stop strip. */
export const GOLDEN_DRAGON_WEIGHTS: Record<(typeof SYMBOLS)[number], number[]> = {
  dragon: [2, 2, 2, 2, 2],
  pearl: [2, 0, 2, 0, 2],
  ingot: [3, 3, 3, 3, 3],
  lantern: [4, 4, 4, 4, 4],
  koi: [5, 5, 5, 5, 5],
  fan: [6, 7, 6, 7, 6],
  coin: [8, 9, 8, 9, 8],
};

export const GOLDEN_DRAGON: SlotMachine = {
  code: 'golden-dragon',
  symbols: SYMBOLS,
  wild: 'dragon',
  paytable: {
    dragon: [20, 100, 500],
    pearl: [0, 0, 0],
    ingot: [10, 40, 200],
    lantern: [8, 25, 100],
    koi: [6, 16, 60],
    fan: [4, 12, 40],
    coin: [3, 8, 25],
  },
  strips: [0, 1, 2, 3, 4].map((r) =>
    buildStrip(SYMBOLS, Object.fromEntries(SYMBOLS.map((s) => [s, GOLDEN_DRAGON_WEIGHTS[s][r]!])), r * 11),
  ),
  feature: { kind: 'freeSpins', scatter: 'pearl', trigger: 3, spins: 8, winMultiplier: 3 },
};

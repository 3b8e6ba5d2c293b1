import { buildStrip, type SlotMachine } from '../slot-machine.ts';

/**
 * Lucky Sevens: a classic fruit-machine look; the lucky star is wild, and every spin turns a lucky
 * wheel that multiplies the whole win by 2, 3, 5 or 10 (or leaves it as it is).
 */
const SYMBOLS = ['star', 'seven', 'triplebar', 'bell', 'horseshoe', 'clover', 'cherry'] as const;

/** Copies of each symbol on each reel's 28-stop strip. */
export const LUCKY_SEVENS_WEIGHTS: Record<(typeof SYMBOLS)[number], number[]> = {
  star: [1, 1, 1, 1, 1],
  seven: [2, 2, 2, 2, 2],
  triplebar: [3, 3, 3, 3, 3],
  bell: [4, 4, 4, 4, 4],
  horseshoe: [5, 5, 5, 5, 5],
  clover: [6, 6, 6, 6, 6],
  cherry: [7, 7, 7, 7, 7],
};

export const LUCKY_SEVENS: SlotMachine = {
  code: 'lucky-sevens',
  symbols: SYMBOLS,
  wild: 'star',
  paytable: {
    star: [50, 250, 2000],
    seven: [40, 200, 777],
    triplebar: [20, 60, 250],
    bell: [12, 40, 150],
    horseshoe: [8, 25, 90],
    clover: [6, 16, 60],
    cherry: [4, 12, 35],
  },
  strips: [0, 1, 2, 3, 4].map((r) =>
    buildStrip(SYMBOLS, Object.fromEntries(SYMBOLS.map((s) => [s, LUCKY_SEVENS_WEIGHTS[s][r]!])), r * 9),
  ),
  feature: {
    kind: 'multiplier',
    values: [
      { value: 1, weight: 180 },
      { value: 2, weight: 10 },
      { value: 3, weight: 6 },
      { value: 5, weight: 3 },
      { value: 10, weight: 1 },
    ],
  },
};

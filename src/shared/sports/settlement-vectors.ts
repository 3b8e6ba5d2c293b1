import type { Fraction } from './fraction.ts';
import { roundFraction, ZERO } from './fraction.ts';
import { deadHeatFactor, selectionOutcome } from './markets.ts';
import { parsePrice } from './price.ts';
import { exactReturn, type LegOutcome, type Rounding, WON } from './settlement.ts';

/**
 * Published settlement examples and rules, each with its source. Amounts are in minor units
 * (pence/cents) so that "£55" is 5500.
 */
export const dec = (s: string) => parsePrice(s, 'decimal')!;
export const fr = (s: string) => parsePrice(s, 'fractional')!;
export const us = (s: string) => parsePrice(s, 'american')!;
export const dh = (places: number, tied: number): LegOutcome => ({
  v: ZERO,
  w: 1,
  d: deadHeatFactor(places, tied),
});

export interface Vector {
  name: string;
  source: string;
  unitStake: number;
  sizes?: number[];
  legs: [Fraction, LegOutcome][];
  rounding?: Rounding;
  expected: number;
}

export const settle = (v: Vector) =>
  roundFraction(
    exactReturn({
      unitStake: BigInt(v.unitStake),
      sizes: v.sizes ?? [v.legs.length],
      legs: v.legs.map(([price, outcome]) => ({ price, outcome })),
      rounding: v.rounding ?? 'down',
    }),
    v.rounding ?? 'down',
  );

export const SPORTSBOOK_TABLE: Vector[] = [
  {
    name: '£10 at 10/1, dead heat of 2',
    source: 'Betfair help, answer 6779',
    unitStake: 1000,
    legs: [[fr('10/1'), dh(1, 2)]],
    expected: 5500,
  },
  {
    name: '$50 at 2.5, dead heat of 2',
    source: 'DraftKings help, "dead heat reduction"',
    unitStake: 5000,
    legs: [[dec('2.5'), dh(1, 2)]],
    expected: 6250,
  },
  {
    name: '$50 at 3.0, 6 tied for 3 places',
    source: 'DraftKings help, "dead heat reduction"',
    unitStake: 5000,
    legs: [[dec('3.0'), dh(3, 6)]],
    expected: 7500,
  },
  {
    name: '£10 at 4/1, dead heat of 2',
    source: 'horseracingqa.com, "dead heat"',
    unitStake: 1000,
    legs: [[fr('4/1'), dh(1, 2)]],
    expected: 2500,
  },
  {
    name: '$100 at −110 wins $190.91',
    source: 'Sports Interaction help 217732687',
    unitStake: 10000,
    legs: [[us('-110'), WON]],
    rounding: 'nearest',
    expected: 19091,
  },
  {
    name: '$100 at 5/6 (1.8333) wins $183.33',
    source: 'Sports Interaction help 217732687',
    unitStake: 10000,
    legs: [[fr('5/6'), WON]],
    expected: 18333,
  },
  {
    name: 'Asian −0.25 at 1.90, draw: half lost, half void',
    source: 'SPORTSBOOK.md §2 (Pinnacle, "Asian handicap explained")',
    unitStake: 100,
    legs: [
      [
        dec('1.90'),
        selectionOutcome('handicap', { line: '-0.25' }, 'home', { kind: 'score', home: 1, away: 1 })!,
      ],
    ],
    expected: 50,
  },
  {
    name: 'Asian +0.25 at 1.90, draw: half won, half void',
    source: 'SPORTSBOOK.md §2 (Pinnacle, "Asian handicap explained")',
    unitStake: 100,
    legs: [
      [
        dec('1.90'),
        selectionOutcome('handicap', { line: '0.25' }, 'home', { kind: 'score', home: 0, away: 0 })!,
      ],
    ],
    expected: 145,
  },
  {
    name: 'Trixie £1 a line at 2.0, 3.0, 4.0, all win',
    source: 'SPORTSBOOK.md §2 (arithmetic: 6 + 8 + 12 + 24)',
    unitStake: 100,
    sizes: [2, 3],
    legs: [
      [dec('2.0'), WON],
      [dec('3.0'), WON],
      [dec('4.0'), WON],
    ],
    expected: 5000,
  },
];

import { describe, expect, it } from 'vitest';
import { NAMED_SYSTEMS, type NamedSystem } from './bet-types.ts';
import { type Fraction, frac, HALF, ONE, parseDecimalString, ZERO } from './fraction.ts';
import { selectionOutcome } from './markets.ts';
import { formatAmerican, formatDecimal, formatFractional, parsePrice } from './price.ts';
import { type LegOutcome, LOST, lineCount, VOID, WON } from './settlement.ts';

import { dec, fr, SPORTSBOOK_TABLE, settle, us, type Vector } from './settlement-vectors.ts';

describe('SPORTSBOOK.md §2 published examples', () => {
  it.each(SPORTSBOOK_TABLE)('$name ($source)', (v) => expect(settle(v)).toBe(BigInt(v.expected)));

  it('5-fold at a combined 32.826 returns £328.26 (Bally help 20453198804754)', () => {
    // Bally quotes only the combined price; settled at it, £10 returns £328.26 with nothing lost to rounding.
    const legs: [Fraction, LegOutcome][] = [[dec('32.826'), WON]];
    expect(settle({ name: '', source: '', unitStake: 1000, legs, expected: 0 })).toBe(32826n);
  });
});

/** Named full-cover bets: line counts (Wikipedia, "Fixed-odds betting", full cover bets; William Hill help, "bet types"). */
const LINE_COUNTS: [NamedSystem, number][] = [
  ['trixie', 4],
  ['patent', 7],
  ['yankee', 11],
  ['lucky15', 15],
  ['superYankee', 26],
  ['canadian', 26],
  ['lucky31', 31],
  ['heinz', 57],
  ['lucky63', 63],
  ['superHeinz', 120],
  ['goliath', 247],
];

describe('named full-cover bets', () => {
  it.each(LINE_COUNTS)('%s has %i lines (Wikipedia "Fixed-odds betting": full cover bets)', (name, lines) => {
    const n = NAMED_SYSTEMS[name];
    expect(lineCount(n.selections, n.sizes)).toBe(lines);
  });

  // At evens every line of k winners returns 2^k per unit: the return is Σ C(n,k)·2^k over the sizes.
  // Published: "£1 Lucky 15, four winners at evens, returns £80" (Paddy Power help, Lucky 15).
  const evens: [NamedSystem, number][] = [
    ['trixie', 3 * 4 + 8],
    ['patent', 3 * 2 + 3 * 4 + 8],
    ['yankee', 6 * 4 + 4 * 8 + 16],
    ['lucky15', 80],
    ['superYankee', 10 * 4 + 10 * 8 + 5 * 16 + 32],
    ['lucky31', 5 * 2 + 10 * 4 + 10 * 8 + 5 * 16 + 32],
    ['heinz', 15 * 4 + 20 * 8 + 15 * 16 + 6 * 32 + 64],
    ['lucky63', 3 ** 6 - 1],
    ['superHeinz', 3 ** 7 - 1 - 7 * 2],
    ['goliath', 3 ** 8 - 1 - 8 * 2],
  ];
  it.each(evens)(
    '%s, £1 a line, every selection wins at evens returns £%i (binomial identity Σ C(n,k)2^k = 3^n)',
    (name, pounds) => {
      const n = NAMED_SYSTEMS[name];
      const legs: [Fraction, LegOutcome][] = Array.from({ length: n.selections }, () => [dec('2.0'), WON]);
      expect(settle({ name, source: '', unitStake: 100, sizes: [...n.sizes], legs, expected: 0 })).toBe(
        BigInt(pounds * 100),
      );
    },
  );

  it('Yankee with one loser keeps only the lines without it: 3 doubles + 1 treble (William Hill help, "Yankee")', () => {
    const legs: [Fraction, LegOutcome][] = [
      [dec('2.0'), WON],
      [dec('2.0'), WON],
      [dec('2.0'), WON],
      [dec('2.0'), LOST],
    ];
    expect(settle({ name: '', source: '', unitStake: 100, sizes: [2, 3, 4], legs, expected: 0 })).toBe(
      3n * 400n + 800n,
    );
  });
  it('Patent with one winner at 5/1 returns only its single: £6 for £1 a line (Betfair help, "Patent")', () => {
    const legs: [Fraction, LegOutcome][] = [
      [fr('5/1'), WON],
      [dec('2.0'), LOST],
      [dec('3.0'), LOST],
    ];
    expect(settle({ name: '', source: '', unitStake: 100, sizes: [1, 2, 3], legs, expected: 0 })).toBe(600n);
  });
  it('system 2/3 at 2.0, 3.0, 4.0 all winning returns the three doubles: 6 + 8 + 12 (arithmetic)', () => {
    const legs: [Fraction, LegOutcome][] = [
      [dec('2.0'), WON],
      [dec('3.0'), WON],
      [dec('4.0'), WON],
    ];
    expect(settle({ name: '', source: '', unitStake: 100, sizes: [2], legs, expected: 0 })).toBe(2600n);
  });
  it('Trixie with a void leg: the void leg counts 1 in each line (Betfair rules, "void selections in multiples")', () => {
    const legs: [Fraction, LegOutcome][] = [
      [dec('2.0'), WON],
      [dec('3.0'), WON],
      [dec('4.0'), VOID],
    ];
    // doubles 2·3 + 2·1 + 3·1 = 11, treble 6 → 17 units
    expect(settle({ name: '', source: '', unitStake: 100, sizes: [2, 3], legs, expected: 0 })).toBe(1700n);
  });
});

describe('multiples with void legs and losers (Bet365 / Betfair rules: a void leg counts at price 1)', () => {
  const cases: [string, [string, LegOutcome][], number][] = [
    [
      'treble with one void leg becomes a double',
      [
        ['2.0', WON],
        ['3.0', WON],
        ['5.0', VOID],
      ],
      600,
    ],
    [
      'double with both legs void returns the stake',
      [
        ['2.0', VOID],
        ['3.0', VOID],
      ],
      100,
    ],
    [
      'treble with one loser returns nothing',
      [
        ['2.0', WON],
        ['3.0', LOST],
        ['5.0', WON],
      ],
      0,
    ],
    [
      'double with a half-void Asian leg (+0.25 draw): 2.0 × (0.5 + 0.5·1.9)',
      [
        ['2.0', WON],
        ['1.9', { v: HALF, w: 1, d: ONE }],
      ],
      290,
    ],
    [
      'double with a half-lost Asian leg (−0.25 draw): 2.0 × 0.5',
      [
        ['2.0', WON],
        ['1.9', { v: HALF, w: 0, d: ONE }],
      ],
      100,
    ],
    [
      'double with a dead-heat leg (2 tied) at 5.0: 2.0 × 2.5',
      [
        ['2.0', WON],
        ['5.0', { v: ZERO, w: 1, d: HALF }],
      ],
      500,
    ],
    [
      '20-fold at evens: 2^20 units',
      Array.from({ length: 20 }, (): [string, LegOutcome] => ['2.0', WON]),
      100 * 2 ** 20,
    ],
  ];
  it.each(cases)('%s', (_n, legs, expected) => {
    const v: Vector = {
      name: '',
      source: '',
      unitStake: 100,
      legs: legs.map(([p, o]) => [dec(p), o]),
      expected,
    };
    expect(settle(v)).toBe(BigInt(expected));
  });
});

describe('Asian quarter lines, both sides (Pinnacle betting resources, "Asian handicap explained")', () => {
  const score = (home: number, away: number) => ({ kind: 'score' as const, home, away });
  const cases: [string, 'handicap' | 'total', string, string, [number, number], number][] = [
    ['home −0.75 wins by 1: half won, half void', 'handicap', '-0.75', 'home', [2, 1], 50 + 95],
    ['away +0.75 loses by 1: half lost, half void', 'handicap', '-0.75', 'away', [2, 1], 50],
    ['home −0.75 wins by 2: all won', 'handicap', '-0.75', 'home', [2, 0], 190],
    ['home −1.25 wins by 1: half lost, half void', 'handicap', '-1.25', 'home', [1, 0], 50],
    ['away +1.25 loses by 1: half won, half void', 'handicap', '-1.25', 'away', [1, 0], 145],
    ['home −1.0 wins by 1: push, stake back', 'handicap', '-1', 'home', [1, 0], 100],
    ['home −0.5 draw: lost', 'handicap', '-0.5', 'home', [1, 1], 0],
    ['over 2.25, 2 goals: half lost', 'total', '2.25', 'over', [1, 1], 50],
    ['under 2.25, 2 goals: half won', 'total', '2.25', 'under', [2, 0], 145],
    ['over 2.75, 3 goals: half won, half void', 'total', '2.75', 'over', [2, 1], 145],
    ['under 2.75, 3 goals: half lost, half void', 'total', '2.75', 'under', [2, 1], 50],
    ['over 2.5, 3 goals: won', 'total', '2.5', 'over', [3, 0], 190],
    ['under 3.0, 3 goals: push', 'total', '3', 'under', [1, 2], 100],
  ];
  it.each(cases)('%s', (_n, type, line, key, [h, a], expected) => {
    const outcome = selectionOutcome(type, { line }, key, score(h, a))!;
    expect(settle({ name: '', source: '', unitStake: 100, legs: [[dec('1.90'), outcome]], expected })).toBe(
      BigInt(expected),
    );
  });
  it('other market types: 1X2 draw, money line draw void, BTTS, correct score', () => {
    const s = score(1, 1);
    expect(selectionOutcome('1x2', {}, 'draw', s)).toEqual(WON);
    expect(selectionOutcome('moneyline', {}, 'home', s)).toEqual(VOID);
    expect(selectionOutcome('btts', {}, 'yes', s)).toEqual(WON);
    expect(selectionOutcome('correct_score', {}, '1-1', s)).toEqual(WON);
    expect(selectionOutcome('correct_score', {}, '2-1', s)).toEqual(LOST);
  });
});

describe('price formats (Sports Interaction help 217732687; Pinnacle "odds converter")', () => {
  const cases: [string, 'decimal' | 'fractional' | 'american', string, string, string, string][] = [
    ['−110', 'american', '-110', '1.91', '10/11', '-110'],
    ['+150', 'american', '+150', '2.50', '3/2', '+150'],
    ['5/6', 'fractional', '5/6', '1.83', '5/6', '-120'],
    ['evens', 'fractional', 'evens', '2.00', '1/1', '+100'],
    ['2/5', 'fractional', '2/5', '1.40', '2/5', '-250'],
    ['1.90', 'decimal', '1.90', '1.90', '9/10', '-111'],
    ['−200', 'american', '-200', '1.50', '1/2', '-200'],
    ['+250', 'american', '250', '3.50', '5/2', '+250'],
  ];
  it.each(cases)('%s', (_n, format, text, decimal, fractional, american) => {
    const p = parsePrice(text, format)!;
    expect([formatDecimal(p), formatFractional(p), formatAmerican(p)]).toEqual([
      decimal,
      fractional,
      american,
    ]);
  });
  it('−110 is exactly 21/11 and 5/6 exactly 11/6 (SPORTSBOOK.md §1)', () => {
    expect(us('-110')).toEqual(frac(21n, 11n));
    expect(fr('5/6')).toEqual(frac(11n, 6n));
  });
  it('refuses nonsense: prices at or below 1, American between −100 and +100, garbage', () => {
    for (const [t, f] of [
      ['1.0', 'decimal'],
      ['0.5', 'decimal'],
      ['-50', 'american'],
      ['abc', 'decimal'],
      ['1/0', 'fractional'],
      ['-1.5', 'decimal'],
    ] as const)
      expect(parsePrice(t, f)).toBeUndefined();
  });
});

describe('rounding once per bet (SPORTSBOOK.md §2; Sports Interaction help 217732687)', () => {
  it('down: $100 at −110 returns $190.90; nearest: $190.91', () => {
    const legs: [Fraction, LegOutcome][] = [[us('-110'), WON]];
    expect(settle({ name: '', source: '', unitStake: 10000, legs, expected: 0 })).toBe(19090n);
    expect(settle({ name: '', source: '', unitStake: 10000, legs, rounding: 'nearest', expected: 0 })).toBe(
      19091n,
    );
  });
  it('a treble at −110 three times is rounded once, not per leg: 1000 × (21/11)^3 = 6957.9…', () => {
    const legs: [Fraction, LegOutcome][] = [
      [us('-110'), WON],
      [us('-110'), WON],
      [us('-110'), WON],
    ];
    expect(settle({ name: '', source: '', unitStake: 1000, legs, expected: 0 })).toBe(6957n);
    // Rounding each leg to cents first would give 1000 → 1909 → 3644 → 6956 (a unit short).
  });
  it('nearest rounds half up: 1 at 2.5 = 2.5 → 3; down → 2', () => {
    const legs: [Fraction, LegOutcome][] = [[dec('2.5'), WON]];
    expect(settle({ name: '', source: '', unitStake: 1, legs, rounding: 'nearest', expected: 0 })).toBe(3n);
    expect(settle({ name: '', source: '', unitStake: 1, legs, expected: 0 })).toBe(2n);
  });
  it('parseDecimalString keeps every digit', () => {
    expect(parseDecimalString('1.833333333333')).toEqual(frac(1833333333333n, 1000000000000n));
  });
});

import { describe, expect, it } from 'vitest';
import {
  colorOf,
  EVEN_MONEY,
  exactSpotRtp,
  pocketFromFloat,
  SPOTS,
  spinRoulette,
  spotReturn,
  totalReturn,
} from './roulette.ts';

const EUROPEAN = { laPartage: false };
const LA_PARTAGE = { laPartage: true };

describe('single-zero roulette', () => {
  it('has every spot of the layout, each of the right size', () => {
    const count = (type: string) => [...SPOTS.values()].filter((s) => s.type === type).length;
    // Splits: 33 along the columns, 24 across them, and zero's three.
    expect(count('straight')).toBe(37);
    expect(count('split')).toBe(60);
    expect(count('street')).toBe(14);
    expect(count('corner')).toBe(23);
    expect(count('line')).toBe(11);
    expect(count('dozen')).toBe(3);
    expect(count('column')).toBe(3);
    const sizes = { straight: 1, split: 2, street: 3, corner: 4, line: 6, dozen: 12, column: 12 } as const;
    for (const s of SPOTS.values()) {
      if (s.type in sizes) expect(s.numbers).toHaveLength(sizes[s.type as keyof typeof sizes]);
      else expect(s.numbers).toHaveLength(18);
      // A bet pays 36 / n − 1 to one: every bet returns 36 units over the 37 pockets.
      expect((s.pays + 1) * s.numbers.length).toBe(36);
    }
    expect(SPOTS.get('column:1')!.numbers).toEqual([1, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31, 34]);
    expect(SPOTS.get('corner:0-1-2-3')!.pays).toBe(8);
    expect(SPOTS.has('split:3-4')).toBe(false);
    expect(SPOTS.has('corner:3-4-6-7')).toBe(false);
  });

  it('colours pockets as the wheel does and reads a fair number as one of 37 pockets', () => {
    expect([0, 1, 2, 10, 11, 19, 36].map(colorOf)).toEqual([
      'green',
      'red',
      'black',
      'black',
      'black',
      'red',
      'red',
    ]);
    expect(pocketFromFloat(0)).toBe(0);
    expect(pocketFromFloat(0.999999)).toBe(36);
    expect(pocketFromFloat(1 / 37)).toBe(1);
  });

  it('pays each bet by the table', () => {
    const bets = {
      'straight:17': 1_000,
      'split:17-20': 1_000,
      red: 2_000,
      'dozen:2': 1_000,
      'column:1': 1_000,
    };
    // 17 is black, in the second dozen, second column.
    const on17 = spinRoulette(bets, 17.5 / 37, EUROPEAN);
    expect(on17).toMatchObject({ number: 17, color: 'black' });
    expect(on17.returns).toEqual({
      'straight:17': 36_000,
      'split:17-20': 18_000,
      red: 0,
      'dozen:2': 3_000,
      'column:1': 0,
    });
    expect(totalReturn(on17)).toBe(57_000);
    expect(spotReturn('line:13-14-15-16-17-18', 1_000, 18, EUROPEAN)).toBe(6_000);
    expect(spotReturn('street:0-2-3', 1_000, 0, EUROPEAN)).toBe(12_000);
  });

  it('loses even-money bets on zero, or half of them with la partage', () => {
    expect(spotReturn('red', 1_000, 0, EUROPEAN)).toBe(0);
    expect(spotReturn('red', 1_000, 0, LA_PARTAGE)).toBe(500);
    expect(spotReturn('low', 1_001, 0, LA_PARTAGE)).toBe(500);
    expect(spotReturn('dozen:1', 1_000, 0, LA_PARTAGE)).toBe(0);
    expect(spotReturn('straight:0', 1_000, 0, LA_PARTAGE)).toBe(36_000);
  });

  it('returns exactly 36/37 = 97.30 % on every bet, and 36.5/37 = 98.65 % on even money with la partage', () => {
    for (const key of SPOTS.keys()) {
      const { returned, staked } = exactSpotRtp(key, EUROPEAN);
      expect(returned * 37, key).toBe(staked * 36);
      expect(returned / staked).toBeCloseTo(0.972972973, 9);
      const partage = exactSpotRtp(key, LA_PARTAGE);
      const even = EVEN_MONEY.includes(SPOTS.get(key)!.type);
      expect(partage.returned * 37 * 2, key).toBe(partage.staked * (even ? 73 : 72));
    }
    expect(exactSpotRtp('red', LA_PARTAGE).returned / exactSpotRtp('red', LA_PARTAGE).staked).toBeCloseTo(
      0.986486486,
      9,
    );
  });
});

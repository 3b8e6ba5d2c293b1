import { describe, expect, it } from 'vitest';
import { CHIPS } from '../../../shared/games/house-games.ts';
import { chipFace } from './chipFace.ts';

describe('a table chip reads what it stakes, in the major units the balance shows', () => {
  it('on a won site (no decimals): 1K to 100K', () => {
    expect(CHIPS.map((c) => chipFace(c, 'KRW'))).toEqual(['1K', '5K', '10K', '50K', '100K']);
  });

  it('on a baht site (satang): the chip that stakes ฿100.00 reads 100, not 10K', () => {
    expect(CHIPS.map((c) => chipFace(c, 'THB'))).toEqual(['10', '50', '100', '500', '1K']);
  });

  it('a stack on a roulette spot adds up the same way', () => {
    expect(chipFace(150_000, 'THB')).toBe('1.5K');
    expect(chipFace(2_000_000, 'KRW')).toBe('2M');
  });
});

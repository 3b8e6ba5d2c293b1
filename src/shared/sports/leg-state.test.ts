import { describe, expect, it } from 'vitest';
import { HALF, ONE } from './fraction.ts';
import { legStateOf, legStateOfProof } from './leg-state.ts';
import { LOST, VOID, WON } from './settlement.ts';

describe('leg states', () => {
  it('names won, lost, void and the two halves of a quarter line', () => {
    expect(legStateOf(WON)).toBe('won');
    expect(legStateOf(LOST)).toBe('lost');
    expect(legStateOf(VOID)).toBe('void');
    expect(legStateOf({ v: HALF, w: 1 })).toBe('half_won');
    expect(legStateOf({ v: HALF, w: 0 })).toBe('half_lost');
    expect(legStateOfProof({ v: '1/2', w: 0 })).toBe('half_lost');
    expect(legStateOfProof({ v: '0/1', w: 1 })).toBe('won');
    expect(legStateOf({ v: ONE, w: 1 })).toBe('void');
  });
});

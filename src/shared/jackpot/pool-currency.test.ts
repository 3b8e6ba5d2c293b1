import { describe, expect, it } from 'vitest';
import { takesPartInPool } from './pool-currency.ts';

describe('takesPartInPool', () => {
  it('only play in the pool’s own currency takes part, and none before a pool exists', () => {
    expect(takesPartInPool('THB', 'THB')).toBe(true);
    expect(takesPartInPool('THB', 'KRW')).toBe(false);
    expect(takesPartInPool(undefined, 'THB')).toBe(false);
    expect(takesPartInPool('THB', undefined)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { SPOTS } from '../../../shared/games/roulette.ts';
import { COLUMNS, EDGES, edgeSpot } from './board.ts';

describe('the roulette layout', () => {
  it('offers every split, street, corner and line of the table through the numbers’ edges', () => {
    const offered = new Set<string>();
    for (const column of COLUMNS)
      for (const n of column)
        for (const edge of EDGES) {
          const spot = edgeSpot(n, edge);
          if (spot) offered.add(spot);
        }
    const wanted = [...SPOTS.entries()]
      .filter(([, s]) => ['split', 'street', 'corner', 'line'].includes(s.type))
      // Zero's trios and first four are taken by the API; the layout offers zero's splits.
      .filter(([, s]) => !(s.numbers.includes(0) && s.type !== 'split'))
      .map(([k]) => k);
    expect([...offered].sort()).toEqual(wanted.sort());
  });
});

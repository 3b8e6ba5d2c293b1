import { describe, expect, it } from 'vitest';
import { labelParts } from './leg-label.ts';

const now = { event: 'Ivory Cranes v Jade Otters', market: 'Full-time result', selection: 'Home side' };

describe('a placed leg’s names', () => {
  it('are the parts of the label the book accepted, not the names the book has now', () => {
    expect(labelParts('Ivory Cranes v Jade Otters · Match result · Home', now)).toEqual({
      event: 'Ivory Cranes v Jade Otters',
      market: 'Match result',
      selection: 'Home',
    });
  });

  it('are the book’s names now when a name holds " · " itself and the label cannot be split', () => {
    expect(labelParts('Ivory · Cranes v Jade Otters · Match result · Home', now)).toEqual(now);
  });
});

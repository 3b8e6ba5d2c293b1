import { describe, expect, it } from 'vitest';
import { themedSlotTile } from './themed-slot-tiles.tsx';

describe("the three themed slots' catalogue tiles", () => {
  it("draw each game with its own window's frame colour and its own symbols, not the generic star", () => {
    const tiles = ['golden-dragon', 'fruit-fiesta', 'lucky-sevens'].map(
      (code) => themedSlotTile(code, code)!,
    );
    expect(tiles[0]).toContain('#e0b43a');
    expect(tiles[1]).toContain('#ff3d7f');
    expect(tiles[2]).toContain('#38bdf8');
    // The dragon's red body, the fruit piñata star's colours and the blue frame are each their own.
    expect(new Set(tiles).size).toBe(3);
    for (const tile of tiles) {
      expect(tile).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(tile).not.toContain('★');
      expect(tile.match(/<svg /g)).toHaveLength(4);
    }
    expect(themedSlotTile('ocean-treasure', 'Ocean Treasure')).toBeUndefined();
  });
});

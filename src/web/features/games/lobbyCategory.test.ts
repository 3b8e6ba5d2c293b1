import { describe, expect, it } from 'vitest';
import { inCategory, isNew, type LobbyGame } from './lobbyCategory.ts';

const game = (over: Partial<LobbyGame>): LobbyGame => ({
  code: 'x',
  gameCompany: 'royal-tables',
  category: 'casino',
  jackpot: false,
  releasedOn: '2025-01-01',
  ...over,
});
const today = new Date('2026-11-26T12:00:00Z');

describe('lobby categories', () => {
  it('sorts games into slots, table games, live tables, jackpot games and new ones', () => {
    expect(inCategory(game({ category: 'slot', jackpot: true }), 'slots', today)).toBe(true);
    expect(inCategory(game({ category: 'slot', jackpot: true }), 'jackpot', today)).toBe(true);
    expect(inCategory(game({}), 'table', today)).toBe(true);
    expect(inCategory(game({ gameCompany: 'royal-live' }), 'table', today)).toBe(false);
    expect(inCategory(game({ gameCompany: 'royal-live' }), 'live', today)).toBe(true);
    expect(isNew(game({ releasedOn: '2026-11-20' }), today)).toBe(true);
    expect(isNew(game({ releasedOn: '2026-10-01' }), today)).toBe(false);
  });
});

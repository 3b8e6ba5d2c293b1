import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { selectionLabel } from './market-label.ts';

const t = ((key: string) => `«${key}»`) as unknown as TFunction;

describe('a selection as the desk names it', () => {
  it('translates a side named by its key alone; a team name stays as the book has it', () => {
    expect(selectionLabel(t, { key: 'home', name: 'home' })).toBe('«sports:selection.home»');
    expect(selectionLabel(t, { key: 'away', name: 'Away' })).toBe('«sports:selection.away»');
    expect(selectionLabel(t, { key: 'home', name: 'Arsenal' })).toBe('Arsenal');
    expect(selectionLabel(t, { key: 'draw', name: 'Draw' })).toBe('«sports:selection.draw»');
  });
});

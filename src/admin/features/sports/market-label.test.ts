import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { lastHourWindow, localToIso, selectionLabel, sportLabel } from './market-label.ts';

const t = ((key: string) => `«${key}»`) as unknown as TFunction;

describe('a selection as the desk names it', () => {
  it('translates a side named by its key alone; a team name stays as the book has it', () => {
    expect(selectionLabel(t, { key: 'home', name: 'home' })).toBe('«sports:selection.home»');
    expect(selectionLabel(t, { key: 'away', name: 'Away' })).toBe('«sports:selection.away»');
    expect(selectionLabel(t, { key: 'home', name: 'Arsenal' })).toBe('Arsenal');
    expect(selectionLabel(t, { key: 'draw', name: 'Draw' })).toBe('«sports:selection.draw»');
  });
});

describe('a sport as the desk names it', () => {
  it("uses the member window's name in the operator's language, else the book's own", async () => {
    const i18n = (await import('i18next')).createInstance();
    await i18n.init({
      lng: 'ko',
      resources: { ko: { sports: { sportNames: { football: '축구' } } } },
    });
    expect(sportLabel(i18n.t, { code: 'football', name: 'Football' })).toBe('축구');
    expect(sportLabel(i18n.t, { code: 'kabaddi', name: 'Kabaddi' })).toBe('Kabaddi');
  });
});

describe("a cancel window's default", () => {
  it('reaches the whole of the current second: a bet placed just before the form opened is inside it', () => {
    const opened = new Date('2026-11-29T00:13:02.900Z');
    const placed = new Date('2026-11-29T00:13:02.500Z');
    const { from, to } = lastHourWindow(opened, 'Asia/Bangkok');
    expect({ from, to }).toEqual({ from: '2026-11-29T06:13:03', to: '2026-11-29T07:13:03' });
    expect(new Date(localToIso(to, 'Asia/Bangkok')!) > placed).toBe(true);
  });
});

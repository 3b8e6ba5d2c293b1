import { describe, expect, it } from 'vitest';
import { cascadePopups, clampToArea } from './popupPlacement.ts';
import { clearClosedPopups, closedKey, hideTodayKey, isHidden, POPUP_HIDE_MS } from './popupStorage.ts';

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, v),
  };
}

describe('popup memory (SPEC §4)', () => {
  it('uses pop_{id} for hide-today and pop2_{id} for close', () => {
    expect(hideTodayKey(7)).toBe('pop_7');
    expect(closedKey(7)).toBe('pop2_7');
  });

  it("hides a popup for SPEC §9's 28,800,000 ms (8 hours), also across midnight", () => {
    expect(POPUP_HIDE_MS).toBe(8 * 60 * 60 * 1000);
    const storage = memoryStorage();
    const hiddenAt = new Date(2026, 10, 22, 21, 30).getTime();
    storage.setItem('pop_3', String(hiddenAt));
    expect(isHidden(3, new Date(2026, 10, 23, 0, 1).getTime(), storage)).toBe(true);
    expect(isHidden(3, hiddenAt + POPUP_HIDE_MS - 5_000, storage)).toBe(true);
    expect(isHidden(3, hiddenAt + POPUP_HIDE_MS, storage)).toBe(false);
    expect(isHidden(4, hiddenAt + 1_000, storage)).toBe(false);
  });

  it('keeps a popup inside the area on every edge, title bar first when it is too big', () => {
    const area = { width: 360, height: 680 };
    const size = { width: 340, height: 300 };
    expect(clampToArea({ x: -500, y: -40 }, size, area)).toEqual({ x: 8, y: 8 });
    expect(clampToArea({ x: 900, y: 900 }, size, area)).toEqual({ x: 12, y: 372 });
    expect(clampToArea({ x: 10, y: 100 }, size, area)).toEqual({ x: 10, y: 100 });
    expect(clampToArea({ x: 50, y: 50 }, { width: 400, height: 900 }, area)).toEqual({ x: 8, y: 8 });
  });

  it('never places a popup over the header and main menu (the area starts below them)', () => {
    const area = { top: 118, width: 1366, height: 768 };
    const size = { width: 340, height: 300 };
    expect(clampToArea({ x: 100, y: 0 }, size, area)).toEqual({ x: 100, y: 126 });
    expect(clampToArea({ x: 100, y: 200 }, size, area)).toEqual({ x: 100, y: 200 });
    // Too tall for what is left: the title bar stays just below the menu.
    expect(clampToArea({ x: 0, y: 0 }, { width: 340, height: 900 }, area)).toEqual({ x: 8, y: 126 });
  });

  it('clears every pop2 key on a notice load and keeps the others', () => {
    const storage = memoryStorage();
    storage.setItem('pop2_1', '1');
    storage.setItem('pop2_9', '1');
    storage.setItem('pop_1', '1');
    storage.setItem('lang', 'en');
    clearClosedPopups(storage);
    expect([
      storage.getItem('pop2_1'),
      storage.getItem('pop2_9'),
      storage.getItem('pop_1'),
      storage.getItem('lang'),
    ]).toEqual([null, null, '1', 'en']);
  });
});

describe('several popups open at once', () => {
  const area = { width: 1366, height: 850 };
  it('moves a later popup that would cover an earlier title bar to just below it', () => {
    // The demo popup at (40, 120) and an operator's new one at (40, 80), drawn on top of it.
    expect(
      cascadePopups(
        [
          { x: 40, y: 120 },
          { x: 40, y: 80 },
        ],
        340,
        area,
      ),
    ).toEqual([
      { x: 40, y: 120 },
      { x: 56, y: 168 },
    ]);
  });

  it('leaves popups placed apart where the operator put them', () => {
    const apart = [
      { x: 40, y: 120 },
      { x: 420, y: 120 },
      { x: 40, y: 500 },
    ];
    expect(cascadePopups(apart, 340, area)).toEqual(apart);
  });

  it('cascades popups a phone screen pulls onto one spot', () => {
    const phone = { width: 360, height: 700 };
    const starts = cascadePopups(
      [
        { x: 40, y: 120 },
        { x: 420, y: 120 },
      ],
      344,
      phone,
    );
    expect(starts[1]!.y - starts[0]!.y).toBe(48);
  });
});

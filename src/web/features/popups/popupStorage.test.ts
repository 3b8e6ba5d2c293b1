import { describe, expect, it } from 'vitest';
import { clearClosedPopups, closedKey, hideTodayKey, isHiddenToday } from './popupStorage.ts';

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

  it('hides a popup for the rest of the day it was hidden on', () => {
    const storage = memoryStorage();
    const hiddenAt = new Date(2026, 10, 22, 9, 30);
    storage.setItem('pop_3', String(hiddenAt.getTime()));
    expect(isHiddenToday(3, new Date(2026, 10, 22, 23, 59), storage)).toBe(true);
    expect(isHiddenToday(3, new Date(2026, 10, 23, 0, 1), storage)).toBe(false);
    expect(isHiddenToday(4, new Date(2026, 10, 22, 10, 0), storage)).toBe(false);
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

/**
 * Popup memory in localStorage (SPEC §4): "hide today" stores a timestamp under pop_{id}, close
 * stores pop2_{id}, and every notice load clears the pop2 keys.
 */
export const hideTodayKey = (id: number) => `pop_${id}`;
export const closedKey = (id: number) => `pop2_${id}`;

/** Hidden until the end of the local day it was hidden on. */
export function isHiddenToday(id: number, now = new Date(), storage: Storage = localStorage): boolean {
  const stamp = Number(storage.getItem(hideTodayKey(id)));
  if (!stamp) return false;
  const endOfThatDay = new Date(stamp);
  endOfThatDay.setHours(24, 0, 0, 0);
  return now.getTime() < endOfThatDay.getTime();
}

export function clearClosedPopups(storage: Storage = localStorage): void {
  for (let i = storage.length - 1; i >= 0; i--) {
    const key = storage.key(i);
    if (key?.startsWith('pop2_')) storage.removeItem(key);
  }
}

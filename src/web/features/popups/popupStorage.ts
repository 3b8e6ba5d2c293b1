/**
 * Popup memory in localStorage (SPEC §4): "hide" stores a timestamp under pop_{id}, close
 * stores pop2_{id}, and every notice load clears the pop2 keys.
 */
export const hideTodayKey = (id: number) => `pop_${id}`;
export const closedKey = (id: number) => `pop2_${id}`;

/**
 * How long the hide button hides a popup. SPEC §9 lists a constant of 28,800,000 ms (8 hours) whose use
 * it does not show; in the front ends of this backend family it is exactly this hide duration (their
 * button reads "don't show for 8 hours"), so this is that constant. It is a duration from the moment of
 * hiding, not "until midnight".
 */
export const POPUP_HIDE_MS = 28_800_000;

/** Hidden while less than POPUP_HIDE_MS has passed since the member hid it. */
export function isHidden(id: number, now = Date.now(), storage: Storage = localStorage): boolean {
  const stamp = Number(storage.getItem(hideTodayKey(id)));
  if (!stamp) return false;
  return now >= stamp && now - stamp < POPUP_HIDE_MS;
}

export function clearClosedPopups(storage: Storage = localStorage): void {
  for (let i = storage.length - 1; i >= 0; i--) {
    const key = storage.key(i);
    if (key?.startsWith('pop2_')) storage.removeItem(key);
  }
}

/**
 * The reality check's pause: while it shows, autoplay waits here before its next spin (the dialog
 * itself covers the game, so no manual bet can be made either).
 */
let paused = false;
let waiting: Array<() => void> = [];

export function setPaused(value: boolean): void {
  paused = value;
  if (!value) {
    for (const resume of waiting) resume();
    waiting = [];
  }
}

export const waitWhilePaused = (): Promise<void> =>
  paused ? new Promise((resolve) => waiting.push(resolve)) : Promise.resolve();

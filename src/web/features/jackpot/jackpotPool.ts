import { useSyncExternalStore } from 'react';
import type { JackpotStateReply } from '../../../shared/contract/jackpot-routes.ts';
import { callRoute } from '../../api/client.ts';

/** How often an open page asks for the pool while someone watches it. */
export const JACKPOT_POLL_MS = 3_000;

let current: JackpotStateReply | null = null;
const listeners = new Set<() => void>();
let timer: number | undefined;
let inFlight = false;

/**
 * Sets the pool every subscriber shows. The poll below calls it today; issue #17's server-sent
 * events can call it with each pushed state instead, and the poll can then stop.
 */
export function publishJackpot(state: JackpotStateReply): void {
  current = state;
  for (const listener of listeners) listener();
}

async function refresh(): Promise<void> {
  if (inFlight) return;
  inFlight = true;
  try {
    publishJackpot((await callRoute('get-jackpot', {})).jackpot);
  } catch {
    // Keep showing the last amount; the next tick tries again.
  } finally {
    inFlight = false;
  }
}

const onVisible = () => {
  if (document.visibilityState === 'visible') void refresh();
};

function start() {
  void refresh();
  timer = window.setInterval(() => {
    // A hidden tab does not poll; it refreshes the moment it is shown again.
    if (document.visibilityState === 'visible') void refresh();
  }, JACKPOT_POLL_MS);
  document.addEventListener('visibilitychange', onVisible);
}

function stop() {
  window.clearInterval(timer);
  timer = undefined;
  document.removeEventListener('visibilitychange', onVisible);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) start();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) stop();
  };
}

/** The live pool, shared by every component of the page: one poll however many show it. */
export function useJackpotPool(): JackpotStateReply | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}

/** After a win the page asks at once rather than at the next tick. */
export const refreshJackpot = refresh;

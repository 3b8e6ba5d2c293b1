import { useSyncExternalStore } from 'react';
import type { JackpotStateReply } from '../../../shared/contract/jackpot-routes.ts';
import { callRoute } from '../../api/client.ts';

/**
 * The pool arrives pushed over Server-Sent Events (/api/live/jackpot) whenever it changes. This slow
 * poll is only the fallback: it asks when nothing was pushed for this long (the stream is down or
 * reconnecting).
 */
export const JACKPOT_FALLBACK_POLL_MS = 30_000;

let current: JackpotStateReply | null = null;
const listeners = new Set<() => void>();
let timer: number | undefined;
let inFlight = false;
let source: EventSource | undefined;
let lastHeard = 0;

/** Sets the pool every subscriber shows: each pushed state, or the fallback poll's answer. */
export function publishJackpot(state: JackpotStateReply): void {
  lastHeard = Date.now();
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

function openStream() {
  if (typeof EventSource === 'undefined') return;
  source = new EventSource('/api/live/jackpot');
  source.addEventListener('jackpot', (event) => {
    publishJackpot(JSON.parse((event as MessageEvent<string>).data) as JackpotStateReply);
  });
  // The stream is down (EventSource retries by itself): ask now unless something came lately.
  source.addEventListener('error', () => {
    if (Date.now() - lastHeard >= JACKPOT_FALLBACK_POLL_MS) void refresh();
  });
}

function start() {
  openStream();
  // The stream sends the pool at once; ask as well in case it cannot open.
  if (!source) void refresh();
  timer = window.setInterval(() => {
    // A hidden tab does not poll; it refreshes the moment it is shown again.
    const quiet = Date.now() - lastHeard >= JACKPOT_FALLBACK_POLL_MS;
    if (quiet && document.visibilityState === 'visible') void refresh();
  }, JACKPOT_FALLBACK_POLL_MS / 3);
  document.addEventListener('visibilitychange', onVisible);
}

function stop() {
  window.clearInterval(timer);
  timer = undefined;
  source?.close();
  source = undefined;
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

/**
 * The live pool, shared by every component of the page: one stream however many show it. The server's
 * render and the browser's hydration of the home page both read the pool the shell carried
 * (app/homeShell.ts), so the banner is in the page as sent.
 */
export function useJackpotPool(): JackpotStateReply | null {
  const snapshot = () => current;
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** After a win the page asks at once rather than at the next tick. */
export const refreshJackpot = refresh;

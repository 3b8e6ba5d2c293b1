import { beforeAll } from 'vitest';
import type { Config } from '../../src/server/config.ts';
import {
  type FootballEventOptions,
  footballEvent,
  listenForWallet,
  placeSlip,
  type Selection,
  type SlipOptions,
  selectionsOf,
  sportsApiCall,
  sportsPlayer,
} from './sports.ts';
import { useTestApp } from './test-app.ts';

// Apart from sports.ts, which holds no test-runner state: the chaos scripts import that one outside vitest.
/**
 * The test app for the built-in sportsbook, listening so the book reaches the wallet over HTTP, with the
 * helpers above bound to it: `sportsApi` (the sports window's call), `newPlayer` (a funded member who opened
 * the book), `newEvent` (a fresh 1X2 football event), `eventSelections` (its selections by key) and
 * `placeBet` (a slip on some of them).
 */
export function useSportsApp(configOverrides: Partial<Config> = {}) {
  const t = useTestApp(configOverrides);
  beforeAll(() => listenForWallet(t));
  return {
    t,
    sportsApi: (action: string, body: object, from?: { ip: string }) => sportsApiCall(t, action, body, from),
    newPlayer: (funds?: number) => sportsPlayer(t, funds),
    newEvent: (opts?: FootballEventOptions) => footballEvent(t.db, opts),
    eventSelections: (eventId: number) => selectionsOf(t, eventId),
    placeBet: (gameToken: string, legs: Selection[], opts?: SlipOptions) =>
      placeSlip(t, gameToken, legs, opts),
  };
}

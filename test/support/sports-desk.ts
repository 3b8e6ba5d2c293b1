import { beforeAll, expect } from 'vitest';
import type { Config } from '../../src/server/config.ts';
import { balancesOf } from './money.ts';
import { type AdminClient, useOperators } from './operators.ts';
import { footballEvent, placeSlip, selectionsOf, sportsApiCall, type sportsPlayer } from './sports.ts';
import { useSportsApp } from './sports-app.ts';
import type { TestApp } from './test-app.ts';

type Player = Awaited<ReturnType<typeof sportsPlayer>>;
type Selection = { id: number; price: string };

/**
 * A bettor and a trading desk as they reach the book over HTTP: the sports window's calls and the
 * back office's trading routes, nothing else (the integrity tests hold on any implementation of them).
 */
export function sportsDesk(t: TestApp, desk: () => AdminClient) {
  const place = (p: Player, legs: Selection[], opts: Parameters<typeof placeSlip>[3] = {}) =>
    placeSlip(t, p.gameToken, legs, opts);
  /** Places and expects the bet taken; answers its id. */
  const placed = async (p: Player, legs: Selection[], opts: Parameters<typeof place>[2] = {}) => {
    const res = (await place(p, legs, opts)).json();
    expect(res, JSON.stringify(res)).toMatchObject({ status: 'success' });
    return res.betId as number;
  };
  /** A fresh 1X2 event; answers its ids and the home, draw and away selections. */
  const match = async (opts: Parameters<typeof footballEvent>[1] = {}) => {
    const { eventId, marketId } = await footballEvent(t.db, { prices: ['2.0', '3.0', '4.0'], ...opts });
    const s = await selectionsOf(t, eventId);
    return { eventId, marketId, home: s['1x2:home']!, draw: s['1x2:draw']!, away: s['1x2:away']! };
  };
  const score = (marketId: number, home: number, away: number) =>
    desk().post(`/api/admin/sports/markets/${marketId}/result`, { result: { kind: 'score', home, away } });
  const correct = (marketId: number, result: object, reason = 'corrected by the desk') =>
    desk().post(`/api/admin/sports/markets/${marketId}/correct`, { result, reason });
  const cancelWindow = (
    eventId: number,
    body: { from: Date; to?: Date; marketId?: number; reason?: string },
  ) =>
    desk().post(`/api/admin/sports/events/${eventId}/cancel-window`, {
      from: body.from.toISOString(),
      to: (body.to ?? new Date(Date.now() + 60_000)).toISOString(),
      marketId: body.marketId,
      reason: body.reason ?? 'past-posting',
    });
  const settings = (change: object) => desk().post('/api/admin/sports/settings', change);
  const cash = async (p: Player) => (await balancesOf(t, p.token)).cash;
  const bet = async (p: Player, betId: number) =>
    (await sportsApiCall(t, 'bet', { token: p.gameToken, betId })).json().bet as {
      status: string;
      settledReturn: number | null;
      potentialReturn: number;
      legs: { state: string; price: string }[];
    };
  return { place, placed, match, score, correct, cancelWindow, settings, cash, bet };
}

/**
 * The sports test app (useSportsApp) with its operators and the trading desk's book, the book's
 * settings saved before the file's tests (results confirmed by one operator, in these tests).
 */
export function useSportsBook(settings: object, configOverrides: Partial<Config> = {}) {
  const app = useSportsApp(configOverrides);
  const { as } = useOperators(app.t);
  const book = sportsDesk(app.t, () => as('trading'));
  beforeAll(async () => {
    await book.settings(settings);
  });
  return { ...app, as, book };
}

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectSoundLedger } from '../../../../test/support/money.ts';
import { useSportsBook } from '../../../../test/support/sports-desk.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { queryRows } from '../../db/client.ts';
import { sportsClock } from './clock.ts';

/**
 * The book's state and the wallet's money agree, whatever a bettor, a trader or a race does: each case
 * here is a workflow that once paid the wrong amount or none, reached only through the sports window's
 * and the trading desk's HTTP routes.
 */
describe.runIf(backendAvailable)('sportsbook integrity: voids, corrections, races', () => {
  const { t, sportsApi, newPlayer, as, book } = useSportsBook({
    confirmResults: false,
    cancelWindowMinutes: 1440,
  });
  const aMinuteAgo = () => new Date(Date.now() - 60_000);
  /** A bettor with 100,000 and two fresh matches; `from`, a minute ago, is where a cancel window starts. */
  const bettorAndTwoMatches = async () => ({
    p: await newPlayer(100_000),
    a: await book.match(),
    b: await book.match(),
    from: aMinuteAgo(),
  });

  it('concurrent confirmations of a live bet whose price moved: all refused, nothing charged', async () => {
    const p = await newPlayer(100_000);
    const m = await book.match({ live: true });
    const placed = (await book.place(p, [m.home])).json();
    expect(placed.status).toBe('delayed');
    await as('trading').post(`/api/admin/sports/markets/${m.marketId}/prices`, {
      prices: [{ key: 'home', price: '2.5' }],
    });
    sportsClock.advance(5_001);
    try {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => sportsApi('confirm', { token: p.gameToken, betId: placed.betId })),
      );
      expect(answers.map((a) => a.json().status)).toEqual(Array(10).fill('refused'));
    } finally {
      sportsClock.reset();
    }
    expect(await book.cash(p)).toBe(100_000);
    expect((await book.bet(p, placed.betId)).status).toBe('refused');
    await expectSoundLedger(t.db);
  });

  it("a cancel window on one leg of a double voids that leg only: the other leg's win pays at its price", async () => {
    const { p, a, b, from } = await bettorAndTwoMatches();
    const betId = await book.placed(p, [a.home, b.home]);
    expect((await book.cancelWindow(a.eventId, { from })).json()).toMatchObject({ voided: 1 });
    // Still open on its other leg: nothing refunded; the bettor sees the voided leg as void.
    const open = await book.bet(p, betId);
    expect(open.status).toBe('open');
    expect(open.legs.map((l) => l.state)).toEqual(['void', 'open']);
    expect(await book.cash(p)).toBe(90_000);
    await book.score(b.marketId, 1, 0);
    const settled = await book.bet(p, betId);
    expect(settled).toMatchObject({ status: 'settled', settledReturn: 20_000 });
    expect(settled.legs.map((l) => l.state)).toEqual(['void', 'won']);
    expect(await book.cash(p)).toBe(110_000);
  });

  it('a cancel taken back (rollback_bet_cancel) makes the leg count again on its result', async () => {
    const { p, a, b, from } = await bettorAndTwoMatches();
    const betId = await book.placed(p, [a.home, b.home]);
    await book.score(a.marketId, 1, 0);
    await book.score(b.marketId, 1, 0);
    expect(await book.cash(p)).toBe(90_000 + 40_000);
    await book.cancelWindow(a.eventId, { from });
    expect(await book.bet(p, betId)).toMatchObject({ status: 'settled', settledReturn: 20_000 });
    const restored = await as('trading').post(`/api/admin/sports/markets/${a.marketId}/rollback-cancel`, {
      from: from.toISOString(),
      to: new Date(Date.now() + 60_000).toISOString(),
      reason: 'the price was right after all',
    });
    expect(restored.json()).toMatchObject({ restored: 1 });
    expect(await book.bet(p, betId)).toMatchObject({ status: 'settled', settledReturn: 40_000 });
    expect(await book.cash(p)).toBe(130_000);
    await expectSoundLedger(t.db);
  });

  it('a palpable error settles the legs at the corrected price; the rest of each bet stands', async () => {
    const { p, a, b, from } = await bettorAndTwoMatches();
    // Away was offered at 4.0 by mistake; the right price was 2.5.
    const single = await book.placed(p, [a.away]);
    const double = await book.placed(p, [a.away, b.home]);
    const fixed = await as('trading').post(`/api/admin/sports/events/${a.eventId}/cancel-window`, {
      from: from.toISOString(),
      to: new Date(Date.now() + 60_000).toISOString(),
      selectionId: a.away.id,
      correctedPrice: '2.5',
      reason: 'palpable error: away offered at 4.0',
    });
    expect(fixed.json()).toMatchObject({ voided: 2 });
    await book.score(a.marketId, 0, 1);
    await book.score(b.marketId, 1, 0);
    expect(await book.bet(p, single)).toMatchObject({ status: 'settled', settledReturn: 25_000 });
    expect(await book.bet(p, double)).toMatchObject({ status: 'settled', settledReturn: 50_000 });
    expect(await book.cash(p)).toBe(80_000 + 25_000 + 50_000);
    await expectSoundLedger(t.db);
  });

  it('a double already lost stays lost when its other leg is voided: no refund', async () => {
    const { p, a, b, from } = await bettorAndTwoMatches();
    const betId = await book.placed(p, [a.home, b.home]);
    await book.score(a.marketId, 0, 1);
    expect(await book.bet(p, betId)).toMatchObject({ status: 'settled', settledReturn: 0 });
    await book.cancelWindow(b.eventId, { from });
    expect(await book.bet(p, betId)).toMatchObject({ status: 'settled', settledReturn: 0 });
    expect(await book.cash(p)).toBe(90_000);
    await expectSoundLedger(t.db);
  });

  it('a bet voided for past-posting stays void through a correction, an unsettle and a new result', async () => {
    const p = await newPlayer(100_000);
    const m = await book.match();
    const from = aMinuteAgo();
    const betId = await book.placed(p, [m.home]);
    await book.score(m.marketId, 1, 0);
    expect(await book.cash(p)).toBe(110_000);
    // Found later to have been placed after the real start: its winnings become its stake back.
    await book.cancelWindow(m.eventId, { from });
    expect(await book.cash(p)).toBe(100_000);
    await book.correct(m.marketId, { kind: 'score', home: 2, away: 0 });
    expect(await book.bet(p, betId)).toMatchObject({ status: 'void', settledReturn: 10_000 });
    expect(await book.cash(p)).toBe(100_000);
    await as('trading').post(`/api/admin/sports/markets/${m.marketId}/unsettle`, { reason: 'under review' });
    await book.score(m.marketId, 3, 0);
    expect(await book.bet(p, betId)).toMatchObject({ status: 'void', settledReturn: 10_000 });
    expect(await book.cash(p)).toBe(100_000);
    await expectSoundLedger(t.db);
  });

  it('a market voided by mistake, then corrected to a score, pays its winners and takes back the rest', async () => {
    const winner = await newPlayer(100_000);
    const loser = await newPlayer(100_000);
    const m = await book.match();
    const won = await book.placed(winner, [m.home]);
    const lost = await book.placed(loser, [m.away]);
    const voided = await as('trading').post(`/api/admin/sports/markets/${m.marketId}/result`, {
      result: { kind: 'void' },
    });
    expect(voided.json()).toMatchObject({ settled: 2 });
    expect([await book.cash(winner), await book.cash(loser)]).toEqual([100_000, 100_000]);
    const corrected = await book.correct(
      m.marketId,
      { kind: 'score', home: 1, away: 0 },
      'voided by mistake',
    );
    expect(corrected.json()).toMatchObject({ settled: 2 });
    expect(await book.bet(winner, won)).toMatchObject({ status: 'settled', settledReturn: 20_000 });
    expect(await book.bet(loser, lost)).toMatchObject({ status: 'settled', settledReturn: 0 });
    expect([await book.cash(winner), await book.cash(loser)]).toEqual([110_000, 90_000]);
    await expectSoundLedger(t.db);
  });

  it('a break cancels only bets none of whose legs has a result: a double with a lost leg stands', async () => {
    const sites = (await as('owner').get('/api/admin/settings/sites')).json().sites as {
      id: number;
      isDefault: boolean;
    }[];
    const site = sites.find((x) => x.isDefault)!;
    await as('owner').post(`/api/admin/settings/sites/${site.id}`, { sportsBetsOnBreak: 'cancel' });
    try {
      const p = await newPlayer(100_000);
      const a = await book.match();
      const b = await book.match();
      const c = await book.match();
      const double = await book.placed(p, [a.home, b.home]);
      const single = await book.placed(p, [c.home]);
      await book.score(a.marketId, 0, 2);
      await t.call('set-protection', { kind: 'break', days: 1, confirm: true }, { token: p.token });
      expect(await book.bet(p, single)).toMatchObject({ status: 'void', settledReturn: 10_000 });
      expect(await book.bet(p, double)).toMatchObject({ status: 'settled', settledReturn: 0 });
      expect(await book.cash(p)).toBe(90_000);
    } finally {
      await as('owner').post(`/api/admin/settings/sites/${site.id}`, { sportsBetsOnBreak: 'keep' });
    }
  });

  it("with second-operator confirmation on, a trader's feed upload settles nothing until another confirms it", async () => {
    await book.settings({ confirmResults: true });
    try {
      const p = await newPlayer(100_000);
      const source = `upload-${process.pid}-${Date.now()}`;
      const lines = (records: object[]) => records.map((r) => JSON.stringify({ source, ...r })).join('\n');
      const upload = (records: object[]) =>
        as('trading').post('/api/admin/sports/feed', { lines: lines(records) });
      const fixture = await upload([
        {
          type: 'fixture',
          id: 'ev-1',
          seq: 1,
          sport: 'football',
          sportName: 'Football',
          competition: 'Upload League [DEMO]',
          competitionId: 'c-1',
          name: 'Upload Home v Upload Away',
          startsAt: new Date(Date.now() + 86_400_000).toISOString(),
        },
        {
          type: 'market',
          id: 'mk-1',
          seq: 1,
          event: 'ev-1',
          marketType: 'moneyline',
          name: 'Winner',
          selections: [
            { key: 'home', name: 'Upload Home', price: '2.0' },
            { key: 'away', name: 'Upload Away', price: '2.0' },
          ],
        },
      ]);
      expect(fixture.json()).toMatchObject({ applied: 2 });
      const [market] = await queryRows<{ id: number; event_id: number }>(
        t.db,
        sql`select id, event_id from sb_markets where source = ${source} and external_id = 'mk-1'`,
      );
      const events = (await sportsApi('events', { eventId: Number(market!.event_id) })).json().events;
      const home = events[0].markets[0].selections.find((s: { key: string }) => s.key === 'home');
      const betId = await book.placed(p, [home]);
      await upload([{ type: 'result', id: 'mk-1', seq: 2, result: { kind: 'score', home: 1, away: 0 } }]);
      expect(await book.bet(p, betId)).toMatchObject({ status: 'open' });
      expect(await book.cash(p)).toBe(90_000);
      expect((await as('trading').post(`/api/admin/sports/markets/${market!.id}/confirm`)).statusCode).toBe(
        409,
      );
      const confirmed = await as('owner').post(`/api/admin/sports/markets/${market!.id}/confirm`);
      expect(confirmed.json()).toMatchObject({ state: 'confirmed', settled: 1 });
      expect(await book.cash(p)).toBe(110_000);
    } finally {
      await book.settings({ confirmResults: false });
    }
  });

  it('a slip id sent again with another slip is refused, not answered with the first bet', async () => {
    const p = await newPlayer(100_000);
    const m = await book.match();
    const requestId = `slip-reuse-${Date.now()}`;
    const first = (await book.place(p, [m.home], { requestId })).json();
    expect(first.status).toBe('success');
    // The same slip again: the same bet.
    expect((await book.place(p, [m.home], { requestId })).json()).toMatchObject({ betId: first.betId });
    const other = await book.place(p, [m.away], { requestId, unitStake: 20_000 });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ status: 'refused', refusal: 'duplicate' });
    expect(await book.cash(p)).toBe(90_000);
  });
});

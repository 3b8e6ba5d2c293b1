import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectSoundLedger } from '../../../../test/support/money.ts';
import { slipId } from '../../../../test/support/sports.ts';
import { useSportsBook } from '../../../../test/support/sports-desk.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { parseFractionText } from '../../../shared/sports/fraction.ts';
import { parsePrice } from '../../../shared/sports/price.ts';
import { queryRows } from '../../db/client.ts';
import { stakeTxOf } from './bets.service.ts';
import { sportsClock } from './clock.ts';
import { takeBet } from './placement.service.ts';
import { upsertMarket } from './trading.service.ts';

/** In play, markets that never settle, abandonment, and a placement that crashed half-way. */
describe.runIf(backendAvailable)('sportsbook integrity: in play, abandonment, lost placements', () => {
  const { t, sportsApi, newPlayer, as, book } = useSportsBook({
    confirmResults: false,
    cancelWindowMinutes: 1440,
  });
  const confirmAfterDelay = async (gameToken: string, betId: number) => {
    sportsClock.advance(5_001);
    try {
      return (await sportsApi('confirm', { token: gameToken, betId })).json();
    } finally {
      sportsClock.reset();
    }
  };

  it('a goal during the bet delay refuses the live bet (no past-posting)', async () => {
    const p = await newPlayer(100_000);
    const m = await book.match({ live: true });
    const placed = (await book.place(p, [m.home], { priceChange: 'any' })).json();
    expect(placed.status).toBe('delayed');
    await as('trading').post(`/api/admin/sports/events/${m.eventId}/state`, { score: { home: 1, away: 0 } });
    expect(await confirmAfterDelay(p.gameToken, placed.betId)).toMatchObject({
      status: 'refused',
      refusal: 'market_suspended',
    });
    expect(await book.cash(p)).toBe(100_000);
  });

  it('in play, a better price the member agreed to is taken, and a move of another selection changes nothing', async () => {
    const p = await newPlayer(100_000);
    const m = await book.match({ live: true });
    const better = (await book.place(p, [m.home], { priceChange: 'better' })).json();
    const other = (await book.place(p, [m.away], { priceChange: 'none' })).json();
    await as('trading').post(`/api/admin/sports/markets/${m.marketId}/prices`, {
      prices: [{ key: 'home', price: '2.5' }],
    });
    expect(await confirmAfterDelay(p.gameToken, better.betId)).toMatchObject({ status: 'success' });
    expect(await confirmAfterDelay(p.gameToken, other.betId)).toMatchObject({ status: 'success' });
    const taken = await book.bet(p, better.betId);
    expect(taken).toMatchObject({ status: 'open', potentialReturn: 25_000 });
    expect(parseFractionText(taken.legs[0]!.price)).toEqual(parsePrice('2.5', 'decimal'));
    await book.score(m.marketId, 1, 0);
    expect(await book.cash(p)).toBe(80_000 + 25_000);
    await expectSoundLedger(t.db);
  });

  it('cancelling an event voids its undecided markets; a decided market stands', async () => {
    const p = await newPlayer(100_000);
    const m = await book.match();
    const bttsId = await upsertMarket(t.db, {
      eventId: m.eventId,
      type: 'btts',
      name: 'Both teams to score',
      selections: [
        { key: 'yes', name: 'Yes', price: parsePrice('2.0', 'decimal')! },
        { key: 'no', name: 'No', price: parsePrice('2.0', 'decimal')! },
      ],
    });
    const [yes] = await queryRows<{ id: number; price_num: number; price_den: number }>(
      t.db,
      sql`select id, price_num, price_den from sb_selections where market_id = ${bttsId} and key = 'yes'`,
    );
    const won = await book.placed(p, [m.home]);
    const undecided = await book.placed(p, [
      { id: Number(yes!.id), price: `${yes!.price_num}/${yes!.price_den}` },
    ]);
    await book.score(m.marketId, 1, 0);
    expect(await book.cash(p)).toBe(100_000);
    const cancelled = await as('trading').post(`/api/admin/sports/events/${m.eventId}/state`, {
      status: 'cancelled',
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await book.bet(p, undecided)).toMatchObject({ status: 'void', settledReturn: 10_000 });
    expect(await book.bet(p, won)).toMatchObject({ status: 'settled', settledReturn: 20_000 });
    expect(await book.cash(p)).toBe(110_000);
  });

  it('a multiple with a lost leg settles at once and gives its liability back', async () => {
    const p = await newPlayer(100_000);
    const a = await book.match();
    const b = await book.match();
    const betId = await book.placed(p, [a.home, b.home]);
    await book.score(a.marketId, 0, 0);
    expect(await book.bet(p, betId)).toMatchObject({ status: 'settled', settledReturn: 0 });
    const events = (await as('trading').get('/api/admin/sports/events?limit=100')).json().events as {
      id: number;
      markets: { selections: { key: string; liability: { amount: number }[] }[] }[];
    }[];
    const home = events.find((e) => e.id === b.eventId)!.markets[0]!.selections.find((s) => s.key === 'home');
    expect(home!.liability).toEqual([]);
  });

  /** A feed's records as the desk uploads them: JSON lines, each of this source. */
  const feedUpload = (source: string, records: object[]) =>
    as('trading').post('/api/admin/sports/feed', {
      lines: records.map((r) => JSON.stringify({ source, ...r })).join('\n'),
    });
  /** The feed's fixture `ev`, tomorrow, in its test league. */
  const feedFixture = (name: string) => ({
    type: 'fixture',
    id: 'ev',
    seq: 1,
    sport: 'football',
    sportName: 'Football',
    competition: 'Feed League [DEMO]',
    competitionId: 'c',
    name,
    startsAt: new Date(Date.now() + 86_400_000).toISOString(),
  });

  /** A market of the feed's fixture `ev`, its selections at decimal prices. */
  const feedMarket = (
    id: string,
    marketType: string,
    name: string,
    selections: { key: string; name: string; price: string }[],
    params?: { line: string },
  ) => ({
    type: 'market',
    id,
    seq: 1,
    event: 'ev',
    marketType,
    name,
    ...(params ? { params } : {}),
    selections,
  });

  it('a line market takes only a line it can settle; a correct score "other" wins on a score not listed', async () => {
    const source = `feed-${process.pid}-${Date.now()}`;
    const report = (
      await feedUpload(source, [
        feedFixture('Feed Home v Feed Away'),
        feedMarket(
          'total-2.3',
          'total',
          'Total goals',
          [
            { key: 'over', name: 'Over', price: '1.9' },
            { key: 'under', name: 'Under', price: '1.9' },
          ],
          { line: '2.3' },
        ),
        feedMarket('cs', 'correct_score', 'Correct score', [
          { key: '1-0', name: '1-0', price: '6.0' },
          { key: '0-0', name: '0-0', price: '8.0' },
          { key: 'other', name: 'Any other score', price: '3.0' },
        ]),
      ])
    ).json();
    expect(report.applied).toBe(2);
    expect(report.errors).toEqual([{ line: 2, message: expect.stringContaining('2.3') }]);
    const [cs] = await queryRows<{ id: number; event_id: number }>(
      t.db,
      sql`select id, event_id from sb_markets where source = ${source} and external_id = 'cs'`,
    );
    const event = (await sportsApi('events', { eventId: Number(cs!.event_id) })).json().events[0];
    const other = event.markets[0].selections.find((s: { key: string }) => s.key === 'other');
    const p = await newPlayer(100_000);
    const betId = await book.placed(p, [other]);
    await book.score(Number(cs!.id), 3, 2);
    expect(await book.bet(p, betId)).toMatchObject({ status: 'settled', settledReturn: 30_000 });
  });

  it("a feed's cancel after a result voids the market's bets: winners and losers get their stake back", async () => {
    const source = `feed-cancel-${process.pid}-${Date.now()}`;
    const upload = (records: object[]) => feedUpload(source, records);
    await upload([
      feedFixture('Cancel Home v Cancel Away'),
      feedMarket('ml', 'moneyline', 'Winner', [
        { key: 'home', name: 'Cancel Home', price: '2.0' },
        { key: 'away', name: 'Cancel Away', price: '2.0' },
      ]),
    ]);
    const [market] = await queryRows<{ event_id: number }>(
      t.db,
      sql`select event_id from sb_markets where source = ${source} and external_id = 'ml'`,
    );
    const selections = (await sportsApi('events', { eventId: Number(market!.event_id) })).json().events[0]
      .markets[0].selections as { id: number; key: string; price: string }[];
    const winner = await newPlayer(100_000);
    const loser = await newPlayer(100_000);
    await book.placed(winner, [selections.find((x) => x.key === 'home')!]);
    await book.placed(loser, [selections.find((x) => x.key === 'away')!]);
    await upload([{ type: 'result', id: 'ml', seq: 2, result: { kind: 'score', home: 1, away: 0 } }]);
    expect([await book.cash(winner), await book.cash(loser)]).toEqual([110_000, 90_000]);
    const cancelled = (
      await upload([{ type: 'cancel', id: 'ml', seq: 3, reason: 'match abandoned' }])
    ).json();
    expect(cancelled, JSON.stringify(cancelled)).toMatchObject({ applied: 1 });
    expect([await book.cash(winner), await book.cash(loser)]).toEqual([100_000, 100_000]);
    await expectSoundLedger(t.db);
  });

  it('a cancel window may reach back only as far as the book allows', async () => {
    await book.settings({ cancelWindowMinutes: 5 });
    try {
      const m = await book.match();
      const tooOld = await book.cancelWindow(m.eventId, { from: new Date(Date.now() - 3_600_000) });
      expect(tooOld.statusCode).toBe(409);
      expect(tooOld.json().message).toContain('5 minutes');
    } finally {
      await book.settings({ cancelWindowMinutes: 1440 });
    }
  });

  it('a placement that crashed after the wallet took its stake is refunded by the reconciler', async () => {
    const p = await newPlayer(100_000);
    const m = await book.match();
    const [player] = await queryRows<{ player_id: string; currency: string }>(
      t.db,
      sql`select m.id::text as player_id, s.currency from members m join sites s on s.id = m.site_id
          where m.id = ${p.memberId}`,
    );
    // The crash: the bet is taken and its stake moved, but the process dies before the bet opens.
    const taken = await takeBet(t.db, {
      playerId: player!.player_id,
      currency: player!.currency,
      requestId: slipId(),
      kind: 'single',
      unitStake: 10_000,
      priceChange: 'none',
      legs: [{ selectionId: m.home.id, price: parseFractionText(m.home.price)! }],
    });
    expect(taken.ok).toBe(true);
    const betId = taken.ok ? taken.betId : 0;
    const charged = await t.app.sportsWallet.bet({
      txId: stakeTxOf(betId),
      roundId: `sb-${betId}`,
      token: p.gameToken,
      amount: 10_000,
    });
    expect(charged.status).toBe('success');
    expect(await book.cash(p)).toBe(90_000);
    // Housekeeping after the grace period: the stake is rolled back and the bet refused.
    sportsClock.advance(180_000);
    try {
      await t.app.sportsMaintenance.runOnce();
    } finally {
      sportsClock.reset();
    }
    expect(await book.bet(p, betId)).toMatchObject({ status: 'refused' });
    expect(await book.cash(p)).toBe(100_000);
    const findings = (await as('trading').get('/api/admin/sports/reconciliation?all=y')).json().findings as {
      betId: number;
      kind: string;
      repaired: boolean;
    }[];
    // In the bet's currency (its member's site's), which the finding's amounts are in.
    expect(findings.filter((f) => f.betId === betId)).toEqual([
      expect.objectContaining({ kind: 'pending_stuck', repaired: true, currency: player!.currency }),
    ]);
    await expectSoundLedger(t.db);
  });
});

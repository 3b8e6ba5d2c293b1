import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectSoundLedger } from '../../../../test/support/money.ts';
import { type AdminClient, useSecondOperator } from '../../../../test/support/operators.ts';
import { useSportsBook } from '../../../../test/support/sports-desk.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { verifyBet } from '../../../../tools/sports-verify.ts';
import { queryRows } from '../../db/client.ts';
import { importFeed } from './feed/feed-import.service.ts';

/**
 * With the book's second-operator confirmation on, no one trader moves money already settled alone:
 * an unsettle, a market's void, a bet's cancel, a cancel window or its rollback reaching settled bets
 * (or bets in play) waits as a proposal until another trader confirms it; its proposer cannot; a
 * rejection moves nothing. Everything goes through the back office's HTTP routes, as two logged-in traders.
 */
describe.runIf(backendAvailable)('second operator for desk actions on settled money', () => {
  const { t, newPlayer, sportsApi, as, book } = useSportsBook({
    confirmResults: true,
    cancelWindowMinutes: 60,
  });
  // Trader A proposes (useOperators' trading operator); trader B is a second, separate trader.
  const a = () => as('trading');
  const b = useSecondOperator(t, 'trading');
  const decide = (who: AdminClient, id: number, decision: 'confirm' | 'reject') =>
    who.post(`/api/admin/sports/proposals/${id}/${decision}`);
  const waiting = async () =>
    (await b().get('/api/admin/sports/proposals')).json().proposals as {
      id: number;
      kind: string;
      target: string;
      proposedBy: number;
    }[];
  /** A result entered by A and confirmed by B: the market's bets settle. */
  const settle = async (marketId: number, home: number, away: number) => {
    expect((await book.score(marketId, home, away)).json()).toMatchObject({ state: 'entered' });
    expect((await b().post(`/api/admin/sports/markets/${marketId}/confirm`)).json()).toMatchObject({
      state: 'confirmed',
    });
  };
  const auditOf = async (proposal: number) =>
    (await as('owner').get(`/api/admin/audit?target=sb-proposal:${proposal}`))
      .json()
      .entries.map((e: { action: string }) => e.action)
      .reverse();
  const expectRefused = (res: { statusCode: number; json(): { message?: string } }, words: string) => {
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain(words);
  };

  it('an unsettle of a confirmed result takes no payout back until a second trader confirms it', async () => {
    const p = await newPlayer(100_000);
    const m = await book.match();
    const betId = await book.placed(p, [m.home]);
    await settle(m.marketId, 1, 0);
    expect(await book.cash(p)).toBe(110_000);

    const asked = await a().post(`/api/admin/sports/markets/${m.marketId}/unsettle`, {
      reason: 'result withdrawn',
    });
    expect(asked.json()).toMatchObject({ status: 'success', state: 'proposed', settled: 0 });
    const proposal = asked.json().proposal as number;
    expect(await waiting()).toContainEqual(
      expect.objectContaining({ id: proposal, kind: 'unsettle', target: `sb-market:${m.marketId}` }),
    );
    expect(await book.cash(p)).toBe(110_000);
    expect(await book.bet(p, betId)).toMatchObject({ status: 'settled', settledReturn: 20_000 });
    // The same unsettle again waits already; its proposer cannot confirm it.
    expectRefused(
      await a().post(`/api/admin/sports/markets/${m.marketId}/unsettle`, { reason: 'again' }),
      'already waits',
    );
    expectRefused(await decide(a(), proposal, 'confirm'), 'cannot confirm');
    expect(await book.cash(p)).toBe(110_000);

    // Rejected: nothing moves, and it waits no more.
    expect((await decide(b(), proposal, 'reject')).json()).toMatchObject({ kind: 'unsettle', settled: 0 });
    expect(await book.cash(p)).toBe(110_000);
    expect((await waiting()).map((w) => w.id)).not.toContain(proposal);
    expectRefused(await decide(b(), proposal, 'confirm'), 'waits for a decision');
    expect(await auditOf(proposal)).toEqual(['sports.proposal', 'sports.proposal.reject']);

    // Proposed again and confirmed by B: the win is taken back, the bet is open again.
    const again = (
      await a().post(`/api/admin/sports/markets/${m.marketId}/unsettle`, { reason: 'result withdrawn' })
    ).json().proposal as number;
    expect((await decide(b(), again, 'confirm')).json()).toMatchObject({ kind: 'unsettle', settled: 1 });
    expect(await book.cash(p)).toBe(90_000);
    expect(await book.bet(p, betId)).toMatchObject({ status: 'open' });
    expect(await auditOf(again)).toEqual(['sports.proposal', 'sports.proposal.confirm']);
    // The market waits for a new result, which settles the bet again as the ledger says.
    await settle(m.marketId, 0, 1);
    expect(await book.bet(p, betId)).toMatchObject({ status: 'settled', settledReturn: 0 });
    expect((await verifyBet(t.db, betId)).problems).toEqual([]);
    await expectSoundLedger(t.db);
  });

  it('a correction waiting for a second trader can be rejected (or withdrawn): the result in force stands', async () => {
    const p = await newPlayer(100_000);
    const m = await book.match();
    const betId = await book.placed(p, [m.home]);
    await settle(m.marketId, 1, 0);
    const marketOf = async () =>
      (
        await queryRows<{ proposed_result: unknown }>(
          t.db,
          sql`select proposed_result from sb_markets where id = ${m.marketId}`,
        )
      )[0];
    expect((await book.correct(m.marketId, { kind: 'score', home: 0, away: 1 })).json()).toMatchObject({
      state: 'entered',
    });
    expect((await b().post(`/api/admin/sports/markets/${m.marketId}/reject`)).statusCode).toBe(200);
    expect(await marketOf()).toEqual({ proposed_result: null });
    expectRefused(
      await b().post(`/api/admin/sports/markets/${m.marketId}/confirm`),
      'no result or correction',
    );
    expect(await book.cash(p)).toBe(110_000);
    // Its proposer withdraws the next one the same way.
    await book.correct(m.marketId, { kind: 'score', home: 0, away: 2 });
    expect((await a().post(`/api/admin/sports/markets/${m.marketId}/reject`)).statusCode).toBe(200);
    expectRefused(await a().post(`/api/admin/sports/markets/${m.marketId}/reject`), 'no correction waits');
    expect(await book.bet(p, betId)).toMatchObject({ status: 'settled', settledReturn: 20_000 });
    const audit = (
      await as('owner').get(`/api/admin/audit?action=sports.result.reject&target=sb-market:${m.marketId}`)
    )
      .json()
      .entries.map((e: { after: { withdrawn: boolean } }) => e.after.withdrawn);
    expect(audit).toEqual([true, false]);
    await expectSoundLedger(t.db);
  });

  it('a result not confirmed yet is taken back at once: no money was settled on it', async () => {
    const p = await newPlayer(100_000);
    const m = await book.match();
    await book.placed(p, [m.home]);
    expect((await book.score(m.marketId, 1, 0)).json()).toMatchObject({ state: 'entered' });
    const res = await a().post(`/api/admin/sports/markets/${m.marketId}/unsettle`, { reason: 'typo' });
    expect(res.json()).toMatchObject({ state: 'entered', settled: 0 });
    expect(res.json().proposal).toBeUndefined();
    expect(await book.cash(p)).toBe(90_000);
  });

  it('a cancel of a lost bet refunds its stake only once a second trader confirms it', async () => {
    const p = await newPlayer(100_000);
    const m = await book.match();
    const lost = await book.placed(p, [m.away]);
    await settle(m.marketId, 1, 0);
    expect(await book.cash(p)).toBe(90_000);

    const asked = await a().post(`/api/admin/sports/bets/${lost}/cancel`, { reason: 'palpable error' });
    expect(asked.json()).toMatchObject({ status: 'success', bet: { status: 'settled', settledReturn: 0 } });
    const proposal = asked.json().proposal as number;
    expect(proposal).toEqual(expect.any(Number));
    expect(await book.cash(p)).toBe(90_000);
    expectRefused(await decide(a(), proposal, 'confirm'), 'cannot confirm');
    expect(await book.cash(p)).toBe(90_000);

    expect((await decide(b(), proposal, 'confirm')).json()).toMatchObject({ kind: 'cancel_bet', settled: 1 });
    expect(await book.cash(p)).toBe(100_000);
    expect(await book.bet(p, lost)).toMatchObject({ status: 'void', settledReturn: 10_000 });
    expect(await auditOf(proposal)).toEqual(['sports.proposal', 'sports.proposal.confirm']);
    expect((await verifyBet(t.db, lost)).problems).toEqual([]);
    await expectSoundLedger(t.db);
  });

  it('an open bet is cancelled at once before its event starts; once it is in play the cancel waits', async () => {
    const p = await newPlayer(100_000);
    const m = await book.match();
    const before = await book.placed(p, [m.home]);
    const now = await a().post(`/api/admin/sports/bets/${before}/cancel`, { reason: 'account taken over' });
    expect(now.json()).toMatchObject({ bet: { status: 'void' } });
    expect(now.json().proposal).toBeUndefined();
    expect(await book.cash(p)).toBe(100_000);

    const inPlay = await book.placed(p, [m.home]);
    expect(
      (
        await a().post(`/api/admin/sports/events/${m.eventId}/state`, {
          status: 'live',
          score: { home: 0, away: 2 },
        })
      ).statusCode,
    ).toBe(200);
    const asked = (
      await a().post(`/api/admin/sports/bets/${inPlay}/cancel`, { reason: 'losing anyway' })
    ).json();
    expect(asked).toMatchObject({ bet: { status: 'open' }, proposal: expect.any(Number) });
    expect(await book.cash(p)).toBe(90_000);
    // Rejected: the bet stands and loses.
    await decide(b(), asked.proposal, 'reject');
    await settle(m.marketId, 0, 2);
    expect(await book.cash(p)).toBe(90_000);
    expect(await book.bet(p, inPlay)).toMatchObject({ status: 'settled', settledReturn: 0 });
    await expectSoundLedger(t.db);
  });

  it('a cancel window reaching settled bets waits whole; one over bets not started yet voids at once', async () => {
    const p = await newPlayer(100_000);
    const m = await book.match();
    const from = new Date(Date.now() - 1000);
    const lost = await book.placed(p, [m.away]);
    await settle(m.marketId, 2, 0);
    expect(await book.cash(p)).toBe(90_000);

    const asked = await book.cancelWindow(m.eventId, { from, reason: 'late price' });
    expect(asked.json()).toMatchObject({ status: 'success', voided: 0, proposal: expect.any(Number) });
    const proposal = asked.json().proposal as number;
    expect(await book.cash(p)).toBe(90_000);
    expectRefused(await decide(a(), proposal, 'confirm'), 'cannot confirm');
    expect((await decide(b(), proposal, 'confirm')).json()).toMatchObject({
      kind: 'cancel_window',
      settled: 1,
    });
    expect(await book.cash(p)).toBe(100_000);
    expect(await book.bet(p, lost)).toMatchObject({ status: 'void', settledReturn: 10_000 });
    const [leg] = await queryRows<{ void_source: string; void_reason: string }>(
      t.db,
      sql`select void_source, void_reason from sb_bet_legs where bet_id = ${lost}`,
    );
    expect(leg).toEqual({ void_source: 'desk_window', void_reason: 'late price' });

    // Bets on an event not started: the window voids them at once, as it always did.
    const later = await book.match();
    const laterFrom = new Date(Date.now() - 1000);
    await book.placed(p, [later.home]);
    const now = await book.cancelWindow(later.eventId, { from: laterFrom, reason: 'wrong price' });
    expect(now.json()).toMatchObject({ voided: 1 });
    expect(now.json().proposal).toBeUndefined();
    expect(await book.cash(p)).toBe(100_000);
    await expectSoundLedger(t.db);
  });

  /** The desk's rollback of its cancel windows on a market over bets placed in [from, to). */
  const rollback = (marketId: number, from: Date, to: Date, reason = 'window was a mistake') =>
    a().post(`/api/admin/sports/markets/${marketId}/rollback-cancel`, {
      from: from.toISOString(),
      to: to.toISOString(),
      reason,
    });
  /** A confirmed cancel window over the market's settled bets: proposed by A, confirmed by B. */
  const windowConfirmed = async (eventId: number, from: Date, to: Date) => {
    const asked = (await book.cancelWindow(eventId, { from, to, reason: 'late price' })).json();
    expect(asked).toMatchObject({ voided: 0, proposal: expect.any(Number) });
    expect((await decide(b(), asked.proposal, 'confirm')).json()).toMatchObject({ kind: 'cancel_window' });
  };

  it('a rollback of a cancel window over settled bets pays winners again and takes refunds back only once a second trader confirms it', async () => {
    const winner = await newPlayer(100_000);
    const loser = await newPlayer(100_000);
    const m = await book.match();
    const from = new Date(Date.now() - 1000);
    const won = await book.placed(winner, [m.home]);
    const lost = await book.placed(loser, [m.away]);
    const to = new Date(Date.now() + 60_000);
    await settle(m.marketId, 1, 0);
    await windowConfirmed(m.eventId, from, to);
    const cash = async () => [await book.cash(winner), await book.cash(loser)];
    // Both bets void: the win taken back, each stake refunded.
    expect(await cash()).toEqual([100_000, 100_000]);

    const asked = await rollback(m.marketId, from, to);
    expect(asked.json()).toMatchObject({ status: 'success', restored: 0, proposal: expect.any(Number) });
    const proposal = asked.json().proposal as number;
    expect(await waiting()).toContainEqual(
      expect.objectContaining({ id: proposal, kind: 'rollback_cancel', target: `sb-market:${m.marketId}` }),
    );
    expect(await cash()).toEqual([100_000, 100_000]);
    expect(await book.bet(winner, won)).toMatchObject({ status: 'void', settledReturn: 10_000 });
    expectRefused(await decide(a(), proposal, 'confirm'), 'cannot confirm');
    expect(await cash()).toEqual([100_000, 100_000]);

    // Rejected: the legs stay void, nothing moves.
    expect((await decide(b(), proposal, 'reject')).json()).toMatchObject({
      kind: 'rollback_cancel',
      settled: 0,
    });
    expect(await cash()).toEqual([100_000, 100_000]);
    expect(await book.bet(loser, lost)).toMatchObject({ status: 'void', settledReturn: 10_000 });
    expect(await auditOf(proposal)).toEqual(['sports.proposal', 'sports.proposal.reject']);

    // Proposed again and confirmed by B: the legs count on the result again.
    const again = (await rollback(m.marketId, from, to)).json().proposal as number;
    expect((await decide(b(), again, 'confirm')).json()).toMatchObject({
      kind: 'rollback_cancel',
      settled: 2,
    });
    expect(await cash()).toEqual([110_000, 90_000]);
    expect(await book.bet(winner, won)).toMatchObject({ status: 'settled', settledReturn: 20_000 });
    expect(await book.bet(loser, lost)).toMatchObject({ status: 'settled', settledReturn: 0 });
    expect((await waiting()).map((w) => w.id)).not.toContain(again);
    expect(await auditOf(again)).toEqual(['sports.proposal', 'sports.proposal.confirm']);
    for (const bet of [won, lost]) expect((await verifyBet(t.db, bet)).problems).toEqual([]);
    await expectSoundLedger(t.db);
  });

  it('a rollback of a cancel window acts at once on an accumulator still open; over a refunded single it waits', async () => {
    const p = await newPlayer(100_000);
    const m = await book.match();
    const other = await book.match();
    const from = new Date(Date.now() - 1000);
    const acca = await book.placed(p, [m.home, other.home]);
    await new Promise((r) => setTimeout(r, 20));
    const between = new Date();
    await new Promise((r) => setTimeout(r, 20));
    const single = await book.placed(p, [m.draw]);
    const to = new Date(Date.now() + 60_000);
    expect((await book.cancelWindow(m.eventId, { from, to })).json()).toMatchObject({ voided: 2 });
    // The single's only leg is void: its stake is refunded. The accumulator rides on its other leg.
    expect(await book.cash(p)).toBe(90_000);
    expect(await book.bet(p, acca)).toMatchObject({ status: 'open' });
    expect(await book.bet(p, single)).toMatchObject({ status: 'void', settledReturn: 10_000 });

    // Over the accumulator alone (open, its events not started): no money moves, it acts at once.
    const now = (await rollback(m.marketId, from, between)).json();
    expect(now).toMatchObject({ status: 'success', restored: 1 });
    expect(now.proposal).toBeUndefined();
    const [leg] = await queryRows<{ void_kind: string | null }>(
      t.db,
      sql`select void_kind from sb_bet_legs where bet_id = ${acca} and idx = 0`,
    );
    expect(leg).toEqual({ void_kind: null });

    // Over the refunded single, the rollback takes money back: it waits, and moves nothing.
    const asked = (await rollback(m.marketId, from, to)).json();
    expect(asked).toMatchObject({ restored: 0, proposal: expect.any(Number) });
    expect(await book.cash(p)).toBe(90_000);
    expect(await book.bet(p, single)).toMatchObject({ status: 'void', settledReturn: 10_000 });
    // Its proposer withdraws it: still nothing moves.
    expect((await decide(a(), asked.proposal, 'reject')).json()).toMatchObject({ kind: 'rollback_cancel' });
    expect(await book.cash(p)).toBe(90_000);
    expect(await book.bet(p, single)).toMatchObject({ status: 'void' });
    await expectSoundLedger(t.db);
  });

  it("a trader's upload voiding a settled market waits for a second trader; the feed's own void does not", async () => {
    const p = await newPlayer(100_000);
    const source = `four-eyes-${process.pid}-${Date.now()}`;
    const lines = (records: object[]) => records.map((r) => JSON.stringify({ source, ...r })).join('\n');
    const fixture = (id: string) => [
      {
        type: 'fixture',
        id: `ev-${id}`,
        seq: 1,
        sport: 'football',
        sportName: 'Football',
        competition: 'Four Eyes League [DEMO]',
        competitionId: 'c-1',
        name: `Home ${id} v Away ${id}`,
        startsAt: new Date(Date.now() + 86_400_000).toISOString(),
      },
      {
        type: 'market',
        id: `mk-${id}`,
        seq: 1,
        event: `ev-${id}`,
        marketType: 'moneyline',
        name: 'Winner',
        selections: [
          { key: 'home', name: 'Home', price: '2.0' },
          { key: 'away', name: 'Away', price: '2.0' },
        ],
      },
    ];
    const upload = (records: object[]) => a().post('/api/admin/sports/feed', { lines: lines(records) });
    expect((await upload([...fixture('1'), ...fixture('2')])).json()).toMatchObject({ applied: 4 });
    const markets = await queryRows<{ id: number; event_id: number; external_id: string }>(
      t.db,
      sql`select id, event_id, external_id from sb_markets where source = ${source} order by external_id`,
    );
    const bets: number[] = [];
    for (const market of markets) {
      const events = (await sportsApi('events', { eventId: Number(market.event_id) })).json().events;
      const away = events[0].markets[0].selections.find((s: { key: string }) => s.key === 'away');
      bets.push(await book.placed(p, [away]));
    }
    // Market 1 settled on the desk (two traders); market 2 by the feed itself (a result with no operator).
    await settle(Number(markets[0]!.id), 1, 0);
    const settled = await importFeed(
      t.db,
      t.app.sportsWallet,
      lines([{ type: 'result', id: 'mk-2', seq: 2, result: { kind: 'score', home: 1, away: 0 } }]),
    );
    expect(settled).toMatchObject({ applied: 1, errors: [] });
    expect(await book.cash(p)).toBe(80_000);

    // The trader's upload cancels market 1: a proposal, nothing refunded yet.
    expect(
      (await upload([{ type: 'cancel', id: 'mk-1', seq: 2, reason: 'match fixed' }])).json(),
    ).toMatchObject({ applied: 1 });
    expect(await book.cash(p)).toBe(80_000);
    const [proposal] = (await waiting()).filter((w) => w.target === `sb-market:${markets[0]!.id}`);
    expect(proposal).toMatchObject({ kind: 'void' });
    expectRefused(await decide(a(), proposal!.id, 'confirm'), 'cannot confirm');
    expect((await decide(b(), proposal!.id, 'confirm')).json()).toMatchObject({ kind: 'void', settled: 1 });
    expect(await book.cash(p)).toBe(90_000);
    expect(await book.bet(p, bets[0]!)).toMatchObject({ status: 'void', settledReturn: 10_000 });

    // The feed's own cancel of its result on market 2 (no operator): void at once. (Of a result the
    // desk entered, it would move nothing: uof/uof-desk-result.test.ts, feed/feed-import.test.ts.)
    const report = await importFeed(
      t.db,
      t.app.sportsWallet,
      lines([{ type: 'cancel', id: 'mk-2', seq: 3, reason: 'abandoned' }]),
    );
    expect(report).toMatchObject({ applied: 1, errors: [] });
    expect(await book.cash(p)).toBe(100_000);
    expect((await waiting()).filter((w) => w.target === `sb-market:${markets[1]!.id}`)).toEqual([]);
    for (const bet of bets) expect((await verifyBet(t.db, bet)).problems).toEqual([]);
    await expectSoundLedger(t.db);
  });

  it('with the setting off, a lone trader acts at once as before', async () => {
    await book.settings({ confirmResults: false });
    try {
      const p = await newPlayer(100_000);
      const m = await book.match();
      const lost = await book.placed(p, [m.away]);
      expect((await book.score(m.marketId, 1, 0)).json()).toMatchObject({ state: 'confirmed' });
      const res = await a().post(`/api/admin/sports/bets/${lost}/cancel`, { reason: 'palpable error' });
      expect(res.json()).toMatchObject({ bet: { status: 'void' } });
      expect(res.json().proposal).toBeUndefined();
      expect(await book.cash(p)).toBe(100_000);
      // A cancel window over a settled losing bet, and its rollback: each acts at once.
      const next = await book.match();
      const from = new Date(Date.now() - 1000);
      const late = await book.placed(p, [next.away]);
      const to = new Date(Date.now() + 60_000);
      expect((await book.score(next.marketId, 1, 0)).json()).toMatchObject({ state: 'confirmed' });
      expect(await book.cash(p)).toBe(90_000);
      expect((await book.cancelWindow(next.eventId, { from, to })).json()).toMatchObject({ voided: 1 });
      expect(await book.cash(p)).toBe(100_000);
      const rolled = await rollback(next.marketId, from, to);
      expect(rolled.json()).toMatchObject({ status: 'success', restored: 1 });
      expect(rolled.json().proposal).toBeUndefined();
      expect(await book.cash(p)).toBe(90_000);
      expect(await book.bet(p, late)).toMatchObject({ status: 'settled', settledReturn: 0 });
      for (const bet of [lost, late]) expect((await verifyBet(t.db, bet)).problems).toEqual([]);
      await expectSoundLedger(t.db);
    } finally {
      await book.settings({ confirmResults: true });
    }
  });
});

import { describe, expect, it } from 'vitest';
import { expectSoundLedger } from '../../../../test/support/money.ts';
import { useSportsBook } from '../../../../test/support/sports-desk.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { verifyBet } from '../../../../tools/sports-verify.ts';
import { REDUCED_MULTIPLE_SOURCE } from '../../../shared/sports/reduced-multiple.ts';

/**
 * The house rule SPORTSBOOK.md §2 asks for: a multiple reduced to one live leg (the others void)
 * stands as a single, or is void, by the book's `reducedMultiple` setting when it was placed. Reached only through the
 * sports window's and the trading desk's HTTP routes; every stake of 10,000 on prices 2.0 (home).
 */
describe.runIf(backendAvailable)('a multiple reduced to one live leg', () => {
  const { t, sportsApi, newPlayer, as, book } = useSportsBook({
    confirmResults: false,
    cancelWindowMinutes: 1440,
    reducedMultiple: 'single',
  });
  const rule = async (reducedMultiple: string) => {
    const res = await book.settings({ reducedMultiple });
    expect(res.statusCode, res.body).toBe(200);
  };
  const voidResult = async (marketId: number) => {
    const res = await as('trading').post(`/api/admin/sports/markets/${marketId}/result`, {
      result: { kind: 'void' },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const aMinuteAgo = () => new Date(Date.now() - 60_000);

  it('stands as a single by default: the live leg wins at its price', async () => {
    await rule('single');
    const p = await newPlayer(100_000);
    const [a, b] = [await book.match(), await book.match()];
    const betId = await book.placed(p, [a.home, b.home]);
    await voidResult(a.marketId);
    expect((await book.bet(p, betId)).status).toBe('open');
    await book.score(b.marketId, 1, 0);
    expect(await book.bet(p, betId)).toMatchObject({ status: 'settled', settledReturn: 20_000 });
    expect(await book.cash(p)).toBe(110_000);
    await expectSoundLedger(t.db);
  });

  it('is void under the rule: the stake comes back once, at the void, and the live leg’s result changes nothing', async () => {
    await rule('void');
    const p = await newPlayer(100_000);
    const [a, b] = [await book.match(), await book.match()];
    const betId = await book.placed(p, [a.home, b.home]);
    expect(await book.cash(p)).toBe(90_000);
    // A desk void (a cancel window) of one leg leaves one live leg: the bet is void at once.
    expect((await book.cancelWindow(a.eventId, { from: aMinuteAgo() })).json()).toMatchObject({ voided: 1 });
    expect(await book.bet(p, betId)).toMatchObject({ status: 'void', settledReturn: 10_000 });
    expect(await book.cash(p)).toBe(100_000);
    await book.score(b.marketId, 1, 0);
    expect(await book.bet(p, betId)).toMatchObject({ status: 'void', settledReturn: 10_000 });
    expect(await book.cash(p)).toBe(100_000);
    expect((await verifyBet(t.db, betId)).problems).toEqual([]);
    const settled = (await sportsApi('bet', { token: p.gameToken, betId })).json().bet;
    expect(JSON.stringify(settled.proof ?? settled)).toContain(REDUCED_MULTIPLE_SOURCE);
    await expectSoundLedger(t.db);
  });

  it('keeps the rule it was placed under: the desk changing the setting later reaches only new bets', async () => {
    await rule('single');
    const p = await newPlayer(100_000);
    const [a, b] = [await book.match(), await book.match()];
    const underSingle = await book.placed(p, [a.home, b.home]);
    await rule('void');
    const [c, d] = [await book.match(), await book.match()];
    const underVoid = await book.placed(p, [c.home, d.home]);
    await rule('single');
    await voidResult(a.marketId);
    await voidResult(c.marketId);
    expect(await book.bet(p, underVoid)).toMatchObject({ status: 'void', settledReturn: 10_000 });
    await book.score(b.marketId, 1, 0);
    expect(await book.bet(p, underSingle)).toMatchObject({ status: 'settled', settledReturn: 20_000 });
    expect(await book.cash(p)).toBe(100_000 - 20_000 + 10_000 + 20_000);
    await expectSoundLedger(t.db);
  });

  it('a treble with one void leg is still a multiple: it settles as a double', async () => {
    await rule('void');
    const p = await newPlayer(100_000);
    const [a, b, c] = [await book.match(), await book.match(), await book.match()];
    const betId = await book.placed(p, [a.home, b.home, c.home]);
    await voidResult(a.marketId);
    await book.score(b.marketId, 1, 0);
    expect((await book.bet(p, betId)).status).toBe('open');
    await book.score(c.marketId, 2, 1);
    expect(await book.bet(p, betId)).toMatchObject({ status: 'settled', settledReturn: 40_000 });
    expect(await book.cash(p)).toBe(130_000);
    await expectSoundLedger(t.db);
  });

  it('a correction that brings the void leg back reopens the bet, then it settles as the double it is', async () => {
    await rule('void');
    const p = await newPlayer(100_000);
    const [a, b] = [await book.match(), await book.match()];
    const betId = await book.placed(p, [a.home, b.home]);
    await voidResult(a.marketId);
    expect(await book.bet(p, betId)).toMatchObject({ status: 'void', settledReturn: 10_000 });
    expect(await book.cash(p)).toBe(100_000);
    // The void was wrong: the match was played, home won. The refund is taken back, the bet open again.
    expect((await book.correct(a.marketId, { kind: 'score', home: 1, away: 0 })).statusCode).toBe(200);
    expect(await book.bet(p, betId)).toMatchObject({ status: 'open', settledReturn: null });
    expect(await book.cash(p)).toBe(90_000);
    await book.score(b.marketId, 3, 1);
    expect(await book.bet(p, betId)).toMatchObject({ status: 'settled', settledReturn: 40_000 });
    expect(await book.cash(p)).toBe(130_000);
    expect((await verifyBet(t.db, betId)).problems).toEqual([]);
    await expectSoundLedger(t.db);
  });

  it('a correction after the live leg was decided resettles: lost, then void again, then won', async () => {
    await rule('void');
    const p = await newPlayer(100_000);
    const [a, b] = [await book.match(), await book.match()];
    const betId = await book.placed(p, [a.home, b.home]);
    await book.score(b.marketId, 1, 0);
    await voidResult(a.marketId);
    expect(await book.bet(p, betId)).toMatchObject({ status: 'void', settledReturn: 10_000 });
    expect(await book.cash(p)).toBe(100_000);
    await book.correct(a.marketId, { kind: 'score', home: 0, away: 2 });
    expect(await book.bet(p, betId)).toMatchObject({ status: 'settled', settledReturn: 0 });
    expect(await book.cash(p)).toBe(90_000);
    await book.correct(a.marketId, { kind: 'void' });
    expect(await book.bet(p, betId)).toMatchObject({ status: 'void', settledReturn: 10_000 });
    expect(await book.cash(p)).toBe(100_000);
    await book.correct(a.marketId, { kind: 'score', home: 2, away: 0 });
    expect(await book.bet(p, betId)).toMatchObject({ status: 'settled', settledReturn: 40_000 });
    expect(await book.cash(p)).toBe(130_000);
    expect((await verifyBet(t.db, betId)).problems).toEqual([]);
    await expectSoundLedger(t.db);
  });

  it('publishes the rule on the members’ rules page, and the desk may set only its two values', async () => {
    await rule('void');
    expect((await sportsApi('rules', {})).json().rules).toMatchObject({ reducedMultiple: 'void' });
    await rule('single');
    expect((await sportsApi('rules', {})).json().rules).toMatchObject({ reducedMultiple: 'single' });
    for (const bad of ['stands', '', 1, null]) {
      const res = await book.settings({ reducedMultiple: bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const read = await as('trading').get('/api/admin/sports/settings');
    expect(read.json().settings).toMatchObject({ reducedMultiple: 'single' });
  });
});

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { debtOf } from '../../../../test/support/debt.ts';
import { balancesOf, expectSoundLedger } from '../../../../test/support/money.ts';
import { enterScore, placeSingle } from '../../../../test/support/sports.ts';
import { useSportsApp } from '../../../../test/support/sports-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { verifyBet } from '../../../../tools/sports-verify.ts';
import { parsePrice } from '../../../shared/sports/price.ts';
import { queryRows } from '../../db/client.ts';
import { sportsClock } from './clock.ts';
import { confirmProposal } from './desk-proposals.ts';
import { cancelWindow } from './leg-voids.ts';
import { confirmResult, correctResult, enterResult, unsettleMarket } from './results.service.ts';
import { saveSetting } from './settings.ts';
import { setMarketOpen, setPrices } from './trading.service.ts';

describe.runIf(backendAvailable)('live bet delay, settlement corrections and member debt', () => {
  const { t, sportsApi, newPlayer, newEvent, eventSelections } = useSportsApp();

  it('a live bet waits its delay and is refused if the price moved or the market was suspended meanwhile', async () => {
    const p = await newPlayer();
    const { eventId, marketId } = await newEvent({ live: true });
    const s = await eventSelections(eventId);
    const confirm = (betId: number) => sportsApi('confirm', { token: p.gameToken, betId });
    try {
      // Unchanged: accepted once the delay has passed, not before.
      const a = (await placeSingle(t, p.gameToken, s['1x2:home']!)).json();
      expect(a.status).toBe('delayed');
      const early = (await confirm(a.betId)).json();
      expect(early, JSON.stringify(a)).toMatchObject({ status: 'wait' });
      expect((await balancesOf(t, p.token)).cash).toBe(1_000_000);
      sportsClock.advance(5_001);
      expect((await confirm(a.betId)).json()).toMatchObject({ status: 'success', bet: 'open' });
      expect((await balancesOf(t, p.token)).cash).toBe(990_000);
      // Price moved during the delay.
      const b = (await placeSingle(t, p.gameToken, s['1x2:draw']!)).json();
      await t.db.transaction((tx) =>
        setPrices(tx, marketId, [{ key: 'draw', price: parsePrice('3.2', 'decimal')! }]),
      );
      sportsClock.advance(5_001);
      expect((await confirm(b.betId)).json()).toMatchObject({ status: 'refused', refusal: 'price_changed' });
      // Suspended and reopened during the delay: same price, still refused.
      const s2 = await eventSelections(eventId);
      const c = (await placeSingle(t, p.gameToken, s2['1x2:away']!)).json();
      await setMarketOpen(t.db, { marketId }, false);
      await setMarketOpen(t.db, { marketId }, true);
      sportsClock.advance(5_001);
      expect((await confirm(c.betId)).json()).toMatchObject({
        status: 'refused',
        refusal: 'market_suspended',
      });
      expect((await balancesOf(t, p.token)).cash).toBe(990_000);
    } finally {
      sportsClock.reset();
    }
  });

  it('housekeeping started with the app refuses live bets never confirmed and gives their liability back', async () => {
    const p = await newPlayer();
    const { eventId } = await newEvent({ live: true });
    const s = await eventSelections(eventId);
    const bet = (await placeSingle(t, p.gameToken, s['1x2:home']!)).json();
    expect(bet.status).toBe('delayed');
    const liability = async () =>
      Number(
        (
          await queryRows<{ liability: number }>(
            t.db,
            sql`select coalesce(sum(liability), 0)::int8 as liability from sb_selection_liability where selection_id = ${s['1x2:home']!.id}`,
          )
        )[0]!.liability,
      );
    expect(await liability()).toBe(10_000);
    expect(t.app.sportsMaintenance.running).toBe(true);
    try {
      // Within a minute of its time the player may still confirm it.
      sportsClock.advance(5_001 + 30_000);
      expect((await t.app.sportsMaintenance.runOnce()).expired).toBe(0);
      sportsClock.advance(31_000);
      expect((await t.app.sportsMaintenance.runOnce()).expired).toBe(1);
    } finally {
      sportsClock.reset();
    }
    expect(await liability()).toBe(0);
    const confirm = (await sportsApi('confirm', { token: p.gameToken, betId: bet.betId })).json();
    expect(confirm).toMatchObject({ status: 'refused', refusal: 'market_suspended' });
    expect((await balancesOf(t, p.token)).cash).toBe(1_000_000);
  });

  it('results wait for a second operator where the site asks; unsettle and resettle move money only through the ledger', async () => {
    await saveSetting(t.db, 'confirmResults', true);
    const p = await newPlayer(20_000);
    const { eventId, marketId } = await newEvent({ prices: ['3.0', '3.0', '3.0'] });
    const s = await eventSelections(eventId);
    const bet = (await placeSingle(t, p.gameToken, s['1x2:home']!)).json();
    expect(bet.status).toBe('success');
    // The market's result as the desk's operators 7 and 8 handle it.
    const score = (home: number, away: number) => ({ kind: 'score' as const, home, away });
    const enter = (home: number, away: number, operatorId?: number) =>
      enterResult(t.db, t.app.sportsWallet, marketId, score(home, away), { source: 'desk', operatorId });
    const correct = (home: number, away: number, operatorId: number, reason: string) =>
      correctResult(t.db, t.app.sportsWallet, marketId, score(home, away), {
        source: 'desk',
        operatorId,
        reason,
      });
    const confirm = (operatorId: number) => confirmResult(t.db, t.app.sportsWallet, marketId, operatorId);

    expect(await enter(1, 0, 7)).toMatchObject({ state: 'entered', settled: 0 });
    expect((await confirm(7)).ok).toBe(false);
    expect(await confirm(8)).toMatchObject({ ok: true, settled: 1 });
    expect((await balancesOf(t, p.token)).cash).toBe(10_000 + 30_000);
    expect((await verifyBet(t.db, bet.betId)).problems).toEqual([]);

    // The member spends most of the win elsewhere, then the result is corrected: a loss.
    await t.db.execute(sql`select ledger_move('test-spend-' || ${bet.betId}, (select id from ledger_accounts where member_id = ${p.memberId} and kind = 'cash'),
      (select id from ledger_accounts where member_id is null and kind = 'adjustments' and shard = 0
        and currency = (select currency from ledger_accounts where member_id = ${p.memberId} and kind = 'cash')), 35000, 'test_spend', '{}'::jsonb, null)`);
    expect((await balancesOf(t, p.token)).cash).toBe(5_000);
    // A correction waits for a second operator too: until then the result in force stands, nothing moves.
    expect(await correct(0, 1, 8, 'wrong scorer')).toMatchObject({ ok: true, state: 'entered', settled: 0 });
    expect((await balancesOf(t, p.token)).cash).toBe(5_000);
    expect((await confirm(8)).ok).toBe(false);
    expect(await confirm(7)).toMatchObject({ ok: true, settled: 1 });
    expect((await balancesOf(t, p.token)).cash).toBe(0);
    expect(await debtOf(t, p.loginId)).toBe(25_000);

    // Corrected back to a win: the new win pays the debt first.
    expect((await correct(2, 0, 8, 'VAR')).ok).toBe(true);
    expect((await confirm(7)).ok).toBe(true);
    expect((await balancesOf(t, p.token)).cash).toBe(5_000);
    expect(await debtOf(t, p.loginId)).toBe(0);

    // Unsettle of the confirmed result: it takes the win back, so it waits for a second operator too.
    const unsettle = await unsettleMarket(t.db, t.app.sportsWallet, marketId, {
      operatorId: 8,
      reason: 'result withdrawn',
    });
    expect(unsettle).toMatchObject({ ok: true, state: 'proposed', settled: 0 });
    const proposal = (unsettle as { proposal: number }).proposal;
    expect((await balancesOf(t, p.token)).cash).toBe(5_000);
    expect(await confirmProposal(t.db, t.app.sportsWallet, proposal, 8)).toMatchObject({ ok: false });
    expect((await balancesOf(t, p.token)).cash).toBe(5_000);
    // Confirmed by the other: the win is taken back again (5,000 cash, 25,000 owed), the bet is open again.
    expect(await confirmProposal(t.db, t.app.sportsWallet, proposal, 7)).toMatchObject({
      ok: true,
      settled: 1,
    });
    expect(await debtOf(t, p.loginId)).toBe(25_000);
    const history = (await sportsApi('bets', { token: p.gameToken })).json().bets[0];
    expect(history.status).toBe('open');
    expect(history.history.map((h: { kind: string; paid: boolean }) => `${h.kind}:${h.paid}`)).toEqual([
      'settle:true',
      'resettle:true',
      'resettle:true',
      'unsettle:true',
    ]);
    await saveSetting(t.db, 'confirmResults', false);
    expect(await enter(1, 0)).toMatchObject({ settled: 1 });
    expect((await balancesOf(t, p.token)).cash).toBe(5_000);
    expect((await verifyBet(t.db, bet.betId)).problems).toEqual([]);
    await expectSoundLedger(t.db);
  });

  it('a cancel window voids the legs of bets placed in it (open ones paid their stake back, settled ones resettled to it)', async () => {
    const p = await newPlayer(100_000);
    const { eventId, marketId } = await newEvent({ prices: ['2.0', '3.0', '4.0'] });
    const s = await eventSelections(eventId);
    const before = new Date(Date.now() - 1000);
    expect((await placeSingle(t, p.gameToken, s['1x2:home']!)).json().status).toBe('success');
    expect((await placeSingle(t, p.gameToken, s['1x2:away']!)).json().status).toBe('success');
    expect((await balancesOf(t, p.token)).cash).toBe(80_000);
    expect(
      await cancelWindow(t.db, t.app.sportsWallet, { eventId }, before, new Date(Date.now() + 1000), {
        operatorId: 9,
        reason: 'past-posting',
      }),
    ).toMatchObject({ ok: true, bets: [expect.any(Number), expect.any(Number)] });
    expect((await balancesOf(t, p.token)).cash).toBe(100_000);
    const bets = (await sportsApi('bets', { token: p.gameToken })).json().bets;
    expect(bets.map((b: { status: string }) => b.status)).toEqual(['void', 'void']);
    expect(bets[0].history[0]).toMatchObject({
      kind: 'void',
      reason: 'past-posting',
      operatorId: 9,
      paid: true,
    });
    // Settled then cancelled: a win of 20,000 becomes the 10,000 stake back.
    const bet = (await placeSingle(t, p.gameToken, s['1x2:home']!)).json();
    await enterScore(t, marketId, 1, 0, { source: 'desk' });
    expect((await balancesOf(t, p.token)).cash).toBe(110_000);
    expect(
      await cancelWindow(t.db, t.app.sportsWallet, { marketId }, before, new Date(Date.now() + 1000), {
        operatorId: 9,
        reason: 'wrong price',
      }),
    ).toMatchObject({ ok: true, bets: [bet.betId] });
    expect((await balancesOf(t, p.token)).cash).toBe(100_000);
    expect(bet.status).toBe('success');
    await expectSoundLedger(t.db);
  });

  it('the wallet corrections are signed, idempotent and refuse what is not a settlement', async () => {
    const { walletRequest } = await import('../../../../test/support/wallet.ts');
    const call = (op: string, body: object) =>
      t.app.inject({
        method: 'POST',
        url: `/wallet/sports/${op}`,
        headers: { 'content-type': 'application/json', 'x-wallet-signature': '0'.repeat(64) },
        payload: JSON.stringify(body),
      });
    expect((await call('unsettle', { txId: 'a', roundId: 'b', refTxId: 'c', reason: 'x' })).statusCode).toBe(
      401,
    );
    expect(typeof walletRequest).toBe('function');
    const p = await newPlayer(50_000);
    const { eventId, marketId } = await newEvent({ prices: ['2.0', '3.0', '4.0'] });
    const s = await eventSelections(eventId);
    const bet = (await placeSingle(t, p.gameToken, s['1x2:home']!)).json();
    await enterScore(t, marketId, 1, 0, { source: 'desk' });
    const w = t.app.sportsWallet;
    const body = {
      txId: `x-${bet.betId}`,
      roundId: `sb-${bet.betId}`,
      refTxId: `sb-${bet.betId}-1`,
      reason: 'test',
    };
    const first = await w.unsettle(body);
    expect(first).toMatchObject({ status: 'success', balance: 40_000 });
    expect(await w.unsettle(body)).toEqual(first);
    expect((await w.unsettle({ ...body, reason: 'other' })).status).toBe('duplicate');
    expect((await w.unsettle({ ...body, txId: `y-${bet.betId}` })).status).toBe('already_corrected');
    expect(
      (await w.resettle({ ...body, txId: `z-${bet.betId}`, refTxId: `sb-${bet.betId}-bet`, amount: 5 }))
        .status,
    ).toBe('invalid');
    expect((await balancesOf(t, p.token)).cash).toBe(40_000);
    await expectSoundLedger(t.db);
  });
});

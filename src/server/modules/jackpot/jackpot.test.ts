import { describe, expect, it } from 'vitest';
import { debtOf, wonRound } from '../../../../test/support/debt.ts';
import {
  contributionsFor,
  losingRound,
  openRound,
  poolBalance,
  SECRET,
  setJackpotSettings,
  shardUnits,
} from '../../../../test/support/jackpot.ts';
import { balancesOf, expectSoundLedger, fund, nextCode } from '../../../../test/support/money.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { launchedPlayer, launchGame, walletRequest } from '../../../../test/support/wallet.ts';
import { contributionOf } from '../../../shared/games/jackpot.ts';
import { auditLedger } from '../ledger/ledger.audit.ts';

const RESEED = 10_000_000;

describe.runIf(backendAvailable)('the progressive jackpot', () => {
  const t = useTestApp({ houseWalletSecret: SECRET }, { seedDemo: true });
  const operators = useOperators(t);
  const wallet = (op: string, payload: object) => walletRequest(t, op, payload, SECRET);
  const memberOf = async (gameToken: string) =>
    Number((await wallet('authenticate', { token: gameToken })).json().playerId);

  it('opens at its reseed and tells guests its share and reseed', async () => {
    const res = await t.call('get-jackpot', {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      // The demo moves the untouched pool to its default site's baht.
      jackpot: { amount: RESEED, currency: 'THB', contributionBps: 100, reseed: RESEED, lastWin: null },
    });
    await expectSoundLedger(t.db);
  });

  it('takes exactly the stated share of jackpot-slot stakes, carrying fractions of a minor unit', async () => {
    // An odd share, so that most stakes leave a fraction: 1.37 %.
    await setJackpotSettings(t.db, { bps: 137 });
    const p = await launchedPlayer(t, 5_000_000);
    const member = await memberOf(p.gameToken);
    const unitsBefore = await shardUnits(t.db, member);
    const poolBefore = await poolBalance(t.db);
    const stakes = [1_000, 1, 73, 9_999, 2_500, 10_001, 7, 123_456, 5, 99_999];
    const txIds: string[] = [];
    let units = unitsBefore;
    let expected = 0;
    for (const stake of stakes) {
      txIds.push((await losingRound(t, p.gameToken, stake)).txId);
      const next = contributionOf(units, stake, 137);
      expected += next.contribution;
      units = next.unitsAfter;
    }
    const staked = stakes.reduce((a, b) => a + b, 0);
    // Over the shard's whole life: floor(units / 10,000) received, units = Σ stake × bps.
    expect(await shardUnits(t.db, member)).toBe(unitsBefore + BigInt(staked * 137));
    expect(await contributionsFor(t.db, txIds)).toBe(expected);
    expect(expected).toBe(
      Math.floor((Number(unitsBefore) + staked * 137) / 10_000) - Math.floor(Number(unitsBefore) / 10_000),
    );
    expect(await poolBalance(t.db)).toBe(poolBefore + expected);
    // The member paid the stakes only: the share comes out of the house's revenue.
    expect((await balancesOf(t, p.token)).cash).toBe(5_000_000 - staked);
    await setJackpotSettings(t.db, { bps: 100 });
    await expectSoundLedger(t.db);
  });

  it('takes nothing from a game outside the jackpot (baccarat)', async () => {
    const { token } = await t.login();
    await fund(t, token, 100_000);
    const gameToken = await launchGame(t, token, { code: 'baccarat', company: 'royal-baccarat' });
    const before = await poolBalance(t.db);
    const round = await losingRound(t, gameToken, 50_000);
    expect(await contributionsFor(t.db, [round.txId])).toBe(0);
    expect(await poolBalance(t.db)).toBe(before);
    const claim = await wallet('jackpot', { txId: `${round.txId}-j`, roundId: round.roundId });
    expect(claim.json().status).toBe('round_closed');
    const open = await openRound(t, gameToken, 1_000);
    const refused = await wallet('jackpot', { txId: `${open.txId}-j`, roundId: open.roundId });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ status: 'invalid' });
    expect(await poolBalance(t.db)).toBe(before);
  });

  it('pays the whole pool once to the round that hits, then reseeds it from the house', async () => {
    const p = await launchedPlayer(t, 1_000_000);
    const round = await openRound(t, p.gameToken, 10_000);
    const pool = await poolBalance(t.db);
    expect(pool).toBeGreaterThan(RESEED);
    const cash = (await balancesOf(t, p.token)).cash;

    const claim = { txId: `${round.txId}-jackpot`, roundId: round.roundId };
    const first = await wallet('jackpot', claim);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      status: 'success',
      amount: pool,
      reseed: RESEED,
      balance: cash + pool,
    });
    // The same call again: the same answer, nothing paid twice.
    expect((await wallet('jackpot', claim)).json()).toEqual(first.json());
    // Another transaction id for the same round: refused.
    const again = await wallet('jackpot', { txId: `${round.txId}-again`, roundId: round.roundId });
    expect(again.statusCode).toBe(409);
    expect(again.json().status).toBe('jackpot_paid');
    expect((await balancesOf(t, p.token)).cash).toBe(cash + pool);
    expect(await poolBalance(t.db)).toBe(RESEED);
    // The route serves a read up to a second old: the reseeded pool and the win show once it expires.
    await expect
      .poll(async () => (await t.call('get-jackpot', {})).json().jackpot, { timeout: 5_000, interval: 100 })
      .toMatchObject({ amount: RESEED, lastWin: { amount: pool } });

    // The round has a win now: its bet cannot be rolled back, and it still closes normally.
    const rollback = await wallet('rollback', { txId: `${round.txId}-rb`, refTxId: round.txId });
    expect(rollback.json().status).toBe('round_settled');
    const win = await wallet('win', { txId: `${round.txId}-w`, roundId: round.roundId, amount: 0 });
    expect(win.json()).toMatchObject({ status: 'success', balance: cash + pool });
    const closed = await wallet('jackpot', { txId: `${round.txId}-late`, roundId: round.roundId });
    expect(closed.json().status).toBe('round_closed');

    // The back office's dashboard shows the pool and the win.
    const board = (await operators.as('cashier').get('/api/admin/dashboard')).json();
    expect(board.jackpot).toMatchObject({
      amount: RESEED,
      recentWins: [{ roundId: round.roundId, amount: pool, reseed: RESEED }],
    });

    const audit = await auditLedger(t.db);
    expect(audit.jackpot).toMatchObject({ pool: RESEED, payouts: pool, wins: 1, problems: [] });
    await expectSoundLedger(t.db);
  });

  it('refuses a claim for an unknown round and malformed claims', async () => {
    expect((await wallet('jackpot', { txId: 'x-1', roundId: 'no-such-round' })).json().status).toBe(
      'round_not_found',
    );
    for (const body of [{}, { txId: 'x-2' }, { txId: 5, roundId: 'r' }, { txId: '', roundId: 'r' }]) {
      const res = await wallet('jackpot', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().status).toBe('invalid');
    }
  });

  it('pays a member’s debt from a jackpot win first, as any later win does', async () => {
    const p = await launchedPlayer(t, 100_000);
    const won = await wonRound(t, SECRET, p.gameToken, 10_000, 310_000);
    // The win is spent (held for a withdrawal) before the result is corrected: 310,000 owed.
    const asked = await t.call(
      'apply-user-withdraw',
      { balance: 400_000, code: nextCode() },
      { token: p.token },
    );
    expect(asked.json()).toMatchObject({ status: 'success' });
    expect(await won.unsettle()).toMatchObject({ balance: 0, debt: 310_000 });
    await fund(t, p.token, 20_000); // deposits do not collect
    const round = await openRound(t, p.gameToken, 10_000);
    const pool = await poolBalance(t.db);

    const claim = await wallet('jackpot', { txId: `${round.txId}-jackpot`, roundId: round.roundId });
    expect(claim.json()).toMatchObject({ status: 'success', amount: pool, balance: 10_000 + pool - 310_000 });
    expect(await balancesOf(t, p.token)).toMatchObject({ cash: 10_000 + pool - 310_000, held: 400_000 });
    expect(await debtOf(t, p.loginId)).toBe(0);
    await expectSoundLedger(t.db);
  });
});

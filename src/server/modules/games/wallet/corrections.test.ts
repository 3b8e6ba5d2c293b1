import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { balancesOf, expectSoundLedger, setCompSettings } from '../../../../../test/support/money.ts';
import { useTestApp } from '../../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../../test/support/test-db.ts';
import {
  expectOpenRoundsListed,
  launchedPlayer,
  playRound,
  walletIds,
  walletRequest,
} from '../../../../../test/support/wallet.ts';
import { queryRows } from '../../../db/client.ts';

const SECRET = 'corrections-wallet-secret';

/** The wallet's correction operations (unsettle, resettle) and member debts, through the signed API. */
describe.runIf(backendAvailable)('wallet corrections and member debts', () => {
  const t = useTestApp({ houseWalletSecret: SECRET }, { seedDemo: true });
  const wallet = (op: string, payload: object) => walletRequest(t, op, payload, SECRET);
  const debtOf = async (loginId: string) => {
    const [row] = await queryRows<{ amount: number }>(
      t.db,
      sql`select coalesce(sum(d.amount), 0)::int8 as amount from wallet_debts d join members m on m.id = d.member_id
          where m.login_id = ${loginId}`,
    );
    return Number(row!.amount);
  };
  /** The member spends cash elsewhere (a transfer to the house), leaving `keep`. */
  const spendAllBut = (loginId: string, keep: number) =>
    t.db.execute(sql`select ledger_move('test-spend-' || a.id || '-' || a.balance, a.id, h.id, a.balance - ${keep}, 'test_spend', '{}'::jsonb, null)
      from ledger_accounts a join members m on m.id = a.member_id, ledger_accounts h
      where m.login_id = ${loginId} and a.kind = 'cash' and h.member_id is null and h.kind = 'adjustments' and h.shard = 0 and h.currency = a.currency`);

  it('unsettle takes a win back; money already spent becomes a debt that the next win pays first', async () => {
    const p = await launchedPlayer(t, 10_000);
    const round = await playRound(t, SECRET, p.gameToken, 1_000, 5_000);
    expect((await balancesOf(t, p.token)).cash).toBe(14_000);
    await spendAllBut(p.loginId, 2_000);
    const body = {
      txId: `${round.round.txId}-unsettle`,
      roundId: round.round.roundId,
      refTxId: round.settle!.txId,
    };
    const first = await wallet('unsettle', { ...body, reason: 'wrong result' });
    expect(first.statusCode).toBe(200);
    // 2,000 was there to take back; 3,000 is owed. Cash never goes below zero.
    expect(first.json()).toMatchObject({ status: 'success', balance: 0, debt: 3_000 });
    expect(await debtOf(p.loginId)).toBe(3_000);
    // The round waits for its win again.
    await expectOpenRoundsListed(t.db);

    // A win of another round pays the debt first, in the same call (the member gets 1,000 to bet with).
    expect((await playRound(t, SECRET, p.gameToken, 1_000, 0)).bet.status).toBe('balance');
    await t.db.execute(sql`select ledger_move('test-gift-' || a.id, h.id, a.id, 1000, 'test_gift', '{}'::jsonb, null)
      from ledger_accounts a join members m on m.id = a.member_id, ledger_accounts h
      where m.login_id = ${p.loginId} and a.kind = 'cash' and h.member_id is null and h.kind = 'adjustments' and h.shard = 0 and h.currency = a.currency`);
    const win = await playRound(t, SECRET, p.gameToken, 1_000, 4_000);
    expect(win.win).toMatchObject({ status: 'success', balance: 1_000 });
    expect(await debtOf(p.loginId)).toBe(0);
    // The reopened round takes its new win; a loss now.
    const again = await wallet('win', {
      txId: `${round.round.txId}-win2`,
      roundId: round.round.roundId,
      amount: 0,
    });
    expect(again.json()).toMatchObject({ status: 'success', balance: 1_000 });
    const entries = await queryRows<{ amount: number }>(
      t.db,
      sql`select e.amount from wallet_debt_entries e join members m on m.id = e.member_id
          where m.login_id = ${p.loginId} order by e.id`,
    );
    expect(entries.map((e) => Number(e.amount))).toEqual([3_000, -3_000]);
    await expectOpenRoundsListed(t.db);
    await expectSoundLedger(t.db);
  });

  it('resettle pays or takes the difference; corrections are idempotent, once per settlement, and refuse non-settlements', async () => {
    const p = await launchedPlayer(t, 10_000);
    const r = await playRound(t, SECRET, p.gameToken, 1_000, 3_000);
    expect((await balancesOf(t, p.token)).cash).toBe(12_000);
    const body = {
      txId: `${r.round.txId}-resettle`,
      roundId: r.round.roundId,
      refTxId: r.settle!.txId,
      reason: 'dead heat',
      amount: 1_500,
    };
    const first = await wallet('resettle', body);
    expect(first.json()).toMatchObject({ status: 'success', balance: 10_500, debt: 0 });
    // An exact repeat: the stored reply, nothing moves again.
    expect((await wallet('resettle', body)).json()).toEqual(first.json());
    // The same transaction id with another body.
    const dup = await wallet('resettle', { ...body, amount: 2_000 });
    expect([dup.statusCode, dup.json().status]).toEqual([409, 'duplicate']);
    // The win is corrected already: a second correction of it is refused; the resettle is what stands.
    const second = await wallet('unsettle', { ...body, txId: `${r.round.txId}-u2`, amount: undefined });
    expect([second.statusCode, second.json().status]).toEqual([409, 'already_corrected']);
    const up = await wallet('resettle', {
      ...body,
      txId: `${r.round.txId}-r2`,
      refTxId: body.txId,
      amount: 4_000,
    });
    expect(up.json()).toMatchObject({ status: 'success', balance: 13_000 });
    // A bet is not a settlement; an unknown one neither; a bad body is invalid.
    for (const bad of [
      { ...body, txId: `${r.round.txId}-r3`, refTxId: r.round.txId },
      { ...body, txId: `${r.round.txId}-r4`, refTxId: 'nope' },
    ]) {
      const res = await wallet('resettle', bad);
      expect([res.statusCode, res.json().status]).toEqual([400, 'invalid']);
    }
    const malformed = await wallet('resettle', { ...body, txId: `${r.round.txId}-r5`, amount: -1 });
    expect([malformed.statusCode, malformed.json().status]).toEqual([400, 'invalid']);
    // Unsigned: refused before anything is read.
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/wallet/house/unsettle',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ ...body, txId: 'x' }),
    });
    expect(unsigned.statusCode).toBe(401);
    expect((await balancesOf(t, p.token)).cash).toBe(13_000);
    await expectSoundLedger(t.db);
  });

  it('a round reopened by an unsettle accrues its comp once when it closes again', async () => {
    await setCompSettings(t, { minExchange: 20_000, rates: { '1': { slot: 100 } } });
    const p = await launchedPlayer(t, 100_000);
    const r = await playRound(t, SECRET, p.gameToken, 50_000, 0);
    expect((await balancesOf(t, p.token)).comp).toBe(500);
    const undo = await wallet('unsettle', {
      txId: `${r.round.txId}-u`,
      roundId: r.round.roundId,
      refTxId: r.settle!.txId,
      reason: 'void result',
    });
    expect(undo.json().status).toBe('success');
    const win = await wallet('win', { txId: `${r.round.txId}-w2`, roundId: r.round.roundId, amount: 60_000 });
    expect(win.json()).toMatchObject({ status: 'success', balance: 110_000 });
    expect((await balancesOf(t, p.token)).comp).toBe(500);
    await expectSoundLedger(t.db);
  });

  it('comp follows the stake: rolling back the bets of a round reopened by an unsettle takes its comp back', async () => {
    await setCompSettings(t, { minExchange: 20_000, rates: { '1': { slot: 100 } } });
    const p = await launchedPlayer(t, 100_000);
    const first = walletIds();
    expect((await wallet('bet', { ...first, token: p.gameToken, amount: 30_000 })).json().status).toBe(
      'success',
    );
    const second = { txId: `${first.txId}-2`, roundId: first.roundId };
    expect((await wallet('bet', { ...second, token: p.gameToken, amount: 20_000 })).json().status).toBe(
      'success',
    );
    const lost = { txId: `${first.txId}-w`, roundId: first.roundId, amount: 0 };
    expect((await wallet('win', lost)).json().status).toBe('success');
    expect(await balancesOf(t, p.token)).toMatchObject({ cash: 50_000, comp: 500 }); // 1 % of 50,000
    // The provider voids the round: its result taken back, then its bets rolled back one by one.
    const undo = {
      txId: `${first.txId}-u`,
      roundId: first.roundId,
      refTxId: lost.txId,
      reason: 'void round',
    };
    expect((await wallet('unsettle', undo)).json().status).toBe('success');
    const rollback = (ids: { txId: string }) =>
      wallet('rollback', { txId: `${ids.txId}-rb`, refTxId: ids.txId });
    expect((await rollback(second)).json()).toMatchObject({ status: 'success', result: 'refunded' });
    // 30,000 is still staked: 300 of the comp stays.
    expect(await balancesOf(t, p.token)).toMatchObject({ cash: 70_000, comp: 300 });
    expect((await rollback(first)).json()).toMatchObject({ status: 'success', result: 'refunded' });
    // Nothing was staked in the end: no comp.
    expect(await balancesOf(t, p.token)).toMatchObject({ cash: 100_000, comp: 0 });
    // A repeated rollback takes nothing more.
    const again = await wallet('rollback', { txId: `${first.txId}-rb2`, refTxId: first.txId });
    expect(again.json()).toMatchObject({ result: 'already_rolled_back' });
    expect((await balancesOf(t, p.token)).comp).toBe(0);
    await expectSoundLedger(t.db);
  });

  /**
   * A 30,000 slot stake lost (1 % comp: 300), its round reopened by an unsettle, then a second 30,000
   * staked in it: the member, the first stake's ids and the later one's.
   */
  async function reopenedWithLaterStake() {
    await setCompSettings(t, { minExchange: 20_000, rates: { '1': { slot: 100 } } });
    const p = await launchedPlayer(t, 100_000);
    const first = walletIds();
    expect((await wallet('bet', { ...first, token: p.gameToken, amount: 30_000 })).json().status).toBe(
      'success',
    );
    const lost = { txId: `${first.txId}-w`, roundId: first.roundId, amount: 0 };
    expect((await wallet('win', lost)).json().status).toBe('success');
    expect(await balancesOf(t, p.token)).toMatchObject({ cash: 70_000, comp: 300 });
    const undo = { txId: `${first.txId}-u`, roundId: first.roundId, refTxId: lost.txId, reason: 'replay' };
    expect((await wallet('unsettle', undo)).json().status).toBe('success');
    // The reopened round takes a new stake: it earns no comp (the round's first close is past).
    const later = { txId: `${first.txId}-2`, roundId: first.roundId };
    expect((await wallet('bet', { ...later, token: p.gameToken, amount: 30_000 })).json().status).toBe(
      'success',
    );
    return { p, first, later };
  }

  it('comp follows the stake: a stake added after an unsettle earned no comp, and its rollback takes none back', async () => {
    const { p, first, later } = await reopenedWithLaterStake();
    const rollback = (ids: { txId: string }) =>
      wallet('rollback', { txId: `${ids.txId}-rb`, refTxId: ids.txId });
    expect((await rollback(later)).json()).toMatchObject({ status: 'success', result: 'refunded' });
    // The 30,000 that earned the 300 is still staked: the comp stays whole.
    expect(await balancesOf(t, p.token)).toMatchObject({ cash: 70_000, comp: 300 });
    // The stake that earned it, rolled back: all of it goes back.
    expect((await rollback(first)).json()).toMatchObject({ status: 'success', result: 'refunded' });
    expect(await balancesOf(t, p.token)).toMatchObject({ cash: 100_000, comp: 0 });
    await expectSoundLedger(t.db);
  });

  it('comp follows the stake: the stake that earned the comp, rolled back first, takes all of it back', async () => {
    const { p, first } = await reopenedWithLaterStake();
    const rb = await wallet('rollback', { txId: `${first.txId}-rb`, refTxId: first.txId });
    expect(rb.json()).toMatchObject({ status: 'success', result: 'refunded' });
    // Only the later 30,000 is staked now, and it earned nothing: no comp is left.
    expect(await balancesOf(t, p.token)).toMatchObject({ cash: 70_000, comp: 0 });
    await expectSoundLedger(t.db);
  });

  it('an unsettle keeps a round settled while it holds an earlier win: its bet is then not refunded', async () => {
    const p = await launchedPlayer(t, 10_000);
    const r = walletIds();
    expect((await wallet('bet', { ...r, token: p.gameToken, amount: 1_000 })).json().status).toBe('success');
    // A win within the round (a feature, a partial cash-out) that leaves it open, then its final win.
    const early = { txId: `${r.txId}-w1`, roundId: r.roundId, amount: 500, closeRound: false };
    expect((await wallet('win', early)).json().status).toBe('success');
    const last = { txId: `${r.txId}-w2`, roundId: r.roundId, amount: 2_000 };
    expect((await wallet('win', last)).json().status).toBe('success');
    const unsettle = { txId: `${r.txId}-u`, roundId: r.roundId, refTxId: last.txId, reason: 'wrong result' };
    expect((await wallet('unsettle', unsettle)).json().status).toBe('success');
    // 10,000 − 1,000 + 500: the round still holds its 500.
    expect((await balancesOf(t, p.token)).cash).toBe(9_500);
    // So its stake is not given back beside the win it kept.
    const rollback = await wallet('rollback', { txId: `${r.txId}-rb`, refTxId: r.txId });
    expect(rollback.json().status).toBe('round_settled');
    expect((await balancesOf(t, p.token)).cash).toBe(9_500);

    // Its only win taken back, a round's bet can be rolled back again, as before.
    const q = walletIds();
    expect((await wallet('bet', { ...q, token: p.gameToken, amount: 1_000 })).json().status).toBe('success');
    const only = { txId: `${q.txId}-w`, roundId: q.roundId, amount: 3_000 };
    expect((await wallet('win', only)).json().status).toBe('success');
    const undo = { txId: `${q.txId}-u`, roundId: q.roundId, refTxId: only.txId, reason: 'wrong result' };
    expect((await wallet('unsettle', undo)).json().status).toBe('success');
    expect((await wallet('rollback', { txId: `${q.txId}-rb`, refTxId: q.txId })).json().status).toBe(
      'success',
    );
    expect((await balancesOf(t, p.token)).cash).toBe(9_500);
    await expectSoundLedger(t.db);
  });
});

import { describe, expect, it } from 'vitest';
import { debtOf } from '../../../../test/support/debt.ts';
import { balancesOf, expectSoundLedger, memberIdOf, nextCode } from '../../../../test/support/money.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { launchedPlayer, playRound, walletRequest } from '../../../../test/support/wallet.ts';

const SECRET = 'member-debt-restore-secret';

/**
 * A debt written off, then its round corrected back in the member's favour: the correction first
 * restores what was written off on that round (the debt comes back and the correction's credit pays
 * it), so a win is never paid twice; only what goes beyond the write-off reaches the member.
 */
describe.runIf(backendAvailable)(
  'a write-off, then a correction of the same round in the member’s favour',
  () => {
    const t = useTestApp({ houseWalletSecret: SECRET }, { seedDemo: true });
    const { as } = useOperators(t);
    const wallet = (op: string, payload: object) => walletRequest(t, op, payload, SECRET);
    const writeOff = (id: number) =>
      as('owner').post(`/api/admin/members/${id}/debt/write-off`, {
        reason: 'not recoverable',
        key: `debt-${nextCode()}`,
      });
    const vault = async (token: string) => {
      const res = await t.call('get-vault', {}, { token });
      return Number(res.json().vault);
    };
    /** What the member holds in all: cash, money held for withdrawals, the vault. */
    const holdings = async (token: string) => {
      const b = await balancesOf(t, token);
      return b.cash + b.held + (await vault(token));
    };
    const page = async (id: number) => (await as('owner').get(`/api/admin/members/${id}`)).json();
    const causes = async (id: number) =>
      (await page(id)).debt.entries.map((e: { cause: string; amount: number }) => [e.cause, e.amount]);

    /**
     * 100,000 in, a 10,000 stake won 310,000 (cash 400,000), 390,000 set aside in the vault: the won
     * round, corrected to a loss by `first` (a resettle to 0 or an unsettle), leaves a debt of 300,000
     * (the 10,000 in cash taken back), which the owner writes off.
     */
    async function writtenOffWin(first: 'resettle' | 'unsettle') {
      const p = await launchedPlayer(t, 100_000);
      const id = await memberIdOf(t.db, p.loginId);
      const played = await playRound(t, SECRET, p.gameToken, 10_000, 310_000);
      expect(played.win).toMatchObject({ status: 'success', balance: 400_000 });
      const move = await t.call('vault-deposit', { amount: 390_000, code: nextCode() }, { token: p.token });
      expect(move.json(), move.body).toMatchObject({ status: 'success' });
      const correction = {
        txId: `${played.round.txId}-c1`,
        roundId: played.round.roundId,
        refTxId: played.settle!.txId,
        reason: 'wrong result',
        ...(first === 'resettle' ? { amount: 0 } : {}),
      };
      const loss = await wallet(first, correction);
      expect(loss.json(), loss.body).toMatchObject({ status: 'success', balance: 0, debt: 300_000 });
      const off = await writeOff(id);
      expect(off.json(), off.body).toMatchObject({ amount: 300_000, owedAfter: 0 });
      expect(await holdings(p.token)).toBe(390_000);
      return { ...p, id, round: played.round, lossTxId: correction.txId };
    }

    it('a resettle back to the win pays only what the first correction took from cash', async () => {
      const p = await writtenOffWin('resettle');
      const back = await wallet('resettle', {
        txId: `${p.round.txId}-c2`,
        roundId: p.round.roundId,
        refTxId: p.lossTxId,
        reason: 'original result stands',
        amount: 310_000,
      });
      // 310,000 is the round's again: 300,000 of it restores the write-off, 10,000 is paid back.
      expect(back.json(), back.body).toMatchObject({ status: 'success', balance: 10_000, debt: 0 });
      // 100,000 − 10,000 + 310,000: the win paid once.
      expect(await holdings(p.token)).toBe(400_000);
      expect(await debtOf(t, p.loginId)).toBe(0);
      // The back office: the write-off restored by the round's correction, and paid from its credit.
      expect(await causes(p.id)).toEqual([
        ['collected', -300_000],
        ['write_off_restored', 300_000],
        ['written_off', -300_000],
        ['correction', 300_000],
      ]);
      // The member's statement, under Games too: the corrections, and the debt the second one repaid.
      const statement = (await t.call('get-user-statement', { kind: 'game' }, { token: p.token })).json();
      expect(statement.list.map((l: { kind: string; amount: number }) => [l.kind, l.amount])).toEqual([
        ['debt_collection', -300_000],
        ['settlement_correction', 310_000],
        ['settlement_correction', -10_000],
        ['win', 310_000],
        ['bet', -10_000],
      ]);
      await expectSoundLedger(t.db);
    });

    it('the dashboard shows the debts owed and what stands written off, per currency, as corrections change them', async () => {
      type Debts = { currency: string; owed: number; membersOwing: number; writtenOff: number }[];
      const debts = async () => {
        const res = await as('cashier').get('/api/admin/dashboard');
        expect(res.statusCode, res.body).toBe(200);
        return res.json().memberDebts as Debts;
      };
      const before = await debts();
      const p = await writtenOffWin('resettle');
      const page = await as('owner').get(`/api/admin/members/${p.id}`);
      const currency = page.json().currency as string;
      const of = (list: Debts) => list.find((d) => d.currency === currency)!;
      const off = await debts();
      // Every site's currency listed, zero or not; this member's 300,000 now stands written off.
      expect(off.map((d) => d.currency)).toEqual(before.map((d) => d.currency));
      expect(of(off).writtenOff - of(before).writtenOff).toBe(300_000);
      expect(of(off).owed).toBe(of(before).owed);
      // Corrected back to 100,000: 100,000 of the write-off restored (and repaid at once), 200,000 stands.
      const back = await wallet('resettle', {
        txId: `${p.round.txId}-c2`,
        roundId: p.round.roundId,
        refTxId: p.lossTxId,
        reason: 'partly right',
        amount: 100_000,
      });
      expect(back.json()).toMatchObject({ debt: 0 });
      const after = await debts();
      expect(of(after).writtenOff - of(before).writtenOff).toBe(200_000);
      expect(of(after).owed).toBe(of(before).owed);
    });

    it('a partial correction restores only its part; the rest stays written off until a later one', async () => {
      const p = await writtenOffWin('resettle');
      const toHalf = {
        txId: `${p.round.txId}-c2`,
        roundId: p.round.roundId,
        refTxId: p.lossTxId,
        reason: 'partly right',
        amount: 100_000,
      };
      // Worth 100,000: all of it restores the write-off (the member had 310,000 of it already).
      expect((await wallet('resettle', toHalf)).json()).toMatchObject({ balance: 0, debt: 0 });
      expect(await holdings(p.token)).toBe(390_000);
      const toFull = { ...toHalf, txId: `${p.round.txId}-c3`, refTxId: toHalf.txId, amount: 310_000 };
      // 210,000 more: the 200,000 still written off first, 10,000 paid.
      expect((await wallet('resettle', toFull)).json()).toMatchObject({ balance: 10_000, debt: 0 });
      expect(await holdings(p.token)).toBe(400_000);
      await expectSoundLedger(t.db);
    });

    it('the new win of a round an unsettle reopened restores the write-off the same way', async () => {
      const p = await writtenOffWin('unsettle');
      const win = await wallet('win', {
        txId: `${p.round.txId}-w2`,
        roundId: p.round.roundId,
        amount: 310_000,
      });
      expect(win.json(), win.body).toMatchObject({ status: 'success', balance: 10_000 });
      expect(await holdings(p.token)).toBe(400_000);
      expect(await debtOf(t, p.loginId)).toBe(0);
      expect((await causes(p.id)).slice(0, 2)).toEqual([
        ['collected', -300_000],
        ['write_off_restored', 300_000],
      ]);
      await expectSoundLedger(t.db);
    });

    it('the restored debt is paid from its own round’s credit first, so another round’s later write-off stays that round’s', async () => {
      // Round A won 310,000, taken back (300,000 owed) and written off.
      const p = await writtenOffWin('resettle');
      // Round B, played later with 10,000 credited: won 110,000, set aside, taken back: 110,000 owed.
      await as('owner').post(`/api/admin/members/${p.id}/adjust`, {
        amount: 10_000,
        reason: 'goodwill',
        key: `adj-${nextCode()}`,
      });
      const b = await playRound(t, SECRET, p.gameToken, 10_000, 110_000);
      await t.call('vault-deposit', { amount: 110_000, code: nextCode() }, { token: p.token });
      const bLoss = {
        txId: `${b.round.txId}-c1`,
        roundId: b.round.roundId,
        refTxId: b.settle!.txId,
        reason: 'x',
      };
      expect((await wallet('resettle', { ...bLoss, amount: 0 })).json()).toMatchObject({ debt: 110_000 });
      // A back to its win: 300,000 restored and paid by A's own credit, 10,000 more pays part of B's debt.
      const aBack = {
        txId: `${p.round.txId}-c2`,
        roundId: p.round.roundId,
        refTxId: p.lossTxId,
        reason: 'original result stands',
        amount: 310_000,
      };
      expect((await wallet('resettle', aBack)).json()).toMatchObject({ balance: 0, debt: 100_000 });
      // B's remaining 100,000 written off, then B back to its win: only the 10,000 beyond it is paid.
      expect((await writeOff(p.id)).json()).toMatchObject({ amount: 100_000 });
      const bBack = { ...bLoss, txId: `${b.round.txId}-c2`, refTxId: bLoss.txId, amount: 110_000 };
      expect((await wallet('resettle', bBack)).json()).toMatchObject({ balance: 10_000, debt: 0 });
      // 110,000 in; A won 300,000 net, B 100,000: each win paid once.
      expect(await holdings(p.token)).toBe(510_000);
      await expectSoundLedger(t.db);
    });

    it('another round’s win restores nothing: a write-off stays the house’s for every other round', async () => {
      const p = await writtenOffWin('resettle');
      // Cash for a stake: a credit first.
      await as('owner').post(`/api/admin/members/${p.id}/adjust`, {
        amount: 10_000,
        reason: 'goodwill',
        key: `adj-${nextCode()}`,
      });
      const won = await playRound(t, SECRET, p.gameToken, 10_000, 50_000);
      expect(won.win).toMatchObject({ status: 'success', balance: 50_000 });
      expect(await debtOf(t, p.loginId)).toBe(0);
      await expectSoundLedger(t.db);
    });
  },
);

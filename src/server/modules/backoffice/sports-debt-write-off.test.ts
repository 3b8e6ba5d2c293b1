import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { debtOf } from '../../../../test/support/debt.ts';
import { balancesOf, expectSoundLedger, nextCode } from '../../../../test/support/money.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import { footballBet, listenForWallet } from '../../../../test/support/sports.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { saveSetting } from '../../providers/sports/settings.ts';

/**
 * The sportsbook's corrections after a write-off: a won bet whose win the member set aside, resettled to
 * a loss (a debt), written off, then resettled back to the win (or unsettled and settled again) is paid
 * once: the correction restores the write-off first.
 */
describe.runIf(backendAvailable)(
  'back office: a sports bet corrected back after its debt was written off',
  () => {
    const t = useTestApp();
    const { as } = useOperators(t);
    const desk = () => as('trading');
    beforeAll(async () => {
      await listenForWallet(t);
      await saveSetting(t.db, 'confirmResults', false);
    });
    afterAll(async () => saveSetting(t.db, 'confirmResults', false));
    const score = (home: number, away: number) => ({ kind: 'score' as const, home, away });
    const vaultOf = async (token: string) =>
      (await t.call('get-vault', {}, { token })).json().vault as number;

    /** 20,000 in, 10,000 on home at 3.0: won (40,000 cash), 40,000 set aside; corrected to a loss and written off. */
    async function writtenOffBet() {
      const { p, marketId, bet } = await footballBet(t, { funds: 20_000, prices: ['3.0', '3.0', '3.0'] });
      expect(bet.status).toBe('success');
      const won = await desk().post(`/api/admin/sports/markets/${marketId}/result`, { result: score(2, 0) });
      expect(won.json(), won.body).toMatchObject({ settled: 1 });
      expect((await balancesOf(t, p.token)).cash).toBe(40_000);
      await t.call('vault-deposit', { amount: 40_000, code: nextCode() }, { token: p.token });
      const lost = await desk().post(`/api/admin/sports/markets/${marketId}/correct`, {
        result: score(0, 1),
        reason: 'goal given to the wrong side',
      });
      expect(lost.json(), lost.body).toMatchObject({ settled: 1 });
      expect(await debtOf(t, p.loginId)).toBe(30_000);
      const off = await as('owner').post(`/api/admin/members/${p.memberId}/debt/write-off`, {
        reason: 'not recoverable',
        key: `debt-${nextCode()}`,
      });
      expect(off.json(), off.body).toMatchObject({ amount: 30_000, owedAfter: 0 });
      return { p, marketId };
    }

    it('a correction back to the win pays the member nothing more: the win was paid once', async () => {
      const { p, marketId } = await writtenOffBet();
      const back = await desk().post(`/api/admin/sports/markets/${marketId}/correct`, {
        result: score(2, 0),
        reason: 'VAR: the goal stands',
      });
      expect(back.json(), back.body).toMatchObject({ settled: 1 });
      // 20,000 − 10,000 + 30,000: all of it in the vault, nothing more in cash, nothing owed.
      expect((await balancesOf(t, p.token)).cash).toBe(0);
      expect(await vaultOf(p.token)).toBe(40_000);
      expect(await debtOf(t, p.loginId)).toBe(0);
      const page = (await as('owner').get(`/api/admin/members/${p.memberId}`)).json();
      expect(page.debt.entries.map((e: { cause: string; amount: number }) => [e.cause, e.amount])).toEqual([
        ['collected', -30_000],
        ['write_off_restored', 30_000],
        ['written_off', -30_000],
        ['correction', 30_000],
      ]);
      await expectSoundLedger(t.db);
    });

    it('unsettled and settled again as a win: the same', async () => {
      const { p, marketId } = await writtenOffBet();
      const open = await desk().post(`/api/admin/sports/markets/${marketId}/unsettle`, {
        reason: 'under review',
      });
      expect(open.json(), open.body).toMatchObject({ settled: 1 });
      const again = await desk().post(`/api/admin/sports/markets/${marketId}/result`, {
        result: score(2, 0),
      });
      expect(again.json(), again.body).toMatchObject({ settled: 1 });
      expect((await balancesOf(t, p.token)).cash).toBe(0);
      expect(await vaultOf(p.token)).toBe(40_000);
      expect(await debtOf(t, p.loginId)).toBe(0);
      await expectSoundLedger(t.db);
    });
  },
);

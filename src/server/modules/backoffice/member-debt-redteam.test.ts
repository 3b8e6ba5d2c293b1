import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { debtOf } from '../../../../test/support/debt.ts';
import { balancesOf, expectSoundLedger, nextCode } from '../../../../test/support/money.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import { KO_SITE, memberOn, TH_SITE } from '../../../../test/support/sites.ts';
import type { CallOptions } from '../../../../test/support/test-app.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { launchGame, playRound, walletIds, walletRequest } from '../../../../test/support/wallet.ts';
import { queryRows } from '../../db/client.ts';
import { approveDeposit } from '../cashier/deposits.service.ts';

const SECRET = 'member-debt-redteam-secret';

/**
 * The operator's debt actions against what may happen at the same time (another action, a win), on
 * another site in another currency, and for a member who may no longer play.
 */
describe.runIf(backendAvailable)(
  'back office: debt actions under races, across sites, for members who may not play',
  () => {
    const t = useTestApp({ houseWalletSecret: SECRET }, { seedDemo: true });
    const { as } = useOperators(t);
    const wallet = (op: string, payload: object) => walletRequest(t, op, payload, SECRET);
    const key = () => `debt-${nextCode()}`;
    const writeOff = (id: number) =>
      as('owner').post(`/api/admin/members/${id}/debt/write-off`, { reason: 'not recoverable', key: key() });
    const collect = (id: number) =>
      as('owner').post(`/api/admin/members/${id}/debt/collect`, { reason: 'repaid from cash', key: key() });

    /**
     * A member of `site` who deposited 100,000, won 310,000 on a 10,000 stake, set 390,000 aside and had
     * the win corrected to a loss: 300,000 owed, cash 0; then `cash` moved back from the vault.
     */
    async function owing(site: CallOptions = TH_SITE, cash = 100_000) {
      const m = await memberOn(t, site);
      const dep = await t.call('apply-user-deposit', { balance: 100_000, code: nextCode() }, m.as);
      expect(dep.json(), dep.body).toMatchObject({ status: 'success' });
      await approveDeposit(t.db, dep.json().requestId, { by: 'test-operator' });
      const gameToken = await launchGame(t, m.as);
      const r = await playRound(t, SECRET, gameToken, 10_000, 310_000);
      expect(r.win).toMatchObject({ status: 'success', balance: 400_000 });
      await t.call('vault-deposit', { amount: 390_000, code: nextCode() }, m.as);
      const loss = await wallet('resettle', {
        txId: `${r.round.txId}-c`,
        roundId: r.round.roundId,
        refTxId: r.settle!.txId,
        reason: 'wrong result',
        amount: 0,
      });
      expect(loss.json(), loss.body).toMatchObject({ balance: 0, debt: 300_000 });
      if (cash > 0) await t.call('vault-withdraw', { amount: cash }, m.as);
      return { ...m, gameToken };
    }
    /** Every member's total debt is the sum of what their rounds owe. */
    const expectDebtsAgree = async () => {
      const rows = await queryRows<{ member_id: number; total: number; rounds: number }>(
        t.db,
        sql`select d.member_id, d.amount as total, coalesce((select sum(r.owed) from wallet_round_debts r
            where r.member_id = d.member_id), 0)::int8 as rounds
          from wallet_debts d`,
      );
      for (const r of rows) expect(Number(r.rounds), `member ${r.member_id}`).toBe(Number(r.total));
    };

    it('a write-off and a collection sent together settle the debt once between them', async () => {
      const m = await owing();
      const [off, col] = await Promise.all([writeOff(m.id), collect(m.id)]);
      const applied = [off, col].filter((r) => r.statusCode === 200).map((r) => r.json());
      // Collected first: 100,000 from cash, the rest written off. Written off first: nothing left to collect.
      expect(applied.reduce((sum, r) => sum + r.amount, 0)).toBe(300_000);
      if (col.statusCode === 200) {
        expect(col.json()).toMatchObject({ amount: 100_000, owedBefore: 300_000 });
        expect(off.json()).toMatchObject({ amount: 200_000, owedBefore: 200_000 });
        expect((await balancesOf(t, m.token)).cash).toBe(0);
      } else {
        expect([col.statusCode, col.json().status]).toEqual([409, 'already']);
        expect(off.json()).toMatchObject({ amount: 300_000 });
        expect((await balancesOf(t, m.token)).cash).toBe(100_000);
      }
      expect(await debtOf(t, m.loginId)).toBe(0);
      await expectDebtsAgree();
      await expectSoundLedger(t.db);
    });

    it('a collection and a win that arrive together never take more than is owed', async () => {
      const m = await owing();
      const round = walletIds();
      expect((await wallet('bet', { ...round, token: m.gameToken, amount: 10_000 })).json().status).toBe(
        'success',
      );
      const [col, win] = await Promise.all([
        collect(m.id),
        wallet('win', { txId: `${round.txId}-w`, roundId: round.roundId, amount: 250_000 }),
      ]);
      expect(col.statusCode, col.body).toBe(200);
      expect(win.json().status).toBe('success');
      // 90,000 + 250,000 in, 300,000 owed: whatever the order, 40,000 stays and nothing is owed.
      expect((await balancesOf(t, m.token)).cash).toBe(40_000);
      expect(await debtOf(t, m.loginId)).toBe(0);
      const collected = await queryRows<{ total: number }>(
        t.db,
        sql`select -sum(amount)::int8 as total from wallet_debt_entries where member_id = ${m.id} and amount < 0`,
      );
      expect(Number(collected[0]!.total)).toBe(300_000);
      await expectDebtsAgree();
      await expectSoundLedger(t.db);
    });

    it('a debt on the Korean site is collected and written off in won, into the won house accounts', async () => {
      const m = await owing(KO_SITE, 50_000);
      const col = await collect(m.id);
      expect(col.json(), col.body).toMatchObject({ amount: 50_000, owedAfter: 250_000 });
      const off = await writeOff(m.id);
      expect(off.json(), off.body).toMatchObject({ amount: 250_000, owedAfter: 0 });
      const moved = await queryRows<{ currency: string; house: string }>(
        t.db,
        sql`select f.currency, h.currency as house from ledger_transfers x
          join ledger_accounts f on f.id = x.from_account_id join ledger_accounts h on h.id = x.to_account_id
          where x.kind = 'debt_collection' and x.member_id = ${m.id}`,
      );
      expect(moved).toEqual([{ currency: 'KRW', house: 'KRW' }]);
      const page = (await as('owner').get(`/api/admin/members/${m.id}`)).json();
      expect(page.currency).toBe('KRW');
      expect(page.debt.owed).toBe(0);
      const audit = (await as('owner').get(`/api/admin/audit?action=members.debt.*`)).json().entries;
      expect(
        audit
          .filter((e: { target: string }) => e.target === `member:${m.id}`)
          .map((e: { after: object }) => e.after),
      ).toEqual([
        expect.objectContaining({ amount: 250_000, currency: 'KRW' }),
        expect.objectContaining({ amount: 50_000, currency: 'KRW' }),
      ]);
      await expectSoundLedger(t.db);
    });

    it('a self-excluded member’s debt: refused withdrawals until the operator settles it, then the rest is theirs to take', async () => {
      const m = await owing();
      const excluded = await t.call('set-protection', { kind: 'exclusion', months: 6, confirm: true }, m.as);
      expect(excluded.json(), excluded.body).toMatchObject({ status: 'success' });
      const withdraw = (amount: number) =>
        t.call('apply-user-withdraw', { balance: amount, code: nextCode() }, m.as);
      const refused = await withdraw(50_000);
      expect([refused.statusCode, refused.json().status]).toEqual([409, 'debt']);
      // The operator nets the debt against what the member holds, then writes off the rest.
      expect((await collect(m.id)).json()).toMatchObject({ amount: 100_000, owedAfter: 200_000 });
      expect((await writeOff(m.id)).json()).toMatchObject({ amount: 200_000 });
      await t.call('vault-withdraw', { amount: 290_000 }, m.as);
      const out = await withdraw(290_000);
      expect(out.json(), out.body).toMatchObject({ status: 'success' });
      await expectSoundLedger(t.db);
    });
  },
);

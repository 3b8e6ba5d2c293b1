import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { debtOf, laterWin, wonRound } from '../../../../../test/support/debt.ts';
import { expectSoundLedger, fund, memberIdOf } from '../../../../../test/support/money.ts';
import { addCardOption, creditedCardDeposit } from '../../../../../test/support/payment-options.ts';
import { useTestApp } from '../../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../../test/support/test-db.ts';
import { launchGame, playRound } from '../../../../../test/support/wallet.ts';
import { queryRows } from '../../../db/client.ts';

const SECRET = 'reversal-after-sandbox-secret';
const WALLET = 'reversal-after-wallet-secret';

interface Listed {
  id: number;
  status: string;
  reversal: { at: string; amount: number; owed: number } | null;
}

/**
 * After a payment provider reversed a deposit we credited (a chargeback): the member's lists say so
 * (the status word stays the SPEC's `already`), the public ticker no longer boasts of it, and the debt
 * it left, once later winnings repay it, goes back to the house's deposits account it was taken from.
 */
describe.runIf(backendAvailable)('a deposit reversed by its payment provider, afterwards', () => {
  const t = useTestApp({ sandboxPspSecret: SECRET, houseWalletSecret: WALLET }, { seedDemo: true });
  let card = 0;
  beforeAll(async () => {
    card = await addCardOption(t.db);
    t.app.sites.invalidate();
  });

  /** What the house's deposits account gained (+) or lost (-) by this member's transfers. */
  const houseDepositsOf = async (memberId: number) => {
    const [row] = await queryRows<{ net: number }>(
      t.db,
      sql`select coalesce(sum(case when t.to_account_id = a.id then t.amount else -t.amount end), 0)::int8 as net
          from ledger_transfers t
          join ledger_accounts a on a.id in (t.from_account_id, t.to_account_id)
            and a.member_id is null and a.kind = 'house_deposits'
          where t.member_id = ${memberId}`,
    );
    return Number(row!.net);
  };
  const ticker = async () =>
    ((await t.call('get-cash-ticker', { kind: 'deposit' })).json().list as { amount: number }[]).map(
      (l) => l.amount,
    );

  it("shows the reversed deposit as reversed in the member's lists, with the day and what is still owed", async () => {
    const { token, member } = await t.login();
    const deposit = await creditedCardDeposit(t, SECRET, card, token, 130_000);
    const gameToken = await launchGame(t, token);
    expect((await playRound(t, WALLET, gameToken, 70_000, 0)).win?.status).toBe('success');
    expect(await ticker()).toContain(130_000);
    await deposit.reverse();

    const listed = async (route: 'get-deposit-list' | 'get-cash-history') =>
      ((await t.call(route, { page: 1, pageSize: 10 }, { token })).json().list as Listed[]).find(
        (r) => r.id === deposit.id,
      );
    for (const route of ['get-deposit-list', 'get-cash-history'] as const) {
      const row = await listed(route);
      // The status word is the SPEC's; the reversal beside it says the money went back.
      expect(row, route).toMatchObject({
        status: 'already',
        reversal: { amount: 130_000, owed: 70_000, at: expect.any(String) },
      });
      expect(Date.now() - Date.parse(row!.reversal!.at)).toBeLessThan(60_000);
    }
    // The public ticker of approved deposits no longer shows it.
    expect(await ticker()).not.toContain(130_000);
    // The health check (and the live stream) says what is owed: the withdraw page tells it up front.
    const owed = async () => (await t.call('user-health-check', {}, { token })).json().owed;
    expect(await owed()).toBe(70_000);

    // Another deposit, approved: not reversed. A win of it repays the debt, and the list says so.
    await fund(t, token, 50_000);
    const rows = (await t.call('get-deposit-list', { page: 1, pageSize: 10 }, { token })).json()
      .list as Listed[];
    expect(rows.find((r) => r.id !== deposit.id)?.reversal).toBeNull();
    await laterWin(t, WALLET, gameToken, 10_000, 100_000);
    expect(await debtOf(t, member.id)).toBe(0);
    expect(await owed()).toBe(0);
    expect((await listed('get-deposit-list'))?.reversal).toMatchObject({ amount: 130_000, owed: 0 });
    await expectSoundLedger(t.db);
  });

  it("pays the repaid debt of a reversed deposit back to the house's deposits account, not to game revenue", async () => {
    const { token, member } = await t.login();
    const memberId = await memberIdOf(t.db, member.id);
    const deposit = await creditedCardDeposit(t, SECRET, card, token, 100_000);
    const gameToken = await launchGame(t, token);
    // The member loses 70,000 of it: the game revenue has it, then the provider takes the 100,000 back.
    expect((await playRound(t, WALLET, gameToken, 70_000, 0)).win?.status).toBe('success');
    await deposit.reverse();
    // The house's deposits account paid the provider 100,000 and got 30,000 back from the member's cash.
    expect(await houseDepositsOf(memberId)).toBe(-70_000);
    expect(await debtOf(t, member.id)).toBe(70_000);

    await fund(t, token, 50_000);
    // A later win (stake 10,000, win 100,000) repays the 70,000 first.
    expect(await laterWin(t, WALLET, gameToken, 10_000, 100_000)).toMatchObject({ balance: 70_000 });
    expect(await debtOf(t, member.id)).toBe(0);
    // The deposits account is short only the 50,000 deposit that stands: the chargeback is made whole.
    expect(await houseDepositsOf(memberId)).toBe(-50_000);
    const collections = await queryRows<{ kind: string; amount: number }>(
      t.db,
      sql`select a.kind, t.amount from ledger_transfers t join ledger_accounts a on a.id = t.to_account_id
          where t.member_id = ${memberId} and t.kind = 'debt_collection'`,
    );
    expect(collections.map((c) => [c.kind, Number(c.amount)])).toEqual([['house_deposits', 70_000]]);
    await expectSoundLedger(t.db);
  });

  it("splits one collection between a correction's debt (to game revenue) and a reversed deposit's (to deposits)", async () => {
    const { token, member } = await t.login();
    const memberId = await memberIdOf(t.db, member.id);
    const deposit = await creditedCardDeposit(t, SECRET, card, token, 100_000);
    const gameToken = await launchGame(t, token);
    const won = await wonRound(t, WALLET, gameToken, 10_000, 50_000);
    // All 140,000 lost, then the win corrected away (a debt of 50,000), then the deposit reversed (100,000).
    expect((await playRound(t, WALLET, gameToken, 140_000, 0)).win?.status).toBe('success');
    await won.unsettle();
    await deposit.reverse();
    expect(await debtOf(t, member.id)).toBe(150_000);

    await fund(t, token, 50_000);
    expect(await laterWin(t, WALLET, gameToken, 10_000, 200_000)).toMatchObject({ balance: 90_000 });
    expect(await debtOf(t, member.id)).toBe(0);
    const collections = await queryRows<{ kind: string; amount: number }>(
      t.db,
      sql`select a.kind, t.amount from ledger_transfers t join ledger_accounts a on a.id = t.to_account_id
          where t.member_id = ${memberId} and t.kind = 'debt_collection' order by a.kind`,
    );
    expect(collections.map((c) => [c.kind, Number(c.amount)])).toEqual([
      ['game_revenue', 50_000],
      ['house_deposits', 100_000],
    ]);
    expect(await houseDepositsOf(memberId)).toBe(-50_000);
    await expectSoundLedger(t.db);
  });

  it("files a reversed deposit's repaid debt under the statement's deposits, a correction's under games", async () => {
    const { token } = await t.login();
    const deposit = await creditedCardDeposit(t, SECRET, card, token, 100_000);
    const gameToken = await launchGame(t, token);
    const won = await wonRound(t, WALLET, gameToken, 10_000, 50_000);
    expect((await playRound(t, WALLET, gameToken, 140_000, 0)).win?.status).toBe('success');
    await won.unsettle();
    await deposit.reverse();
    await fund(t, token, 50_000);
    await laterWin(t, WALLET, gameToken, 10_000, 200_000);
    const filed = async (kind?: string) =>
      (
        (await t.call('get-user-statement', { pageSize: 100, ...(kind ? { kind } : {}) }, { token })).json()
          .list as { kind: string; amount: number }[]
      ).map((l) => `${l.kind} ${l.amount}`);
    // The 100,000 repaid went back to the deposits account: the deposit taken back, not play.
    expect(await filed('deposit')).toEqual(['debt_collection -100000', 'deposit 50000', 'deposit 100000']);
    expect(await filed('game')).toContain('debt_collection -50000');
    expect(await filed('game')).not.toContain('debt_collection -100000');
    // Each line once in all.
    const all = await filed();
    const byFilter = await Promise.all(
      ['deposit', 'withdraw', 'game', 'bonus', 'comp', 'vault', 'adjustment'].map(filed),
    );
    expect(byFilter.flat().sort()).toEqual([...all].sort());
  });
});

import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { debtOf, laterWin, wonRound } from '../../../../test/support/debt.ts';
import { expectSoundLedger, fund, memberIdOf, nextCode } from '../../../../test/support/money.ts';
import { addCardOption, creditedCardDeposit } from '../../../../test/support/payment-options.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { launchedPlayer, launchGame, playRound } from '../../../../test/support/wallet.ts';
import { queryRows } from '../../db/client.ts';
import { sites } from '../../db/schema.ts';
import { seedDemo } from '../../db/seed-demo.ts';
import { approveWithdrawal } from '../cashier/withdrawals.service.ts';
import { statementCsv, statementRange } from './statement-csv.ts';

const SECRET = 'test-wallet-secret';
const PSP_SECRET = 'activity-sandbox-secret';
const DAY = 86_400_000;
/** Bangkok keeps +07:00 all year, so the expected dates are plain arithmetic. */
const TZ = 'Asia/Bangkok';
const bangkokDay = (ms: number) => new Date(ms + 7 * 3_600_000).toISOString().slice(0, 10);
const bangkokIso = (d: Date) => `${new Date(d.getTime() + 7 * 3_600_000).toISOString().slice(0, 19)}+07:00`;

describe.runIf(backendAvailable)('my activity and the account statement (CSV)', () => {
  const t = useTestApp({ houseWalletSecret: SECRET, sandboxPspSecret: PSP_SECRET });
  let card = 0;
  beforeAll(async () => {
    await seedDemo(t.db);
    card = await addCardOption(t.db);
    const [site] = await t.db.select().from(sites).where(eq(sites.isDefault, true));
    await t.db
      .update(sites)
      .set({ settings: { ...site!.settings, timezone: TZ } })
      .where(eq(sites.id, site!.id));
    t.app.sites.invalidate();
  });

  /** The member's totals straight from the ledger, by kind, since `since`. */
  async function ledgerSums(memberId: number, since: Date) {
    const rows = await queryRows<{ kind: string; n: number }>(
      t.db,
      sql`select t.kind, sum(t.amount)::int8 as n from ledger_transfers t
          join ledger_accounts a on a.id in (t.from_account_id, t.to_account_id)
          where a.member_id = ${memberId} and t.created_at >= ${since}
            and t.kind in ('deposit', 'withdrawal', 'bet', 'win', 'bet_rollback', 'jackpot_win')
          group by t.kind`,
    );
    const of = (kind: string) => Number(rows.find((r) => r.kind === kind)?.n ?? 0);
    const stakes = of('bet') - of('bet_rollback');
    const wins = of('win') + of('jackpot_win');
    const deposits = of('deposit');
    return {
      deposits,
      depositReversals: 0,
      netDeposits: deposits,
      withdrawals: of('withdrawal'),
      stakes,
      wins,
      net: wins - stakes,
    };
  }

  it('shows the last log-ins and totals per window that equal the ledger transfers', async () => {
    const player = await t.register();
    const first = await t.call(
      'user-do-login',
      { id: player.id, pw: player.pw },
      { remoteAddress: '10.1.1.1' },
    );
    const login = await t.call(
      'user-do-login',
      { id: player.id, pw: player.pw },
      { remoteAddress: '10.2.2.2' },
    );
    const token = login.json().token as string;
    expect(first.statusCode).toBe(200);
    const id = await memberIdOf(t.db, player.id);

    await fund(t, token, 100_000);
    const gameToken = await launchGame(t, token);
    await playRound(t, SECRET, gameToken, 10_000, 25_000);
    await playRound(t, SECRET, gameToken, 5_000, 0);
    const withdraw = await t.call('apply-user-withdraw', { balance: 20_000, code: nextCode() }, { token });
    await approveWithdrawal(t.db, withdraw.json().requestId, { by: 'test-operator' });
    // A deposit 40 days ago: in the 12 months only.
    await fund(t, token, 50_000);
    await t.db.execute(sql`update ledger_transfers set created_at = now() - interval '40 days'
      where id = (select max(t.id) from ledger_transfers t join ledger_accounts a on a.id = t.to_account_id
                  where a.member_id = ${id} and t.kind = 'deposit')`);

    const res = await t.call('get-activity', {}, { token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.timezone).toBe(TZ);
    expect(body.currentLogin.ip).toBe('10.2.2.2');
    expect(body.lastLogin.ip).toBe('10.1.1.1');
    expect(Date.parse(body.lastLogin.at)).toBeLessThanOrEqual(Date.parse(body.currentLogin.at));

    const today = {
      deposits: 100_000,
      depositReversals: 0,
      netDeposits: 100_000,
      withdrawals: 20_000,
      stakes: 15_000,
      wins: 25_000,
      net: 10_000,
    };
    expect(body.totals.today).toEqual(today);
    expect(body.totals.days7).toEqual(today);
    expect(body.totals.days30).toEqual(today);
    expect(body.totals.months12).toEqual({ ...today, deposits: 150_000, netDeposits: 150_000 });
    const now = Date.now();
    expect(body.totals.days30).toEqual(await ledgerSums(id, new Date(now - 30 * DAY)));
    expect(body.totals.months12).toEqual(await ledgerSums(id, new Date(now - 365 * DAY)));
  });

  it('counts a win a corrected result took back, at once or as a debt repaid later, as no win', async () => {
    const p = await launchedPlayer(t, 100_000);
    const round = await wonRound(t, SECRET, p.gameToken, 10_000, 310_000);
    const today = async () => (await t.call('get-activity', {}, { token: p.token })).json().totals.today;
    expect(await today()).toMatchObject({ stakes: 10_000, wins: 310_000, net: 300_000 });
    // The winnings set aside in the vault, then the result corrected: 10,000 taken, 300,000 owed.
    await t.call('vault-deposit', { amount: 390_000, code: nextCode() }, { token: p.token });
    expect(await round.unsettle()).toMatchObject({ balance: 0, debt: 300_000 });
    expect(await today()).toMatchObject({ stakes: 10_000, wins: 300_000, net: 290_000 });
    // A later win of 301,000 repays the debt first: the member is 290,000 up in all (cash and vault).
    await t.call('vault-withdraw', { amount: 1_000 }, { token: p.token });
    await laterWin(t, SECRET, p.gameToken, 1_000, 301_000);
    expect(await today()).toMatchObject({ stakes: 11_000, wins: 301_000, net: 290_000 });
    const balances = (await t.call('get-vault', {}, { token: p.token })).json();
    expect(balances.balance + balances.vault - 100_000).toBe(290_000);
  });

  it('sets a charged-back deposit against deposits, at once and as its debt is repaid, never as play', async () => {
    const { token, member } = await t.login();
    const today = async () => (await t.call('get-activity', {}, { token })).json().totals.today;
    const deposit = await creditedCardDeposit(t, PSP_SECRET, card, token, 130_000);
    const gameToken = await launchGame(t, token);
    const round = await wonRound(t, SECRET, gameToken, 10_000, 40_000);
    await playRound(t, SECRET, gameToken, 150_000, 0);
    // Cash 10,000: the win corrected away takes it and leaves 30,000 owed (a corrected round's debt).
    expect(await round.unsettle()).toMatchObject({ balance: 0, debt: 30_000 });
    // The provider takes the 130,000 back; cash holds nothing: all of it owed (a chargeback's debt).
    await deposit.reverse();
    expect(await today()).toEqual({
      deposits: 130_000,
      depositReversals: 0,
      netDeposits: 130_000,
      withdrawals: 0,
      stakes: 160_000,
      wins: 30_000,
      net: -130_000,
    });
    // A bank deposit (it collects nothing), then a win of 200,000 that repays both debts: 30,000 to
    // game revenue (the win taken back) and 130,000 to the deposits account (the deposit taken back).
    await fund(t, token, 20_000);
    expect(await laterWin(t, SECRET, gameToken, 10_000, 200_000)).toMatchObject({ balance: 50_000 });
    expect(await debtOf(t, member.id)).toBe(0);
    const after = await today();
    expect(after).toEqual({
      deposits: 150_000,
      depositReversals: 130_000,
      netDeposits: 20_000,
      withdrawals: 0,
      stakes: 170_000,
      wins: 200_000,
      net: 30_000,
    });
    // What the figures say came in and was won is what the member holds.
    expect(after.netDeposits - after.withdrawals + after.net).toBe(50_000);
    await expectSoundLedger(t.db);
  });

  it('sets what cash held of a charged-back deposit against deposits on the day', async () => {
    const { token } = await t.login();
    const deposit = await creditedCardDeposit(t, PSP_SECRET, card, token, 80_000);
    const gameToken = await launchGame(t, token);
    await playRound(t, SECRET, gameToken, 30_000, 0);
    await deposit.reverse();
    const totals = (await t.call('get-activity', {}, { token })).json().totals;
    for (const window of ['today', 'days7', 'days30', 'months12']) {
      expect(totals[window], window).toMatchObject({
        deposits: 80_000,
        depositReversals: 50_000,
        netDeposits: 30_000,
        stakes: 30_000,
        wins: 0,
      });
    }
  });

  it('downloads the statement as CSV in the member’s language: translated header and kinds, local times with the zone, no internal references', async () => {
    const { token, member } = await t.login();
    const id = await memberIdOf(t.db, member.id);
    await fund(t, token, 1_230_000);
    const withdraw = await t.call('apply-user-withdraw', { balance: 20_000, code: nextCode() }, { token });
    expect(withdraw.statusCode).toBe(200);
    const rows = await queryRows<{ id: number; created_at: Date; kind: string }>(
      t.db,
      sql`select distinct t.id, t.created_at, t.kind
          from ledger_transfers t join ledger_accounts a on a.id in (t.from_account_id, t.to_account_id)
          where a.member_id = ${id} order by t.id`,
    );
    const [deposit, hold] = rows;
    expect(rows.map((r) => r.kind)).toEqual(['deposit', 'withdraw_hold']);
    const today = bangkokDay(Date.now());
    const days = { from: bangkokDay(Date.now() - DAY), to: today };
    const res = await t.call('get-account-statement-csv', days, { token, cookie: 'lang=en' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('attachment; filename="statement-');
    const at = (d: Date) => bangkokIso(new Date(d));
    expect(res.body).toBe(
      'No.,Date and time (Asia/Bangkok),Kind,Account,Amount,Currency\r\n' +
        `${deposit!.id},${at(deposit!.created_at)},Deposit,Balance,"12,300.00",THB\r\n` +
        `${hold!.id},${at(hold!.created_at)},Withdrawal hold,Balance,-200.00,THB\r\n` +
        `${hold!.id},${at(hold!.created_at)},Withdrawal hold,Held,200.00,THB\r\n`,
    );
    // Who decided and through which provider are the ledger's own business.
    expect(res.body).not.toMatch(/decidedBy|cashRequestId|psp|\{/);
    // Without a choice of language: the site's (Thai).
    const th = await t.call('get-account-statement-csv', days, { token });
    expect(th.body.split('\r\n')[0]).toBe('ลำดับ,วันที่และเวลา (Asia/Bangkok),ประเภท,บัญชี,จำนวนเงิน,สกุลเงิน');
    expect(th.body).toContain(`${deposit!.id},${at(deposit!.created_at)},ฝาก,ยอดเงิน,"12,300.00",THB`);

    // Read in batches of one or two lines (a batch boundary inside the two lines of one transfer): the same file.
    const range = statementRange(bangkokDay(Date.now() - DAY), today, TZ);
    for (const batch of [1, 2]) {
      const chunks: string[] = [];
      const reader = { timezone: TZ, currency: 'THB', locale: 'en' } as const;
      for await (const chunk of statementCsv(t.db, id, range, reader, batch)) {
        chunks.push(String(chunk));
      }
      expect(chunks.join(''), `batch ${batch}`).toBe(res.body);
    }

    // Days before the account's first movement: the header alone.
    const empty = await t.call(
      'get-account-statement-csv',
      { from: '2025-01-01', to: '2025-01-31' },
      { token, cookie: 'lang=en' },
    );
    expect(empty.body).toBe('No.,Date and time (Asia/Bangkok),Kind,Account,Amount,Currency\r\n');
  });

  it('refuses a range over 366 days, a reversed range or a day that does not exist, with a clear 400', async () => {
    const { token } = await t.login();
    const call = (from: string, to: string) => t.call('get-account-statement-csv', { from, to }, { token });
    expect((await call('2025-01-01', '2026-01-01')).statusCode).toBe(200); // 366 days
    const long = await call('2025-01-01', '2026-01-02');
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ status: 'invalid', msg: 'msg3110', maxDays: 366 });
    for (const [from, to] of [
      ['2026-03-02', '2026-03-01'],
      ['2026-02-30', '2026-03-01'],
      ['2026-1-01', '2026-03-01'],
    ]) {
      const res = await call(from!, to!);
      expect(res.statusCode, `${from} ${to}`).toBe(400);
      expect(res.json().status).toBe('invalid');
    }
    expect(
      (await t.call('get-account-statement-csv', { from: '2026-01-01', to: '2026-01-02' })).statusCode,
    ).toBe(401);
  });
});

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectSoundLedger, nextCode } from '../../../../test/support/money.ts';
import { KO_SITE, memberOn, TH_SITE } from '../../../../test/support/sites.ts';
import { type CallOptions, type TestApp, useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { launchGame, playRound, walletIds, walletRequest } from '../../../../test/support/wallet.ts';
import { queryRows } from '../../db/client.ts';
import { approveDeposit } from '../cashier/deposits.service.ts';
import { auditLedger } from './ledger.audit.ts';

const SECRET = 'test-wallet-secret';

async function deposit(t: TestApp, as: CallOptions, amount: number) {
  const res = await t.call('apply-user-deposit', { balance: amount, code: nextCode() }, as);
  if (res.statusCode === 200) await approveDeposit(t.db, res.json().requestId, { by: 'test-operator' });
  return res.json();
}

const accountCurrencies = async (t: TestApp, memberId: number) =>
  (
    await queryRows<{ currency: string }>(
      t.db,
      sql`select distinct currency from ledger_accounts where member_id = ${memberId}`,
    )
  ).map((r) => r.currency);

/** The SQLSTATE a statement fails with (undone inside its own transaction), or null when it succeeds. */
async function sqlState(t: TestApp, statement: ReturnType<typeof sql>): Promise<string | null> {
  try {
    await t.db.transaction(async (tx) => {
      await tx.execute(statement);
      throw new Error('rollback');
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause ?? (error as { code?: string });
    return cause.code ?? null;
  }
  return null;
}

describe.runIf(backendAvailable)('two sites in two currencies on one database', () => {
  const t = useTestApp({ houseWalletSecret: SECRET }, { seedDemo: true });

  it('takes deposits, bets, wins, comp and limits in each site’s currency; the house keeps each apart', async () => {
    const th = await memberOn(t, TH_SITE);
    const ko = await memberOn(t, KO_SITE);
    expect(await accountCurrencies(t, th.id)).toEqual(['THB']);
    expect(await accountCurrencies(t, ko.id)).toEqual(['KRW']);
    expect((await t.call('user-health-check', {}, th.as)).json().user.currency).toBe('THB');
    expect((await t.call('user-health-check', {}, ko.as)).json().user.currency).toBe('KRW');

    // Each site's amounts in its major units: 100 baht (10,000 satang) and 10,000 won, both 10,000 minor.
    expect(await deposit(t, th.as, 5_000)).toMatchObject({
      msg: 'msg2008',
      minimum: 10_000,
      currency: 'THB',
    });
    expect(await deposit(t, th.as, 15_050)).toMatchObject({ msg: 'msg2009', step: 10_000 });
    expect(await deposit(t, ko.as, 5_000)).toMatchObject({
      msg: 'msg2008',
      minimum: 10_000,
      currency: 'KRW',
    });
    expect(await deposit(t, th.as, 2_000_000)).toMatchObject({ status: 'success' });
    expect(await deposit(t, ko.as, 2_000_000)).toMatchObject({ status: 'success' });

    // A bet and its win in each, through the signed wallet API; the wallet says the player's currency.
    const thGame = await launchGame(t, th.as);
    const koGame = await launchGame(t, ko.as);
    const auth = await walletRequest(t, 'authenticate', { token: thGame }, SECRET);
    expect(auth.json()).toMatchObject({ status: 'success', currency: 'THB', balance: 2_000_000 });
    expect((await walletRequest(t, 'balance', { token: koGame }, SECRET)).json().currency).toBe('KRW');
    for (const game of [thGame, koGame]) {
      const round = await playRound(t, SECRET, game, 1_000_000, 400_000);
      expect([round.bet.status, round.win?.status]).toEqual(['success', 'success']);
    }

    // Comp at the demo's slot rate (1 %) and exchanged at each site's minimum (100 baht, 10,000 won).
    for (const m of [th, ko]) {
      expect((await t.call('user-health-check', {}, m.as)).json().user.rolling).toBe(10_000);
      expect((await t.call('roll-to-balance', { code: nextCode() }, m.as)).json().status).toBe('success');
      expect((await t.call('user-health-check', {}, m.as)).json().user).toMatchObject({
        balance: 1_410_000,
        rolling: 0,
      });
    }

    // A daily deposit limit in each site's money: today's 2,000,000 leave room for 100,000, not 200,000.
    for (const m of [th, ko]) {
      expect(
        (await t.call('set-limit', { kind: 'deposit', period: 'day', amount: 2_100_000 }, m.as)).json()
          .status,
      ).toBe('success');
      expect(await deposit(t, m.as, 200_000)).toMatchObject({ status: 'limit', used: 2_000_000 });
      expect(await deposit(t, m.as, 100_000)).toMatchObject({ status: 'success' });
    }

    // The house's game revenue, per currency: each site's stake less its win and its comp.
    const revenue = await queryRows<{ currency: string; amount: number }>(
      t.db,
      sql`select a.currency, sum(a.balance)::int8 as amount from ledger_accounts a
          where a.member_id is null and a.kind = 'game_revenue' group by a.currency order by a.currency`,
    );
    const thJackpot = await queryRows<{ amount: number }>(
      t.db,
      sql`select coalesce(sum(amount), 0)::int8 as amount from ledger_transfers where kind = 'jackpot_contribution'`,
    );
    // Only the Thai site feeds the jackpot, which the demo keeps in baht.
    expect(Object.fromEntries(revenue.map((r) => [r.currency, Number(r.amount)]))).toMatchObject({
      KRW: 600_000,
      THB: 600_000 - Number(thJackpot[0]!.amount),
    });
    expect(Number(thJackpot[0]!.amount)).toBe(10_000);

    const audit = await auditLedger(t.db);
    expect(audit.totalsByCurrency).toEqual({ KRW: 0, THB: 0 });
    expect(audit.crossCurrencyTransfers).toBe(0);
    await expectSoundLedger(t.db);
  });

  it('posts a batch of both sites’ bets together, each against its own currency’s house', async () => {
    const th = await memberOn(t, TH_SITE);
    const ko = await memberOn(t, KO_SITE);
    await deposit(t, th.as, 100_000);
    await deposit(t, ko.as, 100_000);
    const games = [await launchGame(t, th.as), await launchGame(t, ko.as)];
    // Concurrent calls are committed together (wallet_batch, its plain bets through ledger_post_many).
    const replies = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        walletRequest(t, 'bet', { ...walletIds(), token: games[i % 2], amount: 1_000 }, SECRET),
      ),
    );
    expect(replies.map((r) => r.json().status)).toEqual(Array(16).fill('success'));
    for (const m of [th, ko]) {
      expect((await t.call('user-health-check', {}, m.as)).json().user.balance).toBe(92_000);
    }
    await expectSoundLedger(t.db);
  });

  it('refuses a transfer across currencies in the database, whichever writer is asked', async () => {
    const th = await memberOn(t, TH_SITE);
    await deposit(t, th.as, 100_000);
    const thCash = sql`(select id from ledger_accounts where member_id = ${th.id} and kind = 'cash')`;
    const krwHouse = sql`(select id from ledger_accounts where member_id is null and kind = 'adjustments' and shard = 0 and currency = 'KRW')`;
    const thbHouse = sql`(select id from ledger_accounts where member_id is null and kind = 'adjustments' and shard = 0 and currency = 'THB')`;

    // The one-transfer writer (every call-by-call wallet function and ledger_transfer go through it).
    expect(
      await sqlState(t, sql`select ledger_move('x-1', ${thCash}, ${krwHouse}, 100, 'test', '{}', null)`),
    ).toBe('LC001');
    expect(
      await sqlState(
        t,
        sql`select * from ledger_transfer('x-2', ${krwHouse}, ${thCash}, 100, 'test', '{}', null)`,
      ),
    ).toBe('LC001');
    // The set-based writer a wallet batch posts through: one mixed transfer among good ones undoes all.
    expect(
      await sqlState(
        t,
        sql`select ledger_post_many(array['x-3', 'x-4'], array[${thCash}, ${thCash}], array[${thbHouse}, ${krwHouse}],
              array[100, 100]::int8[], array['test', 'test'], array['{}', '{}']::jsonb[])`,
      ),
    ).toBe('LC001');
    // The same transfers within one currency go through.
    expect(
      await sqlState(t, sql`select ledger_move('x-5', ${thCash}, ${thbHouse}, 100, 'test', '{}', null)`),
    ).toBe(null);
    // And a site with members keeps its currency: their accounts are in it.
    expect(await sqlState(t, sql`update sites set currency = 'USD' where is_default`)).toBe('23514');
    await expectSoundLedger(t.db);
  });

  it('finds a currency that no longer sums to zero, and a transfer between two currencies', async () => {
    const th = await memberOn(t, TH_SITE);
    await deposit(t, th.as, 100_000);
    // Corrupt one account's currency inside a transaction the audit reads, then undo it.
    let seen: Awaited<ReturnType<typeof auditLedger>> | undefined;
    await t.db
      .transaction(async (tx) => {
        await tx.execute(
          sql`update ledger_accounts set currency = 'USD' where member_id = ${th.id} and kind = 'cash'`,
        );
        seen = await auditLedger(tx);
        throw new Error('rollback');
      })
      .catch(() => undefined);
    expect(seen?.totalsByCurrency.USD).toBe(100_000);
    expect(seen?.crossCurrencyTransfers).toBeGreaterThan(0);
    expect(seen?.totalBalance).toBe(0);
    await expectSoundLedger(t.db);
  });
});

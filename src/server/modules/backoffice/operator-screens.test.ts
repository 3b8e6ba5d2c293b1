import { type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { moneyIn } from '../../../../test/support/dashboard.ts';
import { fund, nextCode } from '../../../../test/support/money.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import { KO_SITE, memberOn } from '../../../../test/support/sites.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { launchGame, playRound } from '../../../../test/support/wallet.ts';
import { queryRows } from '../../db/client.ts';
import { approveWithdrawal } from '../cashier/withdrawals.service.ts';
import type { MoneyFigures, PeriodFigures } from './dashboard.service.ts';

const SECRET = 'test-wallet-secret';

/**
 * The operator screens read rollups and indexes (migration 0015) instead of scanning: these tests
 * hold them to what a full scan of the same data says, and to what an operator sees change.
 */
describe.runIf(backendAvailable)('back office: the screens an operator polls, at any size', () => {
  const t = useTestApp({ houseWalletSecret: SECRET }, { seedDemo: true });
  const { as } = useOperators(t);

  /**
   * The dashboard's figures as full scans compute them (days as each site counts them, in its time
   * zone), money per currency: a transfer's in its account's, a round's in its member's site's.
   */
  async function scanned(period: 'today' | 'month'): Promise<PeriodFigures> {
    // The site's (alias s) first day of the period, and the local day of a moment on that site.
    const local = (at: SQL) => sql`(${at} at time zone site_time_zone(s.settings))::date`;
    const since =
      period === 'today' ? local(sql`now()`) : sql`date_trunc('month', ${local(sql`now()`)})::date`;
    const money = await queryRows<{ figure: keyof MoneyFigures; currency: string; amount: number }>(
      t.db,
      sql`select case when t.kind = 'deposit' then 'deposits' else 'withdrawals' end as figure, a.currency,
                 sum(t.amount)::int8 as amount
          from ledger_transfers t
          join ledger_accounts a on a.id = case when t.kind = 'deposit' then t.to_account_id else t.from_account_id end
          join members m on m.id = a.member_id join sites s on s.id = m.site_id
          where t.kind in ('deposit', 'withdrawal') and ${local(sql`t.created_at`)} >= ${since} group by 1, 2
          union all
          select 'depositReversals', a.currency, sum(r.amount)::int8
          from payment_reversals r join ledger_accounts a on a.member_id = r.member_id and a.kind = 'cash'
          join members m on m.id = r.member_id join sites s on s.id = m.site_id
          where ${local(sql`r.created_at`)} >= ${since} group by 1, 2
          union all
          select k.figure, s.currency, sum(case when k.figure = 'bets' then r.total_bet else r.total_win end)::int8
          from game_rounds r join members m on m.id = r.member_id join sites s on s.id = m.site_id
          cross join (values ('bets'), ('wins')) as k(figure)
          where ${local(sql`r.opened_at`)} >= ${since} group by 1, 2`,
    );
    const [counts] = await queryRows<{ newMembers: number; activeMembers: number }>(
      t.db,
      sql`select
        (select count(*) from members m join sites s on s.id = m.site_id
         where ${local(sql`m.created_at`)} >= ${since})::int8 as "newMembers",
        (select count(distinct e.member_id) from sessions e join members m on m.id = e.member_id
         join sites s on s.id = m.site_id where ${local(sql`e.last_seen_at`)} >= ${since})::int8 as "activeMembers"`,
    );
    const sites = await queryRows<{ currency: string }>(t.db, sql`select distinct currency from sites`);
    const currencies = [
      ...new Set([...sites.map((r) => r.currency), ...money.map((r) => r.currency)]),
    ].sort();
    const amount = (figure: keyof MoneyFigures, currency: string) =>
      Number(money.find((r) => r.figure === figure && r.currency === currency)?.amount ?? 0);
    return {
      money: currencies.map((currency) => ({
        currency,
        deposits: amount('deposits', currency),
        depositReversals: amount('depositReversals', currency),
        netDeposits: amount('deposits', currency) - amount('depositReversals', currency),
        withdrawals: amount('withdrawals', currency),
        bets: amount('bets', currency),
        wins: amount('wins', currency),
        ggr: amount('bets', currency) - amount('wins', currency),
      })),
      newMembers: Number(counts!.newMembers),
      activeMembers: Number(counts!.activeMembers),
    };
  }

  const defaultCurrency = async () =>
    (await queryRows<{ currency: string }>(t.db, sql`select currency from sites where is_default`))[0]!
      .currency;

  const board = async () => (await as('cashier').get('/api/admin/dashboard')).json();

  it('counts deposits, withdrawals, bets, wins, new and active members as they happen, equal to a full scan', async () => {
    const before = await board();
    const players = [await t.login(), await t.login()];
    for (const { token } of players) await fund(t, token, 100_000);
    const asked = await t.call(
      'apply-user-withdraw',
      { balance: 30_000, code: nextCode() },
      { token: players[0]!.token },
    );
    await approveWithdrawal(t.db, asked.json().requestId, { by: 'cashier' });
    const gameToken = await launchGame(t, players[1]!.token);
    await playRound(t, SECRET, gameToken, 10_000, 25_000);
    await playRound(t, SECRET, gameToken, 5_000, 0);

    const after = await board();
    const home = await defaultCurrency();
    const [was, now] = [moneyIn(before.today, home), moneyIn(after.today, home)];
    expect(now.deposits - was.deposits).toBe(200_000);
    expect(now.withdrawals - was.withdrawals).toBe(30_000);
    expect(now.bets - was.bets).toBe(15_000);
    expect(now.wins - was.wins).toBe(25_000);
    expect(now.ggr - was.ggr).toBe(-10_000);
    expect(after.today.newMembers - before.today.newMembers).toBe(2);
    expect(after.today.activeMembers - before.today.activeMembers).toBe(2);
    expect(after.today).toEqual(await scanned('today'));
    expect(after.month).toEqual(await scanned('month'));
  });

  it('never adds two currencies: a won deposit and bet count in won only, each formatted apart', async () => {
    const home = await defaultCurrency();
    expect(home).toBe('THB');
    const before = (await board()).today as PeriodFigures;
    const { as } = await memberOn(t, KO_SITE);
    await fund(t, as, 50_000);
    await playRound(t, SECRET, await launchGame(t, as), 7_000, 0);
    const after = (await board()).today as PeriodFigures;
    expect(after.money.map((m) => m.currency)).toEqual(expect.arrayContaining(['KRW', 'THB']));
    expect(moneyIn(after, 'KRW').deposits - moneyIn(before, 'KRW').deposits).toBe(50_000);
    expect(moneyIn(after, 'KRW').bets - moneyIn(before, 'KRW').bets).toBe(7_000);
    expect(moneyIn(after, 'THB')).toEqual(moneyIn(before, 'THB'));
    expect(after).toEqual(await scanned('today'));
  });

  it('counts a member active once a day however often they come back', async () => {
    const { token, member } = await t.login();
    const once = (await board()).today.activeMembers;
    await t.login(member, true);
    await t.call('user-health-check', {}, { token });
    expect((await board()).today.activeMembers).toBe(once);
    expect((await board()).today).toEqual(await scanned('today'));
  });

  it('finds members by exact or starting login, nick in any case, phone and bank number with or without dashes', async () => {
    const { member } = await t.login({ phone: '010-9876-5432', banknum: '777-888-99901' });
    const search = async (q: string) =>
      (await as('support').get(`/api/admin/members?q=${encodeURIComponent(q)}`)).json().members as {
        loginId: string;
      }[];
    for (const q of [
      member.id,
      member.id.slice(0, -1),
      member.nick.toUpperCase(),
      '01098765432',
      '010-9876-5432',
      '777-888-99901',
      '77788899901',
      '777888',
    ]) {
      expect(
        (await search(q)).map((m) => m.loginId),
        q,
      ).toContain(member.id);
    }
    expect(await search('%')).toEqual([]);
    expect(await search('nobody-like-this')).toEqual([]);
    // An exact login comes first even when others start with it.
    const { member: longer } = await t.login({ id: `${member.id}0` });
    expect((await search(member.id))[0]!.loginId).toBe(member.id);
    expect((await search(member.id)).map((m) => m.loginId)).toContain(longer.id);
  });

  it('finds members by any part of a login, nick or phone from three characters, those starting with it first', async () => {
    const tag = `q${process.pid % 10_000}`;
    const { member } = await t.login({ id: `zz${tag}mid`, nick: `Nick${tag}Part`, phone: '010-4242-7777' });
    const { member: starts } = await t.login({ id: `${tag}midzz` });
    const search = async (q: string) =>
      (
        (await as('support').get(`/api/admin/members?q=${encodeURIComponent(q)}`)).json().members as {
          loginId: string;
        }[]
      ).map((m) => m.loginId);
    expect(await search(`${tag}mid`.toUpperCase())).toEqual(expect.arrayContaining([member.id, starts.id]));
    // The one that starts with the text comes before the one that only contains it.
    const both = await search(`${tag}mid`);
    expect(both.indexOf(starts.id)).toBeLessThan(both.indexOf(member.id));
    expect(await search(`${tag}part`)).toContain(member.id);
    expect(await search('4242-77')).toContain(member.id);
    // Under three characters, only what starts with them: "id" is inside both logins, at their start in neither.
    expect(await search('id')).not.toContain(member.id);
    // A full login answers that member (and those starting with it) without the look-ups by any part.
    const { member: around } = await t.login({ id: `x${starts.id}` });
    expect(await search(`${tag}midz`)).toContain(around.id);
    expect((await search(starts.id))[0]).toBe(starts.id);
    expect(await search(starts.id)).not.toContain(around.id);
    // LIKE's own signs are text, not patterns.
    expect(await search(`${tag}_id`)).toEqual([]);
    expect(await search(`${tag}%`)).toEqual([]);
  });

  it('pages the cashier queue oldest first and says how many wait; the support queue says how many wait', async () => {
    const asked: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { token } = await t.login();
      const res = await t.call('apply-user-deposit', { balance: 50_000, code: nextCode() }, { token });
      asked.push(res.json().requestId);
    }
    const cashier = as('cashier');
    const all = (await cashier.get('/api/admin/cashier/pending')).json();
    expect(all.waiting.deposits).toBe(
      all.requests.filter((r: { kind: string }) => r.kind === 'deposit').length,
    );
    const first = (await cashier.get('/api/admin/cashier/pending?limit=2')).json();
    expect(first.requests).toHaveLength(2);
    expect(first.waiting).toEqual(all.waiting);
    const rest = (await cashier.get(`/api/admin/cashier/pending?after=${first.requests[1].id}`)).json();
    expect([...first.requests, ...rest.requests].map((r: { id: number }) => r.id)).toEqual(
      all.requests.map((r: { id: number }) => r.id),
    );
    expect(all.requests.map((r: { id: number }) => r.id)).toEqual(expect.arrayContaining(asked));
    const deposits = (await cashier.get('/api/admin/cashier/pending?kind=deposit')).json();
    expect(deposits.requests.length).toBe(all.waiting.deposits);
    expect(deposits.requests.every((r: { kind: string }) => r.kind === 'deposit')).toBe(true);
    expect((await cashier.get('/api/admin/cashier/pending?limit=0')).statusCode).toBe(400);

    const { token } = await t.login();
    const waitingBefore = (await as('support').get('/api/admin/support/tickets')).json().waiting;
    await t.call('user-write-help', { title: 'Where', contents: 'is my deposit?' }, { token });
    const queue = (await as('support').get('/api/admin/support/tickets')).json();
    expect(queue.waiting).toBe(waitingBefore + 1);
    expect(queue.waiting).toBe(queue.tickets.length);
    expect((await as('cashier').get('/api/admin/pending-counts')).json()).toMatchObject({
      deposits: all.waiting.deposits,
      tickets: queue.waiting,
    });
  });

  it('counts members per level on the levels screen as they register and change level, equal to a scan', async () => {
    const [site] = await queryRows<{ id: number }>(t.db, sql`select id from sites where is_default`);
    const levels = async () =>
      new Map(
        (
          (await as('owner').get(`/api/admin/settings/sites/${site!.id}/levels`)).json().levels as {
            level: number;
            members: number;
          }[]
        ).map((l) => [l.level, l.members]),
      );
    const scan = async () =>
      new Map(
        (
          await queryRows<{ level: number; n: number }>(
            t.db,
            sql`select level, count(*)::int8 as n from members where site_id = ${site!.id} group by level`,
          )
        ).map((r) => [r.level, r.n]),
      );
    const before = await levels();
    const { member } = await t.login();
    const [{ id }] = (await as('support').get(`/api/admin/members?q=${member.id}`)).json().members;
    await as('owner').post(`/api/admin/members/${id}/level`, { level: 4 });
    const after = await levels();
    expect(after.get(1)).toBe(before.get(1) ?? 0);
    expect(after.get(4)).toBe((before.get(4) ?? 0) + 1);
    const scanned = await scan();
    for (const [level, n] of after) expect(n, `level ${level}`).toBe(scanned.get(level) ?? 0);
  });

  it('lists every audited action once, in order, for the filter', async () => {
    const { member } = await t.login();
    const [{ id }] = (await as('support').get(`/api/admin/members?q=${member.id}`)).json().members;
    await as('owner').post(`/api/admin/members/${id}/level`, { level: 3 });
    await as('owner').post(`/api/admin/members/${id}/level`, { level: 2 });
    const listed = (await as('owner').get('/api/admin/audit/actions')).json().actions as string[];
    const distinct = await queryRows<{ action: string }>(
      t.db,
      sql`select distinct action from audit_log order by action`,
    );
    expect(listed).toEqual(distinct.map((r) => r.action));
    expect(listed).toContain('members.level');
  });
});

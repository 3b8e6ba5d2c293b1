import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fund } from '../../../../test/support/money.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { walletRequest } from '../../../../test/support/wallet.ts';
import { members } from '../../db/schema.ts';
import { seedDemo } from '../../db/seed-demo.ts';
import { DETAIL_LIST_LIMIT } from './members-admin.service.ts';

describe.runIf(backendAvailable)('back office: the member page', () => {
  const t = useTestApp({ houseWalletSecret: 'test-wallet-secret' });
  const { as } = useOperators(t);
  beforeAll(async () => {
    await seedDemo(t.db);
  });

  const wallet = (op: string, payload: object) => walletRequest(t, op, payload, 'test-wallet-secret');
  const memberId = async (loginId: string) =>
    (await as('support').get(`/api/admin/members?q=${loginId}`)).json().members[0].id as number;

  it('shows the statement, bets, tickets, notes and logins of a member', async () => {
    const player = await t.register();
    const login = await t.call(
      'user-do-login',
      { id: player.id, pw: player.pw },
      { headers: { 'user-agent': 'TestBrowser/1.0' }, remoteAddress: '10.9.8.7' },
    );
    const token = login.json().token as string;
    await fund(t, token, 100_000);
    const launched = await t.call('open-game', { code: 'lucky-sevens', company: 'royal-slots' }, { token });
    const gameToken = new URL(launched.json().url, 'http://x').searchParams.get('token');
    await wallet('bet', { txId: 'm-bet-1', roundId: 'm-round-1', token: gameToken, amount: 10_000 });
    await wallet('win', { txId: 'm-win-1', roundId: 'm-round-1', amount: 25_000 });
    await t.call('user-write-help', { title: 'Where is my bonus?', contents: 'Please check' }, { token });
    const id = await memberId(player.id);
    await as('support').post('/api/admin/notes', {
      target: 'member',
      memberId: id,
      title: 'Welcome',
      contents: 'Hi',
    });

    const detail = (await as('cashier').get(`/api/admin/members/${id}`)).json();
    expect(detail.profile).toMatchObject({ loginId: player.id, lastLoginIp: '10.9.8.7' });
    expect(detail.profile).not.toHaveProperty('passwordHash');
    expect(detail.balances).toMatchObject({ cash: 115_000 });
    expect(detail.statement.map((l: { kind: string; amount: number }) => [l.kind, l.amount])).toEqual(
      expect.arrayContaining([
        ['deposit', 100_000],
        ['bet', -10_000],
        ['win', 25_000],
      ]),
    );
    expect(detail.bets).toEqual([
      expect.objectContaining({
        roundId: 'm-round-1',
        gameNameEn: 'Lucky Sevens',
        vendor: 'royal-slots',
        stake: 10_000,
        win: 25_000,
        status: 'closed',
      }),
    ]);
    expect(detail.tickets).toMatchObject([{ title: 'Where is my bonus?', status: 'wait', kind: 'help' }]);
    expect(detail.notes).toEqual(
      expect.arrayContaining([expect.objectContaining({ title: 'Welcome', target: 'member', readAt: null })]),
    );
    // Newest first: the login from the member's browser, then the session registration opened.
    expect(detail.logins).toMatchObject([
      { ip: '10.9.8.7', userAgent: 'TestBrowser/1.0', endedAt: null },
      { ip: '127.0.0.1', endedAt: null },
    ]);
  });

  it('shows the bank account number whole to the roles that pay out or verify, its last four digits to support', async () => {
    const player = await t.register({ banknum: '123-456-7890' });
    const id = await memberId(player.id);
    const profileAs = async (role: 'owner' | 'cashier' | 'compliance' | 'support') =>
      (await as(role).get(`/api/admin/members/${id}`)).json().profile;
    for (const role of ['owner', 'cashier', 'compliance'] as const) {
      expect((await profileAs(role)).bankNumber, role).toBe('123-456-7890');
    }
    const seenBySupport = await profileAs('support');
    expect(seenBySupport.bankNumber).toBe('•••• 7890');
    expect(seenBySupport).toMatchObject({ bankName: player.bankname, bankOwner: player.bankOwner });
  });

  it('keeps each list to the latest entries', async () => {
    const player = await t.register();
    for (let i = 0; i <= DETAIL_LIST_LIMIT; i++) {
      const res = await t.call(
        'user-do-login',
        { id: player.id, pw: player.pw },
        { remoteAddress: `10.0.0.${i}` },
      );
      expect(res.statusCode).toBe(200);
    }
    const logins = (await as('support').get(`/api/admin/members/${await memberId(player.id)}`)).json().logins;
    expect(logins).toHaveLength(DETAIL_LIST_LIMIT);
    expect(logins[0].ip).toBe(`10.0.0.${DETAIL_LIST_LIMIT}`);
  });

  it('answers 404 for an unknown member and 400 for a malformed id', async () => {
    expect((await as('support').get('/api/admin/members/999999')).statusCode).toBe(404);
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999999999999'])
      expect((await as('support').get(`/api/admin/members/${bad}`)).statusCode, bad).toBe(400);
  });

  it("cannot lift a member's self-exclusion, by unblocking or by blocking", async () => {
    const { member } = await t.login();
    const id = await memberId(member.id);
    await t.db.update(members).set({ status: 'self_excluded' }).where(eq(members.id, id));
    for (const status of ['active', 'blocked']) {
      const res = await as('owner').post(`/api/admin/members/${id}/status`, { status });
      expect(res.statusCode, status).toBe(409);
    }
    expect((await as('support').get(`/api/admin/members/${id}`)).json().profile.status).toBe('self_excluded');
  });
});

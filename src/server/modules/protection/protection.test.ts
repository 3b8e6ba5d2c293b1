import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fund, memberIdOf, nextCode } from '../../../../test/support/money.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import { addCardOption } from '../../../../test/support/payment-options.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { launchGame, walletIds, walletRequest } from '../../../../test/support/wallet.ts';
import { auditLog, protectionPeriods } from '../../db/schema.ts';

const HOUR = 3_600_000;
const SECRET = 'test-wallet-secret';

describe.runIf(backendAvailable)('player protection: breaks and self-exclusion', () => {
  const t = useTestApp({ houseWalletSecret: SECRET }, { seedDemo: true });
  const { as } = useOperators(t);
  let cardIdx = 0;
  beforeAll(async () => {
    cardIdx = await addCardOption(t.db);
    t.app.sites.invalidate();
  });

  const game = { code: 'lucky-sevens', company: 'royal-slots' };
  const bet = (gameToken: string) =>
    walletRequest(t, 'bet', { ...walletIds(), token: gameToken, amount: 1_000 }, SECRET);
  /** Moves the member's open period back in time (the clock moves, not the test). */
  const movePeriod = (memberId: number, set: Record<string, Date | null>) =>
    t.db
      .update(protectionPeriods)
      .set(set)
      .where(sql`${protectionPeriods.memberId} = ${memberId} and ${protectionPeriods.liftedAt} is null`);

  it('needs the confirmation and a length the member may choose', async () => {
    const { token } = await t.login();
    for (const body of [
      { kind: 'break', days: 7 },
      { kind: 'break', days: 0, confirm: true },
      { kind: 'break', days: 43, confirm: true },
      { kind: 'exclusion', months: 3, confirm: true },
      { kind: 'exclusion', confirm: true },
      { kind: 'exclusion', months: 6, permanent: true, confirm: true },
      { kind: 'holiday', days: 7, confirm: true },
    ]) {
      const res = await t.call('set-protection', body, { token });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await t.call('get-protection', {}, { token })).json().protection.state).toBe('none');
  });

  it('a break refuses deposit requests, payments, game launches and wallet bets, but not log-in, withdrawals or notes', async () => {
    const { token, member } = await t.login();
    await fund(t, token, 100_000);
    const gameToken = await launchGame(t, token);
    expect((await bet(gameToken)).json().status).toBe('success');

    const before = Date.now();
    const set = await t.call('set-protection', { kind: 'break', days: 7, confirm: true }, { token });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ status: 'success', msg: 'msg3106' });
    const { protection } = set.json();
    expect(protection).toMatchObject({ state: 'active', kind: 'break', liftRequestedAt: null });
    const endsAt = Date.parse(protection.endsAt);
    expect(endsAt - before).toBeGreaterThanOrEqual(7 * 24 * HOUR - 1000);
    expect(endsAt - before).toBeLessThan(7 * 24 * HOUR + 60_000);

    const refusal = { status: 'excluded', msg: 'msg3101', kind: 'break', until: protection.endsAt };
    const deposit = await t.call('apply-user-deposit', { balance: 10_000, code: nextCode() }, { token });
    expect(deposit.statusCode).toBe(403);
    expect(deposit.json()).toMatchObject(refusal);
    const payment = await t.call(
      'apply-deposit-payment',
      { balance: 10_000, code: nextCode(), idx: cardIdx },
      { token },
    );
    expect(payment.statusCode).toBe(403);
    expect(payment.json()).toMatchObject(refusal);
    const launch = await t.call('open-game', game, { token });
    expect(launch.statusCode).toBe(403);
    expect(launch.json()).toMatchObject(refusal);
    const walletBet = await bet(gameToken);
    expect(walletBet.statusCode).toBe(403);
    expect(walletBet.json().status).toBe('blocked');
    expect((await t.call('get-deposit-list', {}, { token })).json().list).toHaveLength(1);

    const again = await t.call('user-do-login', { id: member.id, pw: member.pw });
    expect(again.statusCode).toBe(200);
    const token2 = again.json().token as string;
    expect((await t.call('get-user-note', {}, { token: token2 })).statusCode).toBe(200);
    const withdraw = await t.call(
      'apply-user-withdraw',
      { balance: 20_000, code: nextCode() },
      { token: token2 },
    );
    expect(withdraw.json()).toMatchObject({ status: 'success', msg: 'msg2015' });

    const id = await memberIdOf(t.db, member.id);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `member:${id}`));
    expect(audit.map((a) => a.action)).toContain('protection.break');

    const second = await t.call(
      'set-protection',
      { kind: 'exclusion', permanent: true, confirm: true },
      { token },
    );
    expect(second.statusCode).toBe(409);
    expect(second.json().msg).toBe('msg3109');
  });

  it('neither the member nor an operator can lift it early; it lifts a cooling day after the member asks, once ended', async () => {
    const { token, member } = await t.login();
    const id = await memberIdOf(t.db, member.id);
    await t.call('set-protection', { kind: 'break', days: 1, confirm: true }, { token });

    const early = await t.call('ask-lift-protection', {}, { token });
    expect(early.statusCode).toBe(409);
    expect(early.json().msg).toBe('msg3108');
    for (const status of ['active', 'blocked']) {
      expect((await as('owner').post(`/api/admin/members/${id}/status`, { status })).statusCode).toBe(409);
    }
    expect((await t.call('get-protection', {}, { token })).json().protection.state).toBe('active');

    // The day has passed: still closed until the member asks.
    const ended = new Date(Date.now() - 26 * HOUR);
    await movePeriod(id, { startedAt: new Date(Date.now() - 50 * HOUR), endsAt: ended });
    expect((await t.call('get-protection', {}, { token })).json().protection.state).toBe('ended');
    const launchEnded = await t.call('open-game', game, { token });
    expect(launchEnded.json()).toMatchObject({
      status: 'excluded',
      msg: 'msg3104',
      until: ended.toISOString(),
    });

    const asked = await t.call('ask-lift-protection', {}, { token });
    expect(asked.json()).toMatchObject({ status: 'success', msg: 'msg3107' });
    const { protection } = asked.json();
    expect(protection.state).toBe('cooling');
    expect(Date.parse(protection.liftsAt) - Date.parse(protection.liftRequestedAt)).toBe(24 * HOUR);
    const cooling = await t.call('apply-user-deposit', { balance: 10_000, code: nextCode() }, { token });
    expect(cooling.json()).toMatchObject({ status: 'excluded', msg: 'msg3105', until: protection.liftsAt });

    // Almost a day later: still cooling. A day later: lifted, and play works again.
    await movePeriod(id, { liftRequestedAt: new Date(Date.now() - 23 * HOUR) });
    expect((await t.call('get-protection', {}, { token })).json().protection.state).toBe('cooling');
    await movePeriod(id, { liftRequestedAt: new Date(Date.now() - 24 * HOUR - 1000) });
    const launch = await t.call('open-game', game, { token });
    expect(launch.statusCode).toBe(200);
    expect((await t.call('get-protection', {}, { token })).json().protection.state).toBe('none');
    await fund(t, token, 10_000);
    expect((await bet(await launchGame(t, token))).json().status).toBe('success');

    const detail = (await as('support').get(`/api/admin/members/${id}/protection`)).json();
    expect(detail.events.map((e: { event: string }) => e.event)).toEqual([
      'lifted',
      'lift_requested',
      'ended',
      'break',
    ]);
  });

  it('a permanent self-exclusion never ends; a 6-month one ends six calendar months later', async () => {
    const { token } = await t.login();
    const set = await t.call(
      'set-protection',
      { kind: 'exclusion', permanent: true, confirm: true },
      { token },
    );
    expect(set.json().protection).toMatchObject({ state: 'active', kind: 'exclusion', endsAt: null });
    const launch = await t.call('open-game', game, { token });
    expect(launch.json()).toMatchObject({ status: 'excluded', msg: 'msg3103', until: null });
    const lift = await t.call('ask-lift-protection', {}, { token });
    expect(lift.json()).toMatchObject({ msg: 'msg3108', until: null });

    const other = await t.login();
    const six = await t.call(
      'set-protection',
      { kind: 'exclusion', months: 6, confirm: true },
      { token: other.token },
    );
    const { startedAt, endsAt } = six.json().protection;
    const expected = new Date(startedAt);
    expected.setUTCMonth(expected.getUTCMonth() + 6);
    expect(endsAt).toBe(expected.toISOString());
    const deposit = await t.call(
      'apply-user-deposit',
      { balance: 10_000, code: nextCode() },
      { token: other.token },
    );
    expect(deposit.json()).toMatchObject({ status: 'excluded', msg: 'msg3102', until: endsAt });
  });

  it('the dashboard counts members under protection now', async () => {
    const count = async () =>
      (await as('support').get('/api/admin/dashboard')).json().protectedMembers as number;
    const start = await count();
    const { token } = await t.login();
    await t.call('set-protection', { kind: 'break', days: 3, confirm: true }, { token });
    expect(await count()).toBe(start + 1);
  });
});

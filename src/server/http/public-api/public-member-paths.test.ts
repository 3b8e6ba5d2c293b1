import { describe, expect, it } from 'vitest';
import { fund, nextCode } from '../../../../test/support/money.ts';
import { olderRegistration, publicLogin, trackedPublicCalls } from '../../../../test/support/public-api.ts';
import { newMember, useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { memberWith2fa } from '../../../../test/support/two-factor.ts';

/** Every `/public/user/`, `/public/balance/` and `/public/pay/` path, through the older clients' eyes. */
describe.runIf(backendAvailable)('/public/ user, balance and pay paths', () => {
  const t = useTestApp({}, { seedDemo: true });
  const { call, called, uncalled } = trackedPublicCalls(t);
  /** A member registered and logged in through /public/, with `cash` deposited and approved. */
  async function member(cash = 0) {
    const m = await t.register();
    const session = await publicLogin(t, m.id, m.pw);
    called.add('user/do_login');
    if (cash > 0) await fund(t, session, cash);
    return { ...m, session };
  }

  it('reg / regUsed: the older field set with a referral code; an empty nick comes from the id', async () => {
    const older = newMember();
    const body = olderRegistration(older);
    expect(await call('user/reg', body)).toMatchObject({ status: 'success' });
    expect(await call('user/reg', body)).toMatchObject({ status: 'alread_have_user' });
    expect(await call('user/regUsed', { ...body, id: `${older.id}b`, code: 'NOPE0000' })).toMatchObject({
      status: 'cant_find_code',
    });
    expect(await call('user/regUsed', { ...body, id: `${older.id}c`, pass_check: 'other123' })).toMatchObject(
      {
        status: 'invalid',
      },
    );
    const ours = newMember({ bankname: await t.siteBank() });
    expect(await call('user/regUsed', ours)).toMatchObject({ status: 'success' });
    const session = await publicLogin(t, older.id, older.pw);
    const user = (await call('user/get_member', {}, session)).user;
    expect(user).toMatchObject({
      userId: older.id,
      id: older.id,
      nick: older.id,
      bankowner: 'Kim',
      banknum: '111-222-3333',
    });
  });

  it('check_user_id, check_user_nick, check_user_code, getRegDomain', async () => {
    const m = await t.register();
    expect(await call('user/check_user_id', { id: m.id })).toMatchObject({ status: 'alread_have_user' });
    expect(await call('user/check_user_id', { id: `${m.id}zz` })).toMatchObject({ status: 'success' });
    expect(await call('user/check_user_nick', { nick: m.nick })).toMatchObject({
      status: 'alread_have_user',
    });
    expect(await call('user/check_user_code', { code: 'demo0001' })).toMatchObject({ status: 'success' });
    expect(await call('user/check_user_code', { code: 'NOPE0000' })).toMatchObject({
      status: 'cant_find_code',
    });
    expect(await call('user/check_user_code', {})).toMatchObject({ status: 'invalid' });
    expect(await call('user/getRegDomain', {})).toMatchObject({
      status: 'success',
      site: { registrationOpen: true },
    });
  });

  it('user_health_check and get_member carry the user under both names, point being the vault', async () => {
    const m = await member(50_000);
    await call('user/money_to_point', { balance: 20_000 }, m.session);
    const health = await call('user/user_health_check', {}, m.session);
    // One note: the one that told the member their deposit was credited.
    expect(health).toMatchObject({ status: 'success', noteCount: 1, helpCount: 0 });
    expect(health.user).toMatchObject({
      userId: m.id,
      id: m.id,
      balance: 30_000,
      rolling: 0,
      point: 20_000,
      vault: 20_000,
      bankOwner: m.bankOwner,
      bankowner: m.bankOwner,
    });
    expect((await call('user/get_member', {}, m.session)).member).toMatchObject({ point: 20_000 });
  });

  it('money_to_point / point_to_money move cash and vault both ways, never below zero, once per code', async () => {
    const m = await member(30_000);
    expect(await call('user/money_to_point', { balance: 40_000 }, m.session)).toMatchObject({
      status: 'balance',
    });
    const code = nextCode();
    const moved = await call('user/money_to_point', { balance: 25_000, code }, m.session);
    expect(moved).toMatchObject({ status: 'success', balance: 5_000, vault: 25_000, point: 25_000 });
    expect(await call('user/money_to_point', { balance: 25_000, code }, m.session)).toMatchObject({
      vault: 25_000,
    });
    expect(await call('user/point_to_money', { point: 30_000 }, m.session)).toMatchObject({
      status: 'balance',
    });
    expect(await call('user/point_to_money', { point: 0 }, m.session)).toMatchObject({ status: 'invalid' });
    const back = await call('user/point_to_money', { point: 10_000 }, m.session);
    expect(back).toMatchObject({ status: 'success', balance: 15_000, vault: 15_000, point: 15_000 });
  });

  it('user_exchange_to_pass sets the login password and ends the member’s other sessions', async () => {
    const m = await member();
    const other = await publicLogin(t, m.id, m.pw);
    expect(await call('user/user_exchange_to_pass', { pass: 'short' }, m.session)).toMatchObject({
      status: 'invalid',
    });
    expect(await call('user/user_exchange_to_pass', { pass: 'newpass123' }, m.session)).toMatchObject({
      status: 'success',
    });
    expect(await call('user/user_health_check', {}, m.session)).toMatchObject({ status: 'success' });
    expect(await call('user/user_health_check', {}, other)).toMatchObject({ status: 'unauthorized' });
    expect(await publicLogin(t, m.id, 'newpass123')).toMatch(/^[\w-]{43}$/);
  });

  it('user_exchange_to_pass asks a member with two-step login for a code before it sets the password', async () => {
    const { member: m, codes } = await memberWith2fa(t);
    const withCode = await call('user/do_login', { id: m.id, pw: m.pw, otp: codes[0] });
    const token = withCode.session as string;
    const other = (await call('user/do_login', { id: m.id, pw: m.pw, otp: codes[1] })).session as string;
    // A stolen session alone: no code, a wrong one, one of the wrong shape.
    for (const [body, msg] of [
      [{ pass: 'taken12345' }, 'msg3520'],
      [{ pass: 'taken12345', otp: '123456' }, 'msg3521'],
    ] as const) {
      expect(await call('user/user_exchange_to_pass', body, token)).toMatchObject({
        status: 'otp_required',
        msg,
      });
    }
    expect(await call('user/user_exchange_to_pass', { pass: 'taken12345', otp: 'x' }, token)).toMatchObject({
      status: 'invalid',
    });
    // Nothing changed: the old password still logs in, the other session still lives.
    expect(await call('user/do_login', { id: m.id, pw: 'taken12345', otp: codes[2] })).toMatchObject({
      status: 'invalid',
    });
    expect(await call('user/user_health_check', {}, other)).toMatchObject({ status: 'success' });
    expect(
      await call('user/user_exchange_to_pass', { pass: 'mine12345', otp: codes[3] }, token),
    ).toMatchObject({ status: 'success' });
    expect(await call('user/user_health_check', {}, other)).toMatchObject({ status: 'unauthorized' });
    expect(await call('user/do_login', { id: m.id, pw: 'mine12345', otp: codes[4] })).toMatchObject({
      status: 'success',
    });
  });

  it('user_chang_to_point and user_roll_to_balance: comp below the minimum is low_point', async () => {
    const m = await member();
    expect(await call('user/user_chang_to_point', {}, m.session)).toMatchObject({ status: 'low_point' });
    expect(await call('balance/user_roll_to_balance', {}, m.session)).toMatchObject({ status: 'low_point' });
  });

  it('apply_user_deposit with and without a code: the second pending request is `wait`', async () => {
    const m = await member();
    const first = await call('balance/apply_user_deposit', { balance: 10_000 }, m.session);
    expect(first).toMatchObject({ status: 'success', msg: 'msg2010' });
    expect(await call('balance/apply_user_deposit', { balance: 20_000 }, m.session)).toMatchObject({
      status: 'wait',
    });
    expect(
      await call('balance/apply_user_deposit', { balance: 20_000, code: nextCode() }, m.session),
    ).toMatchObject({
      status: 'wait',
    });
    expect(await call('balance/apply_user_deposit', { balance: 5_000 }, m.session)).toMatchObject({
      status: 'invalid',
      msg: 'msg2008',
    });
    const list = await call('balance/get_deposit_list', {}, m.session);
    expect(list.list).toHaveLength(1);
    expect((list.deposits as Record<string, unknown>[])[0]).toMatchObject({
      amount: 10_000,
      balance: 10_000,
      status: 'wait',
      _id: first.requestId,
    });
  });

  it('apply_user_withdraw and withdrawV3: over the balance is `balance`, then a request; lists under both names', async () => {
    const m = await member(30_000);
    expect(await call('balance/apply_user_withdraw', { balance: 40_000 }, m.session)).toMatchObject({
      status: 'balance',
    });
    expect(await call('slot/withdrawV3', { balance: 10_000 }, m.session)).toMatchObject({
      status: 'success',
      msg: 'msg2015',
    });
    expect(await call('casino/withdrawV3', { balance: 10_000 }, m.session)).toMatchObject({ status: 'wait' });
    const list = await call('balance/get_withdraw_list', {}, m.session);
    expect(list.withdraws).toEqual(list.deposits);
    expect(list.withdraws).toHaveLength(1);
    expect(await call('balance/get_deposit_and_withdraw', { skip: 0 }, m.session)).toMatchObject({
      maxCount: 2,
    });
  });

  it('user_del_deposit, user_del_withdraw, user_del_all_balance hide finished requests only', async () => {
    const m = await member(20_000);
    const deposits = (await call('balance/get_deposit_list', {}, m.session)).list as { id: number }[];
    const depositId = deposits[0]!.id;
    await call('balance/apply_user_withdraw', { balance: 10_000 }, m.session);
    const withdrawId = ((await call('balance/get_withdraw_list', {}, m.session)).list as { id: number }[])[0]!
      .id;
    expect(await call('balance/user_del_withdraw', { id: withdrawId }, m.session)).toMatchObject({
      status: 'not_found',
    });
    expect(await call('balance/user_del_deposit', { id: String(depositId) }, m.session)).toMatchObject({
      status: 'success',
    });
    expect((await call('balance/get_deposit_list', {}, m.session)).list).toHaveLength(0);
    expect(await call('balance/user_del_all_balance', {}, m.session)).toMatchObject({
      status: 'success',
      count: 0,
    });
    expect((await call('balance/get_deposit_and_withdraw', {}, m.session)).list).toHaveLength(1);
  });

  it('get_balance_deposit_lock / _withdraw_lock: the public ticker of approvals with masked ids', async () => {
    const m = await member(30_000);
    const ticker = await call('balance/get_balance_deposit_lock', {});
    expect(ticker.status).toBe('success');
    const row = (ticker.deposits as { userId: string; amount: number; at: string }[])[0]!;
    expect(row).toMatchObject({
      amount: 30_000,
      userId: `${m.id.slice(0, 2)}${'*'.repeat(m.id.length - 2)}`,
    });
    expect(Date.parse(row.at)).not.toBeNaN();
    expect(await call('balance/get_balance_withdraw_lock', {})).toMatchObject({
      status: 'success',
      withdraws: [],
    });
  });

  it('user_ask_to_account_expass: a wrong password is `pass`, the right one opens one request', async () => {
    const m = await member();
    expect(await call('balance/user_ask_to_account_expass', { pass: 'wrong1234' }, m.session)).toMatchObject({
      status: 'pass',
    });
    expect(await call('balance/user_ask_to_account_expass', { pass: m.pw }, m.session)).toMatchObject({
      status: 'success',
    });
    expect(await call('balance/user_ask_to_account_expass', { pass: m.pw }, m.session)).toMatchObject({
      status: 'alread',
    });
  });

  it('pay/: payment options, a card deposit and the withdrawal launcher answer absolute URLs', async () => {
    const m = await member();
    const deposit = (await call('pay/get_payment', {}, m.session)).payments as { idx: number }[];
    const withdraw = (await call('pay/get_payment_withdraw', {}, m.session)).payments as { idx: number }[];
    const paid = await call('pay/deposit', { balance: 10_000, idx: String(deposit[0]!.idx) }, m.session);
    expect(paid.launcherUrl).toMatch(/^https?:\/\//);
    const launcher = await call('pay/withdrawal_launcher', { idx: withdraw[0]!.idx }, m.session);
    expect(launcher.launcherUrl).toMatch(/^https?:\/\//);
  });

  it('covers every path of user/, balance/ and pay/', async () => {
    expect(uncalled(['user', 'balance', 'pay'])).toEqual([]);
  });
});

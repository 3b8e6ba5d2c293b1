import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fund, memberIdOf, nextCode } from '../../../../test/support/money.ts';
import { addCardOption } from '../../../../test/support/payment-options.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { launchedPlayer, walletIds, walletRequest } from '../../../../test/support/wallet.ts';
import { limitMsg } from '../../../shared/limit-messages.ts';
import { queryRows } from '../../db/client.ts';
import { approveDeposit } from '../cashier/deposits.service.ts';
import { changeLimit, confirmLimitChange, INCREASE_DELAY_MS } from './limits.service.ts';

const SECRET = 'test-wallet-secret';

describe.runIf(backendAvailable)('player protection: limits the member sets', () => {
  const t = useTestApp({ houseWalletSecret: SECRET }, { seedDemo: true });
  let cardIdx = 0;
  beforeAll(async () => {
    cardIdx = await addCardOption(t.db);
    t.app.sites.invalidate();
  });

  const setLimit = (token: string, kind: string, period: string, amount: number | null) =>
    t.call('set-limit', { kind, period, amount }, { token });
  const bet = (gameToken: string, amount: number, round = walletIds()) =>
    walletRequest(t, 'bet', { ...round, token: gameToken, amount }, SECRET);
  const win = (roundId: string, amount: number) =>
    walletRequest(t, 'win', { txId: `${roundId}-win`, roundId, amount }, SECRET);
  /** A member with 100,000 in cash and an opened slot: their token, member id and the game's token. */
  const player = async () => {
    const { token, loginId, gameToken } = await launchedPlayer(t, 100_000);
    return { token, gameToken, id: await memberIdOf(t.db, loginId) };
  };
  const transfersOf = async (memberId: number) =>
    (
      await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from ledger_transfers where from_account_id =
              (select id from ledger_accounts where member_id = ${memberId} and kind = 'cash')`,
      )
    )[0]!.n;
  const events = (memberId: number) =>
    queryRows<{ kind: string; detail: Record<string, unknown> }>(
      t.db,
      sql`select kind, detail from protection_events where member_id = ${memberId} order by id`,
    );

  it('refuses a bad limit: an unknown kind, a wrong period, a zero amount, a session limit out of range', async () => {
    const { token } = await t.login();
    for (const body of [
      { kind: 'spend', period: 'day', amount: 100 },
      { kind: 'loss', period: 'session', amount: 100 },
      { kind: 'session', period: 'day', amount: 60 },
      { kind: 'loss', period: 'day', amount: 0 },
      { kind: 'loss', period: 'day', amount: 1.5 },
      { kind: 'session', period: 'session', amount: 2 },
    ]) {
      const res = await t.call('set-limit', body, { token });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await t.call('get-limits', {}, { token })).json().limits).toEqual([]);
  });

  it('a daily deposit limit accepts a request up to the limit exactly and refuses one unit more, naming it', async () => {
    const { token, member } = await t.login();
    const id = await memberIdOf(t.db, member.id);
    expect((await setLimit(token, 'deposit', 'day', 50_000)).json().msg).toBe('msg3121');
    await fund(t, token, 30_000);
    // Deposits go in steps of 10,000: 30,000 + 30,000 passes the limit.
    const over = await t.call('apply-user-deposit', { balance: 30_000, code: nextCode() }, { token });
    expect(over.statusCode).toBe(403);
    expect(over.json()).toMatchObject({ status: 'limit', msg: 'msg3111', limit: 'deposit', period: 'day' });
    expect(over.json().amount).toBe(50_000);
    expect(new Date(over.json().resetsAt).getTime()).toBeGreaterThan(Date.now());
    // A card payment is refused the same way, in the transaction that opens its session.
    const card = await t.call(
      'apply-deposit-payment',
      { balance: 30_000, code: nextCode(), idx: cardIdx },
      { token },
    );
    expect(card.json()).toMatchObject({ status: 'limit', msg: 'msg3111' });
    const requests = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from cash_requests where member_id = ${id}`,
    );
    expect(requests[0]!.n).toBe(1); // only the funding request: the refused ones left nothing
    const ok = await t.call('apply-user-deposit', { balance: 20_000, code: nextCode() }, { token });
    expect(ok.statusCode).toBe(200);
    await approveDeposit(t.db, ok.json().requestId, { by: 'test' });
    const limits = (await t.call('get-limits', {}, { token })).json().limits;
    expect(limits[0]).toMatchObject({ kind: 'deposit', period: 'day', amount: 50_000, used: 50_000 });
    // The hit is a protection event, once per limit and period.
    const hits = (await events(id)).filter((e) => e.kind === 'limit_hit');
    expect(hits).toHaveLength(1);
    expect(hits[0]!.detail).toMatchObject({ limit: 'deposit', period: 'day', amount: 50_000 });
    // One minor unit less of limit, and the same deposits are refused.
    const other = await t.login();
    await setLimit(other.token, 'deposit', 'day', 49_999);
    await fund(t, other.token, 30_000);
    const oneOver = await t.call(
      'apply-user-deposit',
      { balance: 20_000, code: nextCode() },
      { token: other.token },
    );
    expect(oneOver.json()).toMatchObject({ status: 'limit', msg: 'msg3111', used: 30_000 });
  });

  it('a loss limit counts stakes less wins and refuses the stake that would pass it, with the ledger untouched', async () => {
    const { token, id, gameToken } = await player();
    await setLimit(token, 'loss', 'day', 10_000);
    const first = walletIds();
    expect((await bet(gameToken, 6_000, first)).json().status).toBe('success');
    expect((await win(first.roundId, 2_000)).json().status).toBe('success'); // net loss 4,000
    const before = await transfersOf(id);
    const refused = await bet(gameToken, 6_001);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      status: 'limit',
      limit: 'loss',
      period: 'day',
      amount: 10_000,
      used: 4_000,
    });
    expect(refused.json().balance).toBe(96_000);
    expect(await transfersOf(id)).toBe(before);
    // The same transaction id again gets the same refusal; nothing moves.
    expect((await bet(gameToken, 6_000)).json().status).toBe('success'); // exactly at the limit
    expect((await bet(gameToken, 1)).json().status).toBe('limit');
    // A win is never refused, and it makes room again.
    const last = await queryRows<{ round_id: string }>(
      t.db,
      sql`select round_id from game_rounds where member_id = ${id} and status = 'open' order by id desc limit 1`,
    );
    expect((await win(last[0]!.round_id, 500)).json().status).toBe('success');
    expect((await bet(gameToken, 500)).json().status).toBe('success');
    expect((await bet(gameToken, 1)).json().status).toBe('limit');
    const limits = (await t.call('get-limits', {}, { token })).json().limits;
    expect(limits[0]).toMatchObject({ kind: 'loss', used: 10_000 });
  });

  it('a rollback is never refused and gives its stake back to the wager and loss totals', async () => {
    const { token, gameToken } = await player();
    await setLimit(token, 'wager', 'week', 5_000);
    const round = walletIds();
    expect((await bet(gameToken, 5_000, round)).json().status).toBe('success');
    expect((await bet(gameToken, 1)).json()).toMatchObject({
      status: 'limit',
      limit: 'wager',
      period: 'week',
    });
    const rollback = await walletRequest(
      t,
      'rollback',
      { txId: `${round.txId}-rb`, refTxId: round.txId },
      SECRET,
    );
    expect(rollback.json().result).toBe('refunded');
    expect((await bet(gameToken, 5_000)).json().status).toBe('success');
  });

  it('a monthly wager limit and a weekly loss limit each name themselves', async () => {
    const { token, gameToken } = await player();
    await setLimit(token, 'wager', 'month', 3_000);
    expect((await bet(gameToken, 3_001)).json()).toMatchObject({
      status: 'limit',
      limit: 'wager',
      period: 'month',
    });
    await setLimit(token, 'loss', 'week', 2_000);
    expect((await bet(gameToken, 2_001)).json()).toMatchObject({
      status: 'limit',
      limit: 'loss',
      period: 'week',
    });
    expect((await bet(gameToken, 2_000)).json().status).toBe('success');
  });

  it('every loss and wager limit, per day, week and month, takes a stake up to it exactly and refuses one unit more', async () => {
    const msgs: Record<string, string> = {
      'loss:day': 'msg3114',
      'loss:week': 'msg3115',
      'loss:month': 'msg3116',
      'wager:day': 'msg3117',
      'wager:week': 'msg3118',
      'wager:month': 'msg3119',
    };
    for (const [key, msg] of Object.entries(msgs)) {
      const [kind, period] = key.split(':') as [string, string];
      const { token, id, gameToken } = await player();
      await setLimit(token, kind, period, 3_000);
      expect((await bet(gameToken, 2_000)).json().status, key).toBe('success');
      const over = await bet(gameToken, 1_001);
      expect(over.json(), key).toMatchObject({
        status: 'limit',
        limit: kind,
        period,
        amount: 3_000,
        used: 2_000,
      });
      expect((await bet(gameToken, 1_000)).json().status, key).toBe('success');
      expect((await bet(gameToken, 1)).json().status, key).toBe('limit');
      // The key the game window shows for this refusal names this limit.
      expect(limitMsg(over.json()), key).toBe(msg);
      const [hit] = (await events(id)).filter((e) => e.kind === 'limit_hit');
      expect(hit!.detail, key).toMatchObject({ limit: kind, period });
    }
  });

  it('every deposit limit, per day, week and month, takes a deposit up to it exactly and refuses one unit more', async () => {
    for (const [period, msg] of [
      ['day', 'msg3111'],
      ['week', 'msg3112'],
      ['month', 'msg3113'],
    ] as const) {
      for (const limit of [40_000, 39_999]) {
        const { token } = await t.login();
        await setLimit(token, 'deposit', period, limit);
        await fund(t, token, 30_000);
        const res = await t.call('apply-user-deposit', { balance: 10_000, code: nextCode() }, { token });
        if (limit === 40_000) expect(res.json().status, `${period} ${limit}`).toBe('success');
        else expect(res.json(), `${period} ${limit}`).toMatchObject({ status: 'limit', msg, period });
      }
    }
  });

  it('a session time limit refuses bets once the login session is older than it', async () => {
    const { token, id, gameToken } = await player();
    await setLimit(token, 'session', 'session', 30);
    expect((await bet(gameToken, 100)).json().status).toBe('success');
    // The session started 30 minutes ago (the clock moves, not the test).
    await t.db.execute(
      sql`update sessions set created_at = now() - interval '30 minutes' where member_id = ${id}`,
    );
    expect((await bet(gameToken, 100)).json()).toMatchObject({
      status: 'limit',
      limit: 'session',
      amount: 30,
    });
  });

  it('a decrease applies at once; a raise or removal only 24 hours later and when confirmed', async () => {
    const { token, id, gameToken } = await player();
    await setLimit(token, 'wager', 'day', 5_000);
    expect((await setLimit(token, 'wager', 'day', 2_000)).json().limits[0].amount).toBe(2_000);
    expect((await bet(gameToken, 2_001)).json().status).toBe('limit');
    // A raise waits: the old limit still refuses, and confirming early is refused with when.
    const raise = await setLimit(token, 'wager', 'day', 8_000);
    expect(raise.json()).toMatchObject({ msg: 'msg3122' });
    const from = new Date(raise.json().from).getTime();
    expect(from - Date.now()).toBeGreaterThan(INCREASE_DELAY_MS - 60_000);
    expect(raise.json().limits[0]).toMatchObject({ amount: 2_000, pendingAmount: 8_000 });
    expect((await bet(gameToken, 2_001)).json().status).toBe('limit');
    const early = await t.call('confirm-limit', { kind: 'wager', period: 'day' }, { token });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ status: 'wait', msg: 'msg3123', from: raise.json().from });
    // 24 hours pass (the pending change is moved back a day): it still waits for the member's confirmation.
    await t.db.execute(
      sql`update protection_limits set pending_from = now() - interval '1 second' where member_id = ${id}`,
    );
    expect((await bet(gameToken, 2_001)).json().status).toBe('limit');
    const confirmed = await t.call('confirm-limit', { kind: 'wager', period: 'day' }, { token });
    expect(confirmed.json()).toMatchObject({ status: 'success', msg: 'msg3125' });
    expect(confirmed.json().limits[0]).toMatchObject({ amount: 8_000, pendingAmount: null });
    expect((await bet(gameToken, 2_001)).json().status).toBe('success');
    // A removal waits too; a decrease meanwhile drops it.
    expect((await setLimit(token, 'wager', 'day', null)).json().limits[0]).toMatchObject({
      pendingRemove: true,
    });
    expect((await setLimit(token, 'wager', 'day', 7_000)).json().limits[0]).toMatchObject({
      amount: 7_000,
      pendingRemove: false,
      pendingFrom: null,
    });
    const nothing = await t.call('confirm-limit', { kind: 'wager', period: 'day' }, { token });
    expect(nothing.json()).toMatchObject({ msg: 'msg3124' });
    const history = await queryRows<{ action: string }>(
      t.db,
      sql`select action from protection_limit_changes where member_id = ${id} order by id`,
    );
    expect(history.map((h) => h.action)).toEqual([
      'set',
      'decreased',
      'increase_requested',
      'increased',
      'remove_requested',
      'decreased',
    ]);
  });

  it('the 24 hours run on the clock the service is given, to the millisecond', async () => {
    const { member } = await t.login();
    const id = await memberIdOf(t.db, member.id);
    const t0 = new Date('2030-01-01T00:00:00Z');
    await changeLimit(t.db, id, { kind: 'loss', period: 'month', amount: 1_000 }, undefined, t0);
    const asked = await changeLimit(t.db, id, { kind: 'loss', period: 'month', amount: null }, undefined, t0);
    expect(asked.from!.getTime()).toBe(t0.getTime() + INCREASE_DELAY_MS);
    const target = { kind: 'loss', period: 'month' } as const;
    const justBefore = new Date(t0.getTime() + INCREASE_DELAY_MS - 1);
    await expect(confirmLimitChange(t.db, id, target, undefined, justBefore)).rejects.toMatchObject({
      status: 'wait',
    });
    await confirmLimitChange(t.db, id, target, undefined, new Date(t0.getTime() + INCREASE_DELAY_MS));
    const left = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from protection_limits where member_id = ${id}`,
    );
    expect(left[0]!.n).toBe(0);
  });

  it('reality check: the interval, this session’s play, and the answer kept as a protection event', async () => {
    const { token, id, gameToken } = await player();
    const round = walletIds();
    await bet(gameToken, 3_000, round);
    await win(round.roundId, 1_000);
    const check = (await t.call('get-reality-check', {}, { token })).json();
    expect(check).toMatchObject({ intervalMinutes: 60, stakes: 3_000, wins: 1_000, net: -2_000 });
    expect((await t.call('set-reality-check', { minutes: 7 }, { token })).statusCode).toBe(400);
    expect((await t.call('set-reality-check', { minutes: 30 }, { token })).json().realityCheckMinutes).toBe(
      30,
    );
    const answer = await t.call(
      'answer-reality-check',
      { choice: 'continue', where: 'lucky-sevens' },
      { token },
    );
    expect(answer.statusCode).toBe(200);
    const [event] = (await events(id)).filter((e) => e.kind === 'reality_check');
    expect(event!.detail).toMatchObject({ choice: 'continue', where: 'lucky-sevens', net: -2_000 });
  });
});

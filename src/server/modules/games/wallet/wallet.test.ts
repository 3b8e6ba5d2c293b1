import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { balancesOf, expectSoundLedger } from '../../../../../test/support/money.ts';
import { useTestApp } from '../../../../../test/support/test-app.ts';
import { backendAvailable, isPostgres } from '../../../../../test/support/test-db.ts';
import {
  expectOpenRoundsListed,
  isListedOpen,
  launchedPlayer,
  walletIds,
  walletRequest,
} from '../../../../../test/support/wallet.ts';
import { gameRounds } from '../../../db/schema.ts';
import { DEMO_SITES } from '../../../db/seed-demo.ts';
import { hmacSign } from '../../../http/hmac-signature.ts';
import { openRounds } from '../bets.service.ts';
import { WALLET_SIGNATURE_HEADER } from '../provider.ts';

describe.runIf(backendAvailable)('seamless wallet API', () => {
  const t = useTestApp({ houseWalletSecret: 'test-wallet-secret' }, { seedDemo: true });

  const wallet = (op: string, payload: object, secret = 'test-wallet-secret') =>
    walletRequest(t, op, payload, secret);
  const player = (funds = 100_000) => launchedPlayer(t, funds);
  const ids = walletIds;

  it('refuses a bad or missing signature and changes nothing', async () => {
    const p = await player();
    const payload = { ...ids(), token: p.gameToken, amount: 1_000 };
    const body = JSON.stringify(payload);
    for (const headers of [
      { [WALLET_SIGNATURE_HEADER]: hmacSign('wrong', body) },
      { [WALLET_SIGNATURE_HEADER]: 'f'.repeat(64) },
      {},
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/wallet/house/bet',
        headers: { 'content-type': 'application/json', ...headers },
        payload: body,
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().status).toBe('forbidden');
    }
    expect((await balancesOf(t, p.token)).cash).toBe(100_000);
    expect((await wallet('bet', payload, 'other-provider-secret')).statusCode).toBe(401);
    expect((await wallet('nope', payload)).statusCode).toBe(404);
  });

  it('authenticates the launch token and answers the balance', async () => {
    const p = await player(30_000);
    const authenticated = await wallet('authenticate', { token: p.gameToken });
    // Server-to-server JSON: no browser security headers (a page's policy means nothing here).
    expect(authenticated.headers['content-security-policy']).toBeUndefined();
    expect(authenticated.json()).toMatchObject({
      status: 'success',
      balance: 30_000,
      // The demo's default site (where launchedPlayer registers) is in baht.
      currency: DEMO_SITES.th.currency,
      // The game the token was opened for: its rounds are recorded under it.
      gameCode: 'lucky-sevens',
    });
    expect((await wallet('balance', { token: 'A'.repeat(43) })).json().status).toBe('session_expired');
  });

  it('debits a bet, credits the win, closes the round, and answers an exact repeat with the same reply', async () => {
    const p = await player();
    const r = ids();
    const bet = await wallet('bet', { ...r, token: p.gameToken, amount: 10_000 });
    expect(bet.json()).toEqual({ status: 'success', balance: 90_000, txId: r.txId, roundId: r.roundId });
    const again = await wallet('bet', { ...r, token: p.gameToken, amount: 10_000 });
    expect(again.json()).toEqual(bet.json());
    expect((await balancesOf(t, p.token)).cash).toBe(90_000);

    const different = await wallet('bet', { ...r, token: p.gameToken, amount: 20_000 });
    expect(different.statusCode).toBe(409);
    expect(different.json().status).toBe('duplicate');

    const win = await wallet('win', { txId: `${r.txId}-w`, roundId: r.roundId, amount: 25_000 });
    expect(win.json()).toMatchObject({ status: 'success', balance: 115_000 });
    expect((await wallet('win', { txId: `${r.txId}-w`, roundId: r.roundId, amount: 25_000 })).json()).toEqual(
      win.json(),
    );
    const late = await wallet('bet', { ...ids(), roundId: r.roundId, token: p.gameToken, amount: 1_000 });
    expect(late.json().status).toBe('round_closed');
    expect((await balancesOf(t, p.token)).cash).toBe(115_000);
    await expectSoundLedger(t.db);
  });

  it('refuses a bet larger than the balance, saying the balance', async () => {
    const p = await player(20_000);
    const res = await wallet('bet', { ...ids(), token: p.gameToken, amount: 30_000 });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ status: 'balance', balance: 20_000 });
    expect((await balancesOf(t, p.token)).cash).toBe(20_000);
  });

  it('records a rollback of an unknown bet, answers it as such, and the late bet then fails', async () => {
    const p = await player();
    const r = ids();
    const rollback = await wallet('rollback', { txId: `${r.txId}-rb`, refTxId: r.txId });
    expect(rollback.json()).toMatchObject({ status: 'success', result: 'bet_not_found' });
    const lateBet = await wallet('bet', { ...r, token: p.gameToken, amount: 10_000 });
    expect(lateBet.statusCode).toBe(409);
    expect(lateBet.json().status).toBe('rolled_back');
    expect((await balancesOf(t, p.token)).cash).toBe(100_000);
  });

  it('refunds a rolled-back bet once, and refuses a rollback after the round has its win', async () => {
    const p = await player();
    const r = ids();
    await wallet('bet', { ...r, token: p.gameToken, amount: 10_000 });
    expect((await openRounds(t.db)).some((round) => round.roundId === r.roundId)).toBe(true);
    // The same round as an open sports bet is not an "unfinished round" of the Games page.
    const [before] = await t.db
      .select({ category: gameRounds.category })
      .from(gameRounds)
      .where(eq(gameRounds.roundId, r.roundId));
    await t.db.update(gameRounds).set({ category: 'sport' }).where(eq(gameRounds.roundId, r.roundId));
    expect((await openRounds(t.db)).some((round) => round.roundId === r.roundId)).toBe(false);
    await t.db
      .update(gameRounds)
      .set({ category: before!.category })
      .where(eq(gameRounds.roundId, r.roundId));
    const rb = await wallet('rollback', { txId: `${r.txId}-rb`, refTxId: r.txId });
    expect(rb.json()).toMatchObject({ status: 'success', result: 'refunded', balance: 100_000 });
    expect(await isListedOpen(t.db, r.roundId)).toBe(false);
    expect((await wallet('rollback', { txId: `${r.txId}-rb2`, refTxId: r.txId })).json().result).toBe(
      'already_rolled_back',
    );
    expect((await balancesOf(t, p.token)).cash).toBe(100_000);

    const s = ids();
    await wallet('bet', { ...s, token: p.gameToken, amount: 10_000 });
    await wallet('win', { txId: `${s.txId}-w`, roundId: s.roundId, amount: 0 });
    const refused = await wallet('rollback', { txId: `${s.txId}-rb`, refTxId: s.txId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().status).toBe('round_settled');
    expect((await balancesOf(t, p.token)).cash).toBe(90_000);
    await expectSoundLedger(t.db);
  });

  it('names the field a malformed body gets wrong, and changes nothing', async () => {
    const p = await player();
    const r = ids();
    for (const [op, body, field] of [
      ['bet', { ...r, token: p.gameToken }, 'amount'],
      ['bet', { ...r, token: p.gameToken, amount: 1.5 }, 'amount'],
      ['win', { ...r, amount: -1 }, 'amount'],
      ['win', { roundId: r.roundId, amount: 1 }, 'txId'],
      ['rollback', { txId: r.txId }, 'refTxId'],
      ['win', { ...r, amount: 1, closeRound: 'yes' }, 'closeRound'],
    ] as const) {
      const res = await wallet(op, body);
      expect(res.statusCode, `${op} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json().status).toBe('invalid');
      expect(res.json().message).toMatch(new RegExp(`^${field}: `));
    }
    expect((await balancesOf(t, p.token)).cash).toBe(100_000);
  });

  it('refuses a rollback naming itself as its bet with a 400, the same each time, and nothing voided', async () => {
    const p = await player();
    const r = ids();
    // A buggy provider's rollback whose refTxId is its own txId: it claimed its own id as a void mark,
    // then could not record itself under that id, and every attempt ended in a 500.
    for (let i = 0; i < 2; i++) {
      const res = await wallet('rollback', { txId: r.txId, refTxId: r.txId });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 'invalid', txId: r.txId, refTxId: r.txId });
    }
    // The id is the rollback's now: a bet under it is another request, not a bet voided in advance.
    const bet = await wallet('bet', { ...r, token: p.gameToken, amount: 1_000 });
    expect(bet.statusCode).toBe(409);
    expect(bet.json().status).toBe('duplicate');
    expect((await balancesOf(t, p.token)).cash).toBe(100_000);
    await expectSoundLedger(t.db);
  });

  it('accepts a win after the member logged out, but no new bet', async () => {
    const p = await player();
    const r = ids();
    await wallet('bet', { ...r, token: p.gameToken, amount: 10_000 });
    expect(await isListedOpen(t.db, r.roundId)).toBe(true);
    await t.call('user-logout', {}, { token: p.token });
    const bet = await wallet('bet', { ...ids(), token: p.gameToken, amount: 1_000 });
    expect(bet.statusCode).toBe(401);
    expect(bet.json().status).toBe('session_expired');
    const win = await wallet('win', { txId: `${r.txId}-w`, roundId: r.roundId, amount: 30_000 });
    expect(win.json()).toMatchObject({ status: 'success', balance: 120_000 });
    expect(await isListedOpen(t.db, r.roundId)).toBe(false);
  });

  it('keeps a round listed as unfinished through a second bet and a partial rollback, until its win', async () => {
    const p = await player();
    const r = ids();
    await wallet('bet', { ...r, token: p.gameToken, amount: 10_000 });
    const second = { txId: `${r.txId}-2`, roundId: r.roundId };
    expect((await wallet('bet', { ...second, token: p.gameToken, amount: 5_000 })).json()).toMatchObject({
      status: 'success',
      balance: 85_000,
    });
    const rb = await wallet('rollback', { txId: `${second.txId}-rb`, refTxId: second.txId });
    expect(rb.json()).toMatchObject({ status: 'success', result: 'refunded', balance: 90_000 });
    expect(await isListedOpen(t.db, r.roundId)).toBe(true);
    await expectOpenRoundsListed(t.db);
    await wallet('win', { txId: `${r.txId}-w`, roundId: r.roundId, amount: 0 });
    expect(await isListedOpen(t.db, r.roundId)).toBe(false);
    await expectOpenRoundsListed(t.db);
    await expectSoundLedger(t.db);
  });

  it('refuses a win for a round no bet opened', async () => {
    const res = await wallet('win', { ...ids(), amount: 5_000 });
    expect(res.statusCode).toBe(404);
    expect(res.json().status).toBe('round_not_found');
  });

  it('refuses bets of a blocked or self-excluded member', async () => {
    const p = await player();
    const { members } = await import('../../../db/schema.ts');
    const { eq } = await import('drizzle-orm');
    const login = (await t.call('user-health-check', {}, { token: p.token })).json().user.userId;
    await t.db.update(members).set({ status: 'self_excluded' }).where(eq(members.loginId, login));
    const res = await wallet('bet', { ...ids(), token: p.gameToken, amount: 1_000 });
    expect(res.statusCode).toBe(403);
    expect(res.json().status).toBe('blocked');
  });

  it.runIf(isPostgres)('64 concurrent copies of one bet debit once', async () => {
    const p = await player();
    const payload = { ...ids(), token: p.gameToken, amount: 10_000 };
    const replies = await Promise.all(Array.from({ length: 64 }, () => wallet('bet', payload)));
    expect(new Set(replies.map((r) => r.body)).size).toBe(1);
    expect(replies[0]!.json()).toMatchObject({ status: 'success', balance: 90_000 });
    expect((await balancesOf(t, p.token)).cash).toBe(90_000);
    await expectSoundLedger(t.db);
  });

  it('accrues comp through the ledger when a round closes, at the member level and category rate', async () => {
    // Demo settings: level 1 earns 100 basis points on slots.
    const p = await player();
    const r = ids();
    await wallet('bet', { ...r, token: p.gameToken, amount: 50_000 });
    await wallet('win', { txId: `${r.txId}-w`, roundId: r.roundId, amount: 0 });
    expect(await balancesOf(t, p.token)).toEqual({ cash: 50_000, held: 0, comp: 500 });
    await expectSoundLedger(t.db);
  });
});

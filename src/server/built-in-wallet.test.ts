import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectSoundLedger, memberIdOf } from '../../test/support/money.ts';
import { useTestApp } from '../../test/support/test-app.ts';
import { backendAvailable } from '../../test/support/test-db.ts';
import { launchedPlayer } from '../../test/support/wallet.ts';
import { builtInWallet } from './built-in-wallet.ts';
import { queryRows } from './db/client.ts';
import { type WalletTransport, walletOverHttp } from './providers/wallet-caller.ts';

const SECRET = 'test-house-wallet-secret';

/**
 * The built-in providers' two ways to the wallet API (BUILT_IN_WALLET_URL unset: in process; set:
 * signed HTTP) answer alike: the same sequence of calls (bets, a win, a rollback, each sent again, a
 * transaction id reused for another body, bodies the wallet refuses) from two members with the same
 * funds gets the same replies and statuses, and leaves the same ledger.
 */
describe.runIf(backendAvailable)('the wallet API in process and over HTTP', () => {
  const t = useTestApp({ houseWalletSecret: SECRET }, { listen: true, seedDemo: true });

  /** The sequence, its transaction and round ids under `tag`: each answer with the tag taken out. */
  async function play(transport: WalletTransport, gameToken: string, tag: string) {
    const send = async (op: string, payload: object | string) => {
      const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
      const { status, reply } = await transport(op, body);
      return JSON.parse(JSON.stringify({ op, status, reply }).replaceAll(tag, '<tag>'));
    };
    const [r1, r2] = [`${tag}-r1`, `${tag}-r2`];
    return [
      await send('authenticate', { token: gameToken }),
      await send('bet', { txId: `${tag}-b1`, roundId: r1, token: gameToken, amount: 1_000 }),
      await send('bet', { txId: `${tag}-b1`, roundId: r1, token: gameToken, amount: 1_000 }),
      await send('bet', { txId: `${tag}-b1`, roundId: r1, token: gameToken, amount: 1_500 }),
      await send('win', { txId: `${tag}-w1`, roundId: r1, amount: 2_500, closeRound: true }),
      await send('win', { txId: `${tag}-w1`, roundId: r1, amount: 2_500, closeRound: true }),
      await send('win', { txId: `${tag}-w2`, roundId: r1, amount: 100, closeRound: true }),
      await send('bet', { txId: `${tag}-b2`, roundId: r2, token: gameToken, amount: 700 }),
      await send('rollback', { txId: `${tag}-rb2`, refTxId: `${tag}-b2` }),
      await send('rollback', { txId: `${tag}-rb2`, refTxId: `${tag}-b2` }),
      await send('bet', { txId: `${tag}-b3`, roundId: `${tag}-r3`, token: gameToken, amount: 10_000_000 }),
      await send('bet', { txId: `${tag}-b4`, roundId: `${tag}-r4`, token: gameToken, amount: -5 }),
      await send('win', '{ not json'),
      await send('nope', { token: gameToken }),
      await send('balance', { token: gameToken }),
    ];
  }

  /** A member's side of the ledger and the wallet's record of their calls, the tag taken out. */
  async function ledgerOf(memberId: number, tag: string) {
    const transfers = await queryRows<{ kind: string; amount: number; inbound: boolean; ref: unknown }>(
      t.db,
      sql`select t.kind, t.amount, a.id = t.to_account_id as inbound, t.reference as ref
          from ledger_transfers t join ledger_accounts a on a.member_id = t.member_id and a.kind = 'cash'
          where t.member_id = ${memberId} and t.kind <> 'deposit' order by t.id`,
    );
    const calls = await queryRows<{ tx_id: string; kind: string; amount: number; response: unknown }>(
      t.db,
      sql`select tx_id, kind, amount, response from wallet_transactions where member_id = ${memberId} order by id`,
    );
    const [cash] = await queryRows<{ balance: number }>(
      t.db,
      sql`select balance from ledger_accounts where member_id = ${memberId} and kind = 'cash'`,
    );
    return JSON.parse(JSON.stringify({ transfers, calls, balance: cash?.balance }).replaceAll(tag, '<tag>'));
  }

  it('answers bet, win and rollback, repeats and refusals the same, and moves the same money', async () => {
    const viaHttp = await launchedPlayer(t, 100_000);
    const inProcess = await launchedPlayer(t, 100_000);
    const overHttp = walletOverHttp(() => t.config.publicUrl, SECRET, 'house');
    // The app's own choice with BUILT_IN_WALLET_URL unset: the wallet of this process.
    expect(t.config.builtInWalletUrl).toBeUndefined();
    const local = builtInWallet({ db: t.db, config: t.config }, 'house', SECRET);
    const httpReplies = await play(overHttp, viaHttp.gameToken, 'h-transport');
    const localReplies = await play(local, inProcess.gameToken, 'l-transport');
    const byMember = (replies: { reply: { playerId?: string } }[]) =>
      replies.map((r) => ({ ...r, reply: { ...r.reply, playerId: r.reply.playerId && '<member>' } }));
    expect(byMember(localReplies)).toEqual(byMember(httpReplies));
    expect(httpReplies.map((r: { reply: { status: string } }) => r.reply.status)).toEqual([
      'success',
      'success',
      'success',
      'duplicate',
      'success',
      'success',
      'round_closed',
      'success',
      'success',
      'success',
      'balance',
      'invalid',
      'invalid',
      'not_found',
      'success',
    ]);
    const ledgers = await Promise.all([
      ledgerOf(await memberIdOf(t.db, viaHttp.loginId), 'h-transport'),
      ledgerOf(await memberIdOf(t.db, inProcess.loginId), 'l-transport'),
    ]);
    expect(ledgers[1]).toEqual(ledgers[0]);
    expect(ledgers[0].balance).toBe(100_000 - 1_000 + 2_500);
    await expectSoundLedger(t.db);
  });

  it('goes over signed HTTP once BUILT_IN_WALLET_URL names a wallet', async () => {
    const p = await launchedPlayer(t, 10_000);
    const transport = builtInWallet({ db: t.db, config: t.config }, 'house', 'not-the-secret');
    t.config.builtInWalletUrl = t.config.publicUrl;
    try {
      // Signed with a secret the wallet does not know: refused, so the call did go over HTTP.
      expect(await transport('balance', JSON.stringify({ token: p.gameToken }))).toEqual({
        status: 401,
        reply: { status: 'forbidden', message: 'bad or missing signature' },
      });
    } finally {
      t.config.builtInWalletUrl = undefined;
    }
  });
});

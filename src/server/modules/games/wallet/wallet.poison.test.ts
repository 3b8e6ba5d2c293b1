import { describe, expect, it } from 'vitest';
import { balancesOf, expectSoundLedger } from '../../../../../test/support/money.ts';
import { useTestApp } from '../../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../../test/support/test-db.ts';
import { launchedPlayer, walletIds, walletRequest } from '../../../../../test/support/wallet.ts';
import { walletBet } from './wallet.service.ts';
import { bodyHash } from './wallet-signature.ts';

const SECRET = 'test-wallet-secret';
const hashOf = (payload: object) => bodyHash(Buffer.from(JSON.stringify(payload)));
const POISONS = ['tx-nul-\u0000', 'tx-surrogate-\uD800'];

/** One call whose text the database refuses must not fail the honest calls batched with it. */
describe.runIf(backendAvailable)('a poisoned wallet call in a batch', () => {
  const t = useTestApp({ houseWalletSecret: SECRET }, { seedDemo: true });

  for (const poison of POISONS) {
    it(`40 honest bets and 1 with txId ${JSON.stringify(poison)} in one batch: 40 successes, 1 refusal`, async () => {
      const players: Awaited<ReturnType<typeof launchedPlayer>>[] = [];
      for (let i = 0; i < 8; i++) players.push(await launchedPlayer(t, 100_000));
      const bet = (gameToken: string, txId: string) => {
        const req = { ...walletIds(), txId, token: gameToken, amount: 1_000 };
        return walletBet(t.db, t.config, 'house', hashOf(req), req);
      };
      // Called directly (not over HTTP, whose edge refuses such text) in one turn: they share a batch.
      const calls = Array.from({ length: 40 }, (_, i) =>
        bet(players[i % 8]!.gameToken, `${walletIds().txId}-${i}`),
      );
      calls.splice(5, 0, bet(players[0]!.gameToken, poison));
      const settled = await Promise.allSettled(calls);
      const ok = settled.filter((s) => s.status === 'fulfilled' && s.value.status === 'success');
      const failed = settled.filter((s) => s.status === 'rejected');
      expect(ok).toHaveLength(40);
      expect(failed).toHaveLength(1);
      expect(settled[5]!.status).toBe('rejected');
      for (const p of players) expect((await balancesOf(t, p.token)).cash).toBe(95_000);
      await expectSoundLedger(t.db);
    });
  }

  it('over HTTP the poisoned call is refused at the edge with a 400 and the honest ones succeed', async () => {
    const players: Awaited<ReturnType<typeof launchedPlayer>>[] = [];
    for (let i = 0; i < 4; i++) players.push(await launchedPlayer(t, 100_000));
    const replies = await Promise.all([
      ...Array.from({ length: 40 }, (_, i) =>
        walletRequest(t, 'bet', { ...walletIds(), token: players[i % 4]!.gameToken, amount: 1_000 }, SECRET),
      ),
      ...POISONS.map((txId) =>
        walletRequest(
          t,
          'bet',
          { ...walletIds(), txId, token: players[0]!.gameToken, amount: 1_000 },
          SECRET,
        ),
      ),
    ]);
    expect(replies.slice(0, 40).map((r) => r.json().status)).toEqual(Array(40).fill('success'));
    for (const refused of replies.slice(40)) {
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ status: 'invalid', msg: 'msg3000' });
      expect(refused.json().message).toMatch(/txId.*NUL character or a lone surrogate/);
    }
    for (const p of players) expect((await balancesOf(t, p.token)).cash).toBe(90_000);
    await expectSoundLedger(t.db);
  });
});

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useHouseApp } from '../../../../test/support/house.ts';
import { balancesOf, expectSoundLedger } from '../../../../test/support/money.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { launchedPlayer } from '../../../../test/support/wallet.ts';
import { builtInWallet } from '../../built-in-wallet.ts';
import type { WalletTransport } from '../wallet-caller.ts';
import { moveBlackjack, resumeBlackjack, startBlackjack } from './house.blackjack.ts';
import { playRound } from './house.play.ts';
import { houseProvider } from './house.provider.ts';
import { houseRounds } from './house.schema.ts';
import { payUnpaidRounds } from './unpaid-rounds.ts';
import { walletClient } from './wallet-client.ts';

const quiet = { error() {}, warn() {}, info() {} } as never;
const LOST = 'Connection terminated unexpectedly';
const UNSETTLED = 'the result is being settled; your balance updates shortly';

/**
 * A failover as a round meets it. Its bet's COMMIT went through but the answer was lost with the
 * connection, and the primary was still out of reach for every attempt at its rollback: the member
 * was charged, so the round must not be answered "nothing was charged" nor recorded refused. Or its
 * win went unanswered longer than the round's own retries: the member was told the result is being
 * settled, and it must then be paid without an operator.
 */
describe.runIf(backendAvailable)('built-in game rounds a failover interrupts', () => {
  const { t } = useHouseApp();

  async function setUp() {
    const p = await launchedPlayer(t, 200_000, { code: 'blackjack', company: 'royal-tables' });
    const real = builtInWallet(
      { db: t.db, config: t.config },
      houseProvider.code,
      t.config.houseWalletSecret,
    );
    // The bet is applied but its answer lost; the rollback never reaches the database.
    const lossy: WalletTransport = async (op, body) => {
      if (op === 'rollback') throw new Error(LOST);
      const answer = await real(op, body);
      if (op === 'bet') throw new Error(LOST);
      return answer;
    };
    const playerId = (await walletClient(real).authenticate(p.gameToken)).playerId!;
    const statusOf = async () =>
      (
        await t.db
          .select({ status: houseRounds.status })
          .from(houseRounds)
          .where(eq(houseRounds.playerId, playerId))
      ).map((r) => r.status);
    return { p, playerId, real: walletClient(real), lossy: walletClient(lossy), statusOf };
  }

  it('a spin: answered as being settled, left pending, not refused, then paid by the sweep', async () => {
    const { p, playerId, real, lossy, statusOf } = await setUp();
    const reply = await playRound(t.db, lossy, quiet, {
      playerId,
      token: p.gameToken,
      gameCode: 'lucky-sevens',
      engine: 'slot',
      bet: { lineBet: 1_000 },
    });
    // The bet committed and was never undone: the member holds its 10,000 less.
    expect((await balancesOf(t, p.token)).cash).toBe(190_000);
    expect(reply).toEqual({ status: 'error', message: UNSETTLED });
    expect(await statusOf()).toEqual(['pending']);
    // Its bet stands: the sweep pays its win, as the member was told.
    expect(await payUnpaidRounds(t.db, real, quiet, 0)).toBe(1);
    expect(await statusOf()).toEqual(['settled']);
    await expectSoundLedger(t.db);
  });

  it('a spin whose win went unanswered: the sweep pays it once, and a second sweep pays nothing', async () => {
    const { p, playerId, real, statusOf } = await setUp();
    const lossy = walletClient(async (op, body) => {
      if (op === 'win' || op === 'jackpot') throw new Error(LOST);
      return builtInWallet(
        { db: t.db, config: t.config },
        houseProvider.code,
        t.config.houseWalletSecret,
      )(op, body);
    });
    const reply = await playRound(t.db, lossy, quiet, {
      playerId,
      token: p.gameToken,
      gameCode: 'lucky-sevens',
      engine: 'slot',
      bet: { lineBet: 1_000 },
    });
    expect(reply).toMatchObject({ status: 'error', message: UNSETTLED });
    expect((await balancesOf(t, p.token)).cash).toBe(190_000);
    // Before its grace the sweep leaves it to the round's own request.
    expect(await payUnpaidRounds(t.db, real, quiet)).toBe(0);
    expect(await payUnpaidRounds(t.db, real, quiet, 0)).toBe(1);
    const [round] = await t.db
      .select({ payout: houseRounds.payout, jackpot: houseRounds.jackpot })
      .from(houseRounds)
      .where(eq(houseRounds.playerId, playerId));
    const jackpot = (round!.jackpot as { amount: number } | null)?.amount ?? 0;
    expect(await statusOf()).toEqual(['settled']);
    expect((await balancesOf(t, p.token)).cash).toBe(190_000 + round!.payout + jackpot);
    expect(await payUnpaidRounds(t.db, real, quiet, 0)).toBe(0);
    await expectSoundLedger(t.db);
  });

  it('a blackjack hand: left open, and the next step carries on with the bet applied once', async () => {
    const { p, playerId, real, lossy, statusOf } = await setUp();
    const input = { playerId, token: p.gameToken, gameCode: 'blackjack', bet: 1_000 };
    const reply = await startBlackjack(
      { db: t.db, wallet: lossy, log: quiet },
      { ...input, rules: { dealerHitsSoft17: false } },
    );
    expect(reply).toEqual({ status: 'error', message: 'the connection was lost; try again' });
    expect((await balancesOf(t, p.token)).cash).toBe(199_000);
    expect(await statusOf()).toEqual(['open']);
    // The window reopens once the database is back: the bet is sent again, answered as applied, and
    // the hand goes on (or, dealt a natural, is paid at once).
    await resumeBlackjack({ db: t.db, wallet: real, log: quiet }, playerId, 'blackjack', p.gameToken);
    const [round] = await t.db
      .select({ status: houseRounds.status, payout: houseRounds.payout })
      .from(houseRounds)
      .where(eq(houseRounds.playerId, playerId));
    expect(['open', 'settled']).toContain(round!.status);
    const paid = round!.status === 'settled' ? round!.payout : 0;
    expect((await balancesOf(t, p.token)).cash).toBe(199_000 + paid);
    await expectSoundLedger(t.db);
  });

  it('a finished blackjack hand whose win went unanswered: paid by the sweep without its player', async () => {
    const { p, playerId, real, statusOf } = await setUp();
    const lossy = walletClient(async (op, body) => {
      if (op === 'win') throw new Error(LOST);
      return builtInWallet(
        { db: t.db, config: t.config },
        houseProvider.code,
        t.config.houseWalletSecret,
      )(op, body);
    });
    const deps = { db: t.db, wallet: lossy, log: quiet };
    const dealt = await startBlackjack(deps, {
      playerId,
      token: p.gameToken,
      gameCode: 'blackjack',
      bet: 1_000,
      rules: { dealerHitsSoft17: false },
    });
    // Dealt a natural, the hand is over at once; otherwise the player stands (declining insurance first).
    let reply = dealt;
    for (const move of ['noInsurance', 'stand'] as const) {
      if (!('view' in reply) || !reply.view.legal.includes(move)) continue;
      reply = await moveBlackjack(deps, {
        playerId,
        token: p.gameToken,
        gameCode: 'blackjack',
        roundId: reply.roundId,
        move,
      });
    }
    expect(reply).toEqual({ status: 'error', message: UNSETTLED });
    expect(await statusOf()).toEqual(['open']);
    expect((await balancesOf(t, p.token)).cash).toBe(199_000);
    expect(await payUnpaidRounds(t.db, real, quiet, 0)).toBe(1);
    const [round] = await t.db
      .select({ status: houseRounds.status, payout: houseRounds.payout })
      .from(houseRounds)
      .where(eq(houseRounds.playerId, playerId));
    expect(round!.status).toBe('settled');
    expect((await balancesOf(t, p.token)).cash).toBe(199_000 + round!.payout);
    await expectSoundLedger(t.db);
  });
});

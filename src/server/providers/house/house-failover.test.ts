import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useHouseApp } from '../../../../test/support/house.ts';
import { balancesOf, expectSoundLedger } from '../../../../test/support/money.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { launchedPlayer, launchGame } from '../../../../test/support/wallet.ts';
import { builtInWallet } from '../../built-in-wallet.ts';
import { queryRows } from '../../db/client.ts';
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

  /** Deals hands until one waits for the player's first decision (past any insurance question). */
  async function handInPlay(deps: Parameters<typeof startBlackjack>[0], playerId: string, token: string) {
    for (;;) {
      let hand = await startBlackjack(deps, {
        playerId,
        token,
        gameCode: 'blackjack',
        bet: 1_000,
        rules: { dealerHitsSoft17: false },
      });
      if ('view' in hand && hand.view.phase === 'insurance')
        hand = await moveBlackjack(deps, {
          playerId,
          token,
          gameCode: 'blackjack',
          roundId: hand.roundId,
          move: 'noInsurance',
        });
      if ('view' in hand && hand.view.legal.includes('double')) return hand;
    }
  }

  /** Stands (declining insurance) until the hand is over; its last reply. */
  async function finish(
    deps: Parameters<typeof startBlackjack>[0],
    playerId: string,
    token: string,
    roundId: string,
  ) {
    for (;;) {
      const reply = await moveBlackjack(deps, {
        playerId,
        token,
        gameCode: 'blackjack',
        roundId,
        move: 'stand',
      });
      if (!('view' in reply) || reply.view.phase === 'done') return reply;
    }
  }

  /** What the wallet holds of a round: its stakes standing and its state. */
  async function walletRound(roundId: string) {
    const [round] = await queryRows<{ total_bet: number; status: string }>(
      t.db,
      sql`select total_bet, status from game_rounds where provider = 'house' and round_id = ${roundId}`,
    );
    return round && { stake: Number(round.total_bet), status: round.status };
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
    expect(await payUnpaidRounds(t.db, real, quiet, { graceMs: 0 })).toBe(1);
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
    expect(await payUnpaidRounds(t.db, real, quiet, { graceMs: 0 })).toBe(1);
    const [round] = await t.db
      .select({ payout: houseRounds.payout, jackpot: houseRounds.jackpot })
      .from(houseRounds)
      .where(eq(houseRounds.playerId, playerId));
    const jackpot = (round!.jackpot as { amount: number } | null)?.amount ?? 0;
    expect(await statusOf()).toEqual(['settled']);
    expect((await balancesOf(t, p.token)).cash).toBe(190_000 + round!.payout + jackpot);
    expect(await payUnpaidRounds(t.db, real, quiet, { graceMs: 0 })).toBe(0);
    await expectSoundLedger(t.db);
  });

  it('a spin whose win went unanswered behind more hands in play than a sweep reads: still paid', async () => {
    const { p, playerId, real, statusOf } = await setUp();
    const deps = { db: t.db, wallet: real, log: quiet };
    // A hand its player left in play: open on the wallet for as long as they stay away, with nothing the
    // sweep can pay.
    await handInPlay(deps, playerId, p.gameToken);
    const before = (await balancesOf(t, p.token)).cash;
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
    // One open round a page: the hand fills the first; the spin, on the next, is paid all the same
    // (with a page of 200, two hundred players away from their hands kept every later win unpaid).
    expect(await payUnpaidRounds(t.db, real, quiet, { graceMs: 0, perPage: 1 })).toBe(1);
    const [spin] = await t.db
      .select({ status: houseRounds.status, payout: houseRounds.payout, jackpot: houseRounds.jackpot })
      .from(houseRounds)
      .where(and(eq(houseRounds.playerId, playerId), eq(houseRounds.engine, 'slot')));
    expect(spin!.status).toBe('settled');
    const jackpot = (spin!.jackpot as { amount: number } | null)?.amount ?? 0;
    expect((await balancesOf(t, p.token)).cash).toBe(before - 10_000 + spin!.payout + jackpot);
    // The hand in play is still waiting for its player (hands dealt a natural on the way were settled).
    expect(await statusOf()).toContain('open');
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

  it('a double the wallet took with its answer lost, resumed from a new window (a new token): never charged for nothing', async () => {
    const { p, playerId, real } = await setUp();
    const deps = { db: t.db, wallet: real, log: quiet };
    const hand = await handInPlay(deps, playerId, p.gameToken);
    const before = (await balancesOf(t, p.token)).cash;
    const answerLost = walletClient(async (op, body) => {
      const answer = await builtInWallet(
        { db: t.db, config: t.config },
        houseProvider.code,
        t.config.houseWalletSecret,
      )(op, body);
      if (op === 'bet') throw new Error(LOST);
      return answer;
    });
    const crashed = await moveBlackjack(
      { db: t.db, wallet: answerLost, log: quiet },
      { playerId, token: p.gameToken, gameCode: 'blackjack', roundId: hand.roundId, move: 'double' },
    );
    expect(crashed).toEqual({ status: 'error', message: 'the connection was lost; try again' });
    expect((await balancesOf(t, p.token)).cash).toBe(before - 1_000);
    // The member opens the game again from the lobby: a new game session, so a new token. The double
    // sent again with it is another body under the same id (409 duplicate). The hand goes on without
    // the double, and the stake the wallet took for it comes back (it was kept: a double charged and
    // never made).
    const token = await launchGame(t, p.token, { code: 'blackjack', company: 'royal-tables' });
    const resumed = await resumeBlackjack(deps, playerId, 'blackjack', token);
    if (!resumed || !('view' in resumed)) throw new Error('the hand did not come back');
    expect(resumed.view.moves).toEqual(hand.view.moves);
    expect((await walletRound(hand.roundId))?.stake).toBe(resumed.stake);
    expect((await balancesOf(t, p.token)).cash).toBe(before);
    const last = await finish(deps, playerId, token, hand.roundId);
    if (!('view' in last)) throw new Error(`the hand did not finish: ${JSON.stringify(last)}`);
    expect(await walletRound(hand.roundId)).toEqual({ stake: last.stake, status: 'closed' });
    expect((await balancesOf(t, p.token)).cash).toBe(before + 1_000 - last.stake + last.payout);
    await expectSoundLedger(t.db);
  });

  it('a first bet the wallet took with its answer and its rollback lost, resumed from a new window: refunded, not held', async () => {
    const { p, playerId, lossy, statusOf } = await setUp();
    const reply = await startBlackjack(
      { db: t.db, wallet: lossy, log: quiet },
      { playerId, token: p.gameToken, gameCode: 'blackjack', bet: 1_000, rules: { dealerHitsSoft17: false } },
    );
    expect(reply).toEqual({ status: 'error', message: 'the connection was lost; try again' });
    expect((await balancesOf(t, p.token)).cash).toBe(199_000);
    const [{ id }] = (await t.db
      .select({ id: houseRounds.id })
      .from(houseRounds)
      .where(eq(houseRounds.playerId, playerId))) as [{ id: number }];
    const token = await launchGame(t, p.token, { code: 'blackjack', company: 'royal-tables' });
    const deps = {
      db: t.db,
      wallet: walletClient(
        builtInWallet({ db: t.db, config: t.config }, houseProvider.code, t.config.houseWalletSecret),
      ),
      log: quiet,
    };
    // The bet sent again under the new token is refused as a duplicate: the round was recorded refused
    // while the wallet kept its stake, its round open for good and out of the sweep's reach.
    expect(await resumeBlackjack(deps, playerId, 'blackjack', token)).toBeNull();
    expect(await statusOf()).toEqual(['refused']);
    expect((await walletRound(`H${id}`))?.status).toBe('cancelled');
    expect((await balancesOf(t, p.token)).cash).toBe(200_000);
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
    expect(await payUnpaidRounds(t.db, real, quiet, { graceMs: 0 })).toBe(1);
    const [round] = await t.db
      .select({ status: houseRounds.status, payout: houseRounds.payout })
      .from(houseRounds)
      .where(eq(houseRounds.playerId, playerId));
    expect(round!.status).toBe('settled');
    expect((await balancesOf(t, p.token)).cash).toBe(199_000 + round!.payout);
    await expectSoundLedger(t.db);
  });
});

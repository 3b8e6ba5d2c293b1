import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { balancesOf, expectSoundLedger } from '../../../../test/support/money.ts';
import { type SlipOptions, slipId } from '../../../../test/support/sports.ts';
import { useSportsApp } from '../../../../test/support/sports-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { queryRows } from '../../db/client.ts';
import { sportsPlacementBatchSize, sportsStakeBatchSize } from '../../metrics/process-metrics.ts';
import { bodyHash } from '../../modules/games/wallet/wallet-signature.ts';
import { roundOf, stakeTxOf } from './bets.service.ts';
import type { SportsWallet } from './sports-wallet.ts';

/** How many batches of takes (or of stakes) ran so far in this process, and how many slips they held. */
async function batchesSoFar(histogram = sportsPlacementBatchSize) {
  const { values, name } = await histogram.get();
  const of = (suffix: string) => values.find((v) => v.metricName === `${name}${suffix}`)?.value ?? 0;
  return { batches: of('_count'), slips: of('_sum') };
}

/**
 * Placements go in batches (placement-batch.ts): the bets of the slips placed at the same time are
 * taken in one transaction (sql/sb_take_batch.sql); with the wallet in this database (BUILT_IN_WALLET_URL
 * unset) their stakes are charged and the bets opened in another (sql/sb_stake_batch.sql). What a member
 * and the wallet see is what the stake over the wallet's API gives: the same bet, the same recorded
 * call, answered again as a repeat.
 */
describe.runIf(backendAvailable)('placements taken, charged and opened together', () => {
  const { t, newPlayer, newEvent, eventSelections, placeBet } = useSportsApp({
    loginMaxFailuresPerAddress: 1000,
  });

  /** The wallet's record of a bet's stake. */
  async function stakeCall(betId: number) {
    const [row] = await queryRows<{
      kind: string;
      amount: number;
      request_hash: string;
      response: { status: string };
    }>(
      t.db,
      sql`select kind, amount, request_hash, response from wallet_transactions
          where provider = 'sports' and tx_id = ${stakeTxOf(betId)}`,
    );
    return row!;
  }

  /**
   * Places a single with the wallet reached over its API (BUILT_IN_WALLET_URL set), its client's stake
   * and rollback calls replaced by `calls` (given the real ones) for this one placement.
   */
  async function placeOverApi(
    gameToken: string,
    selection: { id: number; price: string },
    calls: (real: Pick<SportsWallet, 'bet' | 'rollback'>) => Pick<SportsWallet, 'bet' | 'rollback'>,
    opts?: SlipOptions,
  ) {
    const wallet = t.app.sportsWallet;
    const real = { bet: wallet.bet, rollback: wallet.rollback };
    t.config.builtInWalletUrl = t.config.publicUrl;
    Object.assign(wallet, calls(real));
    try {
      return (await placeBet(gameToken, [selection], opts)).json();
    } finally {
      t.config.builtInWalletUrl = undefined;
      Object.assign(wallet, real);
    }
  }

  const statusOf = async (betId: number) =>
    (await queryRows<{ status: string }>(t.db, sql`select status from sb_bets where id = ${betId}`))[0]
      ?.status;

  const liabilityOn = async (selectionId: number) => {
    const [row] = await queryRows<{ total: number }>(
      t.db,
      sql`select coalesce(sum(liability), 0)::int8 as total from sb_selection_liability where selection_id = ${selectionId}`,
    );
    return Number(row!.total);
  };

  it('records the stake the wallet API would: its body hash, its reply, answered again as a repeat', async () => {
    const p = await newPlayer(100_000);
    const { eventId } = await newEvent();
    const s = (await eventSelections(eventId))['1x2:home']!;
    expect(t.config.builtInWalletUrl).toBeUndefined();
    const before = await batchesSoFar(sportsStakeBatchSize);
    const answer = (await placeBet(p.gameToken, [s], { unitStake: 7_000 })).json();
    expect(answer).toMatchObject({ status: 'success', bet: 'open', balance: 93_000 });
    expect((await batchesSoFar(sportsStakeBatchSize)).batches).toBe(before.batches + 1);

    const betId = answer.betId as number;
    // The body the book's wallet client sends for this stake (sports-wallet.ts), byte for byte.
    const body = { txId: stakeTxOf(betId), roundId: roundOf(betId), token: p.gameToken, amount: 7_000 };
    const call = await stakeCall(betId);
    expect(call).toMatchObject({ kind: 'bet', amount: 7_000, response: { status: 'success' } });
    expect(call.request_hash).toBe(bodyHash(Buffer.from(JSON.stringify(body))));
    // Sent again over the wallet API, the same call is a repeat: the stored reply, charged once.
    expect(await t.app.sportsWallet.bet(body)).toMatchObject({ status: 'success', balance: 93_000 });
    expect((await balancesOf(t, p.token)).cash).toBe(93_000);
  });

  it('a stake over the wallet API (BUILT_IN_WALLET_URL set) records the same bet and call', async () => {
    const { eventId } = await newEvent();
    const s = (await eventSelections(eventId))['1x2:draw']!;
    const inBook = await newPlayer(100_000);
    const overApi = await newPlayer(100_000);
    const a = (await placeBet(inBook.gameToken, [s], { unitStake: 5_000 })).json();
    const before = await batchesSoFar(sportsStakeBatchSize);
    const b = await placeOverApi(overApi.gameToken, s, (real) => real, { unitStake: 5_000 });
    expect((await batchesSoFar(sportsStakeBatchSize)).batches).toBe(before.batches);
    expect(a).toMatchObject({ status: 'success', bet: 'open', balance: 95_000 });
    expect(b).toMatchObject({ status: 'success', bet: 'open', balance: 95_000 });
    const bets = await queryRows<{ status: string; total_stake: number; potential_return: number }>(
      t.db,
      sql`select status, total_stake, potential_return from sb_bets where id in (${a.betId}, ${b.betId}) order by id`,
    );
    expect(bets[0]).toEqual(bets[1]);
    // The same call and reply but for the bet's own ids.
    const call = async (betId: number) =>
      JSON.parse(
        JSON.stringify({ ...(await stakeCall(betId)), request_hash: 0 }).replaceAll(
          `sb-${betId}`,
          'sb-<bet>',
        ),
      );
    expect(await call(a.betId)).toEqual(await call(b.betId));
    await expectSoundLedger(t.db);
  });

  it('a stake that gets no answer refuses its bet first, gives its liability back and takes nothing', async () => {
    const p = await newPlayer(100_000);
    const { eventId } = await newEvent();
    const s = (await eventSelections(eventId))['1x2:away']!;
    // A wallet on another host whose stake and rollback calls never answer (the player's look-up does).
    const noAnswer = () => Promise.reject(new Error('no answer'));
    const answer = await placeOverApi(p.gameToken, s, () => ({ bet: noAnswer, rollback: noAnswer }));
    expect(answer).toMatchObject({ status: 'refused', refusal: 'session_expired' });
    expect(await statusOf(answer.betId)).toBe('refused');
    expect(await liabilityOn(s.id)).toBe(0);
    expect((await balancesOf(t, p.token)).cash).toBe(100_000);
    await expectSoundLedger(t.db);
  });

  it('a stake whose answer was lost after its bet opened keeps the bet open and the stake taken', async () => {
    const p = await newPlayer(100_000);
    const { eventId } = await newEvent();
    const s = (await eventSelections(eventId))['1x2:draw']!;
    // The stake is taken and its bet opened (as a stake batch that committed), then the answer is lost.
    const answer = await placeOverApi(p.gameToken, s, (real) => ({
      bet: async (call) => {
        expect((await real.bet(call)).status).toBe('success');
        await t.db.execute(sql`select sb_open_bets(array[${Number(call.txId.split('-')[1])}::int8])`);
        throw new Error('answer lost');
      },
      rollback: real.rollback,
    }));
    expect(answer).toMatchObject({ status: 'success', bet: 'open' });
    expect(await statusOf(answer.betId)).toBe('open');
    expect((await balancesOf(t, p.token)).cash).toBe(90_000);
    await expectSoundLedger(t.db);
  });

  it('slips placed at once share batches, and each is decided on its own: a refusal refuses only its bet', async () => {
    const { eventId } = await newEvent({ prices: ['2.0', '3.0', '4.0'] });
    const s = (await eventSelections(eventId))['1x2:home']!;
    const players = await Promise.all(Array.from({ length: 11 }, () => newPlayer(50_000)));
    const poor = await newPlayer(10_000);
    const repeat = slipId();
    const [before, stakesBefore] = [await batchesSoFar(), await batchesSoFar(sportsStakeBatchSize)];
    const answers = await Promise.all([
      ...players.map((p) => placeBet(p.gameToken, [s])),
      placeBet(poor.gameToken, [s], { unitStake: 20_000 }),
      // The same slip twice at once: one bet, both answered with it.
      placeBet(players[0]!.gameToken, [s], { requestId: repeat }),
      placeBet(players[0]!.gameToken, [s], { requestId: repeat }),
    ]).then((all) => all.map((r) => r.json()));
    const [after, stakesAfter] = [await batchesSoFar(), await batchesSoFar(sportsStakeBatchSize)];

    const taken = answers.slice(0, 11);
    expect(taken.every((a) => a.status === 'success' && a.bet === 'open')).toBe(true);
    expect(answers[11]).toMatchObject({ status: 'refused', refusal: 'balance' });
    expect(answers[12]).toMatchObject({ status: 'success' });
    expect(answers[13]!.betId).toBe(answers[12]!.betId);
    // Fewer transactions than slips: they went together.
    expect(after.slips - before.slips).toBeGreaterThanOrEqual(13);
    expect(after.batches - before.batches).toBeLessThan(after.slips - before.slips);
    expect(stakesAfter.slips - stakesBefore.slips).toBeGreaterThanOrEqual(13);
    expect(stakesAfter.batches - stakesBefore.batches).toBeLessThan(stakesAfter.slips - stakesBefore.slips);

    const bets = await queryRows<{ status: string; n: number }>(
      t.db,
      sql`select b.status, count(*)::int as n from sb_bets b join sb_bet_legs l on l.bet_id = b.id
          where l.selection_id = ${s.id} group by b.status order by b.status`,
    );
    expect(bets).toEqual([
      { status: 'open', n: 12 },
      { status: 'refused', n: 1 },
    ]);
    // Each open bet adds 10,000 at 2.0 to the selection's liability; the refused one gave its back.
    expect(await liabilityOn(s.id)).toBe(12 * 10_000);
    expect((await balancesOf(t, players[0]!.token)).cash).toBe(30_000);
    expect((await balancesOf(t, players[1]!.token)).cash).toBe(40_000);
    expect((await balancesOf(t, poor.token)).cash).toBe(10_000);
    await expectSoundLedger(t.db);
  });
});

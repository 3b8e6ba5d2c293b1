import { describe, expect, it } from 'vitest';
import { useHouseApp } from '../../../../test/support/house.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { launchedPlayer, launchGame } from '../../../../test/support/wallet.ts';
import {
  handValue,
  MAX_CARDS,
  replayRound,
  totalReturn,
  totalStake,
} from '../../../shared/games/blackjack.ts';
import { totalReturn as rouletteReturn, spinRoulette } from '../../../shared/games/roulette.ts';
import { playedFromLink } from '../../../shared/games/verify-link.ts';
import { floatsFor } from './seeds.ts';

const TABLES = { code: 'blackjack', company: 'royal-tables' };

/**
 * The bet history's verify link recomputes the round that was played: a table round's outcome depends on
 * what was bet (roulette's spots, blackjack's bet, rules and moves), so the link carries it, and the
 * verify page (playedFromLink) replays the same cards and the same return.
 */
describe.runIf(backendAvailable)('the bet history’s verify links', () => {
  const { t, house } = useHouseApp();

  it('replay a blackjack round with its bet and moves, and a roulette spin with its bets', async () => {
    const p = await launchedPlayer(t, 2_000_000, TABLES);
    const BET = 50_000;
    // Hands until one took a card after the deal: its moves decide which cards the dealer draws.
    let hand: { roundId: string; stake: number; payout: number; view: { dealer: string[]; moves: string[] } };
    do {
      let reply = (await house('blackjack', { token: p.gameToken, game: 'blackjack', bet: BET })).json();
      while (reply.view.phase !== 'done') {
        const own = handValue(reply.view.hands[reply.view.active].cards).total;
        const move = reply.view.phase === 'insurance' ? 'noInsurance' : own < 16 ? 'hit' : 'stand';
        reply = (await house('move', { token: p.gameToken, roundId: reply.roundId, move })).json();
      }
      hand = reply;
    } while (!hand.view.moves.includes('hit'));
    const rouletteToken = await launchGame(t, p.token, { code: 'roulette', company: 'royal-tables' });
    const bets = { red: 5_000, 'straight:17': 1_000, 'dozen:3': 2_000 };
    const spin = (await house('roulette', { token: rouletteToken, game: 'roulette', bets })).json();
    const { revealed } = (await house('seed', { token: p.gameToken, clientSeed: 'verify-links' })).json();

    const list = (await t.call('get-slot-bets-list', {}, { token: p.token })).json().list as {
      roundId: string;
      verifyUrl: string;
    }[];
    const linkOf = (roundId: string) =>
      new URL(list.find((r) => r.roundId === roundId)!.verifyUrl, 'http://x').searchParams;

    // The blackjack link, as the verify page reads it (it falls back to a 1,000 bet and no moves).
    const link = linkOf(hand.roundId);
    const played = playedFromLink(link);
    const seed = {
      serverSeed: revealed.serverSeed,
      clientSeed: link.get('clientSeed')!,
      nonce: Number(link.get('nonce')),
    };
    const replayed = replayRound(
      played.bet ?? 1_000,
      played.moves ?? [],
      await floatsFor(seed, MAX_CARDS),
      played.rules ?? { dealerHitsSoft17: false },
    );
    expect(replayed.dealer).toEqual(hand.view.dealer);
    expect([totalStake(replayed), totalReturn(replayed)]).toEqual([hand.stake, hand.payout]);

    const spinLink = linkOf(spin.roundId);
    const spinPlayed = playedFromLink(spinLink);
    const [float] = await floatsFor(
      {
        serverSeed: revealed.serverSeed,
        clientSeed: spinLink.get('clientSeed')!,
        nonce: Number(spinLink.get('nonce')),
      },
      1,
    );
    const recomputed = spinRoulette(spinPlayed.bets ?? {}, float!, {
      laPartage: spinPlayed.laPartage ?? false,
    });
    expect(recomputed).toEqual(spin.outcome);
    expect(rouletteReturn(recomputed)).toBe(spin.payout);
  });
});

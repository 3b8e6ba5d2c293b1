import type { BlackjackMove, BlackjackRules } from './blackjack.ts';

/**
 * What a roulette spin or a blackjack round was played with, beyond its seeds and nonce: the verify page
 * needs it to recompute the round (a roulette spin's returns, a blackjack round's cards after each move).
 * The bet history's verify link carries it in its query (`verifyLinkParams`), the page reads it back
 * (`playedFromLink`): the same code on the server and in the browser.
 */
export interface PlayedTable {
  /** Roulette: the stake on each spot, and whether la partage applied. */
  bets?: Record<string, number>;
  laPartage?: boolean;
  /** Blackjack: the first bet, the rules and the moves. */
  bet?: number;
  rules?: BlackjackRules;
  moves?: BlackjackMove[];
}

const MOVES: readonly string[] = ['insure', 'noInsurance', 'hit', 'stand', 'double', 'split'];

/** The query parameters of what a round of `engine` was played with (its round's `bet` record, and roulette's outcome). */
export function verifyLinkParams(engine: string, bet: unknown, outcome: unknown): Record<string, string> {
  if (engine === 'roulette') {
    const laPartage = (outcome as { laPartage?: boolean } | null)?.laPartage === true;
    return { bets: JSON.stringify(bet ?? {}), ...(laPartage ? { laPartage: '1' } : {}) };
  }
  if (engine === 'blackjack') {
    const played = bet as { bet: number; rules?: BlackjackRules; moves?: BlackjackMove[] };
    return {
      bet: String(played.bet),
      moves: (played.moves ?? []).join(','),
      ...(played.rules?.dealerHitsSoft17 ? { h17: '1' } : {}),
    };
  }
  return {};
}

/** What the verify link says the round was played with; anything malformed is left out (the player may type it). */
export function playedFromLink(params: URLSearchParams): PlayedTable {
  const played: PlayedTable = {};
  const bets = params.get('bets');
  if (bets) {
    try {
      const parsed: unknown = JSON.parse(bets);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        played.bets = Object.fromEntries(
          Object.entries(parsed).filter((e): e is [string, number] => Number.isSafeInteger(e[1])),
        );
      }
    } catch {
      // Not JSON: no bets; the page still shows the pocket.
    }
  }
  if (params.has('laPartage')) played.laPartage = params.get('laPartage') === '1';
  const bet = Number(params.get('bet'));
  if (params.has('bet') && Number.isSafeInteger(bet) && bet > 0) played.bet = bet;
  if (params.has('bet') || params.has('h17')) played.rules = { dealerHitsSoft17: params.get('h17') === '1' };
  const moves = params.get('moves');
  if (moves !== null) {
    played.moves = moves
      .split(',')
      .map((m) => m.trim())
      .filter((m): m is BlackjackMove => MOVES.includes(m));
  }
  return played;
}

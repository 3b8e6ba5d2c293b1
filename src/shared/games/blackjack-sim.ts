/**
 * Plays blackjack hands by basic strategy through the real round engine, with any source of numbers
 * in [0, 1): the check of the exact return (a test with a few hundred thousand hands, and
 * `npm run bench:blackjack` with ten million).
 */
import { applyMove, type BlackjackRules, startRound, totalReturn, totalStake } from './blackjack.ts';
import { basicStrategy } from './blackjack-ev.ts';

/** A small fast generator (xorshift32): the simulation needs speed, not secrecy. */
export function xorshift(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 4_294_967_296;
  };
}

export interface SimResult {
  hands: number;
  /** The mean return per unit of first bet, and the standard deviation of one hand's net result. */
  meanReturn: number;
  sd: number;
  /** What came back per unit staked (doubles, splits and insurance included). */
  returnPerStake: number;
}

export function simulate(hands: number, rules: BlackjackRules, random: () => number): SimResult {
  const bet = 2;
  let sum = 0;
  let sumSq = 0;
  let staked = 0;
  let returned = 0;
  const floats: number[] = [];
  for (let i = 0; i < hands; i++) {
    floats.length = 0;
    for (let k = 0; k < 16; k++) floats.push(random());
    for (;;) {
      try {
        let state = startRound(bet, floats, rules);
        while (state.phase !== 'done') state = applyMove(state, basicStrategy(state), floats);
        const net = (totalReturn(state) - totalStake(state)) / bet;
        sum += net;
        sumSq += net * net;
        staked += totalStake(state);
        returned += totalReturn(state);
        break;
      } catch {
        // A round that needs more cards replays with the same first numbers and more after them.
        for (let k = 0; k < 16; k++) floats.push(random());
      }
    }
  }
  const mean = sum / hands;
  return {
    hands,
    meanReturn: 1 + mean,
    sd: Math.sqrt(sumSq / hands - mean * mean),
    returnPerStake: returned / staked,
  };
}

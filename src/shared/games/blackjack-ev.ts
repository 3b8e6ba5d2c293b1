/**
 * The exact expected return of blackjack under the published rules (blackjack.ts), and the basic
 * strategy that reaches it. Every card is drawn from a full deck, so each card's chance is fixed
 * (1/13 each rank, 4/13 a ten) and the computation is exact: the dealer's final totals by recursion
 * over the dealer's hand (conditioned on no blackjack once the dealer has peeked), then for every
 * player hand the best of stand, hit, double and split by recursion over the player's hand.
 */
import {
  type BlackjackMove,
  type BlackjackRules,
  type BlackjackState,
  cardPoints,
  legalMoves,
} from './blackjack.ts';

const VALUES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const p = (v: number) => (v === 10 ? 4 / 13 : 1 / 13);
const totalOf = (hard: number, ace: boolean) => (ace && hard + 10 <= 21 ? hard + 10 : hard);

/** The dealer's final totals 17..21 (index 0..4) and bust (index 5), given the up card, having peeked. */
function dealerOutcomes(up: number, rules: BlackjackRules): number[] {
  const memo = new Map<string, number[]>();
  const from = (hard: number, ace: boolean): number[] => {
    const key = `${hard}:${ace}`;
    const known = memo.get(key);
    if (known) return known;
    const total = totalOf(hard, ace);
    const out = [0, 0, 0, 0, 0, 0];
    const soft = ace && hard + 10 <= 21;
    if (total > 21) out[5] = 1;
    else if (total > 17 || (total === 17 && !(soft && rules.dealerHitsSoft17))) out[total - 17] = 1;
    else
      for (const v of VALUES) {
        const next = from(hard + v, ace || v === 1);
        for (let i = 0; i < 6; i++) out[i]! += p(v) * next[i]!;
      }
    memo.set(key, out);
    return out;
  };
  // The hole card cannot make a blackjack: the round would have ended at the peek.
  const holes = VALUES.filter((v) => !(up === 1 && v === 10) && !(up === 10 && v === 1));
  const mass = holes.reduce((s, v) => s + p(v), 0);
  const out = [0, 0, 0, 0, 0, 0];
  for (const v of holes) {
    const next = from(up + v, up === 1 || v === 1);
    for (let i = 0; i < 6; i++) out[i]! += (p(v) / mass) * next[i]!;
  }
  return out;
}

/** A player's expected results against one up card, per unit of the hand's stake. */
export function handEvs(up: number, rules: BlackjackRules) {
  const dealer = dealerOutcomes(up, rules);
  const stand = (total: number) => {
    if (total > 21) return -1;
    let ev = dealer[5]!;
    for (let d = 17; d <= 21; d++) ev += total > d ? dealer[d - 17]! : total < d ? -dealer[d - 17]! : 0;
    return ev;
  };
  const memo = new Map<string, number>();
  /** The best of standing and hitting on, after the first decision. */
  const best = (hard: number, ace: boolean): number =>
    hard > 21 ? -1 : Math.max(stand(totalOf(hard, ace)), hit(hard, ace));
  const hit = (hard: number, ace: boolean): number => {
    const key = `${hard}:${ace}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let ev = 0;
    for (const v of VALUES) ev += p(v) * best(hard + v, ace || v === 1);
    memo.set(key, ev);
    return ev;
  };
  const double = (hard: number, ace: boolean) => {
    let ev = 0;
    for (const v of VALUES) ev += p(v) * 2 * stand(totalOf(hard + v, ace || v === 1));
    return ev;
  };
  /** A two-card hand that may still double. */
  const opening = (hard: number, ace: boolean) =>
    Math.max(stand(totalOf(hard, ace)), hit(hard, ace), double(hard, ace));
  /** Both hands of a split of `v`s: each takes a card; aces then stand, others play on (no resplit). */
  const split = (v: number) => {
    let ev = 0;
    for (const w of VALUES) {
      const ace = v === 1 || w === 1;
      ev +=
        p(w) *
        (v === 1
          ? stand(totalOf(1 + w, true))
          : totalOf(v + w, ace) === 21
            ? stand(21)
            : opening(v + w, ace));
    }
    return 2 * ev;
  };
  return { stand, hit, double, split, opening, best, dealer };
}

type Evs = ReturnType<typeof handEvs>;
const cache = new Map<string, Evs[]>();
function evsFor(rules: BlackjackRules): Evs[] {
  const key = JSON.stringify(rules);
  let evs = cache.get(key);
  if (!evs) {
    evs = VALUES.map((up) => handEvs(up, rules));
    cache.set(key, evs);
  }
  return evs;
}

/** The exact expected return per unit of the first bet (insurance never taken, as basic strategy says). */
export function exactReturn(rules: BlackjackRules): number {
  const evs = evsFor(rules);
  let ev = 0;
  for (const up of VALUES) {
    const e = evs[up - 1]!;
    const peekBj = up === 1 ? 4 / 13 : up === 10 ? 1 / 13 : 0;
    for (const a of VALUES)
      for (const b of VALUES) {
        const chance = p(up) * p(a) * p(b);
        const natural = (a === 1 && b === 10) || (a === 10 && b === 1);
        if (natural) {
          ev += chance * (1 - peekBj) * 1.5;
          continue;
        }
        const hard = a + b;
        const ace = a === 1 || b === 1;
        const play = Math.max(e.opening(hard, ace), a === b ? e.split(a) : -Infinity);
        ev += chance * (peekBj * -1 + (1 - peekBj) * play);
      }
  }
  return 1 + ev;
}

/** The basic-strategy move for the state: the one with the highest expected return. */
export function basicStrategy(state: BlackjackState): BlackjackMove {
  const legal = legalMoves(state);
  if (state.phase === 'insurance') return 'noInsurance';
  const e = evsFor(state.rules)[cardPoints(state.dealer[0]!) - 1]!;
  const hand = state.hands[state.active]!;
  const points = hand.cards.map(cardPoints);
  const hard = points.reduce((a, b) => a + b, 0);
  const ace = points.includes(1);
  let move: BlackjackMove = 'stand';
  let bestEv = e.stand(totalOf(hard, ace));
  const consider = (m: BlackjackMove, ev: number) => {
    if (legal.includes(m) && ev > bestEv) {
      move = m;
      bestEv = ev;
    }
  };
  consider('hit', e.hit(hard, ace));
  consider('double', e.double(hard, ace));
  consider('split', e.split(points[0]!));
  return move;
}

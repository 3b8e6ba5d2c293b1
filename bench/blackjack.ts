/**
 * Ten million blackjack hands by basic strategy through the round engine, against the exact return
 * (docs/games.md#blackjack). `npm run bench:blackjack [hands] [h17]`.
 */
import { exactReturn } from '../src/shared/games/blackjack-ev.ts';
import { simulate, xorshift } from '../src/shared/games/blackjack-sim.ts';

const hands = Number(process.argv[2] ?? 10_000_000);
const rules = { dealerHitsSoft17: process.argv[3] === 'h17' };
const started = Date.now();
const result = simulate(hands, rules, xorshift(Date.now()));
const exact = exactReturn(rules);
const se = result.sd / Math.sqrt(hands);
console.log(
  JSON.stringify(
    {
      rules,
      hands,
      exact: (exact * 100).toFixed(4),
      simulated: (result.meanReturn * 100).toFixed(4),
      standardError: (se * 100).toFixed(4),
      sigmas: ((result.meanReturn - exact) / se).toFixed(2),
      returnPerStake: (result.returnPerStake * 100).toFixed(4),
      seconds: Math.round((Date.now() - started) / 1000),
    },
    null,
    2,
  ),
);

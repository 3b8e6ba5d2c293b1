/**
 * Single-zero (European) roulette: the wheel's 37 pockets, every bet the table takes and what each
 * pays. Pure and shared, so the server settles, the table draws and the verify page recomputes with
 * the same code. With la partage (a table option) an even-money bet loses only half its stake on zero.
 */
export const POCKETS = 37;
export const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
/** The wheel's order, clockwise from zero (for drawing it). */
export const WHEEL_ORDER = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22,
  18, 29, 7, 28, 12, 35, 3, 26,
];

export type RouletteBetType =
  | 'straight'
  | 'split'
  | 'street'
  | 'corner'
  | 'line'
  | 'dozen'
  | 'column'
  | 'red'
  | 'black'
  | 'odd'
  | 'even'
  | 'low'
  | 'high';

export interface RouletteSpot {
  type: RouletteBetType;
  numbers: number[];
  /** Pays this many to one. */
  pays: number;
}

/** Even-money bets: the ones la partage halves on zero. */
export const EVEN_MONEY: RouletteBetType[] = ['red', 'black', 'odd', 'even', 'low', 'high'];
const PAYS: Record<RouletteBetType, number> = {
  straight: 35,
  split: 17,
  street: 11,
  corner: 8,
  line: 5,
  dozen: 2,
  column: 2,
  red: 1,
  black: 1,
  odd: 1,
  even: 1,
  low: 1,
  high: 1,
};

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const spot = (type: RouletteBetType, numbers: number[]): [string, RouletteSpot] => [
  EVEN_MONEY.includes(type) ? type : `${type}:${numbers.join('-')}`,
  { type, numbers, pays: PAYS[type] },
];

/**
 * Every spot on the layout, by key: `straight:17`, `split:17-20`, `street:13-14-15`, `corner:13-14-16-17`,
 * `line:13-14-15-16-17-18`, `dozen:1`..`dozen:3`, `column:1`..`column:3`, `red`, `black`, `odd`,
 * `even`, `low`, `high`. Zero makes splits with 1, 2 and 3, the streets 0-1-2 and 0-2-3 and the
 * corner 0-1-2-3. Numbers sit three to a column: 1, 2, 3 in the first, 34, 35, 36 in the last.
 */
export const SPOTS: ReadonlyMap<string, RouletteSpot> = new Map([
  ...range(0, 36).map((n) => spot('straight', [n])),
  ...[1, 2, 3].map((n) => spot('split', [0, n])),
  ...range(1, 33).map((n) => spot('split', [n, n + 3])),
  ...range(1, 36)
    .filter((n) => n % 3 !== 0)
    .map((n) => spot('split', [n, n + 1])),
  spot('street', [0, 1, 2]),
  spot('street', [0, 2, 3]),
  ...range(0, 11).map((c) => spot('street', [3 * c + 1, 3 * c + 2, 3 * c + 3])),
  spot('corner', [0, 1, 2, 3]),
  ...range(1, 32)
    .filter((n) => n % 3 !== 0)
    .map((n) => spot('corner', [n, n + 1, n + 3, n + 4])),
  ...range(0, 10).map((c) => spot('line', range(3 * c + 1, 3 * c + 6))),
  ...[1, 2, 3].map((d): [string, RouletteSpot] => [
    `dozen:${d}`,
    { type: 'dozen', numbers: range(12 * d - 11, 12 * d), pays: 2 },
  ]),
  ...[1, 2, 3].map((c): [string, RouletteSpot] => [
    `column:${c}`,
    { type: 'column', numbers: range(0, 11).map((r) => 3 * r + c), pays: 2 },
  ]),
  spot(
    'red',
    [...RED].sort((a, b) => a - b),
  ),
  spot(
    'black',
    range(1, 36).filter((n) => !RED.has(n)),
  ),
  spot(
    'odd',
    range(1, 36).filter((n) => n % 2 === 1),
  ),
  spot(
    'even',
    range(1, 36).filter((n) => n % 2 === 0),
  ),
  spot('low', range(1, 18)),
  spot('high', range(19, 36)),
]);

export type RouletteBets = Record<string, number>;
export interface RouletteRules {
  laPartage: boolean;
}
export interface RouletteOutcome {
  number: number;
  color: 'green' | 'red' | 'black';
  /** What each bet returned, stake included (0 for a lost bet). */
  returns: Record<string, number>;
  /** The table ran with la partage. */
  laPartage: boolean;
}

export const colorOf = (n: number): RouletteOutcome['color'] =>
  n === 0 ? 'green' : RED.has(n) ? 'red' : 'black';

/** The pocket a fair number in [0, 1) lands in. */
export const pocketFromFloat = (float: number) => Math.floor(float * POCKETS);

/** What one bet returns when `number` comes up, stake included; amounts are whole minor units, rounded down. */
export function spotReturn(key: string, amount: number, number: number, rules: RouletteRules): number {
  const s = SPOTS.get(key);
  if (!s) throw new Error(`no such bet: ${key}`);
  if (s.numbers.includes(number)) return amount * (s.pays + 1);
  if (number === 0 && rules.laPartage && EVEN_MONEY.includes(s.type)) return Math.floor(amount / 2);
  return 0;
}

/** Spins the wheel for the bets: the pocket, its colour and each bet's return. */
export function spinRoulette(bets: RouletteBets, float: number, rules: RouletteRules): RouletteOutcome {
  const number = pocketFromFloat(float);
  const returns: Record<string, number> = {};
  for (const [key, amount] of Object.entries(bets)) returns[key] = spotReturn(key, amount, number, rules);
  return { number, color: colorOf(number), returns, laPartage: rules.laPartage };
}

export const totalReturn = (outcome: RouletteOutcome) =>
  Object.values(outcome.returns).reduce((a, b) => a + b, 0);

/** The exact return to player of one bet: its summed return over the 37 pockets, per unit staked, over 37. */
export function exactSpotRtp(key: string, rules: RouletteRules): { returned: number; staked: number } {
  // A stake of 2 keeps la partage's half whole.
  let returned = 0;
  for (let n = 0; n < POCKETS; n++) returned += spotReturn(key, 2, n, rules);
  return { returned, staked: 2 * POCKETS };
}

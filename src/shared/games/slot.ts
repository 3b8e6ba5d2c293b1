import { PAYLINES, REELS, ROWS } from './slot-machine.ts';

/**
 * The built-in 5-reel, 3-row, 10-line slot: reel strips, paytable and line evaluation. Pure and
 * shared, so the server settles, the verify page recomputes and a test derives the exact RTP.
 */
export const SYMBOLS = ['wild', 'seven', 'crown', 'bell', 'bar', 'plum', 'lemon', 'cherry'] as const;
export type SlotSymbol = (typeof SYMBOLS)[number];

/** The same reels, rows and ten lines as every other built-in machine. */
export { PAYLINES, REELS, ROWS };

/** Pays for 3, 4 and 5 of a kind from the leftmost reel, in multiples of the line bet. */
export const PAYTABLE: Record<SlotSymbol, [number, number, number]> = {
  wild: [25, 125, 1000],
  seven: [20, 80, 500],
  crown: [15, 50, 200],
  bell: [12, 30, 120],
  bar: [10, 25, 100],
  plum: [6, 15, 60],
  lemon: [5, 12, 50],
  cherry: [4, 10, 40],
};

/** How often each symbol stands on each 25-stop reel strip (the strips interleave these copies). */
export const REEL_WEIGHTS: Record<SlotSymbol, [number, number, number, number, number]> = {
  wild: [2, 2, 2, 2, 2],
  seven: [2, 2, 2, 2, 2],
  crown: [2, 2, 2, 2, 2],
  bell: [3, 3, 3, 3, 3],
  bar: [3, 3, 3, 3, 3],
  plum: [4, 4, 4, 4, 4],
  lemon: [4, 4, 4, 4, 4],
  cherry: [5, 5, 5, 5, 5],
};

/** Spreads each symbol's copies evenly along the strip, so no reel shows long runs of one symbol. */
function buildStrip(reel: number): SlotSymbol[] {
  const slots: { symbol: SlotSymbol; at: number }[] = [];
  for (const symbol of SYMBOLS) {
    const n = REEL_WEIGHTS[symbol][reel]!;
    for (let k = 0; k < n; k++) slots.push({ symbol, at: (k + 0.5) / n + SYMBOLS.indexOf(symbol) * 1e-3 });
  }
  return slots.sort((a, b) => a.at - b.at).map((s) => s.symbol);
}

/** Each reel's strip starts at a different point, so the reels do not spin in lockstep. */
export const STRIPS: SlotSymbol[][] = Array.from({ length: REELS }, (_, r) => {
  const strip = buildStrip(r);
  const shift = (r * 7) % strip.length;
  return [...strip.slice(shift), ...strip.slice(0, shift)];
});

/** The 3 visible symbols of each reel when it stops at `stop` (the middle row). */
export function windowOf(stops: number[]): SlotSymbol[][] {
  return stops.map((stop, r) => {
    const strip = STRIPS[r]!;
    const n = strip.length;
    return [strip[(stop - 1 + n) % n]!, strip[stop % n]!, strip[(stop + 1) % n]!];
  });
}

/** What one line pays, in line bets: the better of the leading-wild run and the first symbol's run. */
export function linePay(symbols: SlotSymbol[]): { symbol: SlotSymbol; count: number; pay: number } {
  let wildRun = 0;
  while (wildRun < symbols.length && symbols[wildRun] === 'wild') wildRun++;
  const target = symbols.find((s) => s !== 'wild') ?? 'wild';
  let run = 0;
  while (run < symbols.length && (symbols[run] === target || symbols[run] === 'wild')) run++;
  const pays = (symbol: SlotSymbol, count: number) => (count >= 3 ? PAYTABLE[symbol][count - 3]! : 0);
  const wildPay = pays('wild', wildRun);
  const targetPay = pays(target, run);
  return wildPay >= targetPay
    ? { symbol: 'wild', count: wildRun, pay: wildPay }
    : { symbol: target, count: run, pay: targetPay };
}

export interface SpinResult {
  stops: number[];
  window: SlotSymbol[][];
  lines: { line: number; symbol: SlotSymbol; count: number; pay: number }[];
  /** Total win in line bets. */
  multiplier: number;
}

export function evaluateStops(stops: number[]): SpinResult {
  const window = windowOf(stops);
  const lines: SpinResult['lines'] = [];
  PAYLINES.forEach((rows, line) => {
    const result = linePay(rows.map((row, reel) => window[reel]![row]!));
    if (result.pay > 0) lines.push({ line, ...result });
  });
  return { stops, window, lines, multiplier: lines.reduce((sum, l) => sum + l.pay, 0) };
}

/** A spin from the round's fair numbers: one per reel. */
export function spinFromFloats(floats: number[]): SpinResult {
  return evaluateStops(STRIPS.map((strip, r) => Math.floor(floats[r]! * strip.length)));
}

/**
 * The exact return to player: every line sees, on each reel, each strip symbol with its frequency,
 * independently across reels, so one line's expectation over all 8^5 symbol tuples, divided by
 * the line bet, is the RTP (every line has the same distribution).
 */
export function theoreticalRtp(): number {
  const freq = STRIPS.map((strip) => {
    const m = new Map<SlotSymbol, number>();
    for (const s of strip) m.set(s, (m.get(s) ?? 0) + 1 / strip.length);
    return [...m.entries()];
  });
  let expected = 0;
  const walk = (reel: number, symbols: SlotSymbol[], p: number) => {
    if (reel === REELS) {
      expected += p * linePay(symbols).pay;
      return;
    }
    for (const [symbol, q] of freq[reel]!) walk(reel + 1, [...symbols, symbol], p * q);
  };
  walk(0, [], 1);
  return expected;
}

/**
 * The generic 5-reel, 3-row line slot every built-in slot runs on: a machine is data (reel strips,
 * paytable, wild, scatter) plus one feature. Pure and shared, so the server settles, the verify page
 * recomputes every spin (features included) and tests derive each machine's exact RTP.
 */
export const REELS = 5;
export const ROWS = 3;

/** Row of each reel for every payline (0 top, 1 middle, 2 bottom); the same ten lines on every machine. */
export const PAYLINES: number[][] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 1, 1, 1, 0],
];

/** Free spins: `count` scatters anywhere start `spins` extra spins whose wins are multiplied. */
export interface FreeSpinsFeature {
  kind: 'freeSpins';
  scatter: string;
  trigger: number;
  spins: number;
  winMultiplier: number;
}
/** A wild landing anywhere on one of `reels` fills that whole reel before the lines are read. */
export interface ExpandingWildsFeature {
  kind: 'expandingWilds';
  reels: number[];
}
/** One more fair number picks a multiplier for the spin's whole win, by these weights. */
export interface MultiplierFeature {
  kind: 'multiplier';
  values: { value: number; weight: number }[];
}
export type SlotFeature = FreeSpinsFeature | ExpandingWildsFeature | MultiplierFeature;

export interface SlotMachine {
  code: string;
  symbols: readonly string[];
  wild: string;
  /** Pays for 3, 4 and 5 of a kind from the leftmost reel, in line bets (a scatter has none). */
  paytable: Record<string, [number, number, number]>;
  strips: string[][];
  feature: SlotFeature | null;
}

export interface LineWin {
  line: number;
  symbol: string;
  count: number;
  pay: number;
}

/** One set of reels as they landed and as they were read (after any expanding wild). */
export interface ReelsResult {
  stops: number[];
  window: string[][];
  lines: LineWin[];
  /** Line wins in line bets, before any feature multiplier. */
  pay: number;
}

export type FeatureResult =
  | { kind: 'freeSpins'; scatters: number; winMultiplier: number; spins: ReelsResult[] }
  | { kind: 'expandingWilds'; reels: number[]; landed: string[][] }
  | { kind: 'multiplier'; value: number };

export interface SlotOutcome extends ReelsResult {
  /** The feature's result when it played (free spins won, wilds expanded, a multiplier above 1). */
  feature: FeatureResult | null;
  /** Total win in line bets, features included: the payout is this times the line bet. */
  multiplier: number;
}

/** Spreads each symbol's copies evenly along a strip, so no reel shows long runs of one symbol. */
export function buildStrip(symbols: readonly string[], counts: Record<string, number>, shift: number) {
  const slots: { symbol: string; at: number }[] = [];
  symbols.forEach((symbol, i) => {
    const n = counts[symbol] ?? 0;
    for (let k = 0; k < n; k++) slots.push({ symbol, at: (k + 0.5) / n + i * 1e-3 });
  });
  const strip = slots.sort((a, b) => a.at - b.at).map((s) => s.symbol);
  const at = shift % strip.length;
  return [...strip.slice(at), ...strip.slice(0, at)];
}

/** The 3 visible symbols of each reel when it stops at `stop` (the middle row). */
export function windowOf(machine: SlotMachine, stops: number[]): string[][] {
  const window: string[][] = [];
  for (let r = 0; r < stops.length; r++) {
    const strip = machine.strips[r]!;
    const n = strip.length;
    const stop = stops[r]!;
    window.push([strip[(stop - 1 + n) % n]!, strip[stop % n]!, strip[(stop + 1) % n]!]);
  }
  return window;
}

const scatterOf = (machine: SlotMachine) =>
  machine.feature?.kind === 'freeSpins' ? machine.feature.scatter : null;

/** What one line pays, in line bets: the better of the leading-wild run and the first symbol's run. */
export function linePay(machine: SlotMachine, symbols: string[]): Omit<LineWin, 'line'> {
  const { wild, paytable } = machine;
  const scatter = scatterOf(machine);
  let wildRun = 0;
  while (wildRun < symbols.length && symbols[wildRun] === wild) wildRun++;
  const target = wildRun < symbols.length ? symbols[wildRun]! : wild;
  let run = 0;
  if (target !== scatter) {
    while (run < symbols.length && (symbols[run] === target || symbols[run] === wild)) run++;
  }
  const pays = (symbol: string, count: number) => (count >= 3 ? (paytable[symbol]?.[count - 3] ?? 0) : 0);
  const wildPay = pays(wild, wildRun);
  const targetPay = pays(target, run);
  return wildPay >= targetPay
    ? { symbol: wild, count: wildRun, pay: wildPay }
    : { symbol: target, count: run, pay: targetPay };
}

/** Reads the ten lines of a window as shown (plain loops: a million-spin simulation runs this). */
export function readLines(machine: SlotMachine, window: string[][]): LineWin[] {
  const lines: LineWin[] = [];
  const symbols: string[] = new Array(REELS);
  for (let line = 0; line < PAYLINES.length; line++) {
    const rows = PAYLINES[line]!;
    for (let reel = 0; reel < REELS; reel++) symbols[reel] = window[reel]![rows[reel]!]!;
    const result = linePay(machine, symbols);
    if (result.pay > 0) lines.push({ line, symbol: result.symbol, count: result.count, pay: result.pay });
  }
  return lines;
}

/** Fills every feature reel that shows a wild with wilds. */
export function expandWilds(machine: SlotMachine, window: string[][], reels: number[]): string[][] {
  return window.map((column, r) =>
    reels.includes(r) && column.includes(machine.wild) ? column.map(() => machine.wild) : column,
  );
}

export const scattersIn = (window: string[][], scatter: string) =>
  window.reduce((n, column) => n + column.filter((s) => s === scatter).length, 0);

/** Stops the reels with the next five fair numbers and reads the lines (expanding wilds first). */
function spinReels(machine: SlotMachine, draw: () => number): ReelsResult & { landed: string[][] } {
  const stops: number[] = [];
  for (const strip of machine.strips) stops.push(Math.floor(draw() * strip.length));
  const landed = windowOf(machine, stops);
  const f = machine.feature;
  const window = f?.kind === 'expandingWilds' ? expandWilds(machine, landed, f.reels) : landed;
  const lines = readLines(machine, window);
  let pay = 0;
  for (const l of lines) pay += l.pay;
  return { stops, window, landed, lines, pay };
}

/** Picks a weighted value with one fair number. */
export function pickWeighted(values: { value: number; weight: number }[], u: number): number {
  const total = values.reduce((sum, v) => sum + v.weight, 0);
  let at = u * total;
  for (const v of values) {
    if (at < v.weight) return v.value;
    at -= v.weight;
  }
  return values.at(-1)!.value;
}

/** The most fair numbers a round of this machine can use (the verify page and server fetch this many). */
export function floatsPerRound(machine: SlotMachine): number {
  const f = machine.feature;
  if (f?.kind === 'freeSpins') return REELS * (1 + f.spins);
  if (f?.kind === 'multiplier') return REELS + 1;
  return REELS;
}

/** Reads the round's fair numbers in order; running out is a programming error, never a silent default. */
export function drawFrom(floats: number[]): () => number {
  let next = 0;
  return () => {
    const u = floats[next++];
    if (u === undefined) throw new Error('the round ran out of fair numbers');
    return u;
  };
}

/**
 * One paid spin with its feature: the base reels from numbers 1–5; free spins use five more each
 * (no retrigger); the multiplier uses number 6.
 */
export function playSpin(machine: SlotMachine, draw: () => number): SlotOutcome {
  const { landed, ...base } = spinReels(machine, draw);
  const f = machine.feature;
  let feature: FeatureResult | null = null;
  let multiplier = base.pay;
  if (f?.kind === 'expandingWilds') {
    const reels = f.reels.filter((r) => landed[r]!.includes(machine.wild));
    if (reels.length > 0) feature = { kind: 'expandingWilds', reels, landed };
  } else if (f?.kind === 'multiplier') {
    const value = pickWeighted(f.values, draw());
    // The wheel turns every spin; it counts as the feature only when it multiplies a win.
    if (value > 1 && base.pay > 0) feature = { kind: 'multiplier', value };
    multiplier = base.pay * value;
  } else if (f?.kind === 'freeSpins') {
    const scatters = scattersIn(base.window, f.scatter);
    if (scatters >= f.trigger) {
      const spins = Array.from({ length: f.spins }, () => {
        const { landed: _, ...free } = spinReels(machine, draw);
        return free;
      });
      feature = { kind: 'freeSpins', scatters, winMultiplier: f.winMultiplier, spins };
      multiplier += spins.reduce((sum, s) => sum + s.pay * f.winMultiplier, 0);
    }
  }
  return { ...base, feature, multiplier };
}

export const spinFromFloats = (machine: SlotMachine, floats: number[]) => playSpin(machine, drawFrom(floats));

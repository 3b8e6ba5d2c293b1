import {
  expandWilds,
  linePay,
  PAYLINES,
  REELS,
  ROWS,
  type SlotMachine,
  scattersIn,
  windowOf,
} from './slot-machine.ts';

/**
 * The exact return to player of a machine, from its reel strips alone (no sampling).
 *
 * Each reel's stop is uniform over its strip and independent of the others. For each reel and row we
 * enumerate every stop and count which symbol that row shows after any expanding wild: one line's
 * symbols are then independent across reels, so a line's expected pay is the sum over all symbol
 * tuples of the product of those frequencies times its pay. Features add by linearity:
 * - multiplier: the multiplier's number is independent of the reels, so RTP = lines × E[multiplier];
 * - free spins: each free spin is a fresh base spin times the win multiplier, played only on a
 *   trigger, so RTP = lines × (1 + P(trigger) × spins × multiplier) (free spins do not retrigger).
 */
export interface RtpBreakdown {
  /** Return of the line wins of one base spin, per unit of total stake. */
  lines: number;
  /** Chance that a paid spin triggers its feature (for the multiplier: the wheel lands above ×1). */
  featureChance: number;
  rtp: number;
}

/** How often each reel/row shows each symbol, as read by the lines. */
export function rowFrequencies(machine: SlotMachine): Map<string, number>[][] {
  return machine.strips.map((strip, reel) => {
    const rows = Array.from({ length: ROWS }, () => new Map<string, number>());
    for (let stop = 0; stop < strip.length; stop++) {
      const stops = Array.from({ length: REELS }, (_, r) => (r === reel ? stop : 0));
      const landed = windowOf(machine, stops);
      const f = machine.feature;
      const window = f?.kind === 'expandingWilds' ? expandWilds(machine, landed, f.reels) : landed;
      window[reel]!.forEach((symbol, row) => {
        rows[row]!.set(symbol, (rows[row]!.get(symbol) ?? 0) + 1 / strip.length);
      });
    }
    return rows;
  });
}

/** Expected pay of one spin's lines, in line bets, summed over the ten lines. */
export function expectedLinePay(machine: SlotMachine): number {
  const freq = rowFrequencies(machine).map((rows) => rows.map((m) => [...m.entries()]));
  let expected = 0;
  for (const rows of PAYLINES) {
    const symbols: string[] = [];
    const walk = (reel: number, p: number) => {
      if (reel === REELS) {
        expected += p * linePay(machine, symbols).pay;
        return;
      }
      for (const [symbol, q] of freq[reel]![rows[reel]!]!) {
        symbols[reel] = symbol;
        walk(reel + 1, p * q);
      }
    };
    walk(0, 1);
  }
  return expected;
}

/** P(at least `trigger` scatters in the window): per-reel scatter counts, convolved across reels. */
export function scatterTriggerChance(machine: SlotMachine, scatter: string, trigger: number): number {
  let dist = [1];
  machine.strips.forEach((strip, reel) => {
    const perReel = Array.from({ length: ROWS + 1 }, () => 0);
    for (let stop = 0; stop < strip.length; stop++) {
      const stops = Array.from({ length: REELS }, (_, r) => (r === reel ? stop : 0));
      const column = windowOf(machine, stops)[reel]!;
      perReel[scattersIn([column], scatter)]! += 1 / strip.length;
    }
    const next = Array.from({ length: dist.length + ROWS }, () => 0);
    dist.forEach((p, have) => {
      perReel.forEach((q, add) => {
        next[have + add]! += p * q;
      });
    });
    dist = next;
  });
  return dist.slice(trigger).reduce((sum, p) => sum + p, 0);
}

export function theoreticalRtp(machine: SlotMachine): RtpBreakdown {
  const lines = expectedLinePay(machine) / PAYLINES.length;
  const f = machine.feature;
  if (f?.kind === 'multiplier') {
    const total = f.values.reduce((sum, v) => sum + v.weight, 0);
    const mean = f.values.reduce((sum, v) => sum + (v.value * v.weight) / total, 0);
    const above = f.values.filter((v) => v.value > 1).reduce((sum, v) => sum + v.weight / total, 0);
    return { lines, featureChance: above, rtp: lines * mean };
  }
  if (f?.kind === 'freeSpins') {
    const chance = scatterTriggerChance(machine, f.scatter, f.trigger);
    return { lines, featureChance: chance, rtp: lines * (1 + chance * f.spins * f.winMultiplier) };
  }
  if (f?.kind === 'expandingWilds') {
    // P(no reel expands) = product over feature reels of P(no wild in that reel's window).
    let none = 1;
    for (const reel of f.reels) {
      const strip = machine.strips[reel]!;
      let clear = 0;
      for (let stop = 0; stop < strip.length; stop++) {
        const stops = Array.from({ length: REELS }, (_, r) => (r === reel ? stop : 0));
        if (!windowOf(machine, stops)[reel]!.includes(machine.wild)) clear += 1 / strip.length;
      }
      none *= clear;
    }
    return { lines, featureChance: 1 - none, rtp: lines };
  }
  return { lines, featureChance: 0, rtp: lines };
}

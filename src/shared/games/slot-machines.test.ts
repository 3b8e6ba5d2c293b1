import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { syncRoundDraw } from '../../../test/support/slot-simulation.ts';
import { roundFloats } from './fairness.ts';
import { CLASSIC } from './machines/classic.ts';
import { FRUIT_FIESTA } from './machines/fruit-fiesta.ts';
import { GOLDEN_DRAGON, GOLDEN_DRAGON_WEIGHTS } from './machines/golden-dragon.ts';
import { MACHINES, machineOf, PUBLISHED } from './machines/index.ts';
import { LUCKY_SEVENS } from './machines/lucky-sevens.ts';
import { theoreticalRtp as classicRtp } from './slot.ts';
import {
  drawFrom,
  floatsPerRound,
  linePay,
  playSpin,
  type SlotMachine,
  spinFromFloats,
  windowOf,
} from './slot-machine.ts';
import { theoreticalRtp } from './slot-rtp.ts';

const hmac = async (key: string, message: string) => createHmac('sha256', key).update(message).digest();
const THREE = [GOLDEN_DRAGON, FRUIT_FIESTA, LUCKY_SEVENS];

/** Stops that put `symbol` on the middle row of each reel where the strip has one. */
const stopsShowing = (m: SlotMachine, symbol: string) => m.strips.map((s) => Math.max(0, s.indexOf(symbol)));
/** A draw that stops each reel at the given stops, then hands out the rest in order. */
const drawAt = (m: SlotMachine, stops: number[], rest: number[] = []) =>
  drawFrom([...stops.map((s, r) => (s + 0.5) / m.strips[r]!.length), ...rest]);

describe('three distinct slots', () => {
  it('each of the three themed games runs its own machine; the others the classic one', () => {
    expect(machineOf('golden-dragon')).toBe(GOLDEN_DRAGON);
    expect(machineOf('fruit-fiesta')).toBe(FRUIT_FIESTA);
    expect(machineOf('lucky-sevens')).toBe(LUCKY_SEVENS);
    expect(machineOf('ocean-treasure')).toBe(CLASSIC);
    expect(Object.keys(MACHINES)).toHaveLength(4);
  });

  it('have different symbols, reel strips, paytables and features', () => {
    for (const [i, a] of THREE.entries()) {
      for (const b of THREE.slice(i + 1)) {
        expect(a.paytable, `${a.code} vs ${b.code}`).not.toEqual(b.paytable);
        expect(a.strips).not.toEqual(b.strips);
        expect(a.symbols).not.toEqual(b.symbols);
        expect(a.feature?.kind).not.toBe(b.feature?.kind);
      }
      expect(a.paytable).not.toEqual(CLASSIC.paytable);
    }
    expect(GOLDEN_DRAGON.wild).toBe('dragon');
  });

  it('has strips that match the published weights', () => {
    for (let reel = 0; reel < 5; reel++) {
      for (const [symbol, weights] of Object.entries(GOLDEN_DRAGON_WEIGHTS)) {
        expect(GOLDEN_DRAGON.strips[reel]!.filter((s) => s === symbol)).toHaveLength(weights[reel]!);
      }
    }
  });

  it('publishes each machine’s exact RTP and feature chance', () => {
    for (const [code, machine] of Object.entries(MACHINES)) {
      const exact = theoreticalRtp(machine);
      expect(exact.rtp, code).toBeCloseTo(PUBLISHED[code]!.rtp, 9);
      expect(exact.featureChance, code).toBeCloseTo(PUBLISHED[code]!.featureChance, 9);
    }
  });

  it('the generic exact RTP reproduces the first slot’s published one', () => {
    expect(theoreticalRtp(CLASSIC).rtp).toBeCloseTo(classicRtp(), 12);
    expect(theoreticalRtp(CLASSIC).rtp).toBeCloseTo(0.9613848576, 9);
  });

  it('a pearl is no line symbol and the dragon substitutes for the others', () => {
    expect(linePay(GOLDEN_DRAGON, ['dragon', 'koi', 'dragon', 'koi', 'fan'])).toEqual({
      symbol: 'koi',
      count: 4,
      pay: GOLDEN_DRAGON.paytable.koi![1],
    });
    expect(linePay(GOLDEN_DRAGON, ['pearl', 'pearl', 'pearl', 'pearl', 'pearl']).pay).toBe(0);
    expect(linePay(GOLDEN_DRAGON, ['dragon', 'dragon', 'pearl', 'koi', 'koi']).pay).toBe(0);
  });

  it('Golden Dragon: three pearls play eight free spins at triple wins', () => {
    const stops = stopsShowing(GOLDEN_DRAGON, 'pearl');
    const freeStops = Array.from({ length: 40 }, (_, i) => ((i * 7) % 29) / 30 + 0.001);
    const outcome = playSpin(GOLDEN_DRAGON, drawAt(GOLDEN_DRAGON, stops, freeStops));
    expect(outcome.feature?.kind).toBe('freeSpins');
    if (outcome.feature?.kind !== 'freeSpins') return;
    expect(outcome.feature.scatters).toBe(3);
    expect(outcome.feature.spins).toHaveLength(8);
    const free = outcome.feature.spins.reduce((sum, s) => sum + s.pay, 0);
    expect(outcome.multiplier).toBe(outcome.pay + 3 * free);
    expect(floatsPerRound(GOLDEN_DRAGON)).toBe(45);
    // No trigger, no free spins, and only five numbers used.
    const plain = playSpin(GOLDEN_DRAGON, drawAt(GOLDEN_DRAGON, stopsShowing(GOLDEN_DRAGON, 'coin')));
    expect(plain.feature).toBeNull();
    expect(plain.multiplier).toBe(plain.pay);
  });

  it('Fruit Fiesta: a star on reels 2–4 fills its reel before the lines are read', () => {
    const stops = stopsShowing(FRUIT_FIESTA, 'star');
    const outcome = playSpin(FRUIT_FIESTA, drawAt(FRUIT_FIESTA, stops));
    expect(outcome.feature).toMatchObject({ kind: 'expandingWilds', reels: [1, 2, 3] });
    for (const r of [1, 2, 3]) expect(outcome.window[r]).toEqual(['star', 'star', 'star']);
    expect(outcome.window[0]).toEqual(windowOf(FRUIT_FIESTA, stops)[0]);
    // With three full wild reels every line pays at least three of reel 1's symbol.
    expect(outcome.lines).toHaveLength(10);
    expect(FRUIT_FIESTA.strips[0]).not.toContain('star');
    expect(FRUIT_FIESTA.strips[4]).not.toContain('star');
  });

  it('Lucky Sevens: the sixth number picks the win multiplier', () => {
    const stops = stopsShowing(LUCKY_SEVENS, 'seven');
    const x1 = playSpin(LUCKY_SEVENS, drawAt(LUCKY_SEVENS, stops, [0]));
    expect(x1.feature).toBeNull();
    expect(x1.multiplier).toBe(x1.pay);
    const x10 = playSpin(LUCKY_SEVENS, drawAt(LUCKY_SEVENS, stops, [0.9999]));
    expect(x10.feature).toEqual({ kind: 'multiplier', value: 10 });
    expect(x10.multiplier).toBe(x1.pay * 10);
    expect(x1.pay).toBeGreaterThanOrEqual(LUCKY_SEVENS.paytable.seven![2]!);
  });

  it('the simulation reads exactly the fair numbers the server and the verify page read', async () => {
    for (const machine of THREE) {
      for (let nonce = 0; nonce < 200; nonce++) {
        const seed = { serverSeed: 'cross-check', clientSeed: 'c', nonce };
        const floats = await roundFloats(hmac, seed, floatsPerRound(machine));
        expect(playSpin(machine, syncRoundDraw(seed.serverSeed, seed.clientSeed, nonce))).toEqual(
          spinFromFloats(machine, floats),
        );
      }
    }
  });
});

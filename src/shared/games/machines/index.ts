import type { SlotMachine } from '../slot-machine.ts';
import { CLASSIC } from './classic.ts';
import { FRUIT_FIESTA } from './fruit-fiesta.ts';
import { GOLDEN_DRAGON } from './golden-dragon.ts';
import { LUCKY_SEVENS } from './lucky-sevens.ts';

/** Every slot machine by its code; the verify page offers each of these. */
export const MACHINES: Record<string, SlotMachine> = {
  'golden-dragon': GOLDEN_DRAGON,
  'fruit-fiesta': FRUIT_FIESTA,
  'lucky-sevens': LUCKY_SEVENS,
  classic: CLASSIC,
};

/**
 * Each machine's return to player and feature chance as published in its paytable: the exact figure of slot-rtp.ts
 * (a test checks they agree), kept here so a phone need not enumerate the strips to show it.
 */
export const PUBLISHED: Record<string, { rtp: number; featureChance: number }> = {
  'golden-dragon': { rtp: 0.9547531496, featureChance: 0.008 },
  'fruit-fiesta': { rtp: 0.9567211866, featureChance: 0.2557067871 },
  'lucky-sevens': { rtp: 0.9582661765, featureChance: 0.1 },
  classic: { rtp: 0.9613848576, featureChance: 0 },
};

/** Which machine a slot game runs: the three themed games have their own, the rest the classic one. */
export function machineOf(gameCode: string): SlotMachine {
  return Object.hasOwn(MACHINES, gameCode) ? MACHINES[gameCode]! : CLASSIC;
}

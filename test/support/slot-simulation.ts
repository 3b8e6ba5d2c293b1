import { createHmac } from 'node:crypto';
import { playSpin, type SlotMachine } from '../../src/shared/games/slot-machine.ts';

/**
 * Test support (Node only): the same fair numbers as `roundFloats`, read lazily and synchronously so
 * a million spins stay fast; a test checks it against `roundFloats`.
 */
export function syncRoundDraw(serverSeed: string, clientSeed: string, nonce: number): () => number {
  let cursor = 0;
  let bytes: Buffer = Buffer.alloc(0);
  let at = 32;
  return () => {
    if (at + 4 > bytes.length) {
      bytes = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${cursor++}`).digest();
      at = 0;
    }
    const u =
      bytes[at]! / 256 + bytes[at + 1]! / 256 ** 2 + bytes[at + 2]! / 256 ** 3 + bytes[at + 3]! / 256 ** 4;
    at += 4;
    return u;
  };
}

/** Plays `spins` provably fair spins and returns the mean return per unit staked and its 99 % half band. */
export function simulate(machine: SlotMachine, spins: number, serverSeed: string) {
  let sum = 0;
  let sumSquares = 0;
  let features = 0;
  for (let nonce = 0; nonce < spins; nonce++) {
    const outcome = playSpin(machine, syncRoundDraw(serverSeed, 'simulation', nonce));
    // Return per spin: the total win divided by the total stake of 10 lines.
    const ret = outcome.multiplier / 10;
    sum += ret;
    sumSquares += ret * ret;
    if (outcome.feature) features++;
  }
  const mean = sum / spins;
  const sd = Math.sqrt(sumSquares / spins - mean * mean);
  return { mean, halfBand: (2.5758 * sd) / Math.sqrt(spins), featureRate: features / spins };
}

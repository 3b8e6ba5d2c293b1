/**
 * Provably fair randomness, the same on the server and in the player's browser: the server commits
 * to SHA-256(serverSeed) before play; each round's numbers are HMAC-SHA256(serverSeed,
 * `${clientSeed}:${nonce}:${cursor}`), read four bytes per number. Once the server seed is revealed
 * anyone can recompute every round played with it.
 */
export type HmacSha256 = (key: string, message: string) => Promise<Uint8Array>;

export interface RoundSeed {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

/** `count` numbers in [0, 1) for one round. */
export async function roundFloats(hmac: HmacSha256, seed: RoundSeed, count: number): Promise<number[]> {
  const floats: number[] = [];
  for (let cursor = 0; floats.length < count; cursor++) {
    const bytes = await hmac(seed.serverSeed, `${seed.clientSeed}:${seed.nonce}:${cursor}`);
    for (let i = 0; i + 4 <= bytes.length && floats.length < count; i += 4) {
      floats.push(
        bytes[i]! / 256 + bytes[i + 1]! / 256 ** 2 + bytes[i + 2]! / 256 ** 3 + bytes[i + 3]! / 256 ** 4,
      );
    }
  }
  return floats;
}

import { hash, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id; the package exports it as a const enum, which isolated modules cannot read. */
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

/** A hash of a password nobody has: an unknown id costs the same time as a wrong password. */
const decoyHash = hashPassword('decoy-password-for-unknown-ids');

export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  try {
    return await verify(storedHash ?? (await decoyHash), password);
  } catch {
    return false;
  }
}

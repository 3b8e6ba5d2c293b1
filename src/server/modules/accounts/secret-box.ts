import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { errors } from '../../http/errors.ts';

/**
 * What the database must not hold in a usable form: TOTP secrets (members' and operators') are
 * sealed with AES-256-GCM, reset and recovery codes are kept as an HMAC, both under keys derived from
 * TOTP_SECRET_KEY (config.totpSecretKey). Someone who reads the database (a reporting replica, a
 * backup) then learns no secret and cannot reverse a 6-digit code's hash in milliseconds.
 */

/** A sealed value: `enc1:` then base64url of the 12-byte IV, the 16-byte tag and the ciphertext. */
const SEALED = 'enc1:';
/** The SQL LIKE pattern of a sealed value. */
export const SEALED_LIKE = `${SEALED}%`;

const subkey = (master: Buffer, purpose: string) =>
  Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), `royal-casino ${purpose}`, 32));

export const isSealed = (stored: string) => stored.startsWith(SEALED);

/**
 * The keys a sealed value or a code's digest may be under: TOTP_SECRET_KEY seals everything new;
 * during a rotation TOTP_SECRET_KEY_PREVIOUS still opens what the old key sealed, until
 * `npm run totp:reseal` has sealed it again under the current one (docs/operations.md).
 */
export interface SecretKeys {
  totpSecretKey: Buffer;
  totpSecretKeyPrevious?: Buffer | undefined;
}

/** The current key first, then the previous one (when set). */
const keysOf = (keys: SecretKeys) =>
  keys.totpSecretKeyPrevious ? [keys.totpSecretKey, keys.totpSecretKeyPrevious] : [keys.totpSecretKey];

/** Seals a TOTP secret (base32) for its column. */
export function sealTotpSecret(master: Buffer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', subkey(master, 'totp-secret'), iv);
  cipher.setAAD(Buffer.from('totp-secret'));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return SEALED + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The secret sealed under `master`, or undefined when `master` is not the key it was sealed with. */
function openWith(master: Buffer, stored: string): string | undefined {
  const raw = Buffer.from(stored.slice(SEALED.length), 'base64url');
  if (raw.length < 28) return undefined;
  const decipher = createDecipheriv('aes-256-gcm', subkey(master, 'totp-secret'), raw.subarray(0, 12));
  decipher.setAAD(Buffer.from('totp-secret'));
  decipher.setAuthTag(raw.subarray(12, 28));
  try {
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

/**
 * The TOTP secret a column holds, and whether it is sealed under the current key (`current`: false
 * for a value in clear or one only the previous key opens, which `npm run totp:reseal` seals again).
 * A value written before secrets were sealed (base32 in clear) is read as it is until the start seals
 * it. A sealed value neither key opens throws errors.secretKeyMismatch (503, logged): a wrong
 * TOTP_SECRET_KEY must stop logins loudly, not read as "no second factor" nor as a wrong code.
 */
export function openTotpSecretWithKey(
  keys: SecretKeys,
  stored: string,
): { secret: string; current: boolean } {
  if (!isSealed(stored)) return { secret: stored, current: false };
  const byCurrent = openWith(keys.totpSecretKey, stored);
  if (byCurrent !== undefined) return { secret: byCurrent, current: true };
  const previous = keys.totpSecretKeyPrevious;
  const byPrevious = previous ? openWith(previous, stored) : undefined;
  if (byPrevious !== undefined) return { secret: byPrevious, current: false };
  throw errors.secretKeyMismatch();
}

/** The TOTP secret a column holds (openTotpSecretWithKey). */
export const openTotpSecret = (keys: SecretKeys, stored: string): string =>
  openTotpSecretWithKey(keys, stored).secret;

/**
 * A one-time code as stored (hex HMAC-SHA-256 under a server key): `purpose` and the member id keep
 * one code's digest from matching another's.
 */
export const codeDigest = (master: Buffer, purpose: string, memberId: number, code: string) =>
  createHmac('sha256', subkey(master, 'one-time-codes'))
    .update(`${purpose}:${memberId}:${code}`)
    .digest('hex');

/**
 * A code's digests under the current key and, during a rotation, the previous one: a code stored
 * before the rotation still matches. A digest cannot be made again under the new key without the
 * code, so recovery codes issued before the rotation stop working once the previous key is removed.
 */
export const codeDigests = (keys: SecretKeys, purpose: string, memberId: number, code: string) =>
  keysOf(keys).map((master) => codeDigest(master, purpose, memberId, code));

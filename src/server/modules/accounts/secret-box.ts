import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { errors } from '../../http/errors.ts';

/**
 * What the database must not hold in a usable form: TOTP secrets (members' and operators') are
 * sealed with AES-256-GCM, as are recovery codes' digests; reset codes are kept as an HMAC; all under
 * keys derived from TOTP_SECRET_KEY (config.totpSecretKey). Someone who reads the database (a
 * reporting replica, a backup) then learns no secret and cannot reverse a 6-digit code's hash in
 * milliseconds.
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

/**
 * What a sealed value is: each has its own subkey and additional data, so a value sealed as one cannot
 * be read as another (a recovery code copied into a TOTP secret's column does not open).
 */
export type SealPurpose = 'totp-secret' | 'recovery-code';

/** Seals `value` as `purpose` under `master`. */
function sealAs(master: Buffer, purpose: SealPurpose, value: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', subkey(master, purpose), iv);
  cipher.setAAD(Buffer.from(purpose));
  const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return SEALED + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** Seals a TOTP secret (base32) for its column. */
export const sealTotpSecret = (master: Buffer, secret: string) => sealAs(master, 'totp-secret', secret);

/** The value sealed under `master`, or undefined when `master` is not the key it was sealed with. */
function openWith(master: Buffer, purpose: SealPurpose, stored: string): string | undefined {
  const raw = Buffer.from(stored.slice(SEALED.length), 'base64url');
  if (raw.length < 28) return undefined;
  const decipher = createDecipheriv('aes-256-gcm', subkey(master, purpose), raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(purpose));
  decipher.setAuthTag(raw.subarray(12, 28));
  try {
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

/**
 * A sealed value (isSealed) opened with the current key or, during a rotation, the previous one;
 * `current` says which. Neither opens it: errors.secretKeyMismatch (503, logged).
 */
export function openSealed(
  keys: SecretKeys,
  purpose: SealPurpose,
  stored: string,
): { value: string; current: boolean } {
  const byCurrent = openWith(keys.totpSecretKey, purpose, stored);
  if (byCurrent !== undefined) return { value: byCurrent, current: true };
  const previous = keys.totpSecretKeyPrevious;
  const byPrevious = previous ? openWith(previous, purpose, stored) : undefined;
  if (byPrevious !== undefined) return { value: byPrevious, current: false };
  throw errors.secretKeyMismatch();
}

/**
 * What `npm run totp:reseal` writes for a stored value of `purpose`: as it is when the current key
 * opens it, else opened with the previous key and sealed again under the current one. A value not
 * sealed is sealed when `unsealed` is 'seal' (a TOTP secret in clear) and left as it is when 'leave'
 * (a recovery code's keyed digest, which cannot be re-keyed without the code).
 */
export function resealed(
  keys: SecretKeys,
  purpose: SealPurpose,
  unsealed: 'seal' | 'leave',
  stored: string,
): string {
  if (!isSealed(stored)) return unsealed === 'seal' ? sealAs(keys.totpSecretKey, purpose, stored) : stored;
  const opened = openSealed(keys, purpose, stored);
  return opened.current ? stored : sealAs(keys.totpSecretKey, purpose, opened.value);
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
  const { value, current } = openSealed(keys, 'totp-secret', stored);
  return { secret: value, current };
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
 * code: a reset code (it expires within RESET_CODE_MINUTES) and a recovery code stored so (before
 * recovery codes were sealed, recovery-codes.ts) stop working once the previous key is removed.
 */
export const codeDigests = (keys: SecretKeys, purpose: string, memberId: number, code: string) =>
  keysOf(keys).map((master) => codeDigest(master, purpose, memberId, code));

/**
 * A recovery code as stored now: the SHA-256 of `recovery:<member id>:<code>`, sealed under
 * TOTP_SECRET_KEY. Nobody without the key learns anything from it, as from a keyed digest, but
 * `npm run totp:reseal` can seal it again under a new key, so the code outlives a key rotation.
 */
const recoveryDigest = (memberId: number, code: string) =>
  createHash('sha256').update(`recovery:${memberId}:${code}`).digest();

export const sealRecoveryCode = (master: Buffer, memberId: number, code: string) =>
  sealAs(master, 'recovery-code', recoveryDigest(memberId, code).toString('hex'));

/** Whether a sealed recovery code (sealRecoveryCode) is `code`; throws as openSealed. */
export function sealedRecoveryCodeIs(keys: SecretKeys, stored: string, memberId: number, code: string) {
  const opened = Buffer.from(openSealed(keys, 'recovery-code', stored).value, 'hex');
  const expected = recoveryDigest(memberId, code);
  return opened.length === expected.length && timingSafeEqual(opened, expected);
}

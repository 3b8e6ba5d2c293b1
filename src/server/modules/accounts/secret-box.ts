import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

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

/** Seals a TOTP secret (base32) for its column. */
export function sealTotpSecret(master: Buffer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', subkey(master, 'totp-secret'), iv);
  cipher.setAAD(Buffer.from('totp-secret'));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return SEALED + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/**
 * The TOTP secret a column holds. A value written before secrets were sealed (base32 in clear) is
 * read as it is until the start seals it (sealStoredTotpSecrets). A sealed value the key does not
 * open throws: a wrong TOTP_SECRET_KEY must stop logins loudly, not read as "no second factor".
 */
export function openTotpSecret(master: Buffer, stored: string): string {
  if (!isSealed(stored)) return stored;
  const raw = Buffer.from(stored.slice(SEALED.length), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', subkey(master, 'totp-secret'), raw.subarray(0, 12));
  decipher.setAAD(Buffer.from('totp-secret'));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

/**
 * A one-time code as stored (hex HMAC-SHA-256 under a server key): `purpose` and the member id keep
 * one code's digest from matching another's.
 */
export const codeDigest = (master: Buffer, purpose: string, memberId: number, code: string) =>
  createHmac('sha256', subkey(master, 'one-time-codes'))
    .update(`${purpose}:${memberId}:${code}`)
    .digest('hex');

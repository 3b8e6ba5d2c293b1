import type { HmacSha256 } from '../../../shared/games/fairness.ts';

const encoder = new TextEncoder();

/** HMAC-SHA256 with the browser's own WebCrypto: the player's check does not trust our code paths. */
export const browserHmac: HmacSha256 = async (key, message) => {
  const cryptoKey = await crypto.subtle.importKey(
    'raw',
    encoder.encode(key),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return new Uint8Array(await crypto.subtle.sign('HMAC', cryptoKey, encoder.encode(message)));
};

export async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
  return [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
}

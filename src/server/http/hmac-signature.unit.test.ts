import { describe, expect, it } from 'vitest';
import { hmacSign, hmacSignatureValid } from './hmac-signature.ts';

// RFC 4231, test case 2: what any provider's HMAC-SHA256 library produces for these bytes.
const KEY = 'Jefe';
const BODY = 'what do ya want for nothing?';
const EXPECTED = '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843';

describe('HMAC body signatures (wallet calls, sandbox payments, member references)', () => {
  it('signs the exact bytes as HMAC-SHA256 in lowercase hex, the same for a string and its bytes', () => {
    expect(hmacSign(KEY, BODY)).toBe(EXPECTED);
    expect(hmacSign(KEY, Buffer.from(BODY))).toBe(EXPECTED);
  });

  it('accepts only the right signature of the same bytes', () => {
    expect(hmacSignatureValid(KEY, Buffer.from(BODY), EXPECTED)).toBe(true);
    for (const wrong of [
      hmacSign('other', BODY),
      hmacSign(KEY, `${BODY} `),
      EXPECTED.toUpperCase(),
      EXPECTED.slice(0, 62),
      '',
      undefined,
      ['array'],
    ]) {
      expect(hmacSignatureValid(KEY, BODY, wrong)).toBe(false);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { sniffFileType } from './file-type.ts';
import { levelNeededFor, levelOf } from './kyc-rules.ts';

describe('verification levels and what a withdrawal needs', () => {
  it('counts level 1 for the identity document and level 2 for all three', () => {
    expect(levelOf(new Set())).toBe(0);
    expect(levelOf(new Set(['address', 'selfie'] as const))).toBe(0);
    expect(levelOf(new Set(['identity'] as const))).toBe(1);
    expect(levelOf(new Set(['identity', 'address'] as const))).toBe(1);
    expect(levelOf(new Set(['identity', 'address', 'selfie'] as const))).toBe(2);
  });

  it('applies the stricter of the any-withdrawal and over-an-amount rules, strictly over the amount', () => {
    expect(levelNeededFor(undefined, 1e9)).toBe(0);
    expect(levelNeededFor({ withdrawLevel: 1 }, 1)).toBe(1);
    const rules = { withdrawLevel: 1, over: 100_000, overLevel: 2 } as const;
    expect(levelNeededFor(rules, 100_000)).toBe(1);
    expect(levelNeededFor(rules, 100_001)).toBe(2);
    expect(levelNeededFor({ withdrawLevel: 2, over: 10, overLevel: 1 }, 50)).toBe(2);
  });

  it('tells the four document types by their first bytes only', () => {
    const bytes = (...parts: (string | number[])[]) =>
      new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'latin1')] : p)));
    expect(sniffFileType(bytes([0xff, 0xd8, 0xff, 0xe1]))).toBe('image/jpeg');
    expect(sniffFileType(bytes([0x89], 'PNG\r\n\x1a\n', [0, 0, 0, 13], 'IHDR'))).toBe('image/png');
    expect(sniffFileType(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('image/webp');
    expect(sniffFileType(bytes('%PDF-1.7'))).toBe('application/pdf');
    for (const other of ['<html>', '<svg ', 'GIF89a', 'RIFF\0\0\0\0WAVE', ' %PDF-1.7', 'PK\x03\x04', '']) {
      expect(sniffFileType(bytes(other)), JSON.stringify(other)).toBeUndefined();
    }
    expect(sniffFileType(bytes([0x89], 'PNG\r\n\x1a\n'))).toBeUndefined();
  });
});

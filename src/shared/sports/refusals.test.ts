import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../format.ts';
import { REFUSALS, refusalKey } from './refusals.ts';

describe('bet refusals', () => {
  it.each([...LOCALES])('each reason has its own message in %s (namespace sports)', (locale) => {
    const file = join(import.meta.dirname, '../i18n/locales', locale, 'sports.json');
    const sports = JSON.parse(readFileSync(file, 'utf8'));
    const texts = REFUSALS.map((r) =>
      refusalKey(r)
        .split('.')
        .slice(1)
        .reduce((node, part) => node?.[part], sports),
    );
    for (const [i, text] of texts.entries()) expect(text, `${locale}: ${REFUSALS[i]}`).toBeTruthy();
    expect(new Set(texts).size).toBe(REFUSALS.length);
  });
});

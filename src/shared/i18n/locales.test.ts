import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../format.ts';
import { ALL_MSG_KEYS } from '../messages.ts';

const dir = join(import.meta.dirname, 'locales');

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
}

const load = (locale: string, ns: string) => JSON.parse(readFileSync(join(dir, locale, ns), 'utf8'));

describe('language resources', () => {
  const namespaces = readdirSync(join(dir, 'en'));

  it('exist for all five languages', () => {
    expect(readdirSync(dir).sort()).toEqual([...LOCALES].sort());
  });

  it.each(namespaces)('%s has the same non-empty labels in every language', (ns) => {
    const reference = keysOf(load('en', ns)).sort();
    for (const locale of LOCALES) {
      const resource = load(locale, ns);
      expect(keysOf(resource).sort(), `${locale}/${ns}`).toEqual(reference);
      for (const key of reference) {
        const text = key.split('.').reduce((node, part) => node[part], resource);
        expect(String(text).trim(), `${locale}/${ns}: ${key}`).not.toBe('');
      }
    }
  });

  it('carry every message key of the API in every language', () => {
    for (const locale of LOCALES) {
      const messages = load(locale, 'common.json').msg;
      for (const key of ALL_MSG_KEYS) expect(messages[key], `${locale}: ${key}`).toBeTruthy();
    }
  });
});

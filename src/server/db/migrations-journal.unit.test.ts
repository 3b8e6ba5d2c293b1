import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const folder = fileURLToPath(new URL('./migrations', import.meta.url));

interface Entry {
  idx: number;
  tag: string;
  when: number;
  breakpoints: boolean;
}

/**
 * Migrations are written by hand (docs/schema.md), and the migrator runs only what meta/_journal.json
 * lists: a file left out of it would never run, anywhere.
 */
describe('the migrations journal', () => {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: Entry[];
  };
  const files = readdirSync(folder)
    .filter((name) => name.endsWith('.sql'))
    .map((name) => name.slice(0, -'.sql'.length))
    .sort();

  it('lists every migration file once, in the order of their numbers', () => {
    expect(journal.entries.map((entry) => entry.tag)).toEqual(files);
    journal.entries.forEach((entry, position) => {
      expect(entry.idx).toBe(position);
      expect(entry.tag.slice(0, 5)).toBe(`${String(position).padStart(4, '0')}_`);
    });
  });

  it('gives each a later time than the one before, and splits it at its statement breakpoints', () => {
    journal.entries.forEach((entry, position) => {
      expect(entry.breakpoints).toBe(true);
      if (position > 0) expect(entry.when).toBeGreaterThan(journal.entries[position - 1]!.when);
    });
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TIME_ZONE,
  HOUSE_SHARDS,
  LIVE_CHANNEL,
  PAYMENT_REVERSAL_PREFIX,
  RUNNING_BET_STATUSES,
} from './constants.ts';
import { generatedSqlFunctions } from './sql-constants.ts';
import { functionsRoot, sqlFunctionFiles } from './sql-functions.ts';

const generated = generatedSqlFunctions();
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The ways each constant of constants.ts must not be written again. */
const literals = (language: 'sql' | 'ts') => [
  { what: `the house shard count (% ${HOUSE_SHARDS})`, pattern: new RegExp(`%\\s*${HOUSE_SHARDS}\\b`) },
  { what: `the live channel ('${LIVE_CHANNEL}')`, pattern: new RegExp(`'${literal(LIVE_CHANNEL)}'`) },
  {
    what: `the default time zone ('${DEFAULT_TIME_ZONE}' as a fallback)`,
    // `AT TIME ZONE 'UTC'` converts a time to UTC: not a site's default.
    pattern:
      language === 'sql'
        ? new RegExp(`(?<!AT TIME ZONE\\s*)'${literal(DEFAULT_TIME_ZONE)}'`, 'i')
        : new RegExp(`(\\?\\?|\\|\\|)\\s*'${literal(DEFAULT_TIME_ZONE)}'`),
  },
  {
    what: `the chargeback debt prefix ('${PAYMENT_REVERSAL_PREFIX}')`,
    pattern: new RegExp(`'${literal(PAYMENT_REVERSAL_PREFIX)}`),
  },
  {
    what: `the running bet statuses (${RUNNING_BET_STATUSES.join(', ')} as a list)`,
    // The three together in any order, quoted and comma-separated: sb_bet_running() or RUNNING_BET instead.
    pattern: new RegExp(
      RUNNING_BET_STATUSES.map((s) => `(?=[^)]*'${s}')`).join('') +
        `\\(\\s*'(${RUNNING_BET_STATUSES.join('|')})'\\s*,\\s*'(${RUNNING_BET_STATUSES.join('|')})'\\s*,\\s*'(${RUNNING_BET_STATUSES.join('|')})'\\s*\\)`,
    ),
  },
];

const withoutSqlComments = (text: string) => text.replace(/--[^\n]*/g, '');

const serverSources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return serverSources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });

describe('constants both TypeScript and SQL need (src/server/db/constants.ts)', () => {
  it('each generated SQL function file is what constants.ts generates (else: run `npm run sql:constants` and commit it)', () => {
    for (const fn of generated) {
      let committed = '';
      try {
        committed = readFileSync(join(functionsRoot, fn.path), 'utf8');
      } catch {}
      expect(
        committed === fn.text,
        `src/server/${fn.path} is out of date with src/server/db/constants.ts: run \`npm run sql:constants\` and commit it`,
      ).toBe(true);
    }
    // The loader finds each where it was generated.
    const found = sqlFunctionFiles().map((file) => relative(functionsRoot, file));
    for (const fn of generated) expect(found).toContain(fn.path);
  });

  it('no other SQL function file writes one of them as a literal', () => {
    const generatedNames = new Set(generated.map((fn) => basename(fn.path, '.sql')));
    const found: string[] = [];
    for (const file of sqlFunctionFiles()) {
      if (generatedNames.has(basename(file, '.sql'))) continue;
      const text = withoutSqlComments(readFileSync(file, 'utf8'));
      for (const { what, pattern } of literals('sql')) {
        if (pattern.test(text)) found.push(`${relative(functionsRoot, file)}: ${what}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('no server TypeScript writes one of them as a literal', () => {
    const found: string[] = [];
    for (const file of serverSources(functionsRoot)) {
      if (file.endsWith(join('db', 'constants.ts'))) continue;
      const text = readFileSync(file, 'utf8');
      for (const { what, pattern } of literals('ts')) {
        if (pattern.test(text)) found.push(`${relative(functionsRoot, file)}: ${what}`);
      }
    }
    expect(found).toEqual([]);
  });
});

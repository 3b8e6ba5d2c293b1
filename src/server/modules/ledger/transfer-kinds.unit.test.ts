import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../shared/format.ts';
import enUser from '../../../shared/i18n/locales/en/user.json' with { type: 'json' };
import {
  STATEMENT_KINDS,
  TRANSFER_KIND_FILTERS,
  TRANSFER_KINDS,
  TRANSFER_KINDS_BY_HOUSE,
  type TransferKind,
} from '../../../shared/vocabulary.ts';
import { sqlFunctionFiles } from '../../db/sql-functions.ts';
import { namespaceT } from '../../http/page-i18n.ts';
import { STATEMENT_KIND_GROUPS } from '../cashier/statement-page.ts';
import { MEMBER_ACCOUNT_KINDS } from './ledger.schema.ts';

/*
 * Every ledger transfer kind has a name on the member's statement, in every language: my page, its CSV
 * and the back office's member page all read `movement.<kind>` of user.json. The kinds are the
 * vocabulary's TRANSFER_KIND_FILTERS: TypeScript's transfer() takes no other (its type), and the SQL
 * functions are read here for theirs.
 */

/** The ledger's own functions: they pass on the kind their caller gave (`p_kind`). */
const LEDGER_FUNCTIONS = new Set(['ledger_move', 'ledger_post', 'ledger_transfer', 'ledger_post_many']);
/** Functions that post one transfer: its kind is the fifth argument. */
const ONE_TRANSFER = /\b(ledger_move|ledger_post|ledger_transfer)\s*\(/g;

const withoutComments = (text: string) => text.replace(/--[^\n]*/g, '');

/** The arguments of the call whose opening parenthesis is at `open`, split at its top-level commas. */
function callArguments(text: string, open: number): string[] {
  const args: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (let i = open; i < text.length; i++) {
    const c = text[i]!;
    if (c === "'") quoted = !quoted;
    if (!quoted && c === '(') {
      depth += 1;
      if (depth === 1) continue;
    }
    if (!quoted && c === ')') {
      depth -= 1;
      if (depth === 0) return [...args, current];
    }
    if (!quoted && c === ',' && depth === 1) {
      args.push(current);
      current = '';
    } else current += c;
  }
  throw new Error(`unclosed call at ${open}`);
}

const literals = (text: string) => [...text.matchAll(/'([^']*)'/g)].map((m) => m[1]!);

/**
 * The transfer kinds each SQL function file posts: the fifth argument of every ledger_move, ledger_post
 * and ledger_transfer call (string literals only, a CASE of them at most), and in a caller of
 * ledger_post_many each literal it names `AS kind` (the rows it posts).
 */
function sqlKinds(): { file: string; kind: string }[] {
  const found: { file: string; kind: string }[] = [];
  for (const path of sqlFunctionFiles()) {
    const file = basename(path, '.sql');
    if (LEDGER_FUNCTIONS.has(file)) continue;
    const text = withoutComments(readFileSync(path, 'utf8'));
    for (const call of text.matchAll(ONE_TRANSFER)) {
      const kind = callArguments(text, call.index + call[0].length - 1)[4]?.trim() ?? '';
      const names = literals(kind);
      // Nothing but literals: a kind computed elsewhere would escape this reading.
      const rest = kind.replace(/'[^']*'/g, '').replace(/\b(CASE|WHEN|THEN|ELSE|END|NOT)\b/gi, '');
      expect(names.length > 0 && !/[^\s\w.]/.test(rest), `${file}: kind ${kind}`).toBe(true);
      found.push(...names.map((k) => ({ file, kind: k })));
    }
    if (/\bledger_post_many\s*\(/.test(text)) {
      const named = [...text.matchAll(/'([^']*)'\s+AS\s+kind\b/gi)].map((m) => m[1]!);
      expect(named.length, `${file}: the kinds it posts through ledger_post_many`).toBeGreaterThan(0);
      found.push(...named.map((k) => ({ file, kind: k })));
    }
  }
  return found;
}

describe('every ledger transfer kind is named on the statement', () => {
  it('the SQL functions post only the vocabulary’s kinds', () => {
    const found = sqlKinds();
    // The reading finds the wallet's and the promotions' postings.
    for (const kind of ['bet', 'win', 'comp_accrual', 'jackpot_contribution', 'bonus_correction_returned'])
      expect(found.map((f) => f.kind)).toContain(kind);
    const unknown = found.filter((f) => !(TRANSFER_KINDS as string[]).includes(f.kind));
    expect(unknown).toEqual([]);
  });

  it('user.json names exactly the vocabulary’s kinds', () => {
    expect(Object.keys(enUser.movement).sort()).toEqual([...TRANSFER_KINDS].sort());
  });

  it.each(LOCALES)('%s names every transfer kind, member account and statement filter', (locale) => {
    const t = namespaceT(locale, 'user');
    const missing = (keys: readonly string[], prefix: string) =>
      keys.filter((key) => {
        const text = t(`${prefix}.${key}`);
        return text === `${prefix}.${key}` || text.trim() === '' || text === key;
      });
    expect(missing(TRANSFER_KINDS, 'movement')).toEqual([]);
    expect(missing(MEMBER_ACCOUNT_KINDS, 'accountKind')).toEqual([]);
    expect(missing(STATEMENT_KINDS, 'kinds')).toEqual([]);
  });

  it('puts each kind a member’s account carries under one statement filter, and each filter has kinds', () => {
    const grouped = Object.values(STATEMENT_KIND_GROUPS).flat();
    const plain = grouped.filter((f) => typeof f === 'string');
    const split = TRANSFER_KINDS_BY_HOUSE.map((m) => m.kind);
    // A kind is under one filter, or split by the house account it touches: with it, and without it.
    expect([...plain, ...split].sort()).toEqual(
      TRANSFER_KINDS.filter((k) => TRANSFER_KIND_FILTERS[k] !== null).sort(),
    );
    expect(grouped).toHaveLength(plain.length + 2 * split.length);
    for (const { kind, house, filter } of TRANSFER_KINDS_BY_HOUSE) {
      expect(STATEMENT_KIND_GROUPS[filter]).toContainEqual({ kind, house });
      expect(STATEMENT_KIND_GROUPS[TRANSFER_KIND_FILTERS[kind]]).toContainEqual({ kind, house, not: true });
    }
    for (const filter of STATEMENT_KINDS)
      expect(STATEMENT_KIND_GROUPS[filter].length, filter).toBeGreaterThan(0);
    const promotions: TransferKind[] = ['cashback', 'bonus_convert', 'bonus_grant'];
    for (const kind of promotions) expect(STATEMENT_KIND_GROUPS.bonus).toContain(kind);
  });
});

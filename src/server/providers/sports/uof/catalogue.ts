import { sql } from 'drizzle-orm';
import { isMarketType, type MarketParams, type MarketType } from '../../../../shared/sports/markets.ts';
import { type DbOrTx, queryRows } from '../../../db/client.ts';
import { lineProblem } from '../market-lines.ts';

/**
 * The market catalogue (sb_market_catalogue, migration 0020): a UOF market id per sport, with its
 * specifiers (total=2.5, hcp=-0.25, hcp=0:1), as one of the book's markets. The book keys markets by
 * id and specifiers, never by name; the names here are only what the window shows.
 */
export interface CatalogueEntry {
  sport: string;
  marketId: number;
  name: string;
  bookType: string;
  lineSpecifier: string | null;
  lineStyle: string | null;
  params: MarketParams;
  outcomes: { id: string; key: string; name: string }[];
}

/** A feed market as the book opens it, or why it cannot be. */
export type BookMarket =
  | {
      ok: true;
      type: MarketType;
      name: string;
      params: MarketParams;
      selections: { outcomeId: string; key: string; name: string }[];
    }
  | { ok: false; reason: string };

/** The UOF sports the book names itself; any other keeps the feed's name under a code of its URN. */
const SPORTS: Record<string, string> = {
  'sr:sport:1': 'football',
  'sr:sport:2': 'basketball',
  'sr:sport:5': 'tennis',
};
export const bookSportCode = (urn: string) => SPORTS[urn] ?? urn.replaceAll(':', '-');
/** The book's sport codes named after a URN ({ football: 'sr:sport:1' }); any other is the URN with ':' as '-'. */
export const NAMED_SPORT_URNS: Record<string, string> = Object.fromEntries(
  Object.entries(SPORTS).map(([urn, code]) => [code, urn]),
);
export const uofSportUrn = (code: string) =>
  Object.entries(SPORTS).find(([, c]) => c === code)?.[0] ?? code.replaceAll('-', ':');

export async function catalogue(db: DbOrTx): Promise<CatalogueEntry[]> {
  const rows = await queryRows<{
    sport: string;
    market_id: number;
    name: string;
    book_type: string;
    line_specifier: string | null;
    line_style: string | null;
    params: MarketParams;
    outcomes: CatalogueEntry['outcomes'];
  }>(db, sql`select * from sb_market_catalogue order by sport, market_id`);
  return rows.map((r) => ({
    sport: r.sport,
    marketId: Number(r.market_id),
    name: r.name,
    bookType: r.book_type,
    lineSpecifier: r.line_specifier,
    lineStyle: r.line_style,
    params: r.params,
    outcomes: r.outcomes,
  }));
}

let cached: { at: number; byKey: Map<string, CatalogueEntry> } | undefined;
/** The catalogue by sport and market id, read again every 30 s (it changes by migration or the desk). */
export async function catalogueEntry(
  db: DbOrTx,
  sport: string,
  marketId: number,
): Promise<CatalogueEntry | undefined> {
  if (!cached || Date.now() - cached.at > 30_000) {
    const rows = await catalogue(db);
    cached = { at: Date.now(), byKey: new Map(rows.map((r) => [`${r.sport}/${r.marketId}`, r])) };
  }
  return cached.byKey.get(`${sport}/${marketId}`);
}

/** "total=2.5|hcp=-1" → { total: "2.5", hcp: "-1" }. */
export function parseSpecifiers(text: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (text ?? '').split('|')) {
    const at = part.indexOf('=');
    if (at > 0) out[part.slice(0, at)] = part.slice(at + 1);
  }
  return out;
}

/** A European handicap's "0:1" (the away side starts a goal up) is the home side's −1. */
function lineOf(entry: CatalogueEntry, value: string): string | undefined {
  if (entry.lineStyle !== 'score') return value;
  const m = /^(\d{1,2}):(\d{1,2})$/.exec(value);
  return m ? String(Number(m[1]) - Number(m[2])) : undefined;
}

const signed = (line: string) => (line.startsWith('-') || line === '0' ? line : `+${line}`);
const negated = (line: string) => (line.startsWith('-') ? line.slice(1) : line === '0' ? line : `-${line}`);

/** Fills a catalogue name: {home}, {away}, {line}, {+line} (signed) and {-line} (the other side's). */
export function fillName(template: string, names: { home: string; away: string; line?: string }): string {
  const line = names.line ?? '';
  return template
    .replaceAll('{home}', names.home)
    .replaceAll('{away}', names.away)
    .replaceAll('{+line}', line ? signed(line) : '')
    .replaceAll('{-line}', line ? negated(line) : '')
    .replaceAll('{line}', line);
}

/**
 * The book's market for a catalogue entry and the feed's specifiers: its type, line and selections. A
 * line the book could never settle (a total of 2.3, a three-way handicap of 0.5) is refused here, as
 * at every market's creation (market-lines.ts).
 */
export function bookMarketFor(
  entry: CatalogueEntry,
  specifiers: string | undefined,
  names: { home: string; away: string },
): BookMarket {
  if (!isMarketType(entry.bookType)) return { ok: false, reason: `unknown book type ${entry.bookType}` };
  const params: MarketParams = { ...entry.params };
  if (entry.lineSpecifier) {
    const raw = parseSpecifiers(specifiers)[entry.lineSpecifier];
    if (raw === undefined)
      return { ok: false, reason: `market ${entry.marketId} needs ${entry.lineSpecifier}=` };
    const line = lineOf(entry, raw);
    if (line === undefined) return { ok: false, reason: `${entry.lineSpecifier}=${raw} is not a line` };
    params.line = line;
  }
  const problem = lineProblem(entry.bookType, params);
  if (problem) return { ok: false, reason: problem };
  const fill = (t: string) => fillName(t, { ...names, line: params.line });
  return {
    ok: true,
    type: entry.bookType,
    name: fill(entry.name),
    params,
    selections: entry.outcomes.map((o) => ({ outcomeId: o.id, key: o.key, name: fill(o.name) })),
  };
}

/** A feed market's external id in the book: its event, market id and specifiers. */
export const marketExternalId = (eventUrn: string, marketId: string, specifiers?: string) =>
  `${eventUrn}/${marketId}${specifiers ? `?${specifiers}` : ''}`;

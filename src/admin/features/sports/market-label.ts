import type { TFunction } from 'i18next';
import { instantOfWallTime, wallTimeIn } from '../../../shared/zoned-time.ts';

/** The types whose standard name the member window translates (`sports:market.<type>`, with its line). */
const MEMBER_MARKETS = ['1x2', 'moneyline', 'total', 'handicap', 'btts', 'correct_score', 'outright'];
/** The feed catalogue's other names, translated by the desk (`trading.marketName.<slug>`). */
const DESK_NAMES = new Set([
  'double_chance',
  'draw_no_bet',
  'asian_handicap',
  'half_time_full_time',
  'handicap',
]);
/** Selections named the same in every market (team names and scores stay as the book has them). */
const PLAIN_SELECTIONS = new Set(['draw', 'yes', 'no']);

interface MarketNaming {
  type: string;
  name: string;
  line: string | null;
}

/** A market as the book names it: its name, with its line when the name does not already carry it. */
export const bookLabel = (market: { name: string; line: string | null }) =>
  market.line && !market.name.includes(market.line) ? `${market.name} ${market.line}` : market.name;

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

/**
 * A market as the desk shows it in the operator's language: the member window's name for a standard
 * market (the same texts), the desk's for the feed catalogue's other names, the book's own name
 * otherwise. A name the book chose itself (not the standard one in English) is kept as it is.
 */
export function marketLabel(t: TFunction, market: MarketNaming): string {
  const own = bookLabel(market);
  const line = market.line ?? '';
  const name = market.line ? market.name.replace(market.line, '').trim() : market.name;
  if (MEMBER_MARKETS.includes(market.type)) {
    const key = `sports:market.${market.type}`;
    if (t(key, { line, lng: 'en' }).trim() === own) return t(key, { line }).trim();
  }
  const named = slug(name);
  if (DESK_NAMES.has(named)) return `${t(`trading.marketName.${named}`)}${line ? ` ${line}` : ''}`;
  const team = /^(.+) total goals$/.exec(name);
  if (market.type === 'team_total' && team)
    return `${t('trading.marketName.teamTotal', { team: team[1] })}${line ? ` ${line}` : ''}`;
  return own;
}

/** A sport as the member window names it in the operator's language (`sports:sportNames`), else as the book does. */
export const sportLabel = (t: TFunction, sport: { code: string; name: string }) =>
  t(`sports:sportNames.${sport.code}`, { defaultValue: sport.name });

/** A selection as the desk shows it: Draw, Yes, No, Over/Under in the operator's language; team names and scores as they are. */
export function selectionLabel(t: TFunction, selection: { key: string; name: string }): string {
  if (PLAIN_SELECTIONS.has(selection.key)) {
    const parts = /^(\w+)( \(.+\))?$/.exec(selection.name);
    if (parts) return `${t(`sports:selection.${selection.key}`)}${parts[2] ?? ''}`;
  }
  // A side the book named by its key alone ("home"), with no team name to show.
  if (
    (selection.key === 'home' || selection.key === 'away') &&
    selection.name.toLowerCase() === selection.key
  )
    return t(`sports:selection.${selection.key}`);
  const side = /^(Over|Under)( .+)?$/.exec(selection.name);
  if (side && (selection.key === 'over' || selection.key === 'under'))
    return `${t(`sports:selection.${selection.key}`)}${side[2] ?? ''}`;
  return selection.name;
}

/**
 * A cancel window's default (the last hour up to now) as the form's two fields. Its end is the next
 * whole second: the fields hold whole seconds and the window ends before its end, so a bet placed
 * earlier in this second is inside it (the end cut down to the second left it out).
 */
export function lastHourWindow(now: Date, timeZone: string | undefined): { from: string; to: string } {
  const end = new Date(Math.floor(now.getTime() / 1000) * 1000 + 1000);
  return {
    from: toLocalSeconds(new Date(end.getTime() - 3_600_000), timeZone),
    to: toLocalSeconds(end, timeZone),
  };
}

/** A date as `<input type="datetime-local" step="1">` shows it: the site's wall time, to the second. */
export function toLocalSeconds(date: Date, timeZone: string | undefined): string {
  const seconds = String(date.getUTCSeconds()).padStart(2, '0');
  return `${wallTimeIn(date, timeZone ?? 'UTC')}:${seconds}`;
}

/** The wall time typed into a datetime-local input (in the site's zone) as an instant, or null when incomplete. */
export function localToIso(value: string, timeZone: string | undefined): string | null {
  if (!value) return null;
  return instantOfWallTime(value, timeZone ?? 'UTC')?.toISOString() ?? null;
}

import type { TFunction } from 'i18next';
import type { z } from 'zod';
import type { marketResult } from '../../../shared/contract/admin/sports.ts';

/** A result as the desk sends it (a final score, the winners, or void). */
export type DeskResult = z.infer<typeof marketResult>;
export interface LiveScore {
  home: number;
  away: number;
  clock?: string;
}
/** What the desk must see before a result moves money. */
export type ResultWarning = 'score_differs' | 'in_play';

const isCount = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0;

/** The event's live score as the events list carries it (free JSON), or null when it has none. */
export function liveScoreOf(score: unknown): LiveScore | null {
  if (typeof score !== 'object' || score === null) return null;
  const { home, away, clock } = score as Record<string, unknown>;
  if (!isCount(home) || !isCount(away)) return null;
  return typeof clock === 'string' ? { home, away, clock } : { home, away };
}

/** A stored result (free JSON) read back as a desk result, or null when it is none of them. */
export function deskResultOf(result: unknown): DeskResult | null {
  if (typeof result !== 'object' || result === null) return null;
  const r = result as Record<string, unknown>;
  if (r.kind === 'score' && isCount(r.home) && isCount(r.away))
    return { kind: 'score', home: r.home, away: r.away };
  if (r.kind === 'winners' && Array.isArray(r.winners))
    return {
      kind: 'winners',
      winners: r.winners
        .filter((w): w is { key: string } => typeof (w as { key?: unknown })?.key === 'string')
        .map((w) => ({ key: w.key })),
    };
  if (r.kind === 'void') return { kind: 'void' };
  return null;
}

export const scoreText = (s: { home: number; away: number }) => `${s.home}–${s.away}`;

/** How a result reads besides a score: its winners, or void (English unless the desk's words are given). */
export interface ResultWords {
  wonBy(names: string): string;
  void: string;
}
const ENGLISH: ResultWords = { wonBy: (names) => `won by ${names}`, void: 'void' };

/** The desk's words for a result in the operator's language. */
export const resultWords = (t: TFunction): ResultWords => ({
  wonBy: (names) => t('trading.market.wonBy', { names }),
  void: t('trading.market.void'),
});

/** "2–1", "won by Home, Away", "void"; winners by their selection names where known. */
export function resultText(
  result: DeskResult,
  names: ReadonlyMap<string, string> = new Map(),
  words: ResultWords = ENGLISH,
): string {
  if (result.kind === 'score') return scoreText(result);
  if (result.kind === 'winners')
    return words.wonBy(result.winners.map((w) => names.get(w.key) ?? w.key).join(', '));
  return words.void;
}

/**
 * A score that is not the live one, and an event still in play, are each worth a second look: a
 * result settles bets at once (or, confirmed, it does), and money paid on a wrong one must be taken back.
 */
export function resultWarnings(
  result: DeskResult,
  event: { status: string; score: unknown },
): ResultWarning[] {
  const warnings: ResultWarning[] = [];
  const live = liveScoreOf(event.score);
  if (result.kind === 'score' && live && (live.home !== result.home || live.away !== result.away))
    warnings.push('score_differs');
  if (event.status === 'live') warnings.push('in_play');
  return warnings;
}

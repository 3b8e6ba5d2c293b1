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

/** One outcome as the feed settled it. */
export interface FeedOutcome {
  key: string;
  won: boolean;
  voidFactor?: string;
  deadHeat?: string;
}
/** What the feed said otherwise than the desk's result on a market (the desk's result stands). */
export type FeedWord =
  | { kind: 'settlement'; outcomes: FeedOutcome[] }
  | { kind: 'rollback' | 'cancel' }
  /** A feed of whole results (the JSON-lines import) sent this one. */
  | { kind: 'result'; result: DeskResult };

const text = (x: unknown): string | undefined => (typeof x === 'string' ? x : undefined);

/** The market's `feedDisagrees` (free JSON) read back, or null when it says nothing the desk knows. */
export function feedWordOf(value: unknown): FeedWord | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (v.kind === 'rollback' || v.kind === 'cancel') return { kind: v.kind };
  if (v.kind === 'result') {
    const result = deskResultOf(v.result);
    return result ? { kind: 'result', result } : null;
  }
  if (v.kind !== 'settlement' || !Array.isArray(v.outcomes)) return null;
  const outcomes = v.outcomes.flatMap((o: unknown): FeedOutcome[] => {
    const x = (o ?? {}) as Record<string, unknown>;
    if (typeof x.key !== 'string' || typeof x.won !== 'boolean') return [];
    const voidFactor = text(x.voidFactor);
    const deadHeat = text(x.deadHeat);
    return [
      { key: x.key, won: x.won, ...(voidFactor ? { voidFactor } : {}), ...(deadHeat ? { deadHeat } : {}) },
    ];
  });
  return outcomes.length > 0 ? { kind: 'settlement', outcomes } : null;
}

/** How the desk names one outcome as the feed settled it: won, lost, void, a dead heat, a share void. */
export interface FeedOutcomeWords {
  won(name: string): string;
  lost(name: string): string;
  void(name: string): string;
  deadHeat(name: string, factor: string): string;
  partVoid(outcome: string, share: string): string;
}

/** "Home won", "Draw lost", "Away void", "1/1 won, dead heat 0.5", "Over won (0.5 of the stake void)". */
export function feedOutcomeText(o: FeedOutcome, name: string, words: FeedOutcomeWords): string {
  const share = o.voidFactor !== undefined ? Number(o.voidFactor) : 0;
  if (share >= 1) return words.void(name);
  const heat = o.deadHeat !== undefined && Number(o.deadHeat) !== 1 ? o.deadHeat : undefined;
  const base = !o.won ? words.lost(name) : heat ? words.deadHeat(name, heat) : words.won(name);
  return share > 0 ? words.partVoid(base, o.voidFactor!) : base;
}

/** The desk's words for the feed's outcomes in the operator's language. */
export const feedOutcomeWords = (t: TFunction): FeedOutcomeWords => ({
  won: (name) => t('trading.market.feed.won', { name }),
  lost: (name) => t('trading.market.feed.lost', { name }),
  void: (name) => t('trading.market.feed.void', { name }),
  deadHeat: (name, factor) => t('trading.market.feed.deadHeat', { name, factor }),
  partVoid: (outcome, share) => t('trading.market.feed.partVoid', { outcome, share }),
});

/** Calls to the built-in sportsbook's API (/sports/api/<action>), what the sports window sends. */
import type { Refusal } from '../../shared/sports/refusals.ts';

export interface Selection {
  id: number;
  key: string;
  name: string;
  /** The exact price, "num/den". */
  price: string;
  open: boolean;
}
export interface Market {
  id: number;
  type: string;
  name: string;
  params: { line?: string };
  status: string;
  version: number;
  rounding: 'down' | 'nearest';
  selections: Selection[];
}
export interface SportEvent {
  id: number;
  sportCode: string;
  sport: string;
  competition: string;
  name: string;
  home: string | null;
  away: string | null;
  startsAt: string;
  status: string;
  betStopAt: string | null;
  score: { home: number; away: number; clock?: string } | null;
  markets: Market[];
}

export interface ProofLeg {
  selectionId: string;
  label: string;
  price: string;
  v: string;
  w: 0 | 1;
  d: string;
  f: string;
  resultSource: string;
  resultAt: string;
}
export interface Proof {
  formula: string;
  unitStake: string;
  sizes: number[];
  lines: number[][];
  legs: ProofLeg[];
  exactReturn: string;
  rounding: 'down' | 'nearest';
  return: string;
}
export type LegState = 'open' | 'won' | 'lost' | 'void' | 'half_won' | 'half_lost';
export interface Bet {
  id: number;
  kind: 'single' | 'multiple' | 'system';
  systemName: string | null;
  sizes: number[];
  lines: number;
  unitStake: number;
  totalStake: number;
  potentialReturn: number;
  status: string;
  refusal: Refusal | null;
  live: boolean;
  placedAt: string;
  settledReturn: number | null;
  legs: {
    selectionId: number;
    eventId: number;
    price: string;
    /** The book's English "event · market · selection", as accepted. */
    label: string;
    /** The event's name (a proper noun, shown as it is). */
    event: string;
    /** The market's type and line and the selection's key: the page names them in the member's language. */
    marketType: string;
    line: string | null;
    selectionKey: string;
    /** The book's English names, for a market or selection the page has no name for. */
    market: string;
    selection: string;
    state: LegState;
    startsAt: string;
  }[];
  history: {
    seq: number;
    kind: string;
    amount: number;
    reason: string | null;
    at: string;
    proof: Proof | null;
  }[];
}
export interface Totals {
  settledCount: number;
  staked: number;
  returned: number;
  net: number;
  openStake: number;
}
export type Cursor = { at: string; id: number };

export interface InitReply {
  balance: number;
  currency: string;
  rounding: 'down' | 'nearest';
}

/** The book's house rules as the rules page cites them (`rules`); amounts in minor units, null: no limit. */
export interface HouseRules {
  rounding: 'down' | 'nearest';
  confirmResults: boolean;
  betDelaySeconds: number;
  cancelWindowMinutes: number;
  postponeVoidHours: number;
  currency: string;
  maxStake: number | null;
  maxPayout: number | null;
}

export type PlaceReply =
  | { status: 'success'; betId: number; balance?: number }
  | { status: 'delayed' | 'wait'; betId: number; acceptAt: string }
  | { status: 'refused'; refusal: Refusal; betId?: number };

export class SportsError extends Error {
  constructor(
    readonly status: string,
    message: string,
  ) {
    super(message);
  }
}

/** POST /sports/api/<action>; a refused bet is an answer (PlaceReply), anything else not 2xx throws. */
export async function sportsCall<T>(action: string, body: object): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/sports/api/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new SportsError('network', 'network error');
  }
  const json = (await res.json().catch(() => ({}))) as { status?: string; message?: string };
  if (
    json.status === 'success' ||
    json.status === 'refused' ||
    json.status === 'delayed' ||
    json.status === 'wait'
  )
    return json as T;
  throw new SportsError(json.status ?? 'error', json.message ?? res.statusText);
}

/**
 * The window's launch token: from the URL open-game gave it, or, opened from a link on the member
 * site (a bet's proof), a fresh launch through the site's own open-game with the member's session.
 */
export async function launchToken(): Promise<string | undefined> {
  const fromUrl = new URLSearchParams(window.location.search).get('token');
  if (fromUrl) return fromUrl;
  try {
    const res = await fetch('/api/routes/open-game', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({ code: 'sportsbook', company: 'royal-sports', timeStemp: Date.now() }),
    });
    const json = (await res.json()) as { status?: string; url?: string };
    if (json.status !== 'success' || !json.url) return undefined;
    return new URL(json.url, window.location.origin).searchParams.get('token') ?? undefined;
  } catch {
    return undefined;
  }
}

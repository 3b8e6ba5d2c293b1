/** Calls to the built-in sportsbook's API (/sports/api/<action>), what the sports window sends. */
import type { SportsAction, SportsAnswer, SportsRequest } from '../../shared/contract/sports-api.ts';
import { postJson } from '../api/postJson.ts';

export class SportsError extends Error {
  constructor(
    readonly status: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * POST /sports/api/<action>, typed by the contract (src/shared/contract/sports-api.ts); a refused
 * bet is an answer, anything else not 2xx throws.
 */
export async function sportsCall<A extends SportsAction>(
  action: A,
  body: SportsRequest<A>,
): Promise<SportsAnswer<A>> {
  const { res, json } = await postJson(
    `/sports/api/${action}`,
    body,
    () => new SportsError('network', 'network error'),
  );
  if (
    json.status === 'success' ||
    json.status === 'refused' ||
    json.status === 'delayed' ||
    json.status === 'wait'
  )
    return json as SportsAnswer<A>;
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

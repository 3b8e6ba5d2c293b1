/** The member API calls the reality check makes from a game window (same origin, the session cookie). */
import type { RouteReply } from '../../../shared/contract/routes.ts';

export type RealityState = RouteReply<'get-reality-check'>;

async function post<T>(name: string, body: object): Promise<T | null> {
  try {
    const res = await fetch(`/api/routes/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify(body),
    });
    if (!res.ok) return null;
    return (await res.json()) as T;
  } catch {
    return null;
  }
}

export const fetchReality = () => post<RealityState>('get-reality-check', {});
export const answerReality = (choice: 'continue' | 'history' | 'logout', where: string) =>
  post('answer-reality-check', { choice, where });
export const logout = () => post('user-logout', {});

/** When the next check is due: the next whole interval since the session started, on the server's clock. */
export function nextCheckAt(state: RealityState, clientNow = Date.now()): number {
  const skew = new Date(state.now).getTime() - clientNow;
  const start = new Date(state.sessionStartedAt).getTime() - skew;
  const every = state.intervalMinutes * 60_000;
  const intervals = Math.max(1, Math.ceil((clientNow - start) / every));
  const due = start + intervals * every;
  return due <= clientNow ? due + every : due;
}

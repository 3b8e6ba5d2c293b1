import { setTimeout as sleep } from 'node:timers/promises';

/** How the load saw the servers: replies that were not an answer (refused, reset, 5xx, timed out). */
export const tally = { calls: 0, failedAttempts: 0, unavailable: 0 };

export function resetTally() {
  Object.assign(tally, { calls: 0, failedAttempts: 0, unavailable: 0 });
}

export interface Reply {
  status: number;
  json: Record<string, unknown>;
}

/** One HTTP attempt; null when no answer came back (the caller cannot know whether it was applied). */
export async function attempt(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Reply | null> {
  tally.calls += 1;
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    const json = (await res.json()) as Record<string, unknown>;
    if (res.status >= 500) {
      tally.failedAttempts += 1;
      if (res.status === 503 && json.status === 'unavailable') tally.unavailable += 1;
      return null;
    }
    return { status: res.status, json };
  } catch {
    tally.failedAttempts += 1;
    return null;
  }
}

/**
 * Repeats the same request until the server answers it, as a game provider or a payment page does
 * after a timeout: the request's own id makes a repeat safe. `isDone` decides which answers end it.
 */
export async function untilAnswered(
  send: () => Promise<Reply | null>,
  isDone: (reply: Reply) => boolean,
  what: string,
): Promise<Reply> {
  for (let tries = 0; ; tries += 1) {
    const reply = await send();
    if (reply && isDone(reply)) return reply;
    if (reply && reply.status < 500 && tries > 3) {
      throw new Error(`${what}: refused ${reply.status} ${JSON.stringify(reply.json)}`);
    }
    if (tries > 1_200) throw new Error(`${what}: no answer after ${tries} tries`);
    await sleep(50 + Math.random() * 100);
  }
}

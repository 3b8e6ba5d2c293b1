import type { UofFixture } from './uof-messages.ts';
import { parseUofFixture } from './uof-xml.ts';

/**
 * What the adapter asks of the UOF REST API: a fixture (after a fixture_change, or for an event it has
 * not seen) and a recovery (after a producer was down). The real API and the demo's in-process
 * stand-in answer the same calls.
 */
export interface UofRest {
  /** The fixture, or undefined when the API does not know it; throws when the API cannot be reached. */
  fixture(eventUrn: string): Promise<UofFixture | undefined>;
  /** Asks the producer to resend what changed after `after` (ms), ending with a snapshot_complete of `requestId`. */
  recover(product: number, requestId: number, after?: number): Promise<void>;
}

/** The producers' names in the API's recovery paths. */
export const PRODUCT_PATHS: Record<number, string> = { 1: 'liveodds', 3: 'pre' };

/** The real API (or a stand-in of it) at `baseUrl` (…/v1), authenticated by the access token header. */
export function httpUofRest(baseUrl: string, token: string, timeoutMs = 10_000): UofRest {
  const base = baseUrl.replace(/\/$/, '');
  const headers = { 'x-access-token': token };
  return {
    async fixture(eventUrn) {
      const res = await fetch(`${base}/sports/en/sport_events/${encodeURIComponent(eventUrn)}/fixture.xml`, {
        headers,
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (res.status === 404) return undefined;
      if (!res.ok) throw new Error(`fixture ${eventUrn}: HTTP ${res.status}`);
      return parseUofFixture(await res.text());
    },
    async recover(product, requestId, after) {
      const path = PRODUCT_PATHS[product];
      if (!path) throw new RangeError(`no recovery path for producer ${product}`);
      const query = new URLSearchParams({ request_id: String(requestId) });
      if (after !== undefined) query.set('after', String(after));
      const res = await fetch(`${base}/${path}/recovery/initiate_request?${query}`, {
        method: 'POST',
        headers,
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!res.ok) throw new Error(`recovery of ${path}: HTTP ${res.status}`);
    },
  };
}

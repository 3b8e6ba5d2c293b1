import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isRouteName } from '../../shared/contract/routes.ts';
import { httpRequestSeconds } from '../metrics/process-metrics.ts';

/**
 * Times every request into the metrics, and logs one line for a request that failed (5xx) or was
 * slow: Fastify's own two lines per request (2.7 MB of log in 40 minutes of one player) are off.
 */
export function observeRequests(app: FastifyInstance, slowRequestMs: number): void {
  app.addHook('onResponse', async (request, reply) => {
    const seconds = reply.elapsedTime / 1000;
    const status = reply.statusCode;
    httpRequestSeconds.observe(
      { method: request.method, route: routeLabel(request), status: `${Math.floor(status / 100)}xx` },
      seconds,
    );
    if (status >= 500 || reply.elapsedTime >= slowRequestMs) {
      request.log.info(
        { method: request.method, url: loggableUrl(request.url), status, ms: Math.round(reply.elapsedTime) },
        status >= 500 ? 'request failed' : 'slow request',
      );
    }
  });
}

/**
 * The URL as a log line keeps it: a game or sports window's launch token (`?token=`) is a credential
 * (it bets on the member's balance while their login lasts), so its value is left out.
 */
export const loggableUrl = (url: string) => url.replace(/([?&]token=)[^&#]*/gi, '$1…').slice(0, 200);

/**
 * A bounded label: the route's pattern, with the member API's route name when it is one of the
 * contract's (never what a client typed: a label per typo would grow without end).
 */
function routeLabel(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (!pattern) return 'unmatched';
  if (pattern === '/api/routes/:name') {
    const name = (request.params as { name?: string }).name ?? '';
    return isRouteName(name) ? `/api/routes/${name}` : pattern;
  }
  return pattern;
}

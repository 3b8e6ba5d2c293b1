import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import { errors } from './errors.ts';

/**
 * GET /metrics in Prometheus' text format, for a scraper holding METRICS_TOKEN as its bearer token.
 * Without a configured token the route does not exist: figures about money and load are not public.
 */
export async function metricsRoute(app: FastifyInstance, token: string | undefined, registry: Registry) {
  if (!token) return;
  const expected = Buffer.from(`Bearer ${token}`);
  app.get('/metrics', async (request, reply) => {
    const given = Buffer.from(String(request.headers.authorization ?? ''));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw errors.unauthorized('metrics need the METRICS_TOKEN bearer token');
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}

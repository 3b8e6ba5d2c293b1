import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';

/**
 * Load-balancer probes: /healthz says the process is up; /readyz also needs one trivial database
 * round trip, so an instance that lost its database is taken out of rotation.
 */
export async function probes(app: FastifyInstance, db: Db): Promise<void> {
  app.get('/healthz', async () => ({ status: 'success' }));
  app.get('/readyz', async (_request, reply) => {
    try {
      await db.execute(sql`select 1`);
      return { status: 'success' };
    } catch {
      return reply.code(503).send({ status: 'error', msg: 'msg2012', message: 'database unavailable' });
    }
  });
}

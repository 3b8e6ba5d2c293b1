import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/test-app.ts';
import { backendAvailable, isPostgres } from '../../../test/support/test-db.ts';
import { buildApp } from '../app.ts';
import { type Database, openDatabase, queryRows } from '../db/client.ts';
import { JOB_SCHEMA } from './pg-boss-jobs.ts';

function capturedLog() {
  const lines: string[] = [];
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
  return { lines, logStream };
}

async function until(done: () => boolean, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!done() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 100));
}

/** The sweeps and the book's pass stay quiet in these tests: only the tests' own jobs run. */
const quiet = { sportsHousekeepingMs: 3_600_000 };

describe.runIf(backendAvailable)('periodic jobs', () => {
  const log = capturedLog();
  const t = useTestApp(quiet, { logStream: log.logStream });

  it('a run that throws is logged and tried again, and the server goes on answering', async () => {
    let attempts = 0;
    t.app.jobs.every(
      'test-flaky',
      3_600_000,
      async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('boom once');
      },
      { retryDelaySeconds: 1 },
    );
    await t.app.jobs.start();
    await until(() => attempts >= 2, 30_000);
    expect(attempts).toBe(2);
    const failures = log.lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'test-flaky failed');
    expect(failures).toEqual([
      expect.objectContaining({
        level: 50,
        job: 'test-flaky',
        attempt: 1,
        err: expect.objectContaining({ message: 'boom once' }),
      }),
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    // The retry was the same job, now done: one run for the period, not two.
    const rows = await queryRows<{ state: string; retry_count: number }>(
      t.db,
      sql`select state, retry_count from ${sql.identifier(JOB_SCHEMA)}.job where name = 'test-flaky'`,
    );
    expect(rows).toEqual([{ state: 'completed', retry_count: 1 }]);
  });
});

describe.runIf(backendAvailable)('a shutdown while the jobs start', () => {
  const t = useTestApp(quiet);

  it('ends the start quietly: nothing thrown, no job left running', async () => {
    const runs: string[] = [];
    for (let i = 0; i < 5; i++)
      t.app.jobs.every(`test-early-stop-${i}`, 1_000, async () => void runs.push(`${i}`));
    const starting = t.app.jobs.start();
    // Stopped as soon as the runner has begun, while the jobs' queues are still being made.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await t.app.jobs.stop();
    await expect(starting).resolves.toBeUndefined();
    expect(t.app.jobs.started).toBe(false);
    const seen = runs.length;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(runs.length).toBe(seen);
  });
});

/** Two app processes against one PostgreSQL: each offers every period, the period runs once. */
describe.runIf(isPostgres)('periodic jobs on two app instances', () => {
  const t = useTestApp(quiet);
  const others: { app: FastifyInstance; database: Database }[] = [];
  afterAll(async () => {
    for (const other of others) {
      await other.app.close();
      await other.database.close();
    }
  });

  it('runs a job once per period however many instances schedule it', async () => {
    const database = await openDatabase({ databaseUrl: t.database.url, poolSize: 5 });
    const second = await buildApp({ config: t.config, database, logger: false });
    others.push({ app: second, database });
    const runs: string[] = [];
    for (const [who, app] of [
      ['first', t.app],
      ['second', second],
    ] as const) {
      app.jobs.every('test-tick', 1_000, async () => {
        runs.push(who);
      });
    }
    await Promise.all([t.app.jobs.start(), second.jobs.start()]);
    const startedAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    await Promise.all([t.app.jobs.stop(), second.jobs.stop()]);
    const periods = Math.ceil((Date.now() - startedAt) / 1_000) + 1;
    // Each instance offered twice a period (four offers a period in all); one run a period came of them.
    expect(runs.length).toBeGreaterThanOrEqual(3);
    expect(runs.length).toBeLessThanOrEqual(periods);
    const repeated = await queryRows<{ slot: string }>(
      t.db,
      sql`select singleton_on::text as slot from ${sql.identifier(JOB_SCHEMA)}.job where name = 'test-tick'
          group by singleton_on having count(*) > 1`,
    );
    expect(repeated).toEqual([]);
  });
});

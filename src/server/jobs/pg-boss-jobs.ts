import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import { type ConstructorOptions, fromPglite, type Job, PgBoss } from 'pg-boss';
import type { Database } from '../db/client.ts';
import type { JobRunner, PeriodicJobOptions } from './jobs.ts';

/** pg-boss's tables live in their own schema, which pg-boss creates and upgrades itself at start. */
export const JOB_SCHEMA = 'pgboss';
/** Finished runs are kept this long (for operators' questions), then pg-boss deletes them. */
const KEEP_FINISHED_SECONDS = 24 * 3600;
/** How long stop() waits for a run in progress before it gives up on it (pg-boss retries it later). */
const STOP_TIMEOUT_MS = 10_000;

interface Registered {
  name: string;
  seconds: number;
  task: () => Promise<unknown>;
  options: PeriodicJobOptions;
}

/** Where pg-boss connects: a small pool of its own on PostgreSQL; the one PGlite connection otherwise. */
function connection(database: Database): ConstructorOptions {
  if (database.kind === 'postgres' && database.url) return { connectionString: database.url, max: 3 };
  const pglite = (database.db as unknown as { $client: PGlite }).$client;
  return { db: fromPglite(pglite), backend: 'pglite' };
}

/**
 * The job runner on pg-boss. A periodic job is a throttled queue: every process offers one job per
 * period (`sendThrottled`: a unique index on the period's slot keeps only the first offer), and each
 * process works the queue one job at a time, so a period runs once however many processes offer it.
 * A run that throws is logged here and failed to pg-boss, which retries it; pg-boss's own errors
 * (a lost connection) are logged too, never thrown at the process.
 */
export function pgBossJobs(database: Database, log: FastifyBaseLogger): JobRunner {
  const jobs: Registered[] = [];
  const timers: NodeJS.Timeout[] = [];
  let boss: PgBoss | undefined;
  let stopped = false;

  const offer = (job: Registered) =>
    boss
      ?.sendThrottled(job.name, {}, null, job.seconds, job.name)
      .catch((error: unknown) =>
        log.warn({ err: error, job: job.name }, `${job.name}: could not offer a run`),
      );

  const runOne = (job: Registered) => async (batch: Job[]) => {
    for (const claimed of batch) {
      try {
        await job.task();
      } catch (error) {
        log.error({ err: error, job: job.name, attempt: claimed.retryCount + 1 }, `${job.name} failed`);
        throw error;
      }
    }
  };

  async function startJob(started: PgBoss, job: Registered) {
    const retryDelay = job.options.retryDelaySeconds ?? Math.max(1, Math.round(job.seconds / 4));
    const queue = {
      retryLimit: job.options.retryLimit ?? 2,
      retryDelay,
      // A run taking longer than this is taken as lost (its process died) and tried again.
      expireInSeconds: Math.max(60, job.seconds * 6),
      deleteAfterSeconds: KEEP_FINISHED_SECONDS,
      retentionSeconds: Math.max(60, job.seconds * 10),
    };
    await started.createQueue(job.name, { policy: 'standard', ...queue });
    // An existing queue keeps the options it was made with; the code's current ones win.
    await started.updateQueue(job.name, queue);
    await started.work(
      job.name,
      // Polled often enough to start a period's run, or a retry, about when it is due.
      {
        batchSize: 1,
        localConcurrency: 1,
        pollingIntervalSeconds: Math.max(0.5, Math.min(30, retryDelay, job.seconds / 2)),
      },
      runOne(job),
    );
    void offer(job);
    // Twice a period: a timer's drift never leaves a period without an offer from this process.
    const timer = setInterval(() => void offer(job), (job.seconds * 1000) / 2);
    timer.unref();
    timers.push(timer);
  }

  return {
    every(name, everyMs, task, options = {}) {
      if (boss) throw new Error(`job ${name} registered after start`);
      if (jobs.some((j) => j.name === name)) throw new Error(`job ${name} registered twice`);
      jobs.push({ name, seconds: Math.max(1, Math.round(everyMs / 1000)), task, options });
    },
    get started() {
      return boss !== undefined && !stopped;
    },
    async start() {
      if (boss || stopped) return;
      const created = new PgBoss({
        ...connection(database),
        schema: JOB_SCHEMA,
        // No cron schedules: periods are throttled queues (above), which also take periods under a minute.
        schedule: false,
      });
      created.on('error', (error) => log.error({ err: error }, 'job runner error'));
      created.on('warning', (warning) => log.warn({ data: warning.data }, `job runner: ${warning.message}`));
      boss = created;
      // A shutdown may come while this still starts (a SIGTERM right after the first answer): the
      // start then ends quietly instead of throwing from a runner already stopped.
      try {
        await created.start({ attempts: 3 });
        for (const job of jobs) {
          if (stopped) return;
          await startJob(created, job);
        }
      } catch (error) {
        if (!stopped) throw error;
      }
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      timers.length = 0;
      // close: false on PGlite, whose one connection the app closes itself.
      await boss?.stop({ graceful: true, timeout: STOP_TIMEOUT_MS, close: database.kind === 'postgres' });
    },
  };
}

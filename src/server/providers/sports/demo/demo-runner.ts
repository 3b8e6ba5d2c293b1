import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { sportsClock } from '../clock.ts';
import { demoFeedTick } from './demo-feed.ts';

const EVERY_MS = 15_000;

/**
 * Runs the demo feed (main.ts, with the demo data set only): a tick at once, then every 15 s until
 * stopped (main.ts stops it before closing the app). Ticks never overlap; a failed one is logged and
 * the next tries again.
 */
export function runDemoFeed(app: FastifyInstance, db: Db): { stop(): Promise<void> } {
  let current: Promise<unknown> | undefined;
  const tick = () => {
    if (current) return;
    current = demoFeedTick(db, app.sportsWallet, sportsClock.now())
      .then((t) => {
        if (t.created || t.settled) app.log.info(t, 'sports demo feed');
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'sports demo feed tick failed'))
      .finally(() => {
        current = undefined;
      });
  };
  tick();
  const timer = setInterval(tick, EVERY_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await current;
    },
  };
}

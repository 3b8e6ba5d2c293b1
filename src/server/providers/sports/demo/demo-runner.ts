import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { sportsClock } from '../clock.ts';
import { watchEverySecond } from '../uof/uof-runner.ts';
import { type DemoFeed, demoUofFeed } from './demo-feed.ts';

const EVERY_MS = 15_000;

/**
 * Runs the demo feed (main.ts, with the demo data set only): a tick at once, then every 15 s until
 * stopped (main.ts stops it before closing the app), and the producers' watch every second, as for a
 * real feed. Ticks never overlap; a failed one is logged and the next tries again. The demo's feed is
 * returned too: `npm run sports:replay` sends its messages into it.
 */
export function runDemoFeed(app: FastifyInstance, db: Db): { demo: DemoFeed; stop(): Promise<void> } {
  const demo = demoUofFeed(db, app.sportsWallet, app.log);
  let current: Promise<unknown> | undefined;
  const tick = () => {
    if (current) return;
    current = demo
      .tick(sportsClock.now())
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
  const watch = watchEverySecond(demo.feed, app.log);
  return {
    demo,
    async stop() {
      clearInterval(timer);
      await watch.stop();
      await current;
    },
  };
}

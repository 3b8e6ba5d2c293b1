import type { FastifyInstance } from 'fastify';

/**
 * Runs `task` every `everyMs` on this process for as long as the app lives, never two runs at once (a
 * slow run makes the next ticks skip), logging a failure and going on. Every process runs its own:
 * each task claims its rows with locks or unique keys, so two processes never do one thing twice.
 */
export function runEvery(
  app: FastifyInstance,
  name: string,
  everyMs: number,
  task: () => Promise<unknown>,
): void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    task()
      .catch((error: unknown) => app.log.error({ err: error }, `${name} failed`))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

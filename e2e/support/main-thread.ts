import type { CDPSession, Page } from 'playwright-core';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/** A task of the renderer's main thread, as Chrome's versions name it. */
const TASKS = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

/**
 * The page's main-thread tasks (over 50 ms of wall time) as Chrome's trace records them: each task's wall time and its thread
 * (CPU) time. A long task by the PerformanceObserver is wall time, which on a shared runner includes
 * the time the renderer waited for a core; the thread time is the page's own work, the same on a busy
 * machine as on an idle one.
 */
export async function traceMainThread(
  page: Page,
): Promise<{ stop(): Promise<{ wall: number; cpu: number }[]> }> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (data) => {
    events.push(...(data.value as unknown as TraceEvent[]));
  });
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: { includedCategories: ['toplevel', '__metadata'], enableSampling: false },
  });
  return {
    async stop() {
      const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
      await cdp.send('Tracing.end');
      await complete;
      await cdp.detach().catch(() => undefined);
      const mainThreads = new Set(
        events
          .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
          .map((e) => `${e.pid}:${e.tid}`),
      );
      return events
        .filter((e) => e.ph === 'X' && TASKS.has(e.name) && mainThreads.has(`${e.pid}:${e.tid}`))
        .map((e) => ({
          wall: Math.round((e.dur ?? 0) / 1000),
          cpu: Math.round((e.tdur ?? e.dur ?? 0) / 1000),
        }))
        .filter((t) => t.wall > 50);
    },
  };
}

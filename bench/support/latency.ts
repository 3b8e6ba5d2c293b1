/** One route's latency over sequential calls: each call waits for the one before (no queueing). */
export interface Latency {
  label: string;
  side: 'admin' | 'member';
  calls: number;
  p50: number;
  p99: number;
  failed: number;
  /** The first failure's status and body, to say why. */
  firstFailure?: string;
  /** Why the route has no target (it is printed, not judged). */
  noTarget?: string;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

export async function measure(
  label: string,
  side: Latency['side'],
  calls: number,
  call: (i: number) => Promise<Response>,
  noTarget?: string,
  /** The answer did the work it claims (a search found its member): a failure when it did not. */
  check?: (i: number, body: string) => boolean,
  warmup = 2,
): Promise<Latency> {
  for (let i = 0; i < warmup; i++) await (await call(calls + i)).arrayBuffer();
  const times: number[] = [];
  let failed = 0;
  let firstFailure: string | undefined;
  for (let i = 0; i < calls; i++) {
    const started = performance.now();
    const res = await call(i);
    const body = await res.text();
    times.push(performance.now() - started);
    const refused =
      res.status !== 200 || /"status":"(fail|error)"/.test(body.slice(0, 200)) || (check && !check(i, body));
    if (refused) {
      failed += 1;
      firstFailure ??= `${res.status} ${body.slice(0, 160)}`;
    }
  }
  times.sort((a, b) => a - b);
  return {
    label,
    side,
    calls,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    failed,
    firstFailure,
    noTarget,
  };
}

export const TARGET_MS = { admin: 100, member: 25 } as const;

export function printLatencies(rows: Latency[]): boolean {
  console.log('\n| route | side | calls | p50 ms | p99 ms | target p99 | result |');
  console.log('|---|---|---:|---:|---:|---:|---|');
  let allPass = true;
  for (const r of rows) {
    const pass = r.failed === 0 && (r.noTarget !== undefined || r.p99 < TARGET_MS[r.side]);
    allPass &&= pass;
    const why = r.failed ? ` (${r.failed} failed: ${r.firstFailure})` : '';
    const target = r.noTarget ? `none (${r.noTarget})` : `< ${TARGET_MS[r.side]}`;
    const verdict = r.noTarget && pass ? 'info' : pass ? 'PASS' : 'FAIL';
    console.log(
      `| ${r.label} | ${r.side} | ${r.calls} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${target} | ${verdict}${why} |`,
    );
  }
  return allPass;
}

import type autocannon from 'autocannon';

export interface Figures {
  label: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

export function figuresOf(label: string, result: autocannon.Result): Figures {
  return {
    label,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

export function printFigures(rows: Figures[]): void {
  console.log('\n| run | requests/s | p50 ms | p99 ms | non-2xx | errors |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(
      `| ${r.label} | ${r.requestsPerSecond.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.errors} |`,
    );
  }
}

/**
 * bench:wallet's targets (issue 34): wallet operations/s over HTTP at least pgbench TPC-B's on the same
 * cluster with wins really paid, a wallet operation's CPU at most 0.7 × a TPC-B transaction's, at most
 * 15 WAL records per operation, p99 under 20 ms. Missing one is reported, not a failure: the bench
 * fails only when the money is wrong (the figures follow the shared machine's load as much as the code).
 */
export const WALLET_TARGETS = { ratio: 1.0, cpuRatio: 0.7, walRecords: 15, p99Ms: 20 } as const;

export interface WalletFigures {
  /** Wallet operations/s over HTTP ÷ pgbench TPC-B transactions/s. */
  ratio: number;
  /** CPU per wallet operation over HTTP ÷ CPU per TPC-B transaction. */
  cpuRatio: number;
  /** WAL records per wallet operation over HTTP. */
  walRecords: number;
  p99Ms: number;
}

/** One line per target: the figure, the target, and whether it was met. */
export function targetLines(f: WalletFigures): string[] {
  const t = WALLET_TARGETS;
  const line = (met: boolean, text: string) => `${met ? 'met   ' : 'MISSED'} ${text}`;
  return [
    line(
      f.ratio >= t.ratio,
      `operations/s ÷ pgbench TPC-B = ${f.ratio.toFixed(2)} (target ≥ ${t.ratio.toFixed(1)})`,
    ),
    line(
      f.cpuRatio <= t.cpuRatio,
      `CPU per operation ÷ TPC-B's = ${f.cpuRatio.toFixed(2)} (target ≤ ${t.cpuRatio})`,
    ),
    line(
      f.walRecords <= t.walRecords,
      `WAL records per operation = ${f.walRecords.toFixed(1)} (target ≤ ${t.walRecords})`,
    ),
    line(f.p99Ms < t.p99Ms, `p99 = ${f.p99Ms} ms (target < ${t.p99Ms})`),
  ];
}

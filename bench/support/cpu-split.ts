import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

type Snapshot = Map<number, { name: string; ppid: number; ticks: number; childTicks: number }>;

/** Every process's name and CPU time so far (user + system, /proc/<pid>/stat), in clock ticks. */
function snapshot(): Snapshot {
  const processes: Snapshot = new Map();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // The name is in parentheses and may hold spaces; the fields after it are space-separated.
      const close = stat.lastIndexOf(')');
      const fields = stat.slice(close + 2).split(' ');
      processes.set(pid, {
        name: stat.slice(stat.indexOf('(') + 1, close),
        ppid: Number(fields[1]),
        ticks: Number(fields[11]) + Number(fields[12]),
        // Children that ended and were waited for (pgbench run by execFileSync, say).
        childTicks: Number(fields[13]) + Number(fields[14]),
      });
    } catch {
      // ended meanwhile
    }
  }
  return processes;
}

export interface CpuShare {
  label: string;
  /** CPU time per operation, in microseconds. */
  microsPerOp: number;
  /** Share of one core over the window, in percent. */
  percentOfCore: number;
  /** False for processes that are not part of the measured system (other work on the machine). */
  counted: boolean;
}

const OTHER = 'other processes (not counted)';
const DATABASE = 'database (PostgreSQL)';

/**
 * Where the machine's CPU went while a load ran: starts a window now; `end(operations, roles)` gives
 * each role's CPU time per operation (its processes' time used in the window: `roles` names a pid or
 * a process name, `children` the children this process ran to their end in the window, the
 * processes called `postgres` are the database; the rest is other work on the machine, shown but
 * not counted) and how busy the machine was. A process's children that ended within the window
 * count for its role (the postmaster's reaped backends for the database).
 * The load generator runs on the same cores as what it measures: its share is printed too.
 */
export function cpuWindow() {
  const before = snapshot();
  const started = performance.now();
  return {
    /**
     * `postmaster`: the measured cluster's postmaster; then only it and its children count as the
     * database (the machine may run other engineers' clusters), else every process called postgres.
     */
    end(operations: number, roles: Record<string, number | string>, children?: string, postmaster?: number) {
      const seconds = (performance.now() - started) / 1000;
      const after = snapshot();
      const used = new Map<string, number>();
      const labelOf = new Map(Object.entries(roles).map(([label, who]) => [who, label]));
      const add = (label: string, ticks: number) => {
        if (ticks > 0) used.set(label, (used.get(label) ?? 0) + ticks / TICKS_PER_SECOND);
      };
      for (const [pid, now] of after) {
        const ours = postmaster === undefined || pid === postmaster || now.ppid === postmaster;
        const label =
          labelOf.get(pid) ?? labelOf.get(now.name) ?? (now.name === 'postgres' && ours ? DATABASE : OTHER);
        add(label, now.ticks - (before.get(pid)?.ticks ?? 0));
        // Children that ended in the window count for their parent's role: the backends pgbench
        // closed are gone by the end, and only the postmaster's reaped time still holds them.
        const reaped = now.childTicks - (before.get(pid)?.childTicks ?? 0);
        add(pid === process.pid && children ? children : label, reaped);
      }
      const shares: CpuShare[] = [...used]
        .sort((a, b) => b[1] - a[1])
        .map(([label, cpuSeconds]) => ({
          label,
          microsPerOp: (cpuSeconds * 1e6) / Math.max(1, operations),
          percentOfCore: (100 * cpuSeconds) / seconds,
          counted: label !== OTHER,
        }));
      const busy = shares.reduce((sum, share) => sum + share.percentOfCore, 0) / availableParallelism();
      return { shares, busyPercent: busy, cores: availableParallelism() };
    },
  };
}

type CpuSplit = ReturnType<ReturnType<typeof cpuWindow>['end']>;

/** CPU time per operation of the measured system (the database, the named roles), in microseconds. */
export const cpuPerOperation = (split: CpuSplit) =>
  split.shares.filter((share) => share.counted).reduce((sum, share) => sum + share.microsPerOp, 0);

export function printCpuSplit(title: string, split: CpuSplit) {
  const total = cpuPerOperation(split);
  console.log(
    `${title}: ${total.toFixed(0)} µs of CPU per operation; the ${split.cores} cores were ${split.busyPercent.toFixed(0)} % busy`,
  );
  for (const share of split.shares) {
    console.log(
      `  ${share.label.padEnd(30)} ${share.microsPerOp.toFixed(0).padStart(5)} µs/op  ${share.percentOfCore.toFixed(0).padStart(4)} % of a core`,
    );
  }
}

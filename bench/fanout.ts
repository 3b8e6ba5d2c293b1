/**
 * npm run bench:fanout — a note to every member, delivered to 1,000 and then 3,000 open member event
 * streams (one session each) on one server process over a real PostgreSQL: the time from sending the
 * note until each stream shows the new note count. Prints p50/p99/max for each size and the ratio of
 * the p99s; the target is a ratio ≤ 3.5 (time growing no faster than the number of streams).
 * Repeats each size BENCH_FANOUT_ROUNDS times (default 3) and reports the median p99.
 */
import { createHash, randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client.ts';
import { sendNote } from '../src/server/modules/inbox/notes.service.ts';
import { startPgCluster } from '../test/support/pg-cluster.ts';
import { openNoteStreams } from './support/note-streams.ts';
import { benchMember, siteBank } from './support/players.ts';
import { startServer } from './support/server.ts';

const SIZES = [1_000, 3_000];
const ROUNDS = Number(process.env.BENCH_FANOUT_ROUNDS ?? 3);
const MEMBERS = 100;

const cluster = await startPgCluster({ fsync: true, maxConnections: 100 });
const admin = new pg.Client({ connectionString: cluster.url });
await admin.connect();
await admin.query('create database bench_fanout');
await admin.end();
const url = new URL(cluster.url);
url.pathname = '/bench_fanout';
const server = await startServer({
  DATABASE_URL: url.toString(),
  // 3,000 streams of 100 members from this one address.
  LIVE_STREAMS_PER_MEMBER: 'unlimited',
  LIVE_STREAMS_PER_ADDRESS: 'unlimited',
});
const db = new pg.Client({ connectionString: url.toString() });
await db.connect();
const app = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

try {
  // Members through the real registration; their many sessions written directly (a login each
  // would cost an argon2 hash apiece and measure nothing this bench is about).
  for (let i = 0; i < MEMBERS; i++) {
    const res = await fetch(`${server.url}/api/routes/user-register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(benchMember(`fan${i}`, await siteBank(server.url))),
    });
    if (!res.ok) throw new Error(`registration failed: ${await res.text()}`);
  }
  const { rows: members } = await db.query<{ id: string }>('select id from members order by id');
  const newTokens = async (n: number) => {
    const tokens = Array.from({ length: n }, () => randomBytes(32).toString('base64url'));
    await db.query(
      `insert into sessions (token_hash, member_id, expires_at)
       select h, m, now() + interval '1 hour' from unnest($1::text[], $2::bigint[]) as t(h, m)`,
      [
        tokens.map((token) => createHash('sha256').update(token).digest('hex')),
        tokens.map((_, i) => members[i % members.length]!.id),
      ],
    );
    return tokens;
  };

  let notes = 0;
  const p99s = new Map<number, number[]>();
  for (const size of SIZES) {
    const streams = await openNoteStreams(server.url, await newTokens(size));
    if (streams.opened !== size) throw new Error(`only ${streams.opened} of ${size} streams opened`);
    for (let round = 0; round < ROUNDS; round++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const since = performance.now();
      // What the back office's "note to all members" does: one row, one notification for everyone.
      await sendNote(app.db, {
        target: 'all',
        title: 'Fan-out',
        contents: 'To every member',
        sentBy: 'bench',
      });
      notes += 1;
      const { delays, missed } = await streams.delaysTo(notes, since, 30_000);
      if (missed > 0) throw new Error(`${missed} of ${size} streams never showed the note`);
      const sorted = delays.sort((a, b) => a - b);
      const p99 = quantile(sorted, 0.99);
      p99s.set(size, [...(p99s.get(size) ?? []), p99]);
      console.log(
        `${size} streams, round ${round + 1}: p50 ${quantile(sorted, 0.5).toFixed(0)} ms, ` +
          `p99 ${p99.toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms (all ${size} showed the note)`,
      );
    }
    streams.close();
    // The server drops the closed streams; the next size starts from none.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  const [small, large] = SIZES.map((size) => median(p99s.get(size)!));
  const ratio = large! / small!;
  console.log(
    `\nfan-out p99 (median of ${ROUNDS}): ${small!.toFixed(0)} ms at ${SIZES[0]} streams, ` +
      `${large!.toFixed(0)} ms at ${SIZES[1]}: ratio ${ratio.toFixed(2)} (target ≤ 3.5; ` +
      `load average ${loadavg()[0]!.toFixed(1)})`,
  );
  process.exitCode = ratio <= 3.5 ? 0 : 1;
} finally {
  await db.end();
  await app.close();
  await server.stop();
  cluster.stop();
}

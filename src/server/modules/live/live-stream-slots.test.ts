import { connect } from 'node:net';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberIdOf } from '../../../../test/support/money.ts';
import { openSse } from '../../../../test/support/sse.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { readConfig } from '../../config.ts';
import { queryRows } from '../../db/client.ts';

const { liveStreamsPerMember: STREAMS_PER_MEMBER, liveStreamsPerAddress: STREAMS_PER_ADDRESS } = readConfig(
  {},
);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean, ms = 3_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await sleep(20);
  }
}

/** A GET over a raw socket, cut when `leave` resolves, before any answer is read. */
function openAndLeave(base: string, path: string, headers: Record<string, string>, leave: Promise<void>) {
  const url = new URL(base);
  const socket = connect(Number(url.port), url.hostname, () => {
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: ${url.host}\r\n${lines.join('')}\r\n`);
  });
  socket.on('error', () => undefined);
  return leave.then(() => socket.destroy());
}

describe.runIf(backendAvailable)('live streams: who holds how many, and leaving', () => {
  const t = useTestApp({}, { listen: true });
  const live = (path: string, headers: Record<string, string> = {}) =>
    openSse(`${t.config.publicUrl}${path}`, headers);

  it(`a member holds at most ${STREAMS_PER_MEMBER} streams on a process; the next is 429, a closed one frees its place`, async () => {
    const { token, member } = await t.login();
    const memberId = await memberIdOf(t.db, member.id);
    const auth = { authorization: `Bearer ${token}` };
    const streams = [];
    for (let i = 0; i < STREAMS_PER_MEMBER; i++) streams.push(await live('/api/live', auth));
    expect(streams.map((s) => s.status)).toEqual(streams.map(() => 200));

    const refused = await fetch(`${t.config.publicUrl}/api/live`, { headers: auth });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ status: 'limited', msg: 'msg3009' });
    // Another member is not held back by this one's streams.
    const other = await t.login();
    const theirs = await live('/api/live', { authorization: `Bearer ${other.token}` });
    expect(theirs.status).toBe(200);
    theirs.close();

    streams.pop()!.close();
    await until(() => t.app.streams.heldBy(`member:${memberId}`) === STREAMS_PER_MEMBER - 1);
    const again = await live('/api/live', auth);
    expect(again.status).toBe(200);

    // The session ending ends the streams (the server's side): their places are given back.
    await t.call('user-logout', {}, { token });
    await until(() => t.app.streams.heldBy(`member:${memberId}`) === 0);
    expect(t.app.live.size).toBe(0);
    for (const s of [...streams, again]) s.close();
  });

  it(`an address holds at most ${STREAMS_PER_ADDRESS} streams without a session (jackpot, wins, prices together)`, async () => {
    const paths = ['/api/live/jackpot', '/api/live/wins', '/sports/live?events=1,2,3'];
    const streams = [];
    for (let i = 0; i < STREAMS_PER_ADDRESS; i++) streams.push(await live(paths[i % 3]!));
    expect(streams.every((s) => s.status === 200)).toBe(true);
    for (const path of paths) {
      const refused = await fetch(`${t.config.publicUrl}${path}`);
      expect(refused.status, path).toBe(429);
      expect(await refused.json()).toMatchObject({ status: 'limited', msg: 'msg3009' });
    }
    for (const s of streams) s.close();
    await until(() => t.app.streams.size === 0);
    const again = await live('/api/live/jackpot');
    expect(again.status).toBe(200);
    again.close();
  });

  it('an IPv6 client is one address for its whole /64: a fresh address of the same /64 is refused too', async () => {
    await until(() => t.app.streams.size === 0);
    // The /64's places taken as if by its first address (no real socket can come from it here).
    const releases = Array.from({ length: STREAMS_PER_ADDRESS }, () =>
      t.app.streams.take(t.app.streams.address('2001:db8:7:9::1')),
    );
    try {
      expect(releases.every((r) => r !== undefined)).toBe(true);
      const opened = t.app.inject({
        method: 'GET',
        url: '/api/live/jackpot',
        remoteAddress: '2001:db8:7:9::abcd',
      });
      // A stream opened instead never answers: give it a second, then say so.
      const timedOut = sleep(1_000).then(() => 'a stream was opened' as const);
      const answer = await Promise.race([opened, timedOut]);
      expect(answer).not.toBe('a stream was opened');
      if (typeof answer === 'string') return;
      expect([answer.statusCode, answer.json()]).toEqual([
        429,
        expect.objectContaining({ status: 'limited', msg: 'msg3009' }),
      ]);
      // Another /64 is another client.
      expect(t.app.streams.address('2001:db8:7:a::1').holder).not.toBe(
        t.app.streams.address('2001:db8:7:9::1').holder,
      );
    } finally {
      for (const release of releases) release?.();
    }
  });

  it('a stream whose client left before its first figures is taken out, its place given back', async () => {
    await until(() => t.app.streams.size === 0);
    const { token } = await t.login();
    // Each stream's first read waits on a lock the test holds; the client leaves meanwhile.
    const cases: { path: string; headers: Record<string, string>; table: string }[] = [
      { path: '/api/live', headers: { authorization: `Bearer ${token}` }, table: 'sessions' },
      { path: '/api/live/jackpot', headers: {}, table: 'jackpot_settings' },
      { path: '/sports/live?events=1,2', headers: {}, table: 'sb_events' },
    ];
    for (const { path, headers, table } of cases) {
      let unlock: () => void = () => {};
      const unlocked = new Promise<void>((resolve) => {
        unlock = resolve;
      });
      let left: () => void = () => {};
      const leave = new Promise<void>((resolve) => {
        left = resolve;
      });
      const held = t.db.transaction(async (tx) => {
        await queryRows(tx, sql.raw(`lock table ${table} in access exclusive mode`));
        await unlocked;
      });
      await sleep(50);
      const gone = openAndLeave(t.config.publicUrl, path, headers, leave);
      await sleep(300); // the request is in, waiting on the lock
      left();
      await gone;
      await sleep(100);
      unlock();
      await held;
      await until(() => t.app.streams.size === 0).catch(() => {
        throw new Error(`${path}: ${t.app.streams.size} stream(s) still held after the client left`);
      });
    }
    expect(t.app.live.size).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { FAN_OUT_CHUNK, LiveHub, type LiveStream } from './live.hub.ts';

function fakeStream(memberId: number, token = `token-${memberId}`) {
  const sent: { event: string; data: unknown }[] = [];
  const stream: LiveStream & { sent: typeof sent; ended: boolean } = {
    memberId,
    token,
    sent,
    ended: false,
    send: (event, data) => sent.push({ event, data }),
    ping: () => {},
    end: () => {
      stream.ended = true;
    },
  };
  return stream;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

/** A change for everyone reaches every stream in reads of FAN_OUT_CHUNK, not one read per stream. */
describe('the live hub fanning a change out to everyone', () => {
  it(`reads ${FAN_OUT_CHUNK * 2 + 200} streams in three reads and sends each its new state once`, async () => {
    let version = 1;
    const single: LiveStream[] = [];
    const batches: number[] = [];
    const hub = new LiveHub(
      async (stream) => {
        single.push(stream);
        return { v: version, m: stream.memberId };
      },
      Date.now,
      async (streams) => {
        batches.push(streams.length);
        return new Map(streams.map((s) => [s, { v: version, m: s.memberId }]));
      },
    );
    const streams = Array.from({ length: FAN_OUT_CHUNK * 2 + 200 }, (_, i) => fakeStream(i + 1));
    for (const stream of streams) await hub.add(stream);
    const singleReadsOnOpen = single.length;

    version = 2;
    hub.handle(JSON.stringify({ k: 'everyone' }));
    await settle();

    expect(batches).toEqual([FAN_OUT_CHUNK, FAN_OUT_CHUNK, 200]);
    expect(single.length).toBe(singleReadsOnOpen);
    for (const stream of streams) {
      expect(stream.sent.map((s) => s.data)).toEqual([
        { v: 1, m: stream.memberId },
        { v: 2, m: stream.memberId },
      ]);
    }
    hub.close();
  });

  it('ends a stream whose session is gone, and reads again one that changed during the chunk read', async () => {
    let version = 1;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const live = fakeStream(1);
    const gone = fakeStream(2);
    const hub = new LiveHub(
      async (stream) => ({ v: version, m: stream.memberId }),
      Date.now,
      async (streams) => {
        await gate;
        return new Map(streams.filter((s) => s !== gone).map((s) => [s, { v: 2, m: s.memberId }]));
      },
    );
    await hub.add(live);
    await hub.add(gone);
    hub.handle(JSON.stringify({ k: 'everyone' }));
    // While the chunk is being read, the member's own change arrives: it must not be lost.
    version = 3;
    hub.handle(JSON.stringify({ k: 'members', ids: [1] }));
    release();
    await settle();

    expect(gone.sent.at(-1)).toEqual({ event: 'end', data: { reason: 'session' } });
    expect(gone.ended).toBe(true);
    expect(live.sent.at(-1)).toEqual({ event: 'state', data: { v: 3, m: 1 } });
    expect(hub.size).toBe(1);
    hub.close();
  });
});

import { Agent, type ClientRequest, request } from 'node:http';

export interface IdleStreams {
  /** Streams that answered 200 and delivered their first `state` event. */
  opened: number;
  failed: number;
  close(): void;
}

/**
 * Opens `count` member event streams (GET /api/live), `parallel` at a time, each counted once its
 * first `state` event arrives (the server really holds it and has read its member), then leaves
 * them idle.
 */
export async function openIdleStreams(
  baseUrl: string,
  tokens: string[],
  count: number,
  parallel = 200,
): Promise<IdleStreams> {
  const agent = new Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  const requests: ClientRequest[] = [];
  let opened = 0;
  let failed = 0;
  const openOne = (i: number) =>
    new Promise<void>((done) => {
      const req = request(
        `${baseUrl}/api/live`,
        { agent, headers: { authorization: `Bearer ${tokens[i % tokens.length]}` } },
        (res) => {
          if (res.statusCode !== 200) {
            failed += 1;
            res.resume();
            done();
            return;
          }
          let seen = '';
          const onData = (chunk: Buffer) => {
            seen += chunk.toString();
            if (!seen.includes('event: state')) return;
            opened += 1;
            res.off('data', onData);
            res.resume();
            done();
          };
          res.on('data', onData);
        },
      );
      req.on('error', () => {
        failed += 1;
        done();
      });
      req.end();
      requests.push(req);
    });
  for (let start = 0; start < count; start += parallel) {
    const batch: Promise<void>[] = [];
    for (let i = start; i < Math.min(count, start + parallel); i++) batch.push(openOne(i));
    await Promise.all(batch);
  }
  return {
    opened,
    failed,
    close: () => {
      for (const req of requests) req.destroy();
      agent.destroy();
    },
  };
}

import { Agent, type ClientRequest, request } from 'node:http';

export interface NoteStreams {
  opened: number;
  /** Resolves with each stream's delay (ms after `since`) to a state whose note count reached `count`. */
  delaysTo(count: number, since: number, timeoutMs: number): Promise<{ delays: number[]; missed: number }>;
  close(): void;
}

/**
 * Member event streams (GET /api/live), one per token, each remembering when a `state` event first
 * showed each note count: what a member's badge would show, and when.
 */
export async function openNoteStreams(
  baseUrl: string,
  tokens: string[],
  parallel = 200,
): Promise<NoteStreams> {
  const agent = new Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  const requests: ClientRequest[] = [];
  const seen: Map<number, number>[] = tokens.map(() => new Map());
  let opened = 0;
  const openOne = (i: number) =>
    new Promise<void>((ready) => {
      const req = request(
        `${baseUrl}/api/live`,
        { agent, headers: { authorization: `Bearer ${tokens[i]}` } },
        (res) => {
          if (res.statusCode !== 200) {
            res.resume();
            ready();
            return;
          }
          let buffer = '';
          res.on('data', (chunk: Buffer) => {
            buffer += chunk.toString();
            let end = buffer.indexOf('\n\n');
            while (end >= 0) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              end = buffer.indexOf('\n\n');
              if (!block.startsWith('event: state')) continue;
              const data = JSON.parse(block.slice(block.indexOf('data: ') + 6)) as { noteCount: number };
              if (!seen[i]!.has(data.noteCount)) seen[i]!.set(data.noteCount, performance.now());
              if (seen[i]!.size === 1) {
                opened += 1;
                ready();
              }
            }
          });
        },
      );
      req.on('error', () => ready());
      req.end();
      requests.push(req);
    });
  for (let start = 0; start < tokens.length; start += parallel) {
    const batch: Promise<void>[] = [];
    for (let i = start; i < Math.min(tokens.length, start + parallel); i++) batch.push(openOne(i));
    await Promise.all(batch);
  }
  return {
    get opened() {
      return opened;
    },
    async delaysTo(count, since, timeoutMs) {
      const deadline = performance.now() + timeoutMs;
      while (performance.now() < deadline && seen.some((s) => !s.has(count))) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      const delays = seen.filter((s) => s.has(count)).map((s) => s.get(count)! - since);
      return { delays, missed: seen.length - delays.length };
    },
    close() {
      for (const req of requests) req.destroy();
      agent.destroy();
    },
  };
}

import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local load balancer in front of several server processes: requests go round-robin; a request
 * that cannot even connect to one upstream (the process is gone) goes to the next, which is safe
 * because that upstream never saw it. Any other failure is a 502, as a real balancer answers.
 */
export async function startProxy(upstreams: string[]): Promise<{ url: string; close(): Promise<void> }> {
  let next = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const tryUpstream = (left: number) => {
        const target = new URL(req.url ?? '/', upstreams[next++ % upstreams.length]);
        const out = request(target, { method: req.method, headers: req.headers }, (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        });
        out.on('error', (error: NodeJS.ErrnoException) => {
          if (error.code === 'ECONNREFUSED' && left > 1) return tryUpstream(left - 1);
          if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ status: 'error', msg: 'bad gateway' }));
        });
        out.end(body);
      };
      tryUpstream(upstreams.length);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

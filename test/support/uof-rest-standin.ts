import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type FixtureInput, fixtureXml } from '../../src/server/providers/sports/uof/uof-build.ts';

/**
 * A stand-in of the UOF REST API for tests, from its published paths (the real one is a paid
 * service): `GET /v1/sports/en/sport_events/{id}/fixture.xml` and
 * `POST /v1/{product}/recovery/initiate_request?after=&request_id=`. It checks the access token,
 * serves the fixtures it is given and records each recovery request, handing it to `onRecovery`
 * (the test then publishes the recovered messages and their snapshot_complete).
 */
export interface RecoveryRequest {
  product: string;
  requestId: number;
  after?: number;
}

export interface UofRestStandIn {
  url: string;
  token: string;
  fixtures: Map<string, FixtureInput>;
  recoveries: RecoveryRequest[];
  onRecovery: (r: RecoveryRequest) => void | Promise<void>;
  /** Answer every call with this status instead (an API that is down). */
  failWith?: number;
  close(): Promise<void>;
}

export async function startUofRestStandIn(token = 'test-token'): Promise<UofRestStandIn> {
  const state: UofRestStandIn = {
    url: '',
    token,
    fixtures: new Map(),
    recoveries: [],
    onRecovery: () => undefined,
    close: async () => undefined,
  };
  const server: Server = createServer((req, res) => {
    const reply = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'application/xml' });
      res.end(body);
    };
    if (req.headers['x-access-token'] !== token) return reply(403, '<response response_code="FORBIDDEN"/>');
    if (state.failWith) return reply(state.failWith, '<response response_code="SERVICE_UNAVAILABLE"/>');
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const fixture = /^\/v1\/sports\/en\/sport_events\/([^/]+)\/fixture\.xml$/.exec(url.pathname);
    if (req.method === 'GET' && fixture) {
      const f = state.fixtures.get(decodeURIComponent(fixture[1]!));
      return f ? reply(200, fixtureXml(f)) : reply(404, '<response response_code="NOT_FOUND"/>');
    }
    const recovery = /^\/v1\/([a-z]+)\/recovery\/initiate_request$/.exec(url.pathname);
    if (req.method === 'POST' && recovery) {
      const requestId = Number(url.searchParams.get('request_id'));
      const after = url.searchParams.get('after');
      const r = { product: recovery[1]!, requestId, ...(after ? { after: Number(after) } : {}) };
      state.recoveries.push(r);
      reply(
        202,
        '<response response_code="ACCEPTED"><action>Request for recovery accepted</action></response>',
      );
      // The feed answers a recovery over the broker, after the HTTP reply.
      setTimeout(() => void state.onRecovery(r), 10);
      return;
    }
    reply(404, '<response response_code="NOT_FOUND"/>');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  state.close = () => new Promise((r) => server.close(() => r()));
  return state;
}

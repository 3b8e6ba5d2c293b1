import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { countAllRows } from '../../../test/support/db-counts.ts';
import { loginNewOperator } from '../../../test/support/operators.ts';
import { ORIGIN, useTestApp } from '../../../test/support/test-app.ts';
import { backendAvailable } from '../../../test/support/test-db.ts';
import { routeNames, routes } from '../../shared/contract/routes.ts';
import { WALLET_SIGNATURE_HEADER } from '../modules/games/provider.ts';
import { SIGNATURE_HEADER } from '../providers/payments/sandbox/signature.ts';
import { hmacSign } from './hmac-signature.ts';
import { PUBLIC_MODULES } from './public-api/public-api.ts';

/**
 * Every API, found from the app's own route table (so routes added later are covered too), gets
 * NUL characters, lone surrogates and fractional numbers in its path, query and body: never a 5xx,
 * text the database cannot hold is a 400 before any handler runs, and nothing is written.
 */
const PREFIXES = ['/api/admin', '/wallet/', '/payments/', '/pay/', '/house/api/', '/public/'];
const WALLET_SECRET = 'edge-fuzz-wallet-secret';
const PSP_SECRET = 'edge-fuzz-psp-secret';

interface Route {
  method: string;
  url: string;
}

/** The routes of the app, read from printRoutes' tree (each line's segment joins its parent's). */
function appRoutes(app: FastifyInstance): Route[] {
  const found: Route[] = [];
  const stack: { depth: number; path: string }[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│\s├└─]*)(\S.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length;
    while (stack.length > 0 && stack.at(-1)!.depth >= depth) stack.pop();
    const path = (stack.at(-1)?.path ?? '') + match[2]!;
    stack.push({ depth, path });
    for (const method of match[3]?.split(', ') ?? []) {
      if (method === 'GET' || method === 'POST') found.push({ method, url: path });
    }
  }
  return found
    .filter((r) => PREFIXES.some((p) => r.url.startsWith(p)) && !EVENT_STREAMS.includes(r.url))
    .flatMap((r) => (r.url === PUBLIC_ROUTE ? [r, ...publicPaths()] : [r]));
}

/** /public/ is one route in the table; every path it answers is aimed at, as well as the route itself. */
const PUBLIC_ROUTE = '/public/:module/:name';
const publicPaths = (): Route[] =>
  Object.entries(PUBLIC_MODULES).flatMap(([module, table]) =>
    Object.keys(table).map((name) => ({ method: 'POST', url: `/public/${module}/${name}` })),
  );
/** Paths where any object is a complete request (it would write): only the bad-text cases go there. */
const COMPLETE_WITH_ANY_BODY = ['/public/community/user_ask_account_wirte_help'];

/** Server-Sent Events streams never end by themselves; live.test.ts covers their refusals. */
const EVENT_STREAMS = ['/api/live', '/api/admin/live', '/api/admin/sports/ticker/live'];

const PARAM_VALUES: Record<string, string> = {
  provider: 'house',
  op: 'bet',
  action: 'init',
  kind: 'notice',
  decision: 'approve',
  code: 'royal-slots',
};
const withParams = (url: string, bad?: string) =>
  url.replace(/:(\w+)/g, (_m, name: string) => bad ?? PARAM_VALUES[name] ?? '1');

const BAD_TEXTS = { nul: 'a\u0000b', surrogate: 'a\uD800b', lowSurrogate: '\uDC00' };
const TEXT_FIELDS = [
  'login',
  'password',
  'otp',
  'q',
  'id',
  'title',
  'body',
  'content',
  'html',
  'reason',
  'note',
  'answer',
  'name',
  'domain',
  'status',
  'role',
  'message',
  'txId',
  'roundId',
  'token',
  'refTxId',
  'eventId',
  'sessionId',
  'outcome',
  'action',
  'operator',
  'kind',
  'search',
  'clientSeed',
  'game',
  'memberId',
];
const FLOAT_BODY = {
  amount: 10_000.5,
  balance: 10_000.5,
  level: 1.5,
  id: 1.5,
  idx: 1.5,
  page: 1.5,
  pageSize: 2.5,
  rate: 0.5,
  minExchange: 100.25,
  lineBet: 100.5,
  memberId: 1.5,
  closeRound: true,
  txId: 'edge-fuzz-tx',
  roundId: 'edge-fuzz-round',
  refTxId: 'edge-fuzz-ref',
};

describe.runIf(backendAvailable)(
  'edge fuzz: every API refuses NUL, surrogates and fractions without a write',
  () => {
    const t = useTestApp({ houseWalletSecret: WALLET_SECRET, sandboxPspSecret: PSP_SECRET });
    let memberToken = '';

    function headersFor(url: string, body: string | undefined, operatorToken: string) {
      const headers: Record<string, string> = { origin: ORIGIN };
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (url.startsWith('/api/'))
        headers.authorization = `Bearer ${url.startsWith('/api/admin') ? operatorToken : memberToken}`;
      if (url.startsWith('/public/')) headers.session = memberToken;
      if (body !== undefined && url.startsWith('/wallet/'))
        headers[WALLET_SIGNATURE_HEADER] = hmacSign(WALLET_SECRET, body);
      if (body !== undefined && url.startsWith('/payments/'))
        headers[SIGNATURE_HEADER] = hmacSign(PSP_SECRET, body);
      return headers;
    }

    const operatorToken = async () => (await loginNewOperator(t, 'owner')).token;

    it('finds the APIs to aim at', async () => {
      memberToken = (await t.login()).token;
      const found = appRoutes(t.app).map((r) => `${r.method} ${r.url}`);
      for (const expected of [
        'POST /api/admin/login',
        'POST /wallet/:provider/:op',
        'POST /payments/:provider/webhook',
      ]) {
        expect(found).toContain(expected);
      }
      expect(found.length).toBeGreaterThan(30);
    });

    it('admin, wallet, webhook, payment-page, game-server and /public/ routes: 0 × 5xx, 400 for bad text, nothing written', async () => {
      const opToken = await operatorToken();
      const before = await countAllRows(t.db);
      const failures: string[] = [];
      let sent = 0;
      const send = async (method: string, url: string, body: string | undefined, expectBadText: boolean) => {
        // A request that is not refused at the edge would be a real write there.
        if (!expectBadText && COMPLETE_WITH_ANY_BODY.includes(url.split('?')[0]!)) return;
        sent += 1;
        const res = await t.app.inject({
          method: method as 'GET' | 'POST',
          url,
          headers: headersFor(url, body, opToken),
          ...(body !== undefined ? { payload: body } : {}),
        });
        const label = `${method} ${url} ${body?.slice(0, 80) ?? ''} → ${res.statusCode} ${res.body.slice(0, 160)}`;
        if (res.statusCode >= 500) failures.push(label);
        if (expectBadText && res.statusCode !== 400 && res.statusCode !== 401 && res.statusCode !== 403)
          failures.push(label);
        if (expectBadText && res.statusCode === 400 && !/status/.test(res.body)) failures.push(label);
      };
      for (const route of appRoutes(t.app)) {
        const url = withParams(route.url);
        for (const [name, bad] of Object.entries(BAD_TEXTS)) {
          // In the path and in the query (URL-encoded; a lone surrogate arrives as invalid UTF-8).
          if (route.url.includes(':') && name === 'nul')
            await send(
              route.method,
              withParams(route.url, 'x%00y'),
              route.method === 'POST' ? '{}' : undefined,
              true,
            );
          if (name !== 'lowSurrogate') {
            const encoded = name === 'nul' ? 'x%00y' : 'x%ED%A0%80y';
            await send(
              route.method,
              `${url}?q=${encoded}&action=${encoded}&operator=${encoded}`,
              route.method === 'POST' ? '{}' : undefined,
              name === 'nul',
            );
          }
          if (route.method === 'POST') {
            const body = JSON.stringify(Object.fromEntries(TEXT_FIELDS.map((f) => [f, bad])));
            await send('POST', url, body, true);
            // One bad text among otherwise plausible fields, nested too.
            await send(
              'POST',
              url,
              JSON.stringify({ ...FLOAT_BODY, amount: 1000, nested: { deep: [bad] } }),
              true,
            );
          }
        }
        if (route.method === 'POST') await send('POST', url, JSON.stringify(FLOAT_BODY), false);
      }
      expect(failures).toEqual([]);
      expect(sent).toBeGreaterThan(100);
      expect(await countAllRows(t.db)).toEqual(before);
    });

    it('member API: every route refuses NUL and surrogates in each field with a 400 and writes nothing', async () => {
      const before = await countAllRows(t.db);
      const failures: string[] = [];
      for (const route of routeNames) {
        const schema = routes[route].request as { shape?: Record<string, unknown> };
        const fields = Object.keys(schema.shape ?? {});
        for (const bad of Object.values(BAD_TEXTS)) {
          for (const field of fields.length > 0 ? fields : ['anything']) {
            const res = await t.call(route, { [field]: bad }, { token: memberToken });
            if (res.statusCode !== 400)
              failures.push(`${route}.${field} → ${res.statusCode} ${res.body.slice(0, 120)}`);
          }
        }
        const floats = await t.call(route, Object.fromEntries(fields.map((f) => [f, 10_000.5])), {
          token: memberToken,
        });
        if (floats.statusCode >= 500)
          failures.push(`${route} floats → ${floats.statusCode} ${floats.body.slice(0, 120)}`);
      }
      expect(failures).toEqual([]);
      expect(await countAllRows(t.db)).toEqual(before);
    });
  },
);

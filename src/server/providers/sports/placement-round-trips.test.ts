import http from 'node:http';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { slipId } from '../../../../test/support/sports.ts';
import { useSportsApp } from '../../../../test/support/sports-app.ts';
import { isPostgres } from '../../../../test/support/test-db.ts';

/**
 * What one placement costs (issue 34): the statements the server sends PostgreSQL (each a round trip,
 * BEGIN and COMMIT included) and the HTTP calls it makes to its own wallet, counted on a warm server.
 * A ceiling, so a change that adds a round trip to every bet is noticed. PostgreSQL only: PGlite runs
 * in process and its driver sends statements its own way.
 */
describe.runIf(isPostgres)('sportsbook: the cost of one placement', () => {
  const { t, newPlayer, newEvent, eventSelections, placeBet } = useSportsApp();

  /** Runs `work` and answers the statements sent meanwhile and the HTTP requests made. */
  let statementsSoFar = () => 0;
  async function counted(work: () => Promise<unknown>) {
    const statements: string[] = [];
    statementsSoFar = () => statements.length;
    const httpCalls: string[] = [];
    const query = pg.Client.prototype.query;
    const request = http.request;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const first = args[0] as string | { text?: string; name?: string };
      const text = typeof first === 'string' ? first : (first.text ?? first.name ?? '?');
      statements.push(text.replace(/\s+/g, ' ').slice(0, 90));
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    http.request = ((...args: Parameters<typeof http.request>) => {
      const target = args[0];
      httpCalls.push(target instanceof URL ? target.pathname : String(target));
      return request(...args);
    }) as typeof http.request;
    try {
      await work();
    } finally {
      pg.Client.prototype.query = query;
      http.request = request;
    }
    return { statements, httpCalls };
  }

  it('places a single in at most 3 statements before its reply (its player read with its slip, its take and its stake each a batch), 2 after, and no HTTP call with the wallet in process', async () => {
    const p = await newPlayer();
    const { eventId } = await newEvent();
    const s = await eventSelections(eventId);
    // Warm: the settings' and limits' caches, the prepared statements, the pool's connections.
    expect((await placeBet(p.gameToken, [s['1x2:home']!])).json().status).toBe('success');
    let beforeReply = 0;
    const cost = await counted(async () => {
      const slip = {
        token: p.gameToken,
        requestId: slipId(),
        kind: 'single',
        unitStake: 10_000,
        priceChange: 'none',
      };
      const res = await t.app.inject({
        method: 'POST',
        url: '/sports/api/place',
        payload: { ...slip, legs: [{ selectionId: s['1x2:draw']!.id, price: s['1x2:draw']!.price }] },
      });
      expect(res.json().status).toBe('success');
      beforeReply = statementsSoFar();
      // The desk's ticker alerts run after the reply.
      await t.app.sportsPlacementAlerts.idle();
    });
    console.log(
      `one placement: ${beforeReply} statements before its reply, ${cost.statements.length - beforeReply} after, ${cost.httpCalls.length} HTTP calls\n  ${cost.statements.join('\n  ')}\n  ${cost.httpCalls.join('\n  ')}`,
    );
    // The wallet in this process (BUILT_IN_WALLET_URL unset): its calls are statements, not HTTP.
    expect(t.config.builtInWalletUrl).toBeUndefined();
    expect(cost.httpCalls).toEqual([]);
    expect(beforeReply).toBeLessThanOrEqual(3);
    // Taken, then charged and opened, each in a batch with the slips placed at the same time.
    expect(cost.statements.filter((s) => /sb_take_batch|sb_stake_batch/.test(s))).toHaveLength(2);
    expect(cost.statements.length - beforeReply).toBeLessThanOrEqual(2);
  });
});

import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useOperators } from '../../../../../test/support/operators.ts';
import { useSportsApp } from '../../../../../test/support/sports-app.ts';
import { backendAvailable } from '../../../../../test/support/test-db.ts';
import { mainMarkets, useUofStandIn } from '../../../../../test/support/uof.ts';
import { queryRows } from '../../../db/client.ts';
import { hmacSign } from '../../../http/hmac-signature.ts';
import { FEED_SIGNATURE_HEADER } from './replay.routes.ts';
import * as uof from './uof-build.ts';

const SECRET = 'replay-test-secret';

/** `npm run sports:replay <file>`: a recorded message file into a running server's feed, signed. */
describe.runIf(backendAvailable)('replaying a recorded UOF message file', () => {
  const { t } = useSportsApp({ sportsFeedSecret: SECRET });
  const { as } = useOperators(t);
  const { feedOf, fixture } = useUofStandIn(t);
  beforeAll(async () => {
    t.app.sportsFeed.current = feedOf().feed;
  });

  it('refuses a message unsigned, badly signed or empty; applies a signed one', async () => {
    const f = fixture();
    const xml = uof.oddsChange(
      { product: 3, eventId: f.id, timestamp: Date.now() },
      { markets: mainMarkets() },
    );
    const post = (body: string, signature?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/sports/feed/replay',
        headers: {
          'content-type': 'application/xml',
          ...(signature ? { [FEED_SIGNATURE_HEADER]: signature } : {}),
        },
        payload: body,
      });
    const unsigned = await post(xml);
    expect(unsigned.statusCode).toBe(401);
    // Worded as every route's refusal: a status word, a message key, and why in English.
    expect(unsigned.json()).toEqual({
      status: 'unauthorized',
      msg: 'msg2012',
      message: `a bad or missing ${FEED_SIGNATURE_HEADER}`,
    });
    expect((await post(xml, hmacSign('another secret', xml))).statusCode).toBe(401);
    const empty = await post(' ', hmacSign(SECRET, ' '));
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ status: 'invalid', msg: 'msg2012' });
    const ok = await post(xml, hmacSign(SECRET, xml));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'success', outcome: 'applied', kind: 'odds_change' });
    expect((await post(xml, hmacSign(SECRET, xml))).json()).toMatchObject({ outcome: 'duplicate' });
  });

  it('the CLI sends each line of the file in order and counts the outcomes', async () => {
    const f = fixture();
    const h = { product: 3, eventId: f.id };
    const lines = [
      '# a recorded session',
      uof.oddsChange({ ...h, timestamp: 1_000 }, { markets: mainMarkets() }),
      uof.betStop({ ...h, timestamp: 2_000 }),
      uof.betStop({ ...h, timestamp: 2_000 }),
      '<not-a-message/>',
    ];
    const file = join(mkdtempSync(join(tmpdir(), 'uof-replay-')), 'session.xml');
    writeFileSync(file, `${lines.join('\n')}\n`);
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'src/server/providers/sports/uof/replay-cli.ts', file],
      { env: { ...process.env, SERVER_URL: t.config.publicUrl, SPORTS_FEED_SECRET: SECRET } },
    );
    expect(stdout.trim().split('\n').at(-1)).toBe('2 applied, 1 duplicate, 1 rejected');
    const statuses = await queryRows<{ status: string }>(
      t.db,
      sql`select m.status from sb_markets m join sb_events e on e.id = m.event_id where e.external_id = ${f.id}`,
    );
    expect(statuses.map((s) => s.status)).toEqual(['suspended', 'suspended', 'suspended']);
  });

  it('the desk reads the market catalogue and the feed’s health (trading permission)', async () => {
    const cat = await as('trading').get('/api/admin/sports/catalogue');
    expect(cat.statusCode).toBe(200);
    const markets = cat.json().markets as {
      sport: string;
      marketId: number;
      bookType: string;
      outcomes: unknown[];
    }[];
    const of = (sport: string, id: number) => markets.find((m) => m.sport === sport && m.marketId === id);
    expect(of('sr:sport:1', 1)?.bookType).toBe('1x2');
    expect(of('sr:sport:1', 16)).toMatchObject({ bookType: 'handicap', lineSpecifier: 'hcp' });
    expect(of('sr:sport:1', 45)?.outcomes).toHaveLength(26);
    expect(of('sr:sport:2', 225)?.bookType).toBe('total');
    expect(of('sr:sport:5', 186)?.bookType).toBe('moneyline');
    expect((await as('support').get('/api/admin/sports/catalogue')).statusCode).toBe(403);
    const status = (await as('trading').get('/api/admin/sports/feed')).json();
    expect(status.messages.applied).toBeGreaterThan(0);
    expect(status.messages.rejected).toBeGreaterThan(0);
    expect(Array.isArray(status.producers)).toBe(true);
  });
});

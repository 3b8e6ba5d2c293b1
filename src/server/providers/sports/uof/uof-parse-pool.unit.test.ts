import { afterEach, describe, expect, it } from 'vitest';
import * as uof from './uof-build.ts';
import { type UofParserPool, uofParserPool } from './uof-parse-pool.ts';
import { parseUofMessage } from './uof-xml.ts';

const odds = (event: number, ts: number, price: string) =>
  uof.oddsChange(
    { product: 3, eventId: `sr:match:${event}`, timestamp: ts },
    { markets: [{ id: 1, outcomes: [{ id: 1, odds: price }] }] },
  );
const malformed = '<odds_change product="3" event_id="sr:match:1" timestamp="x"><odds>';

describe('the feed parser threads (uof-parse-pool.ts)', () => {
  let pool: UofParserPool | undefined;
  afterEach(async () => pool?.close());

  it('answers a batch in order, each message as parsing it here would, a malformed one included', async () => {
    pool = uofParserPool({ threads: 2 });
    const xmls = [odds(1, 1, '1.50'), malformed, odds(2, 2, '2.10'), '<bogus/>', odds(1, 3, '1.60')];
    const [a, b] = await Promise.all([pool.parseMany(xmls), pool.parseMany(xmls.slice().reverse())]);
    expect(a).toEqual(xmls.map(parseUofMessage));
    expect(b).toEqual(xmls.slice().reverse().map(parseUofMessage));
    expect(a.map((p) => p.ok)).toEqual([true, false, true, false, true]);
    expect(pool.parsedInThreads(), 'parsed by the threads, not the fallback').toBe(10);
  });

  it('a thread that fails: its batch is parsed on the main thread instead, never lost', async () => {
    const warnings: string[] = [];
    pool = uofParserPool({
      threads: 1,
      script: new URL('data:text/javascript,process.exit(1)'),
      log: { warn: (_o, msg) => void warnings.push(msg) },
    });
    const xmls = [odds(1, 1, '1.50'), malformed];
    for (let i = 0; i < 5; i++) expect(await pool.parseMany(xmls)).toEqual(xmls.map(parseUofMessage));
    expect(pool.parsedInThreads()).toBe(0);
    // Given up after three failures in a row, once: no thread started for every batch.
    expect(warnings).toEqual(['uof parser threads keep failing: parsing on the main thread']);
  });

  it('messages started early as they arrive are collected once, in order, beside ones that were not', async () => {
    pool = uofParserPool({ threads: 1 });
    const arrived = [odds(1, 1, '1.50'), malformed, odds(2, 2, '2.10')];
    pool.early(arrived);
    const later = odds(3, 3, '3.30');
    const batch = [arrived[0]!, later, arrived[1]!, arrived[2]!];
    expect(await pool.parseMany(batch)).toEqual(batch.map(parseUofMessage));
    // Collected once: asked again, they are parsed again (a redelivered copy), not taken twice.
    expect(pool.take(arrived[0]!)).toBeUndefined();
    pool.early([later]);
    const one = pool.take(later);
    expect(one).toBeDefined();
    expect(await one).toEqual(parseUofMessage(later));
    expect(pool.parsedInThreads(), 'the three started early parsed once; the later one each time asked').toBe(
      5,
    );
  });

  it('after close, parses on the main thread', async () => {
    pool = uofParserPool({ threads: 1 });
    await pool.close();
    expect(await pool.parseMany([odds(1, 1, '1.50')])).toEqual([parseUofMessage(odds(1, 1, '1.50'))]);
  });
});

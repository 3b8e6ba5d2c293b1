import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useSportsApp } from '../../../../test/support/sports-app.ts';
import { liveEventOf, livePriceOf, waitForLive } from '../../../../test/support/sports-live.ts';
import { openSse } from '../../../../test/support/sse.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { MAX_WATCHED, READ_PAGE } from './live-feed.ts';
import { upsertCompetition, upsertEvent, upsertSport } from './trading.service.ts';

/**
 * After the live channel's connection was lost (LiveHub.refreshAll), the sports windows read every
 * event they watch again. With more watched events than one read answers (listEvents' bound), the
 * events past the first page were cut from the answer: their windows were told they were gone and
 * missed the move made during the gap, until the event changed again.
 */
describe.runIf(backendAvailable)('the sports windows after a lost connection', () => {
  const { t, newEvent } = useSportsApp();

  it('re-reads every watched event, past the first page, and brings each window the move it missed', async () => {
    const sportId = await upsertSport(t.db, 'football', 'Football');
    const competitionId = await upsertCompetition(t.db, sportId, `Re-read League ${process.pid} [DEMO]`);
    // A full window of events starting soon; the watched event starts later, so it reads after them.
    const soon: number[] = [];
    for (let i = 0; i < MAX_WATCHED; i++)
      soon.push(
        await upsertEvent(t.db, {
          competitionId,
          name: `Early ${i} v Side ${i}`,
          home: `Early ${i}`,
          away: `Side ${i}`,
          startsAt: new Date(Date.now() + 3_600_000 + i * 1_000),
        }),
      );
    const late = await newEvent({ startsInMs: 30 * 86_400_000 });
    expect(soon.length + 1).toBeGreaterThan(READ_PAGE);
    const base = t.config.publicUrl;
    const busy = await openSse(`${base}/sports/live?events=${soon.join(',')}`, {});
    const window = await openSse(`${base}/sports/live?events=${late.eventId}`, {});
    expect([busy.status, window.status]).toEqual([200, 200]);
    await waitForLive(busy, soon.at(-1)!, () => true);
    await waitForLive(window, late.eventId, () => livePriceOf(window.events, late.eventId, 'home') === '2/1');

    // A move committed while the listening connection was down: its notification never came.
    await t.db.execute(
      sql`update sb_selections set price_num = 5, price_den = 2 where market_id = ${late.marketId} and key = 'home'`,
    );
    await t.db.execute(sql`update sb_markets set version = version + 1 where id = ${late.marketId}`);
    t.app.live.refreshAll();

    await waitForLive(window, late.eventId, () => livePriceOf(window.events, late.eventId, 'home') === '5/2');
    expect(window.events.filter((e) => e.event === 'gone')).toEqual([]);
    expect(busy.events.filter((e) => e.event === 'gone')).toEqual([]);
    for (const id of soon) expect(liveEventOf(busy.events, id)?.id).toBe(id);
    busy.close();
    window.close();
  });
});

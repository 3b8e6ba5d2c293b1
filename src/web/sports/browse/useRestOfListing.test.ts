import { describe, expect, it } from 'vitest';
import type { SportEvent } from '../../../shared/contract/sports-api.ts';
import { MAX_LISTING } from '../../../shared/sports/listing.ts';
import { loadRestOfListing, PAGE, PAGE_TRIES, retryDelay } from './useRestOfListing.ts';

const event = (id: number) => ({ id }) as SportEvent;
const page = (offset: number, size = PAGE) => Array.from({ length: size }, (_, i) => event(offset + i));

/** Waits that return at once and remember the retries' pauses. */
function recordedWaits() {
  const sleeps: number[] = [];
  return { sleeps, waits: { idle: async () => {}, sleep: async (ms: number) => void sleeps.push(ms) } };
}

describe('the sports listing past its first page', () => {
  it('asks again for a page that failed, after a growing wait, and the member gets the whole list', async () => {
    const { sleeps, waits } = recordedWaits();
    const asked: number[] = [];
    let failuresLeft = 2;
    const listed: SportEvent[] = [];
    await loadRestOfListing(
      async (offset) => {
        asked.push(offset);
        if (offset === 2 * PAGE && failuresLeft-- > 0) throw new Error('network error');
        return offset === 3 * PAGE ? page(offset, 37) : page(offset);
      },
      (events) => listed.push(...events),
      waits,
      () => false,
    );
    expect(asked).toEqual([PAGE, 2 * PAGE, 2 * PAGE, 2 * PAGE, 3 * PAGE]);
    expect(sleeps).toEqual([1_000, 2_000]);
    expect(listed.map((e) => e.id)).toEqual(page(PAGE, 2 * PAGE + 37).map((e) => e.id));
  });

  it('gives up after as many failures in a row as it allows, and never past the listing limit', async () => {
    const { sleeps, waits } = recordedWaits();
    let calls = 0;
    await loadRestOfListing(
      async () => {
        calls++;
        throw new Error('down');
      },
      () => {},
      waits,
      () => false,
    );
    expect(calls).toBe(PAGE_TRIES);
    expect(sleeps).toEqual([1_000, 2_000, 4_000, 8_000, 16_000]);

    const asked: number[] = [];
    await loadRestOfListing(
      async (offset) => {
        asked.push(offset);
        return page(offset);
      },
      () => {},
      waits,
      () => false,
    );
    expect(asked.at(-1)).toBe(MAX_LISTING - PAGE);
  });

  it('stops when the window closes, and hands over no page that came back after', async () => {
    const { waits } = recordedWaits();
    let closed = false;
    const listed: SportEvent[] = [];
    await loadRestOfListing(
      async (offset) => {
        closed = true;
        return page(offset);
      },
      (events) => listed.push(...events),
      waits,
      () => closed,
    );
    expect(listed).toEqual([]);
  });

  it('waits at most half a minute between retries', () => {
    expect(retryDelay(1)).toBe(1_000);
    expect(retryDelay(5)).toBe(16_000);
    expect(retryDelay(9)).toBe(30_000);
  });
});

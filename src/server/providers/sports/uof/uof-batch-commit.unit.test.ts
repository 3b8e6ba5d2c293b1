import { describe, expect, it } from 'vitest';
import type { Work } from './uof-apply.ts';
import { onlyPriceMoves } from './uof-batch.ts';
import * as uof from './uof-build.ts';
import { type BatchMessage, isBatchable } from './uof-fold.ts';
import { isEventMessage } from './uof-messages.ts';
import { parseUofMessage } from './uof-xml.ts';

const h = { product: 3, eventId: 'sr:match:1', timestamp: 1_000 };
const batched = (xml: string): BatchMessage => {
  const parsed = parseUofMessage(xml);
  if (!parsed.ok || !isEventMessage(parsed.message) || !isBatchable(parsed.message)) throw new Error(xml);
  return { m: parsed.message, key: parsed.key };
};
const odds = batched(uof.oddsChange(h, { markets: [{ id: 1, outcomes: [{ id: 1, odds: '1.85' }] }] }));
const stop = batched(uof.betStop({ ...h, timestamp: 2_000 }));
const quiet = (): Work => ({ runs: [], notes: [], pending: false });

describe('which feed batches commit without waiting for the disk (uof-batch.ts)', () => {
  it('only one of odds_change messages that voided nothing and asked for no settlement run', () => {
    expect(onlyPriceMoves([odds, odds], quiet())).toBe(true);
    expect(onlyPriceMoves([odds, stop], quiet()), 'a bet_stop commits synchronously').toBe(false);
    expect(onlyPriceMoves([odds], { ...quiet(), pending: true }), 'bets voided (an event cancelled)').toBe(
      false,
    );
    expect(onlyPriceMoves([odds], { ...quiet(), runs: [7] }), 'a settlement run asked for').toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import type { Db } from '../../../db/client.ts';
import * as uof from './uof-build.ts';
import { applyOddsInOneCall } from './uof-one-call.ts';
import { parseUofMessage } from './uof-xml.ts';

/**
 * When the batch in one call fails, whether it may have committed: an error the database answered
 * (a SQLSTATE) undid it; without one (the connection lost) it may have, and its notifications named
 * this process, so the caller has the streams read again (LiveHub.sportsMissed).
 */
describe('the batch in one call, failing', () => {
  const parsed = parseUofMessage(
    uof.oddsChange(
      { product: 1, eventId: 'sr:match:1', timestamp: 1 },
      { markets: [{ id: 1, outcomes: [{ id: 1, odds: '2.00' }] }] },
    ),
  );
  if (!parsed.ok || parsed.message.kind !== 'odds_change') throw new Error('fixture');
  const batch = [{ m: parsed.message, key: parsed.key }];
  const failing = (error: Error) => ({ execute: async () => Promise.reject(error) }) as unknown as Db;

  it('is certain it wrote nothing when the database answered the error', async () => {
    const claimed = Object.assign(new Error('sb_uof_odds_batch: a key was claimed meanwhile'), {
      code: 'P0001',
    });
    expect(await applyOddsInOneCall(failing(claimed), batch, 'here')).toEqual({ uncertain: false });
  });

  it('is uncertain when the connection was lost', async () => {
    expect(
      await applyOddsInOneCall(failing(new Error('Connection terminated unexpectedly')), batch, 'here'),
    ).toEqual({
      uncertain: true,
    });
  });
});

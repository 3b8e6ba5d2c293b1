import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { driverOf, openDatabase, statementFor } from './client.ts';

// No connection is opened: a pool connects on its first query.
const NOWHERE = 'postgres://nobody@127.0.0.1:1/none';

describe('statements behind a transaction pooler', () => {
  it('go unnamed when DATABASE_DIRECT_URL marks DATABASE_URL as a pooler, and take their direct URL for sessions', async () => {
    const pooled = await openDatabase({
      databaseUrl: NOWHERE,
      directUrl: 'postgres://direct@127.0.0.1:2/db',
    });
    const plain = await openDatabase({ databaseUrl: NOWHERE });
    try {
      const args: [string, string, unknown[]] = ['wallet_batch', 'select 1', []];
      expect(statementFor(driverOf(pooled.db) as pg.Pool, ...args)).toEqual({ text: 'select 1', values: [] });
      expect(statementFor(driverOf(plain.db) as pg.Pool, ...args)).toMatchObject({ name: 'wallet_batch' });
      expect(pooled).toMatchObject({ pooled: true, url: 'postgres://direct@127.0.0.1:2/db' });
      expect(plain).toMatchObject({ pooled: false, url: NOWHERE });
    } finally {
      await pooled.close();
      await plain.close();
    }
  });
});

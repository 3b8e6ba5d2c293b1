import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { type Db, queryRows } from '../../src/server/db/client.ts';
import type { TestApp } from './test-app.ts';
import { walletIds, walletRequest } from './wallet.ts';

export const SECRET = 'test-wallet-secret';

/** The pool as members see it (the get-jackpot route). */
export async function poolAmount(t: TestApp): Promise<number> {
  const res = await t.call('get-jackpot', {});
  expect(res.statusCode).toBe(200);
  return res.json().jackpot.amount;
}

/** The pool read straight from its 64 accounts, bypassing the route's one-second cache. */
export async function poolBalance(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select coalesce(sum(balance), 0)::int8 as n from ledger_accounts where member_id is null and kind = 'jackpot_pool'`,
  );
  return Number(row!.n);
}

/** A bet of `amount` on a new round (left open), as a provider sends it. */
/**
 * Samples the pool every 5 ms until stopped (a storm's claims and rollbacks must never take it below
 * its reseed at any moment, not only at the end): `stop()` answers every sample taken.
 */
export function samplePool(db: Db): { stop(): Promise<number[]> } {
  let sampling = true;
  const samples: number[] = [];
  const sampler = (async () => {
    while (sampling) {
      samples.push(await poolBalance(db));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  return {
    async stop() {
      sampling = false;
      await sampler;
      return samples;
    },
  };
}

export async function openRound(t: TestApp, gameToken: string, amount: number) {
  const ids = walletIds();
  const bet = await walletRequest(t, 'bet', { ...ids, token: gameToken, amount }, SECRET);
  expect(bet.json().status).toBe('success');
  return ids;
}

/** A losing round: the bet, then a win of 0 that closes it. */
export async function losingRound(t: TestApp, gameToken: string, amount: number) {
  const ids = await openRound(t, gameToken, amount);
  const win = await walletRequest(
    t,
    'win',
    { txId: `${ids.txId}-w`, roundId: ids.roundId, amount: 0, closeRound: true },
    SECRET,
  );
  expect(win.json().status).toBe('success');
  return ids;
}

/** Sum of the contribution transfers made for these bets (by their transaction ids). */
export async function contributionsFor(db: Db, txIds: string[]): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select coalesce(sum(amount), 0)::int8 as n from ledger_transfers
        where kind = 'jackpot_contribution'
          and idempotency_key in (${sql.join(
            txIds.map((id) => sql`${`jackpot-contribution:house:${id}`}`),
            sql`, `,
          )})`,
  );
  return Number(row!.n);
}

export async function setJackpotSettings(db: Db, settings: { bps?: number; reseed?: number }) {
  await queryRows(
    db,
    sql`update jackpot_settings set contribution_bps = coalesce(${settings.bps ?? null}::int, contribution_bps),
          reseed = coalesce(${settings.reseed ?? null}::int8, reseed), updated_at = now() where id = 1`,
  );
}

export async function shardUnits(db: Db, memberId: number): Promise<bigint> {
  const [row] = await queryRows<{ units: string | number }>(
    db,
    sql`select units::text as units from jackpot_shards where shard = house_shard(${memberId})`,
  );
  return BigInt(row!.units);
}

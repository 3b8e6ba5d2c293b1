import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';

/** One limits row as the desk shows and edits it: amounts in minor units of its currency, null = none. */
export interface DeskLimit {
  scope: 'platform' | 'sport' | 'competition' | 'event' | 'market' | 'player';
  scopeId: string;
  currency: string;
  minStake: number | null;
  maxStake: number | null;
  maxPayout: number | null;
  maxLiability: number | null;
  stakeFactorBp: number | null;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** Every limits row, platform rows first, then by scope, id and currency (one currency's, when asked). */
export async function deskLimits(db: DbOrTx, currency?: string): Promise<DeskLimit[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select scope, scope_id, currency, min_stake, max_stake, max_payout, max_liability, stake_factor_bp
        from sb_limits where ${currency ?? null}::text is null or currency = ${currency ?? null}
        order by scope <> 'platform', scope, scope_id, currency`,
  );
  return rows.map((r) => ({
    scope: r.scope as DeskLimit['scope'],
    scopeId: String(r.scope_id),
    currency: String(r.currency),
    minStake: num(r.min_stake),
    maxStake: num(r.max_stake),
    maxPayout: num(r.max_payout),
    maxLiability: num(r.max_liability),
    stakeFactorBp: num(r.stake_factor_bp),
  }));
}

/** Sets one scope's limits in one currency (the row made when there was none); returns it as it was. */
export async function saveDeskLimit(tx: DbOrTx, limit: DeskLimit): Promise<DeskLimit | undefined> {
  const [before] = (await deskLimits(tx, limit.currency)).filter(
    (l) => l.scope === limit.scope && l.scopeId === limit.scopeId,
  );
  await tx.execute(
    sql`insert into sb_limits (scope, scope_id, currency, min_stake, max_stake, max_payout, max_liability, stake_factor_bp)
        values (${limit.scope}, ${limit.scopeId}, ${limit.currency}, ${limit.minStake}, ${limit.maxStake},
          ${limit.maxPayout}, ${limit.maxLiability}, ${limit.stakeFactorBp})
        on conflict (scope, scope_id, currency) do update set min_stake = excluded.min_stake,
          max_stake = excluded.max_stake, max_payout = excluded.max_payout,
          max_liability = excluded.max_liability, stake_factor_bp = excluded.stake_factor_bp`,
  );
  return before;
}

/** Removes one scope's limits in one currency (never the platform's); false when there were none. */
export async function removeDeskLimit(
  tx: DbOrTx,
  key: { scope: DeskLimit['scope']; scopeId: string; currency: string },
): Promise<boolean> {
  const gone = await queryRows<{ id: number }>(
    tx,
    sql`delete from sb_limits where scope = ${key.scope} and scope <> 'platform'
          and scope_id = ${key.scopeId} and currency = ${key.currency} returning id`,
  );
  return gone.length > 0;
}

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberIdOf } from '../../../../test/support/money.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { launchedPlayer, walletIds, walletRequest } from '../../../../test/support/wallet.ts';
import { queryRows } from '../../db/client.ts';
import { HOUSE_SHARDS, houseShardOf } from './house-shards.ts';
import { HOUSE_ACCOUNT_KINDS } from './ledger.schema.ts';

const SECRET = 'house-shard-secret';

describe.runIf(backendAvailable)('the house-shard rule (house-shards.ts)', () => {
  // The demo site's comp rates make the win accrue comp.
  const t = useTestApp({ houseWalletSecret: SECRET }, { seedDemo: true });

  it('keeps HOUSE_SHARDS accounts, shards 0 to HOUSE_SHARDS - 1, for every house kind, per currency', async () => {
    // The house keeps one set per currency; the demo's two sites are in baht and won.
    const shardsOf = (currency: string) =>
      queryRows<{ kind: string; shards: number[] }>(
        t.db,
        sql`select kind, array_agg(shard::int order by shard) as shards from ledger_accounts
            where member_id is null and currency = ${currency} group by kind order by kind`,
      );
    const all = Array.from({ length: HOUSE_SHARDS }, (_, shard) => shard);
    const house = [...HOUSE_ACCOUNT_KINDS].map((kind) => ({ kind, shards: all }));
    // The jackpot's accounts (modules/jackpot), in the jackpot's one currency: its pool sharded the
    // same way, its reseed expense one row.
    const jackpot = [
      { kind: 'jackpot_pool', shards: all },
      { kind: 'jackpot_seed', shards: [0] },
    ];
    const byKind = (a: { kind: string }, b: { kind: string }) => a.kind.localeCompare(b.kind);
    expect(await shardsOf('THB')).toEqual([...house, ...jackpot].sort(byKind));
    expect(await shardsOf('KRW')).toEqual(house.sort(byKind));
  });

  it('posts a member’s TypeScript transfers and wallet SQL transfers to the same shard, member id mod 64', async () => {
    for (let player = 0; player < 3; player++) {
      const p = await launchedPlayer(t, 50_000); // a deposit, approved through ledger.service (TypeScript)
      const memberId = await memberIdOf(t.db, p.loginId);
      const round = walletIds();
      // A bet and a win through the wallet API: wallet_bet and wallet_win (SQL), with the comp accrual.
      const bet = await walletRequest(t, 'bet', { ...round, token: p.gameToken, amount: 10_000 }, SECRET);
      expect(bet.json().status).toBe('success');
      const win = await walletRequest(
        t,
        'win',
        { txId: `${round.txId}-w`, roundId: round.roundId, amount: 4_000 },
        SECRET,
      );
      expect(win.json().status).toBe('success');

      const legs = await queryRows<{ kind: string; shard: number }>(
        t.db,
        sql`select tr.kind, house.shard::int as shard from ledger_transfers tr
            join ledger_accounts mine on mine.id in (tr.from_account_id, tr.to_account_id) and mine.member_id = ${memberId}
            join ledger_accounts house on house.id in (tr.from_account_id, tr.to_account_id) and house.member_id is null
            order by tr.id`,
      );
      expect(legs.map((leg) => leg.kind)).toEqual(['deposit', 'bet', 'win', 'comp_accrual']);
      expect(legs.map((leg) => leg.shard)).toEqual(legs.map(() => memberId % HOUSE_SHARDS));
      expect(houseShardOf(memberId)).toBe(memberId % HOUSE_SHARDS);
    }
  });

  it('picks a shard only by a real member id', () => {
    expect(houseShardOf(1)).toBe(1);
    expect(houseShardOf(64)).toBe(0);
    expect(houseShardOf(130)).toBe(2);
    for (const bad of [0, -1, 1.5, Number.NaN]) expect(() => houseShardOf(bad)).toThrow(RangeError);
  });
});

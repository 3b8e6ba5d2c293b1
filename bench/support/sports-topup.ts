import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../src/server/db/client.ts';
import { intArray } from '../../src/server/db/sql-array.ts';
import { roundOf, stakeTxOf } from '../../src/server/providers/sports/bets.service.ts';
import type { SportsWallet } from '../../src/server/providers/sports/sports-wallet.ts';

/**
 * Brings the book to `target` open bets on one market quickly, for the settlement half of
 * bench:sportsbook (placement over HTTP is measured before, for a fixed time): single bets of 1,000
 * are written as placement writes them (legs with the frozen price, the selection's liability), and
 * each stake still moves through the signed wallet `bet` call, 64 at a time, so the money is real.
 */
export async function topUpOpenBets(
  db: Db,
  wallet: SportsWallet,
  opts: { target: number; marketId: number; players: { memberId: number; gameToken: string }[] },
): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from sb_bets where status = 'open'`,
  );
  const missing = opts.target - row!.n;
  if (missing <= 0) return 0;
  const selections = await queryRows<{ id: number; price_num: number; price_den: number; event_id: number }>(
    db,
    sql`select s.id, s.price_num, s.price_den, m.event_id from sb_selections s join sb_markets m on m.id = s.market_id
        where s.market_id = ${opts.marketId} order by s.sort_order`,
  );
  const STAKE = 1_000;
  for (let start = 0; start < missing; start += 5_000) {
    const rows = Array.from({ length: Math.min(5_000, missing - start) }, (_, i) => {
      const n = start + i;
      const s = selections[n % selections.length]!;
      const player = opts.players[n % opts.players.length]!;
      return {
        player_id: String(player.memberId),
        request_id: `bench-topup-${n}`,
        potential: Math.floor((STAKE * Number(s.price_num)) / Number(s.price_den)),
        selection_id: Number(s.id),
        price_num: Number(s.price_num),
        price_den: Number(s.price_den),
        event_id: Number(s.event_id),
        token: player.gameToken,
      };
    });
    const bets = await db.transaction(async (tx) => {
      const made = await queryRows<{ id: number; request_id: string }>(
        tx,
        sql`insert into sb_bets (player_id, request_id, kind, sizes, lines, unit_stake, total_stake, potential_return,
              price_change, currency, status)
            select x.player_id, x.request_id, 'single', '[1]'::jsonb, 1, ${STAKE}, ${STAKE}, x.potential, 'any', s.currency, 'pending'
            from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(player_id text, request_id text, potential int8)
            join members m on m.id::text = x.player_id join sites s on s.id = m.site_id
            returning id, request_id`,
      );
      const idOf = new Map(made.map((b) => [b.request_id, Number(b.id)]));
      const legs = rows.map((r) => ({ ...r, bet_id: idOf.get(r.request_id)! }));
      await tx.execute(
        sql`insert into sb_bet_legs (bet_id, idx, event_id, market_id, selection_id, price_num, price_den, market_version, label)
            select bet_id, 0, event_id, ${opts.marketId}, selection_id, price_num, price_den,
                   (select version from sb_markets where id = ${opts.marketId}), 'bench single'
            from jsonb_to_recordset(${JSON.stringify(legs)}::jsonb)
              as x(bet_id int8, event_id int8, selection_id int8, price_num int8, price_den int8)`,
      );
      await tx.execute(
        sql`insert into sb_selection_liability as t (selection_id, currency, liability)
            select l.selection_id, b.currency, sum(b.potential_return - b.total_stake)
            from sb_bet_legs l join sb_bets b on b.id = l.bet_id
            where l.bet_id = any(${intArray(legs.map((l) => l.bet_id))}::int8[])
            group by 1, 2
            on conflict (selection_id, currency) do update set liability = t.liability + excluded.liability`,
      );
      return legs;
    });
    const queue = [...bets];
    const charged: number[] = [];
    await Promise.all(
      Array.from({ length: 64 }, async () => {
        for (let b = queue.shift(); b; b = queue.shift()) {
          const answer = await wallet.bet({
            txId: stakeTxOf(b.bet_id),
            roundId: roundOf(b.bet_id),
            token: b.token,
            amount: STAKE,
          });
          if (answer.status === 'success') charged.push(b.bet_id);
        }
      }),
    );
    await db.execute(
      sql`update sb_bets set status = 'open' where id = any(${`{${charged.join(',')}}`}::int8[])`,
    );
    process.stdout.write(`  ${start + bets.length} of ${missing} more open bets\r`);
  }
  process.stdout.write('\n');
  return missing;
}

import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../../src/server/db/client.ts';
import { roundTotals } from '../../src/server/modules/games/wallet/rounds.service.ts';
import { sportsApiCall, type sportsPlayer } from './sports.ts';
import type { TestApp } from './test-app.ts';

type Player = Awaited<ReturnType<typeof sportsPlayer>>;

/** The sports window's cash-out calls, as the member's My bets sends them. */
export function cashoutClient(t: TestApp) {
  const offer = (p: Player, betId: number) => sportsApiCall(t, 'cashoutOffer', { token: p.gameToken, betId });
  /** An offer expected to be made: its id and amount. */
  const offered = async (p: Player, betId: number) => {
    const res = (await offer(p, betId)).json();
    expect(res, JSON.stringify(res)).toMatchObject({ status: 'success' });
    return res as { offerId: string; amount: number; stake: number; expiresAt: string };
  };
  const accept = (
    p: Player,
    betId: number,
    offerId: string,
    more: { part?: number; minAmount?: number } = {},
  ) => sportsApiCall(t, 'cashout', { token: p.gameToken, betId, offerId, ...more });
  const auto = (p: Player, betId: number, at: number | null) =>
    sportsApiCall(t, 'cashoutAuto', { token: p.gameToken, betId, at });
  return { offer, offered, accept, auto };
}

/**
 * The book and the wallet agree on a bet once its steps are paid: the wallet holds the stake as placed
 * (what is left plus what partial cash-outs took off) and paid the settlement or cash-out in force plus
 * the partial cash-outs still in force (a void takes them back); a bet ends by one step in force at
 * most (a settlement or a cash-out, never both).
 */
export async function expectBookAndWalletAgree(t: TestApp, betId: number) {
  const [bet] = await queryRows<{
    status: string;
    total_stake: number;
    cashout_stake: number;
    cashout_paid: number;
    settled_return: number | null;
    unpaid: number;
    endings: number;
    partial_paid: number;
  }>(
    t.db,
    sql`select b.status, b.total_stake, b.cashout_stake, b.cashout_paid, b.settled_return,
          (select count(*)::int from sb_settlements s where s.bet_id = b.id and not s.paid) as unpaid,
          (select count(*)::int from sb_settlements s where s.bet_id = b.id and s.kind in ('settle', 'void', 'cashout')
             and not exists (select 1 from sb_settlements u where u.bet_id = b.id and u.ref_tx_id = s.wallet_tx_id)) as endings,
          (select coalesce(sum(amount), 0)::int8 from sb_settlements s where s.bet_id = b.id and s.kind = 'cashout_partial'
             and not exists (select 1 from sb_settlements u where u.bet_id = b.id and u.ref_tx_id = s.wallet_tx_id)) as partial_paid
        from sb_bets b where b.id = ${betId}`,
  );
  expect(Number(bet!.unpaid)).toBe(0);
  expect(Number(bet!.partial_paid)).toBe(Number(bet!.cashout_paid));
  if (bet!.status === 'cashed_out') expect(Number(bet!.endings)).toBe(1);
  const round = (await roundTotals(t.db, 'sports', [`sb-${betId}`])).get(`sb-${betId}`);
  expect(round?.totalBet ?? 0).toBe(Number(bet!.total_stake) + Number(bet!.cashout_stake));
  const settled = bet!.status === 'open' ? 0 : Number(bet!.settled_return ?? 0);
  expect(round?.totalWin ?? 0).toBe(settled + Number(bet!.cashout_paid));
  return bet!;
}

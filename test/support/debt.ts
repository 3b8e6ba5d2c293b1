import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/server/db/client.ts';
import type { TestApp } from './test-app.ts';
import { playRound, walletRequest } from './wallet.ts';

/** What a member owes (wallet_debts), 0 when nothing. */
export async function debtOf(t: TestApp, loginId: string): Promise<number> {
  const [row] = await queryRows<{ amount: number }>(
    t.db,
    sql`select coalesce(sum(d.amount), 0)::int8 as amount from wallet_debts d join members m on m.id = d.member_id
        where m.login_id = ${loginId}`,
  );
  return Number(row!.amount);
}

/** A round the player wins through the signed wallet API; `unsettle()` takes the win back, as a corrected result does. */
export async function wonRound(t: TestApp, secret: string, gameToken: string, stake: number, win: number) {
  const played = await playRound(t, secret, gameToken, stake, win);
  if (played.win?.status !== 'success') throw new Error(`the round was not won: ${JSON.stringify(played)}`);
  return {
    unsettle: async () => {
      const res = await walletRequest(
        t,
        'unsettle',
        {
          txId: `${played.round.txId}-unsettle`,
          roundId: played.round.roundId,
          refTxId: played.settle!.txId,
          reason: 'result corrected',
        },
        secret,
      );
      if (res.json().status !== 'success') throw new Error(`unsettle failed: ${res.body}`);
      return res.json() as { balance: number; debt: number };
    },
  };
}

/** A later round's win, which pays the member's debt first (wallet_collect_debt). */
export async function laterWin(t: TestApp, secret: string, gameToken: string, stake: number, win: number) {
  const played = await playRound(t, secret, gameToken, stake, win);
  if (played.win?.status !== 'success') throw new Error(`the later win failed: ${JSON.stringify(played)}`);
  return played.win as { balance: number };
}

import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { type Database, queryRows } from '../../src/server/db/client.ts';
import { createOperator } from '../../src/server/modules/backoffice/operators.service.ts';
import { footballEvent } from '../../test/support/sports.ts';
import { attempt, untilAnswered } from './calls.ts';
import { totpSecretKeyFrom } from '../../src/server/config.ts';
import { auditRunningStakes } from '../../src/server/providers/sports/running-stakes.audit.ts';

type Db = Database['db'];

/** A pre-match 1X2 market of its own (decimal prices 2.0 / 3.0 / 4.0), for the crash scenarios. */
export async function crashMarket(db: Db) {
  const { eventId, marketId } = await footballEvent(db, { prices: ['2.0', '3.0', '4.0'] });
  const selections = await queryRows<{ id: number; key: string; price_num: number; price_den: number }>(
    db,
    sql`select id, key, price_num, price_den from sb_selections where market_id = ${marketId} order by sort_order`,
  );
  return {
    eventId,
    marketId,
    selections: selections.map((s) => ({ id: Number(s.id), key: s.key, price: `${s.price_num}/${s.price_den}` })),
  };
}

/** A trading operator logged in through the server's own API: its bearer token. */
export async function tradingOperator(db: Db, url: () => string): Promise<string> {
  const login = `chaos-trader-${randomBytes(3).toString('hex')}`;
  const { totpSecret } = await createOperator(db, totpSecretKeyFrom(process.env), { login, password: 'operator-pass1', role: 'trading' });
  const reply = await untilAnswered(
    () =>
      attempt(
        `${url()}/api/admin/login`,
        { login, password: 'operator-pass1', otp: generateSync({ secret: totpSecret }), bearer: true },
        { origin: url() },
      ),
    (r) => r.status === 200,
    'operator login',
  );
  return reply.json.token as string;
}

export interface Agreement {
  bets: number;
  /** Bets whose book state and wallet round disagree (by the rules the reconciler checks). */
  disagreeing: { id: number; status: string; stake: number; paid: number | null; held: number; won: number }[];
  pending: number;
  /** The running totals per (member, selection) the maximum stake reads, against the running bets. */
  runningStakes: string[];
  unpaidSteps: number;
  unfinishedRuns: number;
}

/**
 * Every bet of the book against its wallet round: an open bet holds its stake and has won nothing, a
 * settled or void bet holds its stake and has been paid exactly its return, a bet cashed out whole has
 * been paid its cash-out, a refused bet holds nothing. Partial cash-outs took stake off the bet and paid
 * for it: the round holds the stake as placed and paid them beside the rest. Read straight from both
 * sides' tables, independently of the book's reconciler.
 */
export async function bookAgainstWallet(db: Db): Promise<Agreement> {
  const rows = await queryRows<{
    id: number;
    status: string;
    total_stake: number;
    cashout_stake: number;
    cashout_paid: number;
    settled_return: number | null;
    held: number | null;
    won: number | null;
  }>(
    db,
    sql`select b.id, b.status, b.total_stake, b.cashout_stake, b.cashout_paid, b.settled_return,
          r.total_bet as held, r.total_win as won
        from sb_bets b left join game_rounds r on r.provider = 'sports' and r.round_id = 'sb-' || b.id order by b.id`,
  );
  const disagreeing = rows
    .filter((b) => {
      const held = Number(b.held ?? 0);
      const won = Number(b.won ?? 0);
      if (b.status === 'refused') return held !== 0;
      const stake = Number(b.total_stake) + Number(b.cashout_stake);
      const partials = Number(b.cashout_paid);
      if (b.status === 'open') return held !== stake || won !== partials;
      if (b.status === 'settled' || b.status === 'void' || b.status === 'cashed_out')
        return held !== stake || won !== Number(b.settled_return) + partials;
      return false;
    })
    .map((b) => ({
      id: Number(b.id),
      status: b.status,
      stake: Number(b.total_stake),
      paid: b.settled_return === null ? null : Number(b.settled_return),
      held: Number(b.held ?? 0),
      won: Number(b.won ?? 0),
    }));
  const [counts] = await queryRows<{ pending: number; unpaid: number; runs: number }>(
    db,
    sql`select (select count(*)::int from sb_bets where status in ('pending', 'delayed')) as pending,
               (select count(*)::int from sb_settlements where not paid) as unpaid,
               (select count(*)::int from sb_settlement_runs where done_at is null) as runs`,
  );
  return {
    bets: rows.length,
    disagreeing,
    pending: Number(counts!.pending),
    runningStakes: await auditRunningStakes(db),
    unpaidSteps: Number(counts!.unpaid),
    unfinishedRuns: Number(counts!.runs),
  };
}

/** Polls until the book and the wallet agree with nothing left to do, or the deadline passes. */
export async function untilAgreed(db: Db, deadlineMs: number): Promise<{ agreement: Agreement; afterMs: number }> {
  const started = Date.now();
  for (;;) {
    const agreement = await bookAgainstWallet(db);
    const settled =
      agreement.disagreeing.length === 0 &&
      agreement.pending === 0 &&
      agreement.unpaidSteps === 0 &&
      agreement.unfinishedRuns === 0;
    if (settled || Date.now() - started > deadlineMs) return { agreement, afterMs: Date.now() - started };
    await new Promise((r) => setTimeout(r, 500));
  }
}

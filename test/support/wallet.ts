import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { type Db, queryRows } from '../../src/server/db/client.ts';
import { hmacSign } from '../../src/server/http/hmac-signature.ts';
import { WALLET_SIGNATURE_HEADER } from '../../src/server/modules/games/provider.ts';
import { fund } from './money.ts';
import type { CallOptions, TestApp } from './test-app.ts';

/**
 * A test's own record of the statements that write wallet_transactions: a table `name` (`columns`),
 * and after each INSERT statement a row `noteSql` selects from the statement's new rows (`recorded`).
 */
export async function noteWalletStatements(db: Db, name: string, columns: string, noteSql: string) {
  await queryRows(db, sql.raw(`create table ${name} (${columns})`));
  await queryRows(
    db,
    sql.raw(`create function ${name}_note() returns trigger language plpgsql as $$
      begin
        insert into ${name} ${noteSql};
        return null;
      end $$`),
  );
  await queryRows(
    db,
    sql.raw(`create trigger ${name}_note after insert on wallet_transactions
      referencing new table as recorded for each statement execute function ${name}_note()`),
  );
}

/** A signed wallet call as the built-in provider sends it. */
export function walletRequest(t: TestApp, op: string, payload: object, secret: string) {
  const body = JSON.stringify(payload);
  return t.app.inject({
    method: 'POST',
    url: `/wallet/house/${op}`,
    headers: { 'content-type': 'application/json', [WALLET_SIGNATURE_HEADER]: hmacSign(secret, body) },
    payload: body,
  });
}

/** A funded member with a launched game (a slot unless said): the member's token and login id, and the game token the provider holds. */
export async function launchedPlayer(t: TestApp, funds = 100_000, game?: { code: string; company: string }) {
  const { token, member } = await t.login();
  if (funds > 0) await fund(t, token, funds);
  return { token, loginId: member.id, gameToken: await launchGame(t, token, game) };
}

/**
 * Launches a game for a logged-in member (a token, or a session's call options on its own site's
 * host); the game token from the launch URL (what the provider holds).
 */
export async function launchGame(
  t: TestApp,
  session: string | CallOptions,
  game = { code: 'lucky-sevens', company: 'royal-slots' },
) {
  const res = await t.call('open-game', game, typeof session === 'string' ? { token: session } : session);
  if (res.statusCode !== 200) throw new Error(`open-game failed: ${res.body}`);
  return new URL(res.json().url, 'http://x').searchParams.get('token')!;
}

/** One whole round through the signed wallet API, as a provider plays it: a bet, then its win (0 for a loss). */
export async function playRound(t: TestApp, secret: string, gameToken: string, stake: number, win = 0) {
  const round = walletIds();
  const bet = await walletRequest(t, 'bet', { ...round, token: gameToken, amount: stake }, secret);
  if (bet.json().status !== 'success') return { round, bet: bet.json(), win: undefined };
  const settle = { txId: `${round.txId}-win`, roundId: round.roundId, amount: win };
  const won = await walletRequest(t, 'win', settle, secret);
  return { round, bet: bet.json(), win: won.json(), settle };
}

let seq = 0;
/** Fresh transaction and round ids. */
export function walletIds() {
  seq += 1;
  return { txId: `tx-${Date.now()}-${seq}`, roundId: `r-${Date.now()}-${seq}` };
}

/** Whether the back office's list of unfinished rounds (open_game_rounds) holds this round. */
export async function isListedOpen(db: Db, roundId: string): Promise<boolean> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from open_game_rounds o join game_rounds r on r.id = o.game_round_id
        where r.provider = 'house' and r.round_id = ${roundId}`,
  );
  return rows[0]!.n > 0;
}

/** open_game_rounds lists every open round once, and nothing else. */
export async function expectOpenRoundsListed(db: Db): Promise<void> {
  const rows = await queryRows<{ unlisted: number; stale: number }>(
    db,
    sql`select (select count(*)::int from game_rounds r where r.status = 'open'
                 and not exists (select 1 from open_game_rounds o where o.game_round_id = r.id)) as unlisted,
               (select count(*)::int from open_game_rounds o where not exists
                 (select 1 from game_rounds r where r.id = o.game_round_id and r.status = 'open')) as stale`,
  );
  expect(rows[0]).toEqual({ unlisted: 0, stale: 0 });
}

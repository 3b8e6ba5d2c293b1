-- The wallet API's session read (its authenticate and balance calls, player-reads.ts; a bet checks the
-- same rule in its own statement, wallet_bet and wallet_batch_fast), for the look-ups asked together:
-- each game session's member, their cash balance and currency, and whether the login it was launched
-- from is live (a game token lives only as long as that login: not revoked, not expired, used within
-- the idle limit). p_lookups: [{n: the look-up's place, t: the launch token's
-- hash, p: the provider, i: the idle limit in ms}]; an unknown token has no row.
-- The sportsbook's slip read asks it in its own statement when the wallet is this database's
-- (slip-reads.ts), as its stakes call wallet_batch: one round trip for the player and the slip.
-- LANGUAGE sql and STABLE, so a caller's query inlines it (called with a parameter, not a subquery).
CREATE OR REPLACE FUNCTION wallet_session_players(p_lookups jsonb)
RETURNS TABLE (n int, member_id int8, balance int8, currency text, live boolean)
LANGUAGE sql STABLE AS $$
  SELECT x.n, g.member_id, a.balance, a.currency,
         (l.revoked_at IS NULL AND l.expires_at > now()
          AND l.last_seen_at > now() - x.i * interval '1 millisecond')
  FROM jsonb_to_recordset(p_lookups) AS x(n int, t text, p text, i float8)
  JOIN game_sessions g ON g.token_hash = x.t AND g.provider = x.p
  JOIN sessions l ON l.id = g.session_id
  JOIN ledger_accounts a ON a.member_id = g.member_id AND a.kind = 'cash'
$$;

-- The set-based half of wallet_batch: the batch's plain bets and wins, validated, posted (through the
-- ledger's set-based ledger_post_many) and answered with about a dozen statements for all of them
-- together instead of about ten per call. wallet_batch passes the calls it may take this way (bets and
-- wins whose round no other call in the batch touches); this function takes those that will plainly
-- succeed (a live session of an active member, enough cash for their bets here so far, no
-- loss/wager/session limit, no debt to collect or write-off to restore, an open round, a transaction id
-- not seen before) and leaves every other call to wallet_batch's call-by-call loop, which answers
-- refusals and repeats exactly as before. Calls that arrive together have no order among them: this
-- applies its calls first, in call order, and the loop the rest after them. Anything that raises here
-- (a balance taken meanwhile, a round closed meanwhile, a repeat racing in) undoes this whole function
-- in wallet_batch's one subtransaction, and the calls then run one by one.
--
-- Its rules are wallet_bet's and wallet_win's, read set-based: wallet.differential.test.ts runs random
-- calls through this path and through the one-call functions and requires the same replies and the
-- same ledger.
--
-- Lock order: house and jackpot shards (wallet_batch, before this), day totals, rounds, then every
-- account in id order (ledger_post_many's one update); no row is locked before it is written.
--
-- p_ops: wallet_batch's calls; p_ords: the 1-based positions it offers. Answers [{o: position, r: reply}]
-- for the calls it applied.
--
-- The sets pass from statement to statement as arrays of row types (migration 0017): built once, read
-- by column, where JSON was built per call and parsed again, field by field, by every later statement.
-- A site's settings are joined, never looked up through a function per call: comp_rate is then inlined,
-- and the day's time zone is site_time_zone of the joined site (member_timezone itself is not inlinable).
--
-- Plans as wallet_batch's (index look-ups, generic plans, joins in the order written), and nested loops
-- only: a generic plan guesses 100 rows for each set of calls, and then preferred hashing the calls and
-- walking a whole table's primary key (every account, every round) to join them. The house shard and comp
-- expense are looked up per call in the select list, not joined: each is estimated at one row,
-- and a join of two one-row sides may put it outside, which ran every call's look-ups once per shard.
CREATE OR REPLACE FUNCTION wallet_batch_fast(p_ops jsonb, p_ords int[]) RETURNS jsonb LANGUAGE plpgsql
SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off
SET plan_cache_mode = force_generic_plan SET join_collapse_limit = 1 SET from_collapse_limit = 1 AS $$
DECLARE
  v_calls wallet_fast_call[];
  v_bets wallet_fast_bet[];
  v_wins wallet_fast_win[];
  v_comps wallet_fast_amount[];
  v_shares wallet_fast_amount[];
  v_cash wallet_fast_amount[];
  v_logins bigint[];
  v_keys text[];
  v_from bigint[];
  v_to bigint[];
  v_amounts bigint[];
  v_kinds text[];
  v_refs jsonb[];
  v_replies jsonb;
  v_count int;
  v_opened bigint[];
BEGIN
  -- The offered calls, parsed once.
  SELECT array_agg(ROW(x.ord::int, x.k, x.p, x.tx, x.h, x.r, x.t, x.a, x.i, x.c)::wallet_fast_call ORDER BY x.ord)
  INTO v_calls
  FROM ROWS FROM (jsonb_to_recordset(p_ops)
                   AS (k text, p text, tx text, h text, r text, t text, a bigint, i bigint, c boolean))
       WITH ORDINALITY AS x(k, p, tx, h, r, t, a, i, c, ord)
  WHERE x.ord = ANY (p_ords);

  -- The bets that will succeed, with everything their postings need (wallet_bet's checks, read
  -- without locks: a change meanwhile makes a statement below raise, and the batch runs call by call).
  -- A member's bets here, in call order, only while their sum stays within the cash read (credits ignored).
  SELECT coalesce(array_agg(b.bet ORDER BY (b.bet).ord) FILTER (WHERE b.spent <= b.balance), '{}')
  INTO v_bets
  FROM (
  SELECT ROW(x.ord, x.p, x.tx, x.h, x.r, x.a, g.member_id, g.id, g.vendor_code, g.game_code, g.category,
           g.jackpot_bps, cash.id,
           (SELECT h.id FROM ledger_accounts h WHERE h.member_id IS NULL AND h.kind = 'game_revenue'
              AND h.shard = house_shard(g.member_id) AND h.currency = cash.currency),
           CASE WHEN l.last_seen_at < now() - interval '30 seconds' THEN l.id END)::wallet_fast_bet AS bet,
         sum(x.a) OVER (PARTITION BY g.member_id ORDER BY x.ord) AS spent,
         cash.balance
  FROM unnest(v_calls) x
  JOIN game_sessions g ON g.token_hash = x.t AND g.provider = x.p
  JOIN sessions l ON l.id = g.session_id
  JOIN members m ON m.id = g.member_id
  JOIN ledger_accounts cash ON cash.member_id = g.member_id AND cash.kind = 'cash'
  LEFT JOIN game_rounds r ON r.provider = x.p AND r.round_id = x.r
  WHERE x.k = 'bet' AND x.a > 0 AND cash.balance >= x.a
    AND l.revoked_at IS NULL AND l.expires_at > now()
    AND l.last_seen_at > now() - x.i * interval '1 millisecond'
    AND m.status = 'active'
    AND (r.id IS NULL OR (r.member_id = g.member_id AND r.status = 'open'))
    AND NOT EXISTS (SELECT 1 FROM protection_limits pl
                    WHERE pl.member_id = g.member_id AND pl.kind IN ('loss', 'wager', 'session'))
    -- A member with an active bonus (issue 36) bets call by call: wallet_bet checks its maximum stake
    -- and counts the stake towards its wagering.
    AND NOT EXISTS (SELECT 1 FROM promo_bonuses pb WHERE pb.member_id = g.member_id AND pb.status = 'active')
    AND NOT EXISTS (SELECT 1 FROM wallet_transactions w WHERE w.provider = x.p AND w.tx_id = x.tx)
  ) b;

  -- The wins on open rounds of members who owe nothing, with their accounts and comp rate.
  SELECT coalesce(array_agg(ROW(x.ord, x.p, x.tx, x.h, x.r, x.a, x.c, r.member_id, r.id,
           comp_rate(st.settings, m.level, r.category), cash.id, comp.id,
           (SELECT h.id FROM ledger_accounts h WHERE h.member_id IS NULL AND h.kind = 'game_revenue'
              AND h.shard = house_shard(r.member_id) AND h.currency = cash.currency),
           (SELECT e.id FROM ledger_accounts e WHERE e.member_id IS NULL AND e.kind = 'comp_expense'
              AND e.shard = house_shard(r.member_id) AND e.currency = cash.currency))::wallet_fast_win ORDER BY x.ord), '{}')
  INTO v_wins
  FROM unnest(v_calls) x
  JOIN game_rounds r ON r.provider = x.p AND r.round_id = x.r
  JOIN members m ON m.id = r.member_id
  JOIN sites st ON st.id = m.site_id
  JOIN ledger_accounts cash ON cash.member_id = r.member_id AND cash.kind = 'cash'
  JOIN ledger_accounts comp ON comp.member_id = r.member_id AND comp.kind = 'comp'
  WHERE x.k = 'win' AND r.status = 'open' AND x.a >= 0
    AND NOT EXISTS (SELECT 1 FROM wallet_debts d WHERE d.member_id = r.member_id AND d.amount > 0)
    -- A round whose debt was written off restores it first (wallet_restore_write_off): call by call.
    AND NOT EXISTS (SELECT 1 FROM wallet_round_debts rd WHERE rd.provider = x.p AND rd.round_id = x.r
                    AND rd.written_off > 0)
    -- A round that staked bonus money (issue 36) is paid call by call: wallet_win splits its win.
    AND NOT EXISTS (SELECT 1 FROM promo_bet_stakes ps WHERE ps.provider = x.p AND ps.round_id = x.r)
    -- A round open past the orphan age may change a paid cashback: wallet_win queues its recheck.
    AND r.opened_at >= now() - cashback_orphan_age()
    AND NOT EXISTS (SELECT 1 FROM wallet_transactions w WHERE w.provider = x.p AND w.tx_id = x.tx);

  IF cardinality(v_bets) + cardinality(v_wins) = 0 THEN
    RETURN '[]';
  END IF;

  -- Today's stakes and wins per member (limits, migration 0014), before the cash accounts are locked;
  -- the day is the member's site's (site_time_zone, as member_timezone gives it).
  -- An update first and an insert only for a member's first play of the day: ON CONFLICT DO UPDATE
  -- locks the row before it updates it, a WAL record more. The member's house shard row, locked by
  -- wallet_batch, keeps two batches off the same member's day.
  WITH t AS (
    SELECT t.member, (now() AT TIME ZONE site_time_zone(st.settings))::date AS day, t.stake, t.win
    FROM (SELECT u.member, sum(u.stake) AS stake, sum(u.win) AS win
          FROM (SELECT b.member, b.a AS stake, 0 AS win FROM unnest(v_bets) b
                UNION ALL
                SELECT w.member, 0, w.a FROM unnest(v_wins) w WHERE w.a > 0) u
          GROUP BY u.member) t
    JOIN members m ON m.id = t.member
    JOIN sites st ON st.id = m.site_id
  ), grown AS (
    UPDATE member_play_days d SET stakes = d.stakes + t.stake, wins = d.wins + t.win
    FROM t WHERE d.member_id = t.member AND d.day = t.day
    RETURNING d.member_id
  )
  INSERT INTO member_play_days AS d (member_id, day, deposits, stakes, wins)
  SELECT t.member, t.day, 0, t.stake, t.win FROM t
  WHERE t.member NOT IN (SELECT g.member_id FROM grown g)
  ORDER BY t.member
  ON CONFLICT (member_id, day) DO UPDATE SET stakes = d.stakes + excluded.stakes, wins = d.wins + excluded.wins;

  -- The bets' rounds: new ones opened and listed in open_game_rounds, open ones of the same member grown.
  -- A plain insert, not ON CONFLICT: a speculative insertion costs a WAL record more. A round opened
  -- meanwhile by another batch raises 23505 here, and the batch runs call by call. Only when there are
  -- bets: an insert of no row still runs game_rounds' statement trigger (a batch of the book's
  -- settlement wins has none).
  IF cardinality(v_bets) > 0 THEN
    WITH opened AS (
      INSERT INTO game_rounds (provider, round_id, member_id, game_session_id, vendor_code, game_code, category, total_bet)
      SELECT b.p, b.r, b.member, b.game, b.vendor, b.code, b.cat, b.a FROM unnest(v_bets) b
      WHERE NOT EXISTS (SELECT 1 FROM game_rounds r WHERE r.provider = b.p AND r.round_id = b.r)
      ORDER BY b.ord
      RETURNING id
    ), listed AS (
      INSERT INTO open_game_rounds (game_round_id) SELECT id FROM opened
    )
    SELECT coalesce(array_agg(id), '{}') INTO v_opened FROM opened;
    v_count := cardinality(v_opened);
    -- Rounds that were open already (a second bet in a round): only then an update, whose statement
    -- triggers would run even for no row.
    IF v_count < cardinality(v_bets) THEN
      WITH grown AS (
        UPDATE game_rounds g SET total_bet = g.total_bet + b.a
        FROM unnest(v_bets) b
        WHERE g.provider = b.p AND g.round_id = b.r AND g.status = 'open' AND g.member_id = b.member
          AND g.id <> ALL (v_opened) -- not a round the insert above just opened
        RETURNING g.id
      )
      SELECT v_count + count(*) INTO v_count FROM grown;
    END IF;
    IF v_count <> cardinality(v_bets) THEN
      RAISE EXCEPTION 'wallet_batch_fast: a round closed concurrently' USING ERRCODE = '40001';
    END IF;
  END IF;

  -- The wins' rounds, closed where asked (leaving open_game_rounds), and the comp a first close accrues.
  -- Only when there are wins: an update of no row still runs game_rounds' statement trigger
  -- (count_round_figures), and a batch of stakes alone (the sportsbook's) has none.
  IF cardinality(v_wins) = 0 THEN
    v_comps := '{}';
  ELSE
    -- A first close earns comp, except a sports bet returning exactly its stake (a void: nothing risked),
    -- and records the stake it accrued on (comp_stake, what a later rollback measures its share against).
    WITH closed AS (
      UPDATE game_rounds g SET total_win = g.total_win + w.a, has_win = true,
        status = CASE WHEN w.c THEN 'closed' ELSE g.status END,
        closed_at = CASE WHEN w.c THEN coalesce(g.closed_at, now()) ELSE g.closed_at END,
        comp_stake = CASE WHEN w.c AND g.closed_at IS NULL THEN g.total_bet ELSE g.comp_stake END
      FROM unnest(v_wins) w WHERE g.id = w.round AND g.status = 'open'
        AND g.id = ANY (ARRAY(SELECT w.round FROM unnest(v_wins) w)) -- the rounds by their key, whichever side the plan starts from
      RETURNING w.ord, g.id, w.c AND g.closed_at = now()
        AND NOT (g.category = 'sport' AND g.total_win = g.total_bet) AS earns_comp, g.total_bet, w.rate, w.c
    ), unlisted AS (
      DELETE FROM open_game_rounds o USING closed c WHERE c.c AND o.game_round_id = c.id
    )
    SELECT coalesce(array_agg(ROW(c.ord, CASE WHEN c.earns_comp THEN (c.total_bet * c.rate) / 10000 ELSE 0 END,
             NULL)::wallet_fast_amount), '{}')
    INTO v_comps FROM closed c;
    IF cardinality(v_comps) <> cardinality(v_wins) THEN
      RAISE EXCEPTION 'wallet_batch_fast: a round closed concurrently' USING ERRCODE = '40001';
    END IF;
  END IF;

  -- Jackpot games' stakes feed the pool as wallet_bet does, in call order within a shard: each call's
  -- share is the whole minor units its stake × bps completes in its member's shard's units (wallet_batch
  -- holds the shards' advisory locks). The shares are then posted as one transfer for the batch (below).
  WITH j AS (
    SELECT b.ord, b.a, b.bps, house_shard(b.member) AS shard FROM unnest(v_bets) b WHERE b.bps > 0
  ), grown AS (
    UPDATE jackpot_shards s SET units = s.units + t.units, staked = s.staked + t.staked
    FROM (SELECT j.shard, sum(j.a * j.bps)::bigint AS units, sum(j.a)::bigint AS staked FROM j GROUP BY j.shard) t
    WHERE s.shard = t.shard
  ), after AS (
    SELECT j.ord, j.a * j.bps AS units, s.account_id AS pool,
           (s.units + sum(j.a * j.bps) OVER (PARTITION BY j.shard ORDER BY j.ord))::bigint AS reached
    FROM j JOIN jackpot_shards s ON s.shard = j.shard -- the units before this statement
  )
  SELECT coalesce(array_agg(ROW(ord, reached / 10000 - (reached - units) / 10000, pool)::wallet_fast_amount), '{}')
  INTO v_shares FROM after;

  -- Every posting, in call order, through the ledger's set-based posting (ledger_post_many: one insert
  -- for all the transfers, one update for all the balances, ledger_move's checks).
  WITH moves AS (
    SELECT b.ord, 1 AS step, 'wallet:' || b.p || ':' || b.tx AS key, b.cash AS from_id, b.house AS to_id,
           b.a AS amount, 'bet' AS kind, jsonb_build_object('provider', b.p, 'roundId', b.r, 'txId', b.tx) AS ref
    FROM unnest(v_bets) b
    UNION ALL
    -- The batch's jackpot shares as one transfer between two house accounts (issue 34: one per bet was
    -- about five WAL records a bet: heap, index and two balances): from the game revenue to the pool of
    -- the shard of the first call with a share (the batch holds that shard's locks), under that call's
    -- key, after its bet. The pool is one pot in 64 accounts: a win pays every shard's balance.
    SELECT f.ord, 2, 'jackpot-contribution:' || f.p || ':' || f.tx, f.house, f.pool, t.amount, 'jackpot_contribution' AS kind,
           jsonb_build_object('provider', f.p, 'roundId', f.r, 'txId', f.tx, 'bets', t.bets, 'stake', t.stake,
                              'txIds', t.tx_ids)
    FROM (SELECT sum(s.amount)::bigint AS amount, count(*)::int AS bets, sum(b.a)::bigint AS stake,
                 string_agg(b.p || ':' || b.tx, ',' ORDER BY b.ord) AS tx_ids
          FROM unnest(v_bets) b JOIN unnest(v_shares) s ON s.ord = b.ord WHERE s.amount > 0) t
    CROSS JOIN LATERAL (SELECT b.ord, b.p, b.tx, b.r, b.house, s.account AS pool
                        FROM unnest(v_shares) s JOIN unnest(v_bets) b ON b.ord = s.ord
                        WHERE s.amount > 0 ORDER BY b.ord LIMIT 1) f
    WHERE t.amount > 0
    UNION ALL
    SELECT w.ord, 1, 'wallet:' || w.p || ':' || w.tx, w.house, w.cash, w.a, 'win' AS kind,
           jsonb_build_object('provider', w.p, 'roundId', w.r, 'txId', w.tx)
    FROM unnest(v_wins) w WHERE w.a > 0
    UNION ALL
    SELECT w.ord, 2, 'comp-accrual:wallet:' || w.p || ':' || w.r, w.expense, w.comp, c.amount, 'comp_accrual' AS kind,
           jsonb_build_object('provider', w.p, 'roundId', w.r)
    FROM unnest(v_wins) w JOIN unnest(v_comps) c ON c.ord = w.ord WHERE c.amount > 0
  )
  SELECT array_agg(key ORDER BY ord, step), array_agg(from_id ORDER BY ord, step), array_agg(to_id ORDER BY ord, step),
         array_agg(amount ORDER BY ord, step), array_agg(kind ORDER BY ord, step), array_agg(ref ORDER BY ord, step)
  INTO v_keys, v_from, v_to, v_amounts, v_kinds, v_refs
  FROM moves;
  PERFORM ledger_post_many(v_keys, v_from, v_to, v_amounts, v_kinds, v_refs);

  -- The members' cash balances before this batch's postings: read after them (the rows are now this
  -- transaction's, updated by ledger_post_many), less what the batch's bets and wins moved. No lock of
  -- its own beforehand: a row lock is a WAL record per account, and wallet_batch's shard lock keeps
  -- other batches off these members already.
  SELECT coalesce(array_agg(ROW(NULL, a.balance - coalesce(d.delta, 0), a.id)::wallet_fast_amount), '{}')
  INTO v_cash
  FROM (SELECT m.cash, sum(m.delta)::bigint AS delta
        FROM (SELECT b.cash, -b.a AS delta FROM unnest(v_bets) b
              UNION ALL SELECT w.cash, w.a FROM unnest(v_wins) w) m
        GROUP BY m.cash) d
  JOIN ledger_accounts a ON a.id = d.cash;

  -- Each call's reply (its member's cash after it, their calls here taken in call order), recorded
  -- under its transaction id; a repeat racing in raises and the batch runs call by call.
  WITH moved AS (
    SELECT b.ord, b.p, b.tx, b.h, b.r, 'bet' AS kind, b.member, b.a, b.cash, -b.a AS delta FROM unnest(v_bets) b
    UNION ALL
    SELECT w.ord, w.p, w.tx, w.h, w.r, 'win', w.member, w.a, w.cash, w.a FROM unnest(v_wins) w
  ), calls AS (
    SELECT m.ord, m.p, m.tx, m.h, m.r, m.kind, m.member, m.a,
           cb.amount + sum(m.delta) OVER (PARTITION BY m.member ORDER BY m.ord) AS balance
    FROM moved m JOIN unnest(v_cash) cb ON cb.account = m.cash
  ), recorded AS (
    INSERT INTO wallet_transactions (provider, tx_id, kind, round_id, member_id, amount, request_hash, response)
    SELECT c.p, c.tx, c.kind, c.r, c.member, c.a, c.h,
           jsonb_build_object('status', 'success', 'balance', c.balance, 'txId', c.tx, 'roundId', c.r)
    FROM calls c ORDER BY c.ord
    RETURNING provider, tx_id, response
  )
  SELECT jsonb_agg(jsonb_build_object('o', c.ord, 'r', r.response)) INTO v_replies
  FROM calls c JOIN recorded r ON r.provider = c.p AND r.tx_id = c.tx;

  -- Betting keeps the login session alive, as any other request of the member would (only when due:
  -- an update of no row still runs the table's statement triggers).
  v_logins := ARRAY(SELECT b.login FROM unnest(v_bets) b WHERE b.login IS NOT NULL);
  IF cardinality(v_logins) > 0 THEN
    UPDATE sessions SET last_seen_at = now() WHERE id = ANY (v_logins);
  END IF;
  RETURN v_replies;
END $$;

-- A bet: a live game session of an active member whose login session has not ended, an open round
-- of theirs (or a new one, listed in open_game_rounds), and the stake moved from their cash to a house shard;
-- on a jackpot game, the pool's share of it moved on to the pool (migration 0010). The member's own loss,
-- wager and session time limits (migration 0014) refuse it with status 'limit' (recorded, nothing moved);
-- an accepted stake is added to today's member_play_days row before the ledger moves. While the member has
-- an active bonus (issue 36), a stake taking its round above the maximum is refused ('bonus_max_stake', nothing moved) and
-- an accepted one counts towards its wagering (promo_wager, which records what this bet counted); the stake takes bonus money as the bonus says
-- (promo_stake_split: cash first or bonus first), moved by its own transfer and recorded in
-- promo_bet_stakes, so that the round's win pays the same share back to the bonus.
CREATE OR REPLACE FUNCTION wallet_bet(
  p_provider text, p_tx_id text, p_hash text, p_round text, p_token_hash text, p_amount bigint, p_idle_ms bigint
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  s record;
  v_move record;
  v_round_id bigint;
  v_new_round boolean;
  v_pool bigint;
  v_share bigint;
  v_reply jsonb;
  v_limit jsonb;
  v_promo jsonb;
  v_split record;
  v_cash_part bigint;
  v_balance bigint;
BEGIN
  SELECT g.id AS game_id, g.member_id, g.vendor_code, g.game_code, g.category, g.jackpot_bps, m.status,
         cash.id AS cash_id, cash.balance AS cash_balance, house.id AS house_id,
         l.id AS login_id, l.last_seen_at, l.created_at AS login_started,
         (l.revoked_at IS NULL AND l.expires_at > now()
          AND l.last_seen_at > now() - p_idle_ms * interval '1 millisecond') AS live,
         r.member_id AS round_member, r.status AS round_status, r.total_bet AS round_staked
  INTO s
  FROM game_sessions g
  JOIN sessions l ON l.id = g.session_id
  JOIN members m ON m.id = g.member_id
  JOIN ledger_accounts cash ON cash.member_id = g.member_id AND cash.kind = 'cash'
  JOIN ledger_accounts house ON house.member_id IS NULL AND house.kind = 'game_revenue'
                            AND house.shard = house_shard(g.member_id) AND house.currency = cash.currency
  LEFT JOIN game_rounds r ON r.provider = p_provider AND r.round_id = p_round
  WHERE g.token_hash = p_token_hash AND g.provider = p_provider;

  IF NOT FOUND THEN
    v_reply := jsonb_build_object('status', 'session_expired', 'message', 'unknown game session', 'txId', p_tx_id);
  ELSIF NOT s.live THEN
    v_reply := jsonb_build_object('status', 'session_expired', 'message', 'the player''s session has ended', 'txId', p_tx_id);
  ELSIF s.status <> 'active' THEN
    v_reply := jsonb_build_object('status', 'blocked', 'message', 'the player may not bet', 'txId', p_tx_id);
  ELSIF s.cash_balance < p_amount
        AND NOT EXISTS (SELECT 1 FROM promo_bonuses pb WHERE pb.member_id = s.member_id AND pb.status = 'active') THEN
    -- Read without a lock: a concurrent debit is still caught by the balance check constraint.
    v_reply := jsonb_build_object('status', 'balance', 'message', 'insufficient funds', 'balance', s.cash_balance,
                                  'txId', p_tx_id, 'roundId', p_round);
  ELSE
    -- game_rounds.member_id is NOT NULL: a null here means the round does not exist yet.
    v_limit := protection_limit_refusal(s.member_id, 'bet', p_amount, s.login_started);
    -- The bonus's maximum is a round's: a double or a split adds to what the round already staked.
    v_promo := CASE WHEN v_limit IS NULL THEN promo_stake_refusal(s.member_id, p_amount
      + CASE WHEN s.round_member = s.member_id AND s.round_status = 'open' THEN s.round_staked ELSE 0 END) END;
    IF v_limit IS NULL AND v_promo IS NULL THEN
      SELECT * INTO v_split FROM promo_stake_split(s.member_id, s.house_id, s.cash_id, p_amount);
    END IF;
    IF v_limit IS NOT NULL THEN
      PERFORM protection_record_hit(s.member_id, v_limit);
      v_reply := v_limit || jsonb_build_object('balance', s.cash_balance, 'txId', p_tx_id, 'roundId', p_round);
    ELSIF v_promo IS NOT NULL THEN
      v_reply := v_promo || jsonb_build_object('balance', s.cash_balance, 'txId', p_tx_id, 'roundId', p_round);
    ELSIF coalesce(v_split.cash, s.cash_balance) + coalesce(v_split.from_bonus, 0) < p_amount THEN
      v_reply := jsonb_build_object('status', 'balance', 'message', 'insufficient funds',
                                    'balance', coalesce(v_split.cash, s.cash_balance), 'txId', p_tx_id, 'roundId', p_round);
    ELSIF s.round_member IS NOT NULL AND (s.round_member <> s.member_id OR s.round_status <> 'open') THEN
      v_reply := jsonb_build_object('status', 'round_closed', 'message', 'the round is closed or belongs to another player',
                                    'txId', p_tx_id, 'roundId', p_round);
    ELSE
      PERFORM play_totals_add(s.member_id, 0, p_amount, 0);
      v_cash_part := p_amount - coalesce(v_split.from_bonus, 0);
      IF v_cash_part > 0 THEN
        v_move := ledger_move('wallet:' || p_provider || ':' || p_tx_id, s.cash_id, s.house_id,
          v_cash_part, 'bet', jsonb_build_object('provider', p_provider, 'roundId', p_round, 'txId', p_tx_id), NULL);
        v_balance := v_move.from_balance;
      ELSE
        v_balance := v_split.cash;
      END IF;
      IF coalesce(v_split.from_bonus, 0) > 0 THEN
        PERFORM ledger_move('wallet-bonus:' || p_provider || ':' || p_tx_id, v_split.bonus_account, s.house_id,
          v_split.from_bonus, 'bonus_bet', jsonb_build_object('provider', p_provider, 'roundId', p_round,
          'txId', p_tx_id, 'bonusId', v_split.bonus_id), NULL);
        INSERT INTO promo_bet_stakes (provider, tx_id, round_id, bonus_id, member_id, amount, from_bonus)
        VALUES (p_provider, p_tx_id, p_round, v_split.bonus_id, s.member_id, p_amount, v_split.from_bonus);
      END IF;
      PERFORM promo_wager(s.member_id, s.category, p_amount, p_provider, p_tx_id, p_round);
      INSERT INTO game_rounds (provider, round_id, member_id, game_session_id, vendor_code, game_code, category, total_bet)
      VALUES (p_provider, p_round, s.member_id, s.game_id, s.vendor_code, s.game_code, s.category, p_amount)
      ON CONFLICT (provider, round_id) DO UPDATE SET total_bet = game_rounds.total_bet + excluded.total_bet
        WHERE game_rounds.status = 'open' AND game_rounds.member_id = excluded.member_id
      RETURNING id, xmax = 0 INTO v_round_id, v_new_round; -- xmax is 0 on a row this statement inserted
      IF v_round_id IS NULL THEN
        -- The round closed between the look-up and now: undo everything; the caller retries.
        RAISE EXCEPTION 'wallet_bet: round % closed concurrently', p_round USING ERRCODE = '40001';
      END IF;
      IF v_new_round THEN
        INSERT INTO open_game_rounds (game_round_id) VALUES (v_round_id);
      END IF;
      -- A jackpot game's stake feeds the progressive pool (migration 0010): its shard's units grow by
      -- stake × bps, and the pool account receives the whole minor units that completes, from the
      -- game revenue the stake just reached (so contributions total floor(units / 10000) exactly).
      -- Only for jackpot games: one update and one transfer more; wallet_batch holds the shard's lock.
      IF s.jackpot_bps > 0 THEN
        UPDATE jackpot_shards SET units = units + p_amount * s.jackpot_bps, staked = staked + p_amount
        WHERE shard = house_shard(s.member_id)
        RETURNING account_id, units / 10000 - (units - p_amount * s.jackpot_bps) / 10000 INTO v_pool, v_share;
        IF v_share > 0 THEN
          PERFORM ledger_move('jackpot-contribution:' || p_provider || ':' || p_tx_id, s.house_id, v_pool, v_share,
            'jackpot_contribution', jsonb_build_object('provider', p_provider, 'roundId', p_round, 'txId', p_tx_id,
            'stake', p_amount, 'bps', s.jackpot_bps), NULL);
        END IF;
      END IF;
      v_reply := jsonb_build_object('status', 'success', 'balance', v_balance, 'txId', p_tx_id, 'roundId', p_round);
    END IF;
    -- Betting keeps the login session alive, as any other request of the member would.
    IF s.last_seen_at < now() - interval '30 seconds' THEN
      UPDATE sessions SET last_seen_at = now() WHERE id = s.login_id;
    END IF;
  END IF;
  RETURN wallet_record(p_provider, p_tx_id, 'bet', p_round, NULL, s.member_id, p_amount, p_hash, v_reply);
END $$;

-- A jackpot award (wallet operation `jackpot`, migration 0010): the provider reports that its round hit
-- the progressive jackpot by the round's provably fair draw. The round must be open, of the provider,
-- and of a game that takes part (its session's jackpot_bps > 0). The whole pool goes to the round's
-- player, one transfer per non-empty shard, and the house reseeds it from jackpot_seed; both under keys
-- of the round, and the round is listed in jackpot_wins (unique per round), so a round is paid once.
--
-- Locks: the member's house shard advisory lock (727034) first, as wallet_batch; then all jackpot_shards rows (house_shards() of them), in shard order, before any account. A contribution updates its
-- shard's row before its pool account, and wallet_batch takes the advisory locks (727035, shard) of
-- the shards its bets need, in shard order, before any call runs (this takes all of them first too): so no contribution is in flight during the payout, the pool is read
-- and emptied whole, and no batch can deadlock with this. A rollback of a jackpot game's bet takes all
-- of them as this does (wallet_batch, before any call; wallet_rollback_jackpot_share gives its share
-- back), so no share leaves the pool during the payout either.
-- A round that staked bonus money (promo_bet_stakes, issue 36) takes its share of the pool as bonus
-- money, as wallet_win pays a win: floor(pool x bonus staked / total stake), taken from the shards in
-- order, to the bonus while it is active, else to the promotions expense (promo_bonus_return_to, which
-- locks the member's game revenue and cash rows, then the bonus row); the rest to cash. Both are
-- `jackpot_win` transfers of the pool (the jackpot audit's payouts), the bonus ones naming the bonus.
-- A member who owes a debt (wallet_debts) pays it from the cash part first, as wallet_win does
-- (wallet_collect_debt, to the member's game revenue shard): that account and cash are locked in
-- ascending id (the order wallet_win and promo_bonus_return_to take them) before the pool moves.
-- Replies: success {amount, reseed, balance}; round_not_found, round_closed, invalid (no jackpot game),
-- jackpot_paid (another transaction id already claimed this round's jackpot).
CREATE OR REPLACE FUNCTION wallet_jackpot(p_provider text, p_tx_id text, p_hash text, p_round text)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_round record;
  v_reseed bigint;
  v_cash bigint;
  v_balance bigint;
  v_pool record;
  v_move record;
  v_total bigint := 0;
  v_reply jsonb;
  v_status text;
  v_stake record;
  v_to record;
  v_bet bigint;
  v_house bigint;
  v_bonus_left bigint := 0;
  v_part bigint;
  v_to_cash bigint := 0;
BEGIN
  SELECT r.id, r.member_id, r.status, r.game_code, r.opened_at, g.jackpot_bps INTO v_round
  FROM game_rounds r JOIN game_sessions g ON g.id = r.game_session_id
  WHERE r.provider = p_provider AND r.round_id = p_round;
  IF NOT FOUND THEN
    v_reply := jsonb_build_object('status', 'round_not_found', 'message', 'no bet opened this round',
                                  'txId', p_tx_id, 'roundId', p_round);
  ELSIF v_round.status <> 'open' THEN
    v_reply := jsonb_build_object('status', 'round_closed', 'message', 'the round is already closed',
                                  'txId', p_tx_id, 'roundId', p_round);
  ELSIF v_round.jackpot_bps <= 0 THEN
    v_reply := jsonb_build_object('status', 'invalid', 'message', 'this round''s game has no jackpot',
                                  'txId', p_tx_id, 'roundId', p_round);
  ELSE
    -- Lock order, as wallet_batch takes its locks: the member's house shard (advisory lock 727034, which
    -- wallet_batch takes for each of its members' shards before any row), then the jackpot shards
    -- (727035), then rows: the round, then the house (game revenue) and cash rows. Without the 727034
    -- lock, a batch could post to this member's house row (a call of another member of the shard) and
    -- then wait on this round (a win of it, later in the batch) while this held the round and waited on
    -- the house row: a deadlock. The round before the house row stays the order of wallet_win,
    -- wallet_rollback and wallet_correct; taking the house row before the round would deadlock with
    -- those instead.
    PERFORM pg_advisory_xact_lock(727034, house_shard(v_round.member_id)::int);
    -- The shards' advisory locks first (wallet_batch takes those of its bets' shards, in shard order,
    -- instead of their rows), then the rows.
    PERFORM pg_advisory_xact_lock(727035, s) FROM unnest(ARRAY(SELECT shard FROM jackpot_shards ORDER BY shard)) AS s;
    PERFORM 1 FROM jackpot_shards ORDER BY shard FOR UPDATE;
    -- The round again, locked, after the shard locks (the order a batch's win or rollback takes them
    -- in): a close or a rollback that committed meanwhile is seen, and none can run until this commits.
    SELECT status INTO v_status FROM game_rounds WHERE id = v_round.id FOR UPDATE;
    IF v_status <> 'open' THEN
      v_reply := jsonb_build_object('status', 'round_closed', 'message', 'the round is already closed',
                                    'txId', p_tx_id, 'roundId', p_round);
    ELSIF EXISTS (SELECT 1 FROM jackpot_wins WHERE provider = p_provider AND round_id = p_round) THEN
      v_reply := jsonb_build_object('status', 'jackpot_paid', 'message', 'this round''s jackpot was already paid',
                                    'txId', p_tx_id, 'roundId', p_round);
    ELSE
      SELECT reseed INTO v_reseed FROM jackpot_settings WHERE id = 1;
      SELECT id, balance INTO v_cash, v_balance FROM ledger_accounts
      WHERE member_id = v_round.member_id AND kind = 'cash';
      -- The member's wins of the day (limits, migration 0014), before the cash account is locked.
      PERFORM play_totals_add(v_round.member_id, 0, 0, (
        SELECT coalesce(sum(a.balance), 0)::bigint FROM jackpot_shards s JOIN ledger_accounts a ON a.id = s.account_id
        WHERE a.balance > 0));
      SELECT max(ps.bonus_id) AS bonus_id, sum(ps.from_bonus) AS staked INTO v_stake FROM promo_bet_stakes ps
      WHERE ps.provider = p_provider AND ps.round_id = p_round AND NOT ps.rolled_back;
      SELECT total_bet INTO v_bet FROM game_rounds WHERE id = v_round.id;
      v_house := (SELECT h.id FROM ledger_accounts h JOIN ledger_accounts c ON c.id = v_cash
                  WHERE h.member_id IS NULL AND h.kind = 'game_revenue' AND h.shard = house_shard(v_round.member_id)
                    AND h.currency = c.currency);
      -- The house row before cash, as a win takes them: a debt collected below moves cash to it.
      PERFORM 1 FROM ledger_accounts WHERE id IN (v_house, v_cash) ORDER BY id FOR NO KEY UPDATE;
      IF coalesce(v_stake.staked, 0) > 0 AND v_bet > 0 THEN
        SELECT * INTO v_to FROM promo_bonus_return_to(v_stake.bonus_id, v_round.member_id, v_house, v_cash);
        v_bonus_left := floor((
          SELECT coalesce(sum(a.balance), 0) FROM jackpot_shards s JOIN ledger_accounts a ON a.id = s.account_id
          WHERE a.balance > 0)::numeric * least(v_stake.staked, v_bet) / v_bet)::int8;
      END IF;
      FOR v_pool IN
        SELECT s.shard, a.id, a.balance FROM jackpot_shards s JOIN ledger_accounts a ON a.id = s.account_id
        WHERE a.balance > 0 ORDER BY s.shard
      LOOP
        v_part := least(v_bonus_left, v_pool.balance);
        v_bonus_left := v_bonus_left - v_part;
        IF v_pool.balance - v_part > 0 THEN
          v_move := ledger_move('jackpot-win:' || p_provider || ':' || p_round || ':' || v_pool.shard,
            v_pool.id, v_cash, v_pool.balance - v_part, 'jackpot_win',
            jsonb_build_object('provider', p_provider, 'roundId', p_round, 'txId', p_tx_id, 'shard', v_pool.shard), NULL);
          v_to_cash := v_to_cash + v_pool.balance - v_part;
        END IF;
        IF v_part > 0 THEN
          PERFORM ledger_move('jackpot-win-bonus:' || p_provider || ':' || p_round || ':' || v_pool.shard,
            v_pool.id, v_to.account_id, v_part, 'jackpot_win',
            jsonb_build_object('provider', p_provider, 'roundId', p_round, 'txId', p_tx_id, 'shard', v_pool.shard,
                               'bonusId', v_stake.bonus_id, 'returned', NOT v_to.active), NULL);
        END IF;
        v_total := v_total + v_pool.balance;
      END LOOP;
      IF v_to_cash > 0 THEN
        PERFORM wallet_collect_debt(v_round.member_id, v_cash, v_house, p_provider, p_round, p_tx_id, v_to_cash);
      END IF;
      SELECT balance INTO v_balance FROM ledger_accounts WHERE id = v_cash;
      v_move := ledger_move('jackpot-reseed:' || p_provider || ':' || p_round,
        (SELECT id FROM ledger_accounts WHERE member_id IS NULL AND kind = 'jackpot_seed' AND shard = 0),
        (SELECT account_id FROM jackpot_shards WHERE shard = house_shard(v_round.member_id)),
        v_reseed, 'jackpot_reseed', jsonb_build_object('provider', p_provider, 'roundId', p_round), NULL);
      -- later_bets_from, drawn while every shard's lock is held: every jackpot bet recorded before it
      -- (under a smaller wallet_transactions id) fed the pool just paid out, every later one the new pool
      -- (wallet_rollback takes back only a share still in the pool).
      INSERT INTO jackpot_wins (provider, round_id, member_id, game_code, amount, reseed, later_bets_from)
      VALUES (p_provider, p_round, v_round.member_id, v_round.game_code, v_total, v_reseed,
              nextval(pg_get_serial_sequence('wallet_transactions', 'id')));
      -- The round now has a win: its bet can no longer be rolled back (wallet_rollback: round_settled).
      -- The award is not added to total_win: it is paid from the pool, which the contributions and the
      -- reseeds funded, not from the game's revenue.
      UPDATE game_rounds SET has_win = true WHERE id = v_round.id;
      -- An award on a round open past the orphan age may change a paid cashback (as wallet_win).
      IF v_round.opened_at < now() - cashback_orphan_age() THEN
        PERFORM promo_cashback_recheck(v_round.member_id, v_round.opened_at);
      END IF;
      v_reply := jsonb_build_object('status', 'success', 'amount', v_total, 'reseed', v_reseed,
                                    'balance', v_balance, 'txId', p_tx_id, 'roundId', p_round);
    END IF;
  END IF;
  RETURN wallet_record(p_provider, p_tx_id, 'jackpot', p_round, NULL, v_round.member_id,
                       coalesce((v_reply ->> 'amount')::bigint, 0), p_hash, v_reply);
END $$;

-- A rollback of a bet: refunds it unless the round already has its win; a rollback of a bet we
-- never saw is recorded, answered as such, and voids that bet should it arrive later. A round its
-- rollback cancels leaves open_game_rounds. A bet's bonus money (promo_bet_stakes, issue 36) is refunded
-- to the bonus it came from (promo_bonus_return_to: the promotions expense once that bonus has ended), and
-- what the stake counted towards a bonus's wagering is taken back from that bonus (promo_unwager). A
-- round whose comp accrued (closed once, reopened by an unsettle) gives back the share of its comp the
-- stake carried when the bet was placed before that close (wallet_reverse_comp, against comp_stake).
-- A jackpot game's bet takes its share back out of the pool to the game revenue that refunds the stake
-- (wallet_rollback_jackpot_share), unless a win has paid that pool out since: the house then bears it.
CREATE OR REPLACE FUNCTION wallet_rollback(
  p_provider text, p_tx_id text, p_hash text, p_ref_tx text
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_bet wallet_transactions%ROWTYPE;
  v_round game_rounds%ROWTYPE;
  v_move record;
  v_reply jsonb;
  v_void bigint;
  v_stake promo_bet_stakes%ROWTYPE;
  v_to record;
  v_house bigint;
  v_cash bigint;
  v_balance bigint;
  v_carried boolean;
  v_bps int;
BEGIN
  -- A rollback naming itself would claim its own id as the void mark and then fail to record itself
  -- under it (WR001 with nothing stored: a 500 on every attempt). Refused and recorded like any refusal.
  IF p_ref_tx = p_tx_id THEN
    RETURN wallet_record(p_provider, p_tx_id, 'rollback', NULL, p_ref_tx, NULL, 0, p_hash,
      jsonb_build_object('status', 'invalid', 'message', 'a rollback cannot name itself as the bet to roll back',
                         'txId', p_tx_id, 'refTxId', p_ref_tx));
  END IF;
  -- Claim the bet's id with a void mark; if the bet was recorded (or is being), this waits for it.
  INSERT INTO wallet_transactions (provider, tx_id, kind, ref_tx_id, request_hash, response)
  VALUES (p_provider, p_ref_tx, 'void', p_tx_id, '', jsonb_build_object('status', 'rolled_back', 'txId', p_ref_tx))
  ON CONFLICT (provider, tx_id) DO NOTHING
  RETURNING id INTO v_void;
  IF v_void IS NOT NULL THEN
    v_reply := jsonb_build_object('status', 'success', 'result', 'bet_not_found', 'txId', p_tx_id, 'refTxId', p_ref_tx);
  ELSE
    SELECT * INTO v_bet FROM wallet_transactions WHERE provider = p_provider AND tx_id = p_ref_tx FOR UPDATE;
    IF v_bet.kind = 'void' THEN
      v_reply := jsonb_build_object('status', 'success', 'result', 'bet_not_found', 'txId', p_tx_id, 'refTxId', p_ref_tx);
    ELSIF v_bet.kind <> 'bet' THEN
      v_reply := jsonb_build_object('status', 'invalid', 'message', 'only bets can be rolled back', 'txId', p_tx_id, 'refTxId', p_ref_tx);
    ELSIF v_bet.rolled_back OR v_bet.response ->> 'status' IS DISTINCT FROM 'success' THEN
      v_reply := jsonb_build_object('status', 'success',
        'result', CASE WHEN v_bet.rolled_back THEN 'already_rolled_back' ELSE 'nothing_to_refund' END,
        'txId', p_tx_id, 'refTxId', p_ref_tx);
    ELSE
      -- A jackpot game's bet may take its share back from any of the pool's accounts: every shard's lock
      -- first, in shard order, before the round's row, as wallet_jackpot takes them (wallet_batch took
      -- them already for a rollback of such a bet, before any call: these are then no-ops).
      SELECT g.jackpot_bps INTO v_bps FROM game_rounds r JOIN game_sessions g ON g.id = r.game_session_id
      WHERE r.provider = p_provider AND r.round_id = v_bet.round_id;
      IF v_bps > 0 THEN
        PERFORM pg_advisory_xact_lock(727035, s) FROM unnest(ARRAY(SELECT shard FROM jackpot_shards ORDER BY shard)) AS s;
      END IF;
      SELECT * INTO v_round FROM game_rounds WHERE provider = p_provider AND round_id = v_bet.round_id FOR UPDATE;
      IF v_round.has_win OR v_round.status <> 'open' THEN
        v_reply := jsonb_build_object('status', 'round_settled',
          'message', 'the round already has its win; it cannot be rolled back', 'txId', p_tx_id, 'refTxId', p_ref_tx);
      ELSE
        PERFORM play_totals_add(v_bet.member_id, 0, -v_bet.amount, 0);
        SELECT h.id, c.id INTO v_house, v_cash FROM ledger_accounts h
        JOIN ledger_accounts c ON c.member_id = v_bet.member_id AND c.kind = 'cash'
        WHERE h.member_id IS NULL AND h.kind = 'game_revenue' AND h.shard = house_shard(v_bet.member_id)
          AND h.currency = c.currency;
        SELECT * INTO v_stake FROM promo_bet_stakes ps
        WHERE ps.provider = p_provider AND ps.tx_id = p_ref_tx AND NOT ps.rolled_back;
        IF FOUND THEN
          SELECT * INTO v_to FROM promo_bonus_return_to(v_stake.bonus_id, v_bet.member_id, v_house, v_cash);
          PERFORM ledger_move('wallet-bonus-rollback:' || p_provider || ':' || p_ref_tx, v_house, v_to.account_id,
            v_stake.from_bonus, CASE WHEN v_to.active THEN 'bonus_bet_rollback' ELSE 'bonus_bet_rollback_returned' END,
            jsonb_build_object('provider', p_provider, 'roundId', v_bet.round_id, 'txId', p_ref_tx,
                               'bonusId', v_stake.bonus_id), NULL);
          UPDATE promo_bet_stakes SET rolled_back = true WHERE provider = p_provider AND tx_id = p_ref_tx;
        END IF;
        IF v_bet.amount - coalesce(v_stake.from_bonus, 0) > 0 THEN
          SELECT * INTO v_move FROM ledger_post('wallet-rollback:' || p_provider || ':' || p_ref_tx, v_house, v_cash,
            v_bet.amount - coalesce(v_stake.from_bonus, 0), 'bet_rollback',
            jsonb_build_object('provider', p_provider, 'roundId', v_bet.round_id, 'txId', p_ref_tx), NULL);
          v_balance := v_move.to_balance;
        ELSE
          SELECT balance INTO v_balance FROM ledger_accounts WHERE id = v_cash;
        END IF;
        IF v_bps > 0 THEN
          PERFORM wallet_rollback_jackpot_share(p_provider, p_tx_id, v_bet, v_bps, v_house);
        END IF;
        -- After the money: the bonus row is locked after the cash, as every bonus move locks them.
        PERFORM promo_unwager(p_provider, p_ref_tx);
        -- A round closed once (reopened by an unsettle) has had its comp, on the stake it held then
        -- (comp_stake): a bet placed before that close takes its share back. A bet placed after it (the
        -- reopened round's, created after the close's transaction) earned none and takes none back.
        -- comp_stake is NULL for a round closed before migration 0066: its whole stake then.
        v_carried := v_round.closed_at IS NOT NULL AND v_bet.created_at <= v_round.closed_at;
        IF v_carried THEN
          PERFORM wallet_reverse_comp(p_provider, v_bet.round_id, v_bet.member_id,
            coalesce(v_round.comp_stake, v_round.total_bet), coalesce(v_round.comp_stake, v_round.total_bet) - v_bet.amount);
        END IF;
        UPDATE wallet_transactions SET rolled_back = true WHERE id = v_bet.id;
        UPDATE game_rounds SET total_bet = total_bet - v_bet.amount,
          comp_stake = CASE WHEN v_carried THEN greatest(coalesce(comp_stake, total_bet) - v_bet.amount, 0) ELSE comp_stake END,
          status = CASE WHEN total_bet - v_bet.amount = 0 THEN 'cancelled' ELSE status END,
          closed_at = CASE WHEN total_bet - v_bet.amount = 0 THEN now() ELSE closed_at END
        WHERE id = v_round.id;
        -- A paid cashback decision whose instants hold this round is recomputed by the cashback job.
        PERFORM promo_cashback_recheck(v_bet.member_id, v_round.opened_at);
        IF v_round.total_bet = v_bet.amount THEN -- the round was just cancelled
          DELETE FROM open_game_rounds WHERE game_round_id = v_round.id;
        END IF;
        v_reply := jsonb_build_object('status', 'success', 'result', 'refunded', 'balance', v_balance,
                                      'txId', p_tx_id, 'refTxId', p_ref_tx);
      END IF;
    END IF;
  END IF;
  RETURN wallet_record(p_provider, p_tx_id, 'rollback', NULL, p_ref_tx, v_bet.member_id, 0, p_hash, v_reply);
END $$;

-- A correction of a settled round (the sportsbook's unsettle and resettle, SPORTSBOOK.md §3), never an
-- edit: p_ref_tx is the settlement in force (a win, or an earlier resettle) of round p_round.
--   unsettle: its amount is taken back and the round is open again, waiting for a new win (or, when
--             it keeps no other win, the rollback of its bet);
--   resettle: the round's win becomes p_amount: the difference is paid, or taken back.
-- Money taken back that the member already spent becomes a debt (wallet_take_back); money paid first
-- restores what an operator wrote off of this round's debt (wallet_restore_write_off), then settles any
-- debt (wallet_collect_debt). A settlement is corrected once: a second correction of the
-- same one is 'already_corrected' (a resettle is itself the settlement the next correction refers to).
-- A repeat of the transaction id is answered from wallet_record/wallet_stored_reply like every call.
-- A round that staked bonus money (promo_bet_stakes, issue 36) corrects the bonus share of its win
-- apart, as wallet_win paid it (floor(win x bonus staked / total stake)): promo_correct_bonus_share
-- moves it to or from the bonus while that bonus is active, to or from the promotions expense once it
-- has ended; only the cash share touches cash (and debts). A sports round resettled to exactly its stake
-- (a void) gives back its comp, one resettled from a void to a real result earns it (wallet_correct_comp).
CREATE OR REPLACE FUNCTION wallet_correct(
  p_kind text, p_provider text, p_tx_id text, p_hash text, p_round text, p_ref_tx text, p_amount bigint,
  p_reason text
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_ref wallet_transactions%ROWTYPE;
  v_round record;
  v_cash bigint;
  v_house bigint;
  v_diff bigint;
  v_balance bigint;
  v_owed bigint;
  v_ref_json jsonb;
  v_reply jsonb;
  v_share bigint;
BEGIN
  SELECT * INTO v_ref FROM wallet_transactions WHERE provider = p_provider AND tx_id = p_ref_tx FOR UPDATE;
  IF NOT FOUND OR v_ref.kind NOT IN ('win', 'resettle') OR v_ref.round_id IS DISTINCT FROM p_round
     OR v_ref.response ->> 'status' IS DISTINCT FROM 'success' THEN
    v_reply := jsonb_build_object('status', 'invalid',
      'message', 'only a paid win or resettle of this round can be corrected', 'txId', p_tx_id, 'refTxId', p_ref_tx);
  ELSIF v_ref.rolled_back THEN
    v_reply := jsonb_build_object('status', 'already_corrected',
      'message', 'this settlement was already corrected', 'txId', p_tx_id, 'refTxId', p_ref_tx);
  ELSE
    SELECT id, category, total_bet, opened_at INTO v_round FROM game_rounds
    WHERE provider = p_provider AND round_id = p_round FOR UPDATE;
    PERFORM play_totals_add(v_ref.member_id, 0, 0,
      CASE WHEN p_kind = 'unsettle' THEN -v_ref.amount ELSE p_amount - v_ref.amount END);
    v_house := (SELECT h.id FROM ledger_accounts h JOIN ledger_accounts c ON c.member_id = v_ref.member_id AND c.kind = 'cash'
                WHERE h.member_id IS NULL AND h.kind = 'game_revenue' AND h.shard = house_shard(v_ref.member_id)
                  AND h.currency = c.currency);
    v_cash := (SELECT id FROM ledger_accounts WHERE member_id = v_ref.member_id AND kind = 'cash');
    PERFORM 1 FROM ledger_accounts WHERE id IN (v_house, v_cash) ORDER BY id FOR NO KEY UPDATE;
    v_diff := CASE WHEN p_kind = 'unsettle' THEN -v_ref.amount ELSE p_amount - v_ref.amount END;
    v_ref_json := jsonb_build_object('provider', p_provider, 'roundId', p_round, 'txId', p_tx_id,
                                     'refTxId', p_ref_tx, 'reason', p_reason);
    -- The bonus share's change, moved apart; the rest of the difference is cash.
    v_share := promo_correct_bonus_share(v_ref.member_id, v_house, v_cash, p_provider, p_round, p_tx_id,
      v_ref.amount, CASE WHEN p_kind = 'unsettle' THEN 0 ELSE p_amount END, v_ref_json);
    v_diff := v_diff - v_share;
    IF v_diff < 0 THEN
      PERFORM wallet_take_back(v_ref.member_id, v_cash, v_house, p_provider, p_round, p_tx_id, -v_diff);
    ELSIF v_diff > 0 THEN
      PERFORM ledger_move('wallet:' || p_provider || ':' || p_tx_id, v_house, v_cash, v_diff, 'settlement_correction',
        v_ref_json, NULL);
      PERFORM wallet_restore_write_off(v_ref.member_id, p_provider, p_round, p_tx_id, v_diff);
      PERFORM wallet_collect_debt(v_ref.member_id, v_cash, v_house, p_provider, p_round, p_tx_id, v_diff);
    END IF;
    UPDATE wallet_transactions SET rolled_back = true WHERE id = v_ref.id;
    IF p_kind = 'unsettle' THEN
      -- The round still has a win while it keeps money paid by another of its calls (an earlier win that
      -- left it open, a partial cash-out) or a jackpot award: its bet can then not be rolled back.
      UPDATE game_rounds SET total_win = total_win - v_ref.amount, status = 'open',
        has_win = total_win - v_ref.amount > 0
          OR EXISTS (SELECT 1 FROM jackpot_wins j WHERE j.provider = p_provider AND j.round_id = p_round)
      WHERE id = v_round.id;
      INSERT INTO open_game_rounds (game_round_id) VALUES (v_round.id) ON CONFLICT DO NOTHING;
    ELSE
      UPDATE game_rounds SET total_win = total_win + v_diff + v_share WHERE id = v_round.id;
      -- Comp follows the stake: a sports bet resettled to its stake (voided) gives its comp back, one
      -- resettled from such a void to a real result earns it (after the money: comp rows lock last).
      IF v_round.category = 'sport' THEN
        PERFORM wallet_correct_comp(p_provider, p_round, v_ref.member_id, v_round.total_bet, p_amount);
      END IF;
    END IF;
    -- A paid cashback decision whose instants hold this round is recomputed by the cashback job.
    PERFORM promo_cashback_recheck(v_ref.member_id, v_round.opened_at);
    -- The member's live streams re-read the balance (live.notify.ts); sent only if this commits.
    PERFORM pg_notify(live_channel(), jsonb_build_object('k', 'members', 'ids', jsonb_build_array(v_ref.member_id))::text);
    SELECT balance INTO v_balance FROM ledger_accounts WHERE id = v_cash;
    SELECT coalesce(sum(amount), 0) INTO v_owed FROM wallet_debts WHERE member_id = v_ref.member_id;
    v_reply := jsonb_build_object('status', 'success', 'balance', v_balance, 'debt', v_owed,
                                  'txId', p_tx_id, 'roundId', p_round, 'refTxId', p_ref_tx);
  END IF;
  RETURN wallet_record(p_provider, p_tx_id, p_kind, p_round, p_ref_tx, v_ref.member_id,
                       CASE WHEN p_kind = 'resettle' THEN coalesce(p_amount, 0) ELSE 0 END, p_hash, v_reply);
END $$;

-- A win (amount 0 for a loss): accepted after the session ended. Closing the round accrues comp (at its
-- first close only: a round a correction reopened keeps its first closed_at; none for a sports bet that
-- returns exactly its stake, a void that risked nothing), records the stake it accrued on (comp_stake:
-- a later rollback takes back comp only for that stake, wallet_rollback) and removes it from
-- open_game_rounds. A member who owes a debt (wallet_debts) pays it from the win first; the win of a round
-- whose debt was written off (a round an unsettle reopened) first restores that write-off
-- (wallet_restore_write_off), so the round's win is not paid twice. A round that
-- staked bonus money (promo_bet_stakes, issue 36) pays the same share of its win back as bonus money
-- (promo_bonus_return_to: the bonus, or the promotions expense once that bonus has ended), the rest in cash;
-- of a round a correction cut and reopened, promo_share_after_cut says what of that share is not paid
-- again (the cut could not take it) and what goes back to cash (the cut took it from cash).
CREATE OR REPLACE FUNCTION wallet_win(
  p_provider text, p_tx_id text, p_hash text, p_round text, p_amount bigint, p_close boolean
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_round record;
  a record;
  v_move record;
  v_balance bigint;
  v_reply jsonb;
  v_stake record;
  v_to record;
  v_share bigint := 0;
  v_kept bigint := 0;
  v_back bigint := 0;
  v_cash bigint;
BEGIN
  UPDATE game_rounds SET total_win = total_win + p_amount, has_win = true,
    status = CASE WHEN p_close THEN 'closed' ELSE status END,
    closed_at = CASE WHEN p_close THEN coalesce(closed_at, now()) ELSE closed_at END,
    comp_stake = CASE WHEN p_close AND closed_at IS NULL THEN total_bet ELSE comp_stake END
  WHERE provider = p_provider AND round_id = p_round AND status = 'open'
  RETURNING id, member_id, category, total_bet, total_win, closed_at, opened_at INTO v_round;
  IF NOT FOUND THEN
    SELECT member_id INTO v_round FROM game_rounds WHERE provider = p_provider AND round_id = p_round;
    v_reply := CASE WHEN FOUND
      THEN jsonb_build_object('status', 'round_closed', 'message', 'the round is already closed', 'txId', p_tx_id, 'roundId', p_round)
      ELSE jsonb_build_object('status', 'round_not_found', 'message', 'no bet opened this round', 'txId', p_tx_id, 'roundId', p_round)
    END;
  ELSE
    IF p_close THEN
      DELETE FROM open_game_rounds WHERE game_round_id = v_round.id;
    END IF;
    SELECT cash.id AS cash_id, cash.balance AS cash_balance, house.id AS house_id, comp.id AS comp_id,
           expense.id AS expense_id,
           CASE WHEN p_close AND v_round.closed_at = now()
                AND NOT (v_round.category = 'sport' AND v_round.total_win = v_round.total_bet)
           THEN (v_round.total_bet * comp_rate(st.settings, m.level, v_round.category)) / 10000 ELSE 0 END AS comp
    INTO a
    -- Every table is reached by its full unique key from the round's member, whatever the join order.
    FROM members m
    JOIN sites st ON st.id = m.site_id
    JOIN ledger_accounts cash ON cash.member_id = v_round.member_id AND cash.kind = 'cash'
    JOIN ledger_accounts comp ON comp.member_id = v_round.member_id AND comp.kind = 'comp'
    JOIN ledger_accounts house ON house.member_id IS NULL AND house.kind = 'game_revenue'
                              AND house.shard = house_shard(v_round.member_id) AND house.currency = cash.currency
    JOIN ledger_accounts expense ON expense.member_id IS NULL AND expense.kind = 'comp_expense'
                                AND expense.shard = house_shard(v_round.member_id) AND expense.currency = cash.currency
    WHERE m.id = v_round.member_id;
    v_balance := a.cash_balance;
    IF p_amount > 0 THEN
      SELECT max(ps.bonus_id) AS bonus_id, sum(ps.from_bonus) AS staked INTO v_stake FROM promo_bet_stakes ps
      WHERE ps.provider = p_provider AND ps.round_id = p_round AND NOT ps.rolled_back;
      IF coalesce(v_stake.staked, 0) > 0 AND v_round.total_bet > 0 THEN
        v_share := least(p_amount, floor(p_amount::numeric * v_stake.staked / v_round.total_bet))::int8;
        SELECT * INTO v_to FROM promo_bonus_return_to(v_stake.bonus_id, v_round.member_id, a.house_id, a.cash_id);
        SELECT kept, to_cash INTO v_kept, v_back
        FROM promo_share_after_cut(p_provider, p_round, v_stake.bonus_id, v_share, v_to.active);
      END IF;
    END IF;
    v_cash := p_amount - v_share + v_back;
    v_share := v_share - v_kept - v_back;
    IF p_amount > 0 THEN
      PERFORM play_totals_add(v_round.member_id, 0, 0, p_amount);
    END IF;
    IF v_cash > 0 THEN
      v_move := ledger_move('wallet:' || p_provider || ':' || p_tx_id, a.house_id, a.cash_id, v_cash, 'win',
        jsonb_build_object('provider', p_provider, 'roundId', p_round, 'txId', p_tx_id), NULL);
      PERFORM wallet_restore_write_off(v_round.member_id, p_provider, p_round, p_tx_id, v_cash);
      v_balance := coalesce(
        wallet_collect_debt(v_round.member_id, a.cash_id, a.house_id, p_provider, p_round, p_tx_id, v_cash),
        v_move.to_balance);
    END IF;
    IF v_share > 0 THEN
      PERFORM ledger_move('wallet-bonus:' || p_provider || ':' || p_tx_id, a.house_id, v_to.account_id, v_share,
        CASE WHEN v_to.active THEN 'bonus_win' ELSE 'bonus_win_returned' END,
        jsonb_build_object('provider', p_provider, 'roundId', p_round, 'txId', p_tx_id, 'bonusId', v_stake.bonus_id), NULL);
    END IF;
    IF a.comp > 0 THEN
      v_move := ledger_move('comp-accrual:wallet:' || p_provider || ':' || p_round, a.expense_id, a.comp_id, a.comp,
        'comp_accrual', jsonb_build_object('provider', p_provider, 'roundId', p_round), NULL);
    END IF;
    -- A round open past the orphan age (7 days, promo_cashback_net) may lie in a period whose cashback
    -- was paid without its result: that decision is recomputed by the cashback job. (A younger open
    -- round blocked its period's decision, or was reopened by an unsettle, which queued it.)
    IF v_round.opened_at < now() - cashback_orphan_age() THEN
      PERFORM promo_cashback_recheck(v_round.member_id, v_round.opened_at);
    END IF;
    v_reply := jsonb_build_object('status', 'success', 'balance', v_balance, 'txId', p_tx_id, 'roundId', p_round);
  END IF;
  RETURN wallet_record(p_provider, p_tx_id, 'win', p_round, NULL, v_round.member_id, p_amount, p_hash, v_reply);
END $$;

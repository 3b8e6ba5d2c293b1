-- Comp follows the stake: a rollback that cuts the stake of a round whose comp already accrued (a round
-- closed once, reopened by an unsettle, then a bet rolled back) takes back the share of the comp the stake
-- cut carried, from the member's comp to the comp expense it came from (kind `comp_reversal`). What is
-- left of the round's comp is its accrual less the reversals before (keys
-- `comp-reversal:wallet:<provider>:<round>:<n>`, n = 1, 2 …, each an index probe); the rollback keeps
-- floor(left × stake after / stake before), so a round rolled back whole keeps none, and reversals never
-- exceed the accrual. Never more than the member's comp holds (comp exchanged to cash meanwhile stays
-- theirs). Called by wallet_rollback after the refund, only for a round that was closed once.
CREATE OR REPLACE FUNCTION wallet_reverse_comp(
  p_provider text, p_round text, p_member bigint, p_before bigint, p_after bigint
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_prefix text := 'comp-reversal:wallet:' || p_provider || ':' || p_round || ':';
  v_accrued bigint;
  v_accrual bigint;
  v_reversed bigint := 0;
  v_amount bigint;
  v_n int := 0;
  v_left bigint;
  v_take bigint;
  a record;
BEGIN
  SELECT t.id, t.amount INTO v_accrual, v_accrued FROM ledger_transfers t
  WHERE t.idempotency_key = 'comp-accrual:wallet:' || p_provider || ':' || p_round
    AND t.kind NOT IN ('bet', 'win', 'jackpot_contribution');
  IF NOT FOUND OR p_before <= 0 THEN
    RETURN;
  END IF;
  LOOP
    SELECT t.amount INTO v_amount FROM ledger_transfers t
    WHERE t.idempotency_key = v_prefix || (v_n + 1) AND t.kind NOT IN ('bet', 'win', 'jackpot_contribution');
    EXIT WHEN NOT FOUND;
    v_reversed := v_reversed + v_amount;
    v_n := v_n + 1;
  END LOOP;
  v_left := v_accrued - v_reversed;
  v_take := v_left - (v_left * greatest(p_after, 0)) / p_before;
  IF v_take <= 0 THEN
    RETURN;
  END IF;
  SELECT comp.id AS comp_id, comp.balance, expense.id AS expense_id INTO a
  FROM ledger_accounts comp
  JOIN ledger_accounts expense ON expense.member_id IS NULL AND expense.kind = 'comp_expense'
                              AND expense.shard = house_shard(p_member) AND expense.currency = comp.currency
  WHERE comp.member_id = p_member AND comp.kind = 'comp';
  v_take := least(v_take, a.balance);
  IF v_take > 0 THEN
    PERFORM ledger_move(v_prefix || (v_n + 1), a.comp_id, a.expense_id, v_take, 'comp_reversal',
      jsonb_build_object('provider', p_provider, 'roundId', p_round), v_accrual);
  END IF;
END $$;

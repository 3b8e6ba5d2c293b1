-- Comp follows the stake: a cut of the stake a round's comp accrued on takes back the share of the comp
-- that stake carried, from the member's comp to the comp expense it came from (kind `comp_reversal`):
-- a rollback of a bet placed before the round's first close (a round closed once, reopened by an
-- unsettle, then that bet rolled back: wallet_rollback, which passes the round's comp_stake before and
-- after the cut; a bet placed after the reopening earned no comp and takes none back), or a sports bet
-- voided by a correction (wallet_correct_comp: after 0, all of it). What is left of the round's comp
-- is its accruals less the reversals before (wallet_round_comp); the cut keeps
-- floor(left × stake after / stake before), so a stake cut whole keeps none, and reversals never
-- exceed the accruals. Keyed `comp-reversal:wallet:<provider>:<round>:<n>` (n = 1, 2 …), its
-- `reverses_id` the first accrual. Never more than the member's comp holds (comp exchanged to cash
-- meanwhile stays theirs).
CREATE OR REPLACE FUNCTION wallet_reverse_comp(
  p_provider text, p_round text, p_member bigint, p_before bigint, p_after bigint
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  c record;
  v_left bigint;
  v_take bigint;
  a record;
BEGIN
  IF p_before <= 0 THEN
    RETURN;
  END IF;
  SELECT * INTO c FROM wallet_round_comp(p_provider, p_round);
  v_left := c.accrued - c.reversed;
  v_take := v_left - (v_left * least(greatest(p_after, 0), p_before)) / p_before;
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
    PERFORM ledger_move('comp-reversal:wallet:' || p_provider || ':' || p_round || ':' || (c.reversals + 1),
      a.comp_id, a.expense_id, v_take, 'comp_reversal',
      jsonb_build_object('provider', p_provider, 'roundId', p_round), c.first_id);
  END IF;
END $$;

-- Comp follows the stake through a sports correction (wallet_correct's resettle of a `sport` round,
-- after its money): a bet resettled to exactly its stake (a cancel window, the feed's bet_cancel, the
-- desk's void of a settled bet) risked nothing, and what is left of its comp is taken back
-- (wallet_reverse_comp, all of it); a bet resettled from such a void to a real result (the feed's
-- rollback_bet_cancel, a desk correction) earns it: the comp its first close accrued (or, when it
-- closed void and accrued none, its stake × today's rate) less what is left, as a `comp_accrual`
-- keyed `comp-reaccrual:wallet:<provider>:<round>:<n>` (n = 1, 2 …). A resettle between two real
-- results changes nothing. wallet_correct corrects each settlement once, under the round's lock, so
-- each reversal and re-accrual happens once; the comp and comp expense rows are locked last, after the
-- cash and house rows, as wallet_win locks them.
CREATE OR REPLACE FUNCTION wallet_correct_comp(
  p_provider text, p_round text, p_member bigint, p_stake bigint, p_amount bigint
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  c record;
  a record;
  v_give bigint;
BEGIN
  IF p_stake <= 0 THEN
    RETURN;
  END IF;
  IF p_amount = p_stake THEN
    PERFORM wallet_reverse_comp(p_provider, p_round, p_member, p_stake, 0);
    RETURN;
  END IF;
  SELECT * INTO c FROM wallet_round_comp(p_provider, p_round);
  SELECT comp.id AS comp_id, expense.id AS expense_id,
         (p_stake * comp_rate(st.settings, m.level, 'sport')) / 10000 AS earned
  INTO a
  FROM members m
  JOIN sites st ON st.id = m.site_id
  JOIN ledger_accounts comp ON comp.member_id = m.id AND comp.kind = 'comp'
  JOIN ledger_accounts expense ON expense.member_id IS NULL AND expense.kind = 'comp_expense'
                              AND expense.shard = house_shard(m.id) AND expense.currency = comp.currency
  WHERE m.id = p_member;
  v_give := coalesce(c.first_amount, a.earned) - (c.accrued - c.reversed);
  IF v_give > 0 THEN
    PERFORM ledger_move('comp-reaccrual:wallet:' || p_provider || ':' || p_round || ':' || (c.reaccruals + 1),
      a.expense_id, a.comp_id, v_give, 'comp_accrual',
      jsonb_build_object('provider', p_provider, 'roundId', p_round), NULL);
  END IF;
END $$;

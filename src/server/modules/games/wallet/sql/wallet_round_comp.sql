-- Comp follows the stake: what a round's comp stands at, from its ledger transfers (each an index probe
-- on the idempotency key). A round earns comp once, at its first close (`comp-accrual:wallet:<provider>:
-- <round>`); a sports bet voided by a correction gives it back and a bet restored from a void earns it
-- again (`comp-reaccrual:wallet:<provider>:<round>:<n>`, wallet_correct_comp); rollbacks and voids take
-- it back (`comp-reversal:wallet:<provider>:<round>:<n>`, wallet_reverse_comp). Answers the first
-- accrual (its transfer and amount, NULL when the round never earned comp), the total accrued and
-- reversed, and how many re-accruals and reversals there are (the next keys are n + 1).
CREATE OR REPLACE FUNCTION wallet_round_comp(
  p_provider text, p_round text,
  OUT first_id bigint, OUT first_amount bigint, OUT accrued bigint, OUT reversed bigint,
  OUT reaccruals int, OUT reversals int
) LANGUAGE plpgsql AS $$
DECLARE
  v_amount bigint;
BEGIN
  accrued := 0;
  reversed := 0;
  reaccruals := 0;
  reversals := 0;
  SELECT t.id, t.amount INTO first_id, first_amount FROM ledger_transfers t
  WHERE t.idempotency_key = 'comp-accrual:wallet:' || p_provider || ':' || p_round
    AND t.kind NOT IN ('bet', 'win', 'jackpot_contribution');
  accrued := coalesce(first_amount, 0);
  LOOP
    SELECT t.amount INTO v_amount FROM ledger_transfers t
    WHERE t.idempotency_key = 'comp-reaccrual:wallet:' || p_provider || ':' || p_round || ':' || (reaccruals + 1)
      AND t.kind NOT IN ('bet', 'win', 'jackpot_contribution');
    EXIT WHEN NOT FOUND;
    accrued := accrued + v_amount;
    reaccruals := reaccruals + 1;
  END LOOP;
  LOOP
    SELECT t.amount INTO v_amount FROM ledger_transfers t
    WHERE t.idempotency_key = 'comp-reversal:wallet:' || p_provider || ':' || p_round || ':' || (reversals + 1)
      AND t.kind NOT IN ('bet', 'win', 'jackpot_contribution');
    EXIT WHEN NOT FOUND;
    reversed := reversed + v_amount;
    reversals := reversals + 1;
  END LOOP;
END $$;

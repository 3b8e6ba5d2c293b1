-- A correction of a member's round (a win resettled or unsettled, a bet rolled back: wallet_correct,
-- wallet_rollback) queues each paid cashback decision whose instants hold the round's opening, for the
-- cashback job to recompute (correctCashbacks, cashback-corrections.service.ts): the job reads only the
-- queue, never every decision. By the member's decisions (promo_cashback_payments_member): a few a period.
CREATE OR REPLACE FUNCTION promo_cashback_recheck(p_member bigint, p_opened_at timestamptz) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO promo_cashback_rechecks (payment_id)
  SELECT id FROM promo_cashback_payments
  WHERE member_id = p_member AND outcome = 'paid' AND covers_from <= p_opened_at AND covers_until > p_opened_at
  ORDER BY id
  ON CONFLICT (payment_id) DO NOTHING
$$;

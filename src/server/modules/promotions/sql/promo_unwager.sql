-- Takes a rolled-back casino stake's count back out of the wagering of the bonus it counted for (issue
-- 36): exactly what promo_wager recorded for that bet (promo_casino_wagers), down to zero, while that
-- bonus is active, even once its requirement is met (a stake rolled back risked nothing: it must not
-- turn bonus money into cash). A stake that counted nothing (no bonus then, the requirement already met,
-- a sports stake) has no row and takes nothing, so a bonus granted after it keeps its own progress.
-- Called by wallet_rollback after the money moved: the bonus row is locked after the member's cash.
CREATE OR REPLACE FUNCTION promo_unwager(p_provider text, p_tx_id text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_bonus bigint;
  v_units bigint;
BEGIN
  DELETE FROM promo_casino_wagers w WHERE w.provider = p_provider AND w.tx_id = p_tx_id
  RETURNING w.bonus_id, w.units INTO v_bonus, v_units;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  UPDATE promo_bonuses b
  SET wagering_done = greatest(0, b.wagering_done * 10000 + b.wagering_rest - v_units) / 10000,
      wagering_rest = (greatest(0, b.wagering_done * 10000 + b.wagering_rest - v_units) % 10000)::int
  WHERE b.id = v_bonus AND b.status = 'active';
END $$;

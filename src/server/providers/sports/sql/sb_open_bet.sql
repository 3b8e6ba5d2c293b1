-- A pending bet opens: its stake was taken (bets.service.ts moveFromPending, and sb_place_batch in the
-- stake's own transaction). The conditional update takes the bet's row lock and re-checks 'pending'
-- after a wait; the member's active bonus counts the stake in the same transaction (issue 36) if its
-- price meets the minimum odds (promo_wager_sports; a player id that is not a member counts nothing).
-- True when this call opened it; false when it was no longer pending.
CREATE OR REPLACE FUNCTION sb_open_bet(p_bet int8) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  b record;
BEGIN
  UPDATE sb_bets SET status = 'open', refusal = NULL WHERE id = p_bet AND status = 'pending'
  RETURNING player_id, total_stake, potential_return INTO b;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  PERFORM promo_wager_sports(CASE WHEN b.player_id ~ '^[1-9][0-9]{0,14}$' THEN b.player_id::int8 END,
                             b.total_stake, b.potential_return);
  RETURN true;
END $$;

-- Pending bets open: their stakes were taken (bets.service.ts moveFromPending, one bet; sb_stake_batch,
-- the bets of a batch, in their stakes' transaction). One conditional update for all of them takes each
-- bet's row lock and re-checks 'pending' after a wait; each member's active bonus counts each stake in
-- the same transaction (issue 36) if its price meets the minimum odds (promo_wager_sports, one bet after
-- the other; a player id that is not a member counts nothing). Answers the ids this call opened: a bet
-- no longer pending is left as it is.
CREATE OR REPLACE FUNCTION sb_open_bets(p_bets int8[]) RETURNS int8[] LANGUAGE plpgsql AS $$
DECLARE
  b record;
  v_opened int8[] := '{}';
BEGIN
  FOR b IN
    UPDATE sb_bets SET status = 'open', refusal = NULL WHERE id = ANY (p_bets) AND status = 'pending'
    RETURNING id, player_id, total_stake, potential_return
  LOOP
    v_opened := v_opened || b.id;
    PERFORM promo_wager_sports(CASE WHEN b.player_id ~ '^[1-9][0-9]{0,14}$' THEN b.player_id::int8 END,
                               b.total_stake, b.potential_return);
  END LOOP;
  RETURN v_opened;
END $$;

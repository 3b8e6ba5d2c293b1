-- Pending bets open: their stakes were taken (bets.service.ts moveFromPending, one bet; sb_stake_batch,
-- the bets of a batch, in their stakes' transaction). One conditional update for all of them takes each
-- bet's row lock and re-checks 'pending' after a wait; each member's active bonus counts each stake in
-- the same transaction (issue 36) if its price meets the minimum odds (promo_wager_sports, one bet after
-- the other; a player id that is not a member counts nothing). It is called only for the members with an
-- active bonus: most have none, and a call that counts nothing still cost about 20 µs a bet. Answers the
-- ids this call opened: a bet no longer pending is left as it is.
CREATE OR REPLACE FUNCTION sb_open_bets(p_bets int8[]) RETURNS int8[] LANGUAGE plpgsql AS $$
DECLARE
  v_opened int8[];
  v_members int8[];
  v_stakes int8[];
  v_returns int8[];
  v_ids int8[];
BEGIN
  WITH opened AS (
    UPDATE sb_bets SET status = 'open', refusal = NULL WHERE id = ANY (p_bets) AND status = 'pending'
    RETURNING id, CASE WHEN player_id ~ '^[1-9][0-9]{0,14}$' THEN player_id::int8 END AS member,
              total_stake, potential_return
  ), wagering AS (
    SELECT o.* FROM opened o
    WHERE EXISTS (SELECT 1 FROM promo_bonuses pb WHERE pb.member_id = o.member AND pb.status = 'active')
  )
  SELECT coalesce((SELECT array_agg(id ORDER BY id) FROM opened), '{}'),
         coalesce(array_agg(w.member ORDER BY w.id), '{}'), coalesce(array_agg(w.total_stake ORDER BY w.id), '{}'),
         coalesce(array_agg(w.potential_return ORDER BY w.id), '{}'), coalesce(array_agg(w.id ORDER BY w.id), '{}')
  INTO v_opened, v_members, v_stakes, v_returns, v_ids
  FROM wagering w;
  FOR i IN 1 .. cardinality(v_members) LOOP
    PERFORM promo_wager_sports(v_members[i], v_stakes[i], v_returns[i], v_ids[i]);
  END LOOP;
  RETURN v_opened;
END $$;

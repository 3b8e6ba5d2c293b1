-- Adds to a member's deposits, stakes and wins of today (their site's local day) in member_play_days,
-- inside the transaction of the transfer (migration 0014). Called before the transfer's ledger_move, so
-- the day row is always locked before the member's cash account, as the limit check does.
-- A refund or a correction passes a negative amount.
CREATE OR REPLACE FUNCTION play_totals_add(
  p_member bigint, p_deposits bigint, p_stakes bigint, p_wins bigint
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_member IS NULL OR (p_deposits = 0 AND p_stakes = 0 AND p_wins = 0) THEN
    RETURN;
  END IF;
  INSERT INTO member_play_days AS d (member_id, day, deposits, stakes, wins)
  VALUES (p_member, (now() AT TIME ZONE member_timezone(p_member))::date, p_deposits, p_stakes, p_wins)
  ON CONFLICT (member_id, day) DO UPDATE
  SET deposits = d.deposits + excluded.deposits, stakes = d.stakes + excluded.stakes, wins = d.wins + excluded.wins;
END $$;

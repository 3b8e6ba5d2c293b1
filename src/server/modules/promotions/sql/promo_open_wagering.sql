-- What a bonus's wagering still owes to play that can be taken back (ten-thousandths of a minor unit), which
-- a conversion leaves out (bonus-close.service.ts): sports bets not settled (promo_sports_wagers.open)
-- and casino stakes whose round is open without a win yet, so their rollback is still possible
-- (promo_casino_wagers; wallet_rollback refuses a round with its win). Such a stake rolled back after
-- a conversion would otherwise have cleared it with nothing risked. Read once per conversion.
CREATE OR REPLACE FUNCTION promo_open_wagering(p_bonus bigint) RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT (coalesce((SELECT sum(w.units) FROM promo_sports_wagers w
                    WHERE w.bonus_id = p_bonus AND w.stake > 0 AND w.open), 0)
        + coalesce((SELECT sum(w.units) FROM promo_casino_wagers w
                    JOIN game_rounds g ON g.provider = w.provider AND g.round_id = w.round_id
                    WHERE w.bonus_id = p_bonus AND g.status = 'open' AND NOT g.has_win), 0))::int8
$$;

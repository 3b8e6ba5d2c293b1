-- The book says which sports bets are settled now (p_open false: settled or void) or open again (true: a
-- result taken back): a conversion counts only what settled bets wagered (promo_sports_wagers.open,
-- bonus-close.service.ts). Bets that counted nothing have no row and cost one index probe each.
CREATE OR REPLACE FUNCTION promo_sports_bets_settled(p_bets bigint[], p_open boolean[]) RETURNS void
LANGUAGE sql AS $$
  UPDATE promo_sports_wagers w SET open = x.open
  FROM unnest(p_bets, p_open) AS x(bet_id, open)
  WHERE w.bet_id = x.bet_id AND w.open IS DISTINCT FROM x.open
$$;

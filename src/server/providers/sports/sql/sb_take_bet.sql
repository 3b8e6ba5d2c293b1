-- One bet taken on its own (placement.service.ts recordBet, the careful path: p_expected NULL, its legs
-- read and checked under these locks already): sb_take_batch with one slip, which records it only if
-- what the checks read still holds (p_expected, the legs as read) and each liability-holding selection
-- (p_holders) stays within its ceiling (p_ceilings: the market's limit less p_exposure; NULL: no limit).
-- Answers the bet's id, or NULL. p_async: the commit need not wait for the disk (a bet about to be
-- charged in this database: the charge's own synchronous commit flushes this one's first).
CREATE OR REPLACE FUNCTION sb_take_bet(
  p_selections int8[], p_currency text, p_expected jsonb, p_holders int8[], p_ceilings int8[],
  p_exposure int8, p_bet jsonb, p_legs jsonb, p_async boolean
) RETURNS int8 LANGUAGE sql AS $$
  SELECT (sb_take_batch(jsonb_build_array(jsonb_build_object(
    's', p_selections, 'c', p_currency, 'x', p_expected, 'ho', coalesce(p_holders, '{}'),
    'ce', coalesce(p_ceilings, '{}'), 'e', p_exposure, 'b', p_bet, 'l', p_legs,
    'f', coalesce(p_async, false)))) ->> 0)::int8
$$;

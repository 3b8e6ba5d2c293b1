-- What a member has wagered in all (issue 36, VIP progress): the sum of their stakes over every local
-- day of member_play_days (the wallet and the book keep it in the transaction of each bet; a refund
-- counts back), read through its primary key, less the stakes of their sports bets that risked nothing
-- yet or at all (red-team review): a bet still open (it may be voided) and a bet voided whole (its
-- round returned exactly its stake: a cancel window, the feed's bet_cancel, an abandoned event, the
-- same test comp uses). A void books its refund as a win, so the day totals kept the stake: bets on
-- past-posted prices, voided by the cancel window, raised the member's level and paid its bonus at no
-- risk. Read at each look, so a void taken back counts again. Through the partial index
-- game_rounds_member_sport (migration 0081): the member's sports rounds only.
CREATE OR REPLACE FUNCTION promo_member_wagered(p_member bigint) RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT greatest(
    (SELECT coalesce(sum(stakes), 0) FROM member_play_days WHERE member_id = p_member)
    - (SELECT coalesce(sum(total_bet), 0) FROM game_rounds
       WHERE member_id = p_member AND category = 'sport' AND (status = 'open' OR total_win = total_bet)),
    0)::int8
$$;

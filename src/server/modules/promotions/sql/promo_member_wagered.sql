-- What a member has wagered in all (issue 36, VIP progress): the sum of their stakes over every local
-- day of member_play_days (the wallet and the book keep it in the transaction of each bet; a refund
-- counts back), read through its primary key.
CREATE OR REPLACE FUNCTION promo_member_wagered(p_member bigint) RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT coalesce(sum(stakes), 0)::int8 FROM member_play_days WHERE member_id = p_member
$$;

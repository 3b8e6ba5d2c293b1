-- The members of a site owed a cashback decision for a period (issue 36): their net loss over the
-- period's local days (stakes − wins of member_play_days, the totals the loss limit reads) above zero,
-- of the campaign's levels (empty: all) and, for a new-members-only campaign, registered since its
-- start; none already decided (promo_cashback_payments). p_to is the day after the period's last.
CREATE OR REPLACE FUNCTION promo_cashback_losses(p_campaign bigint, p_site bigint, p_from date, p_to date)
RETURNS TABLE (member_id bigint, net bigint)
LANGUAGE sql STABLE AS $$
  SELECT d.member_id, sum(d.stakes - d.wins)::int8
  FROM promo_campaigns c, member_play_days d JOIN members m ON m.id = d.member_id
  WHERE c.id = p_campaign AND d.day >= p_from AND d.day < p_to AND m.site_id = p_site
    AND (cardinality(c.levels) = 0 OR m.level = ANY (c.levels))
    AND (NOT c.new_members_only OR m.created_at >= c.starts_at)
    AND NOT EXISTS (SELECT 1 FROM promo_cashback_payments p WHERE p.campaign_id = c.id
                      AND p.member_id = d.member_id AND p.period_start = p_from)
  GROUP BY d.member_id
  HAVING sum(d.stakes - d.wins) > 0
  ORDER BY d.member_id
$$;

-- Bonus money members hold now, per currency, and the active bonuses holding it (issue 36): the bonus
-- accounts of members with an active bonus, reached through the partial index of active bonuses. A
-- bonus account holds money only while its member's bonus is active (a closed bonus's transfers net to
-- zero: promotions.audit.ts), so this is every bonus account's balance without reading them all.
CREATE OR REPLACE FUNCTION promo_bonus_liability()
RETURNS TABLE (currency text, amount bigint, bonuses int)
LANGUAGE sql STABLE AS $$
  SELECT a.currency, coalesce(sum(a.balance), 0)::int8, count(*)::int
  FROM promo_bonuses b JOIN ledger_accounts a ON a.member_id = b.member_id AND a.kind = 'bonus'
  WHERE b.status = 'active'
  GROUP BY a.currency
$$;

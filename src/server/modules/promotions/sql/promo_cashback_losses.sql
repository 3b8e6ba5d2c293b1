-- The members of a site owed a cashback decision for a period (issue 36; promofix): those who staked in
-- the period's local days (member_play_days), of the campaign's levels (empty: all) and, for a
-- new-members-only campaign, registered since its start, with no decision yet for any overlapping
-- period by any cashback campaign (promo_cashback_payments: a member's day is paid once, promofix2).
-- p_to is the day after the period's last.
-- The net loss is read from the rounds the member opened in the period (casino rounds and sports bets
-- alike: each is a wallet round), each round's stake − everything it returned, whenever it returned it
-- (a win, a cash-out, a void, a correction, a jackpot). The day totals book a return on the day it
-- happens, so a bet placed on the period's last day and cashed out the next looked lost: cashback was
-- paid on it and the cash-out kept too. While any of those rounds is still open the member is
-- `unsettled`: their decision waits for a later pass (net is then what is settled so far, unused).
-- Except a round open for more than 7 days (promofix2): an orphan (a provider that never closed it)
-- must not hold the member's cashback for ever. It is left out of `unsettled`, so the decision is taken
-- without waiting for it, and its net counts only when it is a win (what it already paid beyond its
-- stake lowers the loss): its stake is not counted as lost (it may still be won), and leaving it out
-- whole would drop a win it already paid (a 1,000,000 win on a 100,000 stake, never closed, left the
-- day's other losses to be paid back).
-- Cash only (red-team review): a round's bonus stake and the bonus share of its returns are left out.
-- Bonus money lost was the house's promotion, not the member's loss: a 1,000,000 welcome bonus staked
-- and lost on one spin paid 100,000 of withdrawable cash at 10 %, no wagering done.
-- A round inside the instants an earlier decision of the member covered (covers_from to covers_until,
-- migration 0067) is left out: the periods are local dates read in the site's zone of the day, and a
-- site whose zone moved east saw the last hours of a period already paid fall into the next one again.
-- A zone moved west leaves hours between the end of the period just paid (its covers_until, in the old
-- zone) and the start of the next (in the new one) that no period read: for a member with a decision of
-- the period just before (period_end = p_from), `since` starts at that decision's end instead, so the
-- losses of those hours are counted once, in the next period (Kiritimati to Pago Pago: 25 hours of
-- losses were never counted). payCashback records `since` as the decision's covers_from.
-- The net loss itself is promo_cashback_net's (one definition for the decision and its recomputation).
CREATE OR REPLACE FUNCTION promo_cashback_losses(p_campaign bigint, p_site bigint, p_from date, p_to date)
RETURNS TABLE (member_id bigint, net bigint, unsettled boolean, since timestamptz)
LANGUAGE sql STABLE AS $$
  WITH players AS (
    SELECT DISTINCT d.member_id
    FROM promo_campaigns c, member_play_days d JOIN members m ON m.id = d.member_id
    WHERE c.id = p_campaign AND d.day >= p_from AND d.day < p_to AND d.stakes > 0 AND m.site_id = p_site
      AND (cardinality(c.levels) = 0 OR m.level = ANY (c.levels))
      AND (NOT c.new_members_only OR m.created_at >= c.starts_at)
      AND NOT EXISTS (SELECT 1 FROM promo_cashback_payments p
                      WHERE p.member_id = d.member_id AND p.period_start < p_to AND p_from < p.period_end)
  ), bounds AS (
    SELECT p_from::timestamp AT TIME ZONE site_time_zone(s.settings) AS since,
           p_to::timestamp AT TIME ZONE site_time_zone(s.settings) AS until
    FROM sites s WHERE s.id = p_site
  )
  SELECT p.member_id, r.net, r.unsettled, s.since
  FROM players p CROSS JOIN bounds b
  CROSS JOIN LATERAL (
    SELECT least(b.since, (SELECT min(q.covers_until) FROM promo_cashback_payments q
                           WHERE q.member_id = p.member_id AND q.period_end = p_from
                             AND q.covers_until < b.since)) AS since
  ) s
  CROSS JOIN LATERAL promo_cashback_net(p.member_id, s.since, b.until, NULL) r
  WHERE r.unsettled OR r.net > 0
  ORDER BY p.member_id
$$;

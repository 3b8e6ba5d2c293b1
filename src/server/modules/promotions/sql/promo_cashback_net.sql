-- A member's net loss over the rounds they opened in [p_since, p_until) (promo_cashback_losses, and the
-- recomputation of a decision after a correction of its rounds: cashback-corrections.service.ts), and
-- whether one of them is still open. Each round's stake − everything it returned, whenever it returned it
-- (a win, a cash-out, a void, a correction, a jackpot), the cash part only (a round's bonus stake and the
-- bonus share of its returns are left out: bonus money lost was the house's promotion, not the member's
-- loss). A round open for more than 7 days (an orphan its provider never closed, promofix2) is not
-- `unsettled` and counts only when it is a win. A round inside the instants an earlier decision of the
-- member covered (covers_from to covers_until, migration 0067) is left out: decisions before p_before
-- (by id), or all of them when p_before is NULL (a zone moved east must pay no hour twice).
CREATE OR REPLACE FUNCTION promo_cashback_net(
  p_member bigint, p_since timestamptz, p_until timestamptz, p_before bigint
) RETURNS TABLE (net bigint, unsettled boolean)
LANGUAGE sql STABLE AS $$
  SELECT coalesce(sum(CASE WHEN o.orphan THEN least(0, o.net) ELSE o.net END), 0)::int8 AS net,
         coalesce(bool_or(o.open AND NOT o.orphan), false) AS unsettled
  FROM game_rounds g LEFT JOIN jackpot_wins j ON j.provider = g.provider AND j.round_id = g.round_id
  CROSS JOIN LATERAL (
    SELECT coalesce(sum(s.from_bonus), 0)::numeric AS staked FROM promo_bet_stakes s
    WHERE s.provider = g.provider AND s.round_id = g.round_id AND NOT s.rolled_back
  ) bs
  CROSS JOIN LATERAL (
    -- The cash part only: the bonus staked less the bonus share of what came back (floor(returned x
    -- bonus staked / stake), as the wallet splits a win) was never the member's money.
    SELECT ((g.total_bet - bs.staked)
           - (g.total_win + coalesce(j.amount, 0)
              - CASE WHEN g.total_bet > 0
                     THEN floor((g.total_win + coalesce(j.amount, 0)) * bs.staked / g.total_bet) ELSE 0 END))::int8 AS net,
           g.status = 'open' AS open,
           g.status = 'open' AND g.opened_at < now() - cashback_orphan_age() AS orphan
  ) o
  WHERE g.member_id = p_member AND g.opened_at >= p_since AND g.opened_at < p_until
    AND NOT EXISTS (SELECT 1 FROM promo_cashback_payments q
                    WHERE q.member_id = p_member AND (p_before IS NULL OR q.id < p_before)
                      AND g.opened_at >= q.covers_from AND g.opened_at < q.covers_until)
$$;

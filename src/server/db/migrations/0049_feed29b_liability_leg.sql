-- Risk counts a multiple on its open leg only (issue 29; providers/sports/liability.ts): the leg whose
-- selection holds the bet's liability, by its place in the slip (sb_bet_legs.idx). Singles and system
-- bets keep theirs on every leg and leave it null. It moves to the next open leg when a leg wins or is
-- void, and the liability goes when the bet is decided.
ALTER TABLE "sb_bets" ADD COLUMN "liability_leg" smallint;
--> statement-breakpoint
-- Multiples already in the book: their open leg is the earliest-starting one whose result is not in.
WITH holder AS (
  SELECT DISTINCT ON (l.bet_id) l.bet_id, l.idx
  FROM "sb_bet_legs" l JOIN "sb_bets" b ON b.id = l.bet_id JOIN "sb_markets" m ON m.id = l.market_id
  JOIN "sb_events" e ON e.id = l.event_id
  WHERE b.kind = 'multiple'
  ORDER BY l.bet_id, (l.void_kind IS DISTINCT FROM 'void' AND m.result_state <> 'confirmed') DESC, e.starts_at, l.idx
)
UPDATE "sb_bets" b SET liability_leg = h.idx FROM holder h WHERE b.id = h.bet_id;
--> statement-breakpoint
-- Their liability taken off every other leg (it was counted on each).
UPDATE "sb_selection_liability" t SET liability = t.liability - x.amount
FROM (
  SELECT l.selection_id, b.currency, sum(b.potential_return - b.total_stake) AS amount
  FROM "sb_bets" b JOIN "sb_bet_legs" l ON l.bet_id = b.id
  WHERE b.kind = 'multiple' AND b.status IN ('delayed', 'pending', 'open') AND l.idx <> b.liability_leg
  GROUP BY l.selection_id, b.currency
) x
WHERE t.selection_id = x.selection_id AND t.currency = x.currency;

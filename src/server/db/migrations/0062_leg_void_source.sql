-- Where each leg's void came from, so a take-back restores only its own kind of void: the feed's
-- rollback_bet_cancel only the feed's bet_cancel voids, the desk's rollback of a cancel window only the
-- desk's window voids; a bet the desk cancelled and a member's break stay void (leg-voids.ts).
-- Voids made before this column are told apart by their reason; a desk void of unknown kind counts as
-- the desk cancelling the bet (never restored by a rollback: the safe side for money).
ALTER TABLE "sb_bet_legs" ADD COLUMN "void_source" text;--> statement-breakpoint
UPDATE "sb_bet_legs" SET "void_source" = CASE
  WHEN "void_operator_id" IS NULL AND ("void_reason" LIKE 'bet_cancel%' OR "void_reason" LIKE 'feed%') THEN 'feed'
  WHEN "void_operator_id" IS NULL AND "void_reason" LIKE 'player protection%' THEN 'break'
  ELSE 'desk_bet' END
WHERE "void_kind" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "sb_bet_legs" ADD CONSTRAINT "sb_bet_legs_void_source" CHECK (
  ("void_kind" IS NULL AND "void_source" IS NULL)
  OR ("void_kind" IS NOT NULL AND "void_source" IN ('feed', 'desk_window', 'desk_bet', 'break')));

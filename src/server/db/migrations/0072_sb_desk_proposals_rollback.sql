-- The desk's rollback of its own cancel window pays winners again or takes refunds back: where the book
-- asks a second operator (`confirmResults`) and it reaches bets settled or in play, it waits as a
-- proposal of its own kind, `rollback_cancel` (providers/sports/leg-voids.ts rollbackCancelWindow).
-- Like a cancel window, each names its own window: several may wait on one market.
ALTER TABLE "sb_desk_proposals" DROP CONSTRAINT "sb_desk_proposals_kind_known";
--> statement-breakpoint
ALTER TABLE "sb_desk_proposals" ADD CONSTRAINT "sb_desk_proposals_kind_known" CHECK ("kind" in ('unsettle', 'void', 'cancel_bet', 'cancel_window', 'rollback_cancel'));
--> statement-breakpoint
DROP INDEX "sb_desk_proposals_one_waiting";
--> statement-breakpoint
CREATE UNIQUE INDEX "sb_desk_proposals_one_waiting" ON "sb_desk_proposals" USING btree ("kind", "target") WHERE "decided_at" is null and "kind" not in ('cancel_window', 'rollback_cancel');

-- Cash-out (docs/sportsbook.md, "Cash-out"): a bet may end by a cash-out, its own state 'cashed_out'
-- (the state machine's transition open -> cashed_out lives in providers/sports/sql/sb_bet_transition.sql,
-- re-applied after this); a partial cash-out leaves it open on a smaller stake.
ALTER TABLE "sb_bets" DROP CONSTRAINT "sb_bets_status_known";
--> statement-breakpoint
ALTER TABLE "sb_bets" ADD CONSTRAINT "sb_bets_status_known"
  CHECK ("status" IN ('delayed', 'pending', 'open', 'settled', 'void', 'refused', 'cashed_out'));
--> statement-breakpoint
-- The stake partial cash-outs took off the bet (its total_stake is what is left), and what they paid.
ALTER TABLE "sb_bets" ADD COLUMN "cashout_stake" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "sb_bets" ADD COLUMN "cashout_paid" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- The member's automatic cash-out: the bet is cashed out whole once its value reaches this amount.
ALTER TABLE "sb_bets" ADD COLUMN "auto_cashout_at" bigint;
--> statement-breakpoint
CREATE INDEX "sb_bets_auto_cashout" ON "sb_bets" USING btree ("id") WHERE "auto_cashout_at" IS NOT NULL AND "status" = 'open';
--> statement-breakpoint
-- Cash-out offers: priced by the server, short-lived, taken at most once; the id is random (a bearer of
-- nothing without the member's session: it must match the bet and its player).
CREATE TABLE "sb_cashout_offers" (
  "id" text PRIMARY KEY NOT NULL,
  "bet_id" bigint NOT NULL,
  "player_id" text NOT NULL,
  "stake" bigint NOT NULL,
  "amount" bigint NOT NULL,
  "proof" jsonb NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "sb_cashout_offers_bet" ON "sb_cashout_offers" USING btree ("bet_id");

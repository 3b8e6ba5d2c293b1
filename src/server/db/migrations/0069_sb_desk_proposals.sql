-- Desk actions that move money already settled (unsettling or voiding a market with a confirmed result,
-- cancelling a bet or a cancel window reaching bets past their first settlement or in play) wait here,
-- where the book asks a second operator (`confirmResults`), until another operator confirms or rejects
-- them (providers/sports/desk-proposals.ts). A correction of a result waits on its market as before.
CREATE TABLE "sb_desk_proposals" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "kind" text NOT NULL,
  "target" text NOT NULL,
  "market_id" bigint,
  "bet_id" bigint,
  "event_id" bigint,
  "detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
  "reason" text NOT NULL,
  "proposed_by" bigint NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "decision" text,
  "decided_by" bigint,
  "decided_at" timestamp with time zone,
  CONSTRAINT "sb_desk_proposals_kind_known" CHECK ("kind" in ('unsettle', 'void', 'cancel_bet', 'cancel_window')),
  CONSTRAINT "sb_desk_proposals_decided" CHECK (("decision" is null) = ("decided_at" is null) and ("decision" is null or "decision" in ('confirmed', 'rejected')))
);
--> statement-breakpoint
-- One waiting proposal of a kind per market or bet (a cancel window names its own window: several may wait).
CREATE UNIQUE INDEX "sb_desk_proposals_one_waiting" ON "sb_desk_proposals" USING btree ("kind", "target") WHERE "decided_at" is null and "kind" <> 'cancel_window';
--> statement-breakpoint
CREATE INDEX "sb_desk_proposals_waiting" ON "sb_desk_proposals" USING btree ("id") WHERE "decided_at" is null;

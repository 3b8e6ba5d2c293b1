-- The sportsbook's integrity (bet state machine, leg-level voids, durable settlement, reconciliation).
-- A leg's own void or correction by the desk (a cancel window, a palpable error, an abandoned event):
-- it settles at 1.00 ('void') or at the corrected price ('reprice'), whatever its market's result.
ALTER TABLE "sb_bet_legs" ADD COLUMN "void_kind" text;
--> statement-breakpoint
ALTER TABLE "sb_bet_legs" ADD COLUMN "void_price_num" bigint;
--> statement-breakpoint
ALTER TABLE "sb_bet_legs" ADD COLUMN "void_price_den" bigint;
--> statement-breakpoint
ALTER TABLE "sb_bet_legs" ADD COLUMN "void_reason" text;
--> statement-breakpoint
ALTER TABLE "sb_bet_legs" ADD COLUMN "void_operator_id" bigint;
--> statement-breakpoint
ALTER TABLE "sb_bet_legs" ADD COLUMN "voided_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "sb_bet_legs" ADD CONSTRAINT "sb_bet_legs_void" CHECK (
  ("void_kind" IS NULL AND "voided_at" IS NULL)
  OR ("void_kind" = 'void' AND "voided_at" IS NOT NULL)
  OR ("void_kind" = 'reprice' AND "voided_at" IS NOT NULL AND "void_price_den" > 0 AND "void_price_num" >= "void_price_den"));
--> statement-breakpoint
-- The slip's body, hashed: the same request id sent again with another body is refused, not answered as the first.
ALTER TABLE "sb_bets" ADD COLUMN "request_hash" text;
--> statement-breakpoint
ALTER TABLE "sb_bets" ADD CONSTRAINT "sb_bets_status_known"
  CHECK ("status" IN ('delayed', 'pending', 'open', 'settled', 'void', 'refused'));
--> statement-breakpoint
-- A result (or a correction) waiting for a second operator, while the one in force stays in force.
ALTER TABLE "sb_markets" ADD COLUMN "proposed_result" jsonb;
--> statement-breakpoint
ALTER TABLE "sb_markets" ADD COLUMN "proposed_by" bigint;
--> statement-breakpoint
ALTER TABLE "sb_markets" ADD COLUMN "proposed_reason" text;
--> statement-breakpoint
-- When the market was last suspended: a live bet placed before it is refused at its confirmation.
ALTER TABLE "sb_markets" ADD COLUMN "suspended_at" timestamp with time zone;
--> statement-breakpoint
-- When the score last changed (a goal): a live bet placed before it is refused at its confirmation.
ALTER TABLE "sb_events" ADD COLUMN "score_changed_at" timestamp with time zone;
--> statement-breakpoint
-- When an event was postponed (status 'postponed'): after the book's setting, its undecided markets are void.
ALTER TABLE "sb_events" ADD COLUMN "postponed_at" timestamp with time zone;
--> statement-breakpoint
-- Durable settlement: a result, a correction or a void asks for a run over the market's bets (or the
-- listed bets), written in the transaction that changed them; a run is worked a page at a time, its cursor
-- saved with each page, until done, by whoever holds its lease (the request itself, or housekeeping after
-- a crash).
CREATE TABLE "sb_settlement_runs" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "market_id" bigint,
  "bet_ids" bigint[],
  "reason" text NOT NULL,
  "operator_id" bigint,
  "actor_reason" text,
  "after_bet_id" bigint DEFAULT 0 NOT NULL,
  "settled" integer DEFAULT 0 NOT NULL,
  "lease_until" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "done_at" timestamp with time zone,
  CONSTRAINT "sb_settlement_runs_target" CHECK ("market_id" IS NOT NULL OR "bet_ids" IS NOT NULL)
);
--> statement-breakpoint
CREATE INDEX "sb_settlement_runs_todo" ON "sb_settlement_runs" USING btree ("id") WHERE "done_at" IS NULL;
--> statement-breakpoint
-- What the reconciler found where the book and the wallet disagree: repaired by a safe rule, or listed for the desk.
CREATE TABLE "sb_reconcile_findings" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "bet_id" bigint NOT NULL,
  "kind" text NOT NULL,
  "detail" jsonb NOT NULL,
  "repaired" boolean NOT NULL,
  "found_at" timestamp with time zone DEFAULT now() NOT NULL,
  "resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sb_reconcile_findings_open" ON "sb_reconcile_findings" USING btree ("bet_id", "kind") WHERE "resolved_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "sb_reconcile_findings_recent" ON "sb_reconcile_findings" USING btree ("found_at" DESC, "id" DESC);
--> statement-breakpoint
-- The bet state machine's guard; its body lives in functions/sb_bet_transition.sql (re-applied after this).
CREATE FUNCTION sb_bet_transition() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$;
--> statement-breakpoint
CREATE TRIGGER "sb_bets_transition" BEFORE UPDATE OF "status" ON "sb_bets"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION sb_bet_transition();

-- The desk's ticker alerts and price history (issue 29; providers/sports/alerts/, price-history.ts).
-- The address a bet was placed from, for the rule "several members back one outcome from one address".
ALTER TABLE "sb_bets" ADD COLUMN "placed_ip" text;
--> statement-breakpoint
-- One row per alert: `key` makes each alert stored once however often its rule is run.
CREATE TABLE "sb_ticker_alerts" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "key" text NOT NULL,
  "rule" text NOT NULL,
  "bet_id" bigint NOT NULL,
  "detail" jsonb NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "dismissed_at" timestamp with time zone,
  "dismissed_by" text,
  CONSTRAINT "sb_ticker_alerts_rule_known" CHECK ("rule" in ('big_stake', 'late_bet', 'new_account', 'same_ip'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sb_ticker_alerts_key" ON "sb_ticker_alerts" USING btree ("key");
--> statement-breakpoint
CREATE INDEX "sb_ticker_alerts_recent" ON "sb_ticker_alerts" USING btree ("id" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX "sb_ticker_alerts_bet" ON "sb_ticker_alerts" USING btree ("bet_id");
--> statement-breakpoint
-- The same-address rule looks up recent bets by address.
CREATE INDEX "sb_bets_placed_ip" ON "sb_bets" USING btree ("placed_ip", "placed_at") WHERE "placed_ip" is not null;
--> statement-breakpoint
-- Every price a selection has had, from the feed and from the desk, newest last.
CREATE TABLE "sb_price_history" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "selection_id" bigint NOT NULL,
  "price_num" bigint NOT NULL,
  "price_den" bigint NOT NULL,
  "source" text NOT NULL,
  "at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "sb_price_history_source_known" CHECK ("source" in ('feed', 'desk'))
);
--> statement-breakpoint
CREATE INDEX "sb_price_history_selection" ON "sb_price_history" USING btree ("selection_id", "id" DESC NULLS FIRST);

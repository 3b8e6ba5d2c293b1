CREATE TABLE "wallet_debt_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"provider" text NOT NULL,
	"round_id" text NOT NULL,
	"tx_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_debts" (
	"member_id" bigint PRIMARY KEY NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_debts_not_negative" CHECK ("wallet_debts"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sb_bet_legs" (
	"bet_id" bigint NOT NULL,
	"idx" integer NOT NULL,
	"event_id" bigint NOT NULL,
	"market_id" bigint NOT NULL,
	"selection_id" bigint NOT NULL,
	"price_num" bigint NOT NULL,
	"price_den" bigint NOT NULL,
	"line" text,
	"market_version" integer NOT NULL,
	"label" text NOT NULL,
	CONSTRAINT "sb_bet_legs_bet_id_idx_pk" PRIMARY KEY("bet_id","idx")
);
--> statement-breakpoint
CREATE TABLE "sb_bets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" text NOT NULL,
	"request_id" text NOT NULL,
	"kind" text NOT NULL,
	"system_name" text,
	"sizes" jsonb NOT NULL,
	"lines" integer NOT NULL,
	"unit_stake" bigint NOT NULL,
	"total_stake" bigint NOT NULL,
	"potential_return" bigint NOT NULL,
	"price_change" text NOT NULL,
	"status" text NOT NULL,
	"refusal" text,
	"live" boolean DEFAULT false NOT NULL,
	"accept_at" timestamp with time zone,
	"settled_return" bigint,
	"settlement_seq" integer DEFAULT 0 NOT NULL,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sb_competitions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sport_id" bigint NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"external_id" text
);
--> statement-breakpoint
CREATE TABLE "sb_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"competition_id" bigint NOT NULL,
	"name" text NOT NULL,
	"home" text,
	"away" text,
	"starts_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"bet_stop_at" timestamp with time zone,
	"bet_delay_seconds" integer,
	"score" jsonb,
	"source" text DEFAULT 'manual' NOT NULL,
	"external_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sb_feed_cursor" (
	"source" text NOT NULL,
	"external_id" text NOT NULL,
	"kind" text NOT NULL,
	"seq" bigint NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sb_feed_cursor_source_kind_external_id_pk" PRIMARY KEY("source","kind","external_id")
);
--> statement-breakpoint
CREATE TABLE "sb_limits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"scope_id" text DEFAULT '' NOT NULL,
	"min_stake" bigint,
	"max_stake" bigint,
	"max_payout" bigint,
	"max_liability" bigint,
	"stake_factor_bp" integer
);
--> statement-breakpoint
CREATE TABLE "sb_markets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" bigint NOT NULL,
	"type" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"rounding" text DEFAULT 'down' NOT NULL,
	"result" jsonb,
	"result_state" text DEFAULT 'none' NOT NULL,
	"result_source" text,
	"result_at" timestamp with time zone,
	"result_entered_by" bigint,
	"result_confirmed_by" bigint,
	"source" text DEFAULT 'manual' NOT NULL,
	"external_id" text
);
--> statement-breakpoint
CREATE TABLE "sb_selections" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"market_id" bigint NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"price_num" bigint NOT NULL,
	"price_den" bigint NOT NULL,
	"open" boolean DEFAULT true NOT NULL,
	"liability" bigint DEFAULT 0 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sb_selections_price" CHECK ("sb_selections"."price_num" > "sb_selections"."price_den" and "sb_selections"."price_den" > 0)
);
--> statement-breakpoint
CREATE TABLE "sb_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sb_settlements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bet_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"proof" jsonb,
	"reason" text,
	"operator_id" bigint,
	"wallet_tx_id" text NOT NULL,
	"wallet_op" text NOT NULL,
	"ref_tx_id" text,
	"paid" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sb_sports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sb_sports_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE INDEX "wallet_debts_owing" ON "wallet_debts" USING btree ("member_id") WHERE "wallet_debts"."amount" > 0;--> statement-breakpoint
CREATE INDEX "wallet_debt_entries_member" ON "wallet_debt_entries" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "wallet_debt_entries_round" ON "wallet_debt_entries" USING btree ("provider","round_id");--> statement-breakpoint
CREATE INDEX "sb_bet_legs_event" ON "sb_bet_legs" USING btree ("event_id","bet_id");--> statement-breakpoint
CREATE INDEX "sb_bet_legs_market" ON "sb_bet_legs" USING btree ("market_id","bet_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sb_bets_request" ON "sb_bets" USING btree ("player_id","request_id");--> statement-breakpoint
CREATE INDEX "sb_bets_player" ON "sb_bets" USING btree ("player_id","id");--> statement-breakpoint
CREATE INDEX "sb_bets_status" ON "sb_bets" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sb_competitions_source" ON "sb_competitions" USING btree ("source","external_id");--> statement-breakpoint
CREATE INDEX "sb_events_listing" ON "sb_events" USING btree ("status","starts_at");--> statement-breakpoint
CREATE INDEX "sb_events_competition" ON "sb_events" USING btree ("competition_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sb_events_source" ON "sb_events" USING btree ("source","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sb_limits_scope" ON "sb_limits" USING btree ("scope","scope_id");--> statement-breakpoint
CREATE INDEX "sb_markets_event" ON "sb_markets" USING btree ("event_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sb_markets_source" ON "sb_markets" USING btree ("source","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sb_selections_market_key" ON "sb_selections" USING btree ("market_id","key");--> statement-breakpoint
CREATE INDEX "sb_settlements_unpaid" ON "sb_settlements" USING btree ("id") WHERE not "sb_settlements"."paid";--> statement-breakpoint
CREATE UNIQUE INDEX "sb_settlements_bet_seq" ON "sb_settlements" USING btree ("bet_id","seq");--> statement-breakpoint
-- The built-in sportsbook is a vendor of the sport category on every installation (not demo data):
-- one "game", the sports window, launched by open-game like the built-in casino games.
INSERT INTO game_vendors (code, category, provider, name_ko, name_en, used, img_url, sort_order)
VALUES ('royal-sports', 'sport', 'sports', '로얄 스포츠', 'Royal Sports', 'y', '/media/vendors/royal-sports.svg', 0)
ON CONFLICT (code) DO NOTHING;
--> statement-breakpoint
INSERT INTO games (vendor_id, code, name_ko, name_en, img_url, used, sort_order)
SELECT id, 'sportsbook', '스포츠북', 'Sportsbook', '/media/games/sportsbook.svg', 'y', 0
FROM game_vendors WHERE code = 'royal-sports'
ON CONFLICT (vendor_id, code) DO NOTHING;
--> statement-breakpoint
INSERT INTO sb_settings (key, value) VALUES
  ('rounding', '"down"'),
  ('confirmResults', 'false'),
  ('betDelaySeconds', '5'),
  ('cancelWindowMinutes', '1440')
ON CONFLICT (key) DO NOTHING;
--> statement-breakpoint
INSERT INTO sb_limits (scope, scope_id, min_stake, max_stake, max_payout, max_liability)
VALUES ('platform', '', 1000, 5000000, 100000000, 500000000)
ON CONFLICT (scope, scope_id) DO NOTHING;
--> statement-breakpoint
-- The trading desk's operator role (permission `trading`).
ALTER TABLE "operators" DROP CONSTRAINT "operators_role";
--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_role" CHECK ("operators"."role" in ('owner', 'cashier', 'support', 'content', 'trading'));

-- The progressive jackpot (issue 13): a pool of house accounts funded by a share of every stake on a
-- jackpot slot, paid out whole by a provably fair trigger, then reseeded from the house.
-- The tables altered here are locked first and all at once, as in 0008, so that a live wallet batch
-- cannot deadlock with this migration.
LOCK TABLE games, game_sessions, house_rounds IN ACCESS EXCLUSIVE MODE;
--> statement-breakpoint
-- Which games feed and can win the pool (an operator's choice per game).
ALTER TABLE "games" ADD COLUMN "jackpot" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- The pool's share of each stake (basis points) fixed when the game is opened: wallet_bet reads it from
-- the row it already reads, instead of looking the game and the setting up on every bet. 0: no jackpot.
ALTER TABLE "game_sessions" ADD COLUMN "jackpot_bps" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- The built-in provider's record of a round's jackpot draw (null for games without one).
ALTER TABLE "house_rounds" ADD COLUMN "jackpot" jsonb;
--> statement-breakpoint
CREATE TABLE "jackpot_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"contribution_bps" integer DEFAULT 100 NOT NULL,
	"reseed" bigint DEFAULT 10000000 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jackpot_settings_one_row" CHECK ("jackpot_settings"."id" = 1),
	CONSTRAINT "jackpot_settings_bps" CHECK ("jackpot_settings"."contribution_bps" between 0 and 1000),
	CONSTRAINT "jackpot_settings_reseed" CHECK ("jackpot_settings"."reseed" > 0)
);
--> statement-breakpoint
INSERT INTO "jackpot_settings" DEFAULT VALUES;
--> statement-breakpoint
-- The pool is 64 house accounts (kind jackpot_pool), one per shard of member ids, like game_revenue:
-- a contribution locks only its player's shard. jackpot_seed is the house's expense for reseeds.
INSERT INTO "ledger_accounts" ("member_id", "kind", "shard")
SELECT NULL::bigint, 'jackpot_pool', s.shard FROM generate_series(0, 63) AS s(shard)
UNION ALL SELECT NULL, 'jackpot_seed', 0;
--> statement-breakpoint
-- Per pool shard: the sum of stake × bps of every stake that fed it. The shard's account has received
-- floor(units / 10000) in contributions, exactly; the rest (under one minor unit) waits for the next
-- stake. This row is also the shard's lock: a contribution updates it first, a jackpot win locks all 64.
CREATE TABLE "jackpot_shards" (
	"shard" smallint PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	"staked" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "jackpot_shards_units" CHECK ("jackpot_shards"."units" >= 0)
);
--> statement-breakpoint
INSERT INTO "jackpot_shards" ("shard", "account_id")
SELECT shard, id FROM "ledger_accounts" WHERE "member_id" IS NULL AND "kind" = 'jackpot_pool';
--> statement-breakpoint
-- Every win, once per round: what was paid and what the pool was reseeded with.
CREATE TABLE "jackpot_wins" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"round_id" text NOT NULL,
	"member_id" bigint NOT NULL,
	"game_code" text NOT NULL,
	"amount" bigint NOT NULL,
	"reseed" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "jackpot_wins_round" ON "jackpot_wins" USING btree ("provider","round_id");
--> statement-breakpoint
CREATE INDEX "jackpot_wins_member" ON "jackpot_wins" USING btree ("member_id","id");
--> statement-breakpoint
-- The pool opens at its reseed. The ledger functions are applied after the migrations (db/functions),
-- so this first transfer is written as ledger_move writes one: the transfer and both balances.
WITH seed AS (
  SELECT (SELECT id FROM ledger_accounts WHERE member_id IS NULL AND kind = 'jackpot_seed' AND shard = 0) AS from_id,
         (SELECT account_id FROM jackpot_shards WHERE shard = 0) AS to_id,
         (SELECT reseed FROM jackpot_settings) AS amount
), moved AS (
  INSERT INTO ledger_transfers (idempotency_key, from_account_id, to_account_id, amount, kind, reference)
  SELECT 'jackpot-reseed:opening', from_id, to_id, amount, 'jackpot_reseed', '{"reason":"opening"}'::jsonb FROM seed
  RETURNING from_account_id, to_account_id, amount
)
UPDATE ledger_accounts a SET balance = a.balance + CASE WHEN a.id = m.to_account_id THEN m.amount ELSE -m.amount END
FROM moved m WHERE a.id IN (m.from_account_id, m.to_account_id);

-- A cashback decided on losses a later correction changed (a win resettled, a round rolled back, a sports
-- bet resettled by the trading desk) is recomputed from the rounds as they are now: each difference is a
-- row here and a new transfer, never an edit of the payment (docs/promotions.md#cashback). `amount` is the
-- change of what the member is owed (positive: a top-up, negative: taken back), `seq` its order within
-- the payment (unique: two passes at once record one); `debt` the part taken back that cash no longer
-- held (wallet_debts), `written_off` what a bonus-paid cashback is not taken back.
CREATE TABLE "promo_cashback_corrections" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payment_id" bigint NOT NULL REFERENCES "promo_cashback_payments"("id"),
	"seq" integer NOT NULL,
	"net_loss" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"debt" bigint DEFAULT 0 NOT NULL,
	"written_off" bigint DEFAULT 0 NOT NULL,
	"bonus_id" bigint REFERENCES "promo_bonuses"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_cashback_corrections_amounts" CHECK ("amount" <> 0 AND "debt" >= 0 AND "written_off" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "promo_cashback_corrections_once" ON "promo_cashback_corrections" USING btree ("payment_id","seq");
--> statement-breakpoint
-- promo_cashback_losses now also answers the instant each member's period starts from (a zone moved west
-- leaves hours no period read: sql/promo_cashback_losses.sql creates it again after the migrations).
DROP FUNCTION IF EXISTS promo_cashback_losses(bigint, bigint, date, date);
--> statement-breakpoint
-- The paid decisions a correction of one of their rounds may have changed, queued by the correction
-- (wallet_correct, wallet_rollback: promo_cashback_recheck): the cashback job recomputes only these, never
-- every decision (one row per decision, taken off the queue in the transaction that recomputes it).
CREATE TABLE "promo_cashback_rechecks" (
	"payment_id" bigint PRIMARY KEY NOT NULL REFERENCES "promo_cashback_payments"("id"),
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "promo_cashback_rechecks_queued" ON "promo_cashback_rechecks" USING btree ("queued_at", "payment_id");

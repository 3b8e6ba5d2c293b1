-- Promotions (issue 36): cashback payouts. A cashback campaign pays percent_bps of a member's net loss
-- (stakes − wins of their local days, member_play_days) over each period of cashback_period_days days
-- from its start, as cash or as a bonus under wagering; promo_cashback_payments keeps one row per
-- campaign, member and period (its unique key is what makes a payout happen once).
ALTER TABLE "promo_campaigns" ADD COLUMN "cashback_period_days" integer DEFAULT 7 NOT NULL;
--> statement-breakpoint
ALTER TABLE "promo_campaigns" ADD COLUMN "cashback_paid_as" text DEFAULT 'cash' NOT NULL;
--> statement-breakpoint
ALTER TABLE "promo_campaigns" ADD CONSTRAINT "promo_campaigns_cashback" CHECK ("cashback_period_days" between 1 and 31 and "cashback_paid_as" in ('cash', 'bonus'));
--> statement-breakpoint
CREATE TABLE "promo_cashback_payments" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "campaign_id" bigint NOT NULL REFERENCES "promo_campaigns"("id"),
  "member_id" bigint NOT NULL REFERENCES "members"("id"),
  "period_start" date NOT NULL,
  "period_end" date NOT NULL,
  "net_loss" bigint NOT NULL,
  "amount" bigint NOT NULL,
  "paid_as" text NOT NULL,
  "outcome" text NOT NULL,
  "bonus_id" bigint REFERENCES "promo_bonuses"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "promo_cashback_payments_amounts" CHECK ("net_loss" > 0 and "amount" >= 0 and "period_end" > "period_start"),
  CONSTRAINT "promo_cashback_payments_paid_as" CHECK ("paid_as" in ('cash', 'bonus')),
  CONSTRAINT "promo_cashback_payments_outcome" CHECK ("outcome" in ('paid', 'protected'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "promo_cashback_payments_once" ON "promo_cashback_payments" USING btree ("campaign_id", "member_id", "period_start");
--> statement-breakpoint
CREATE INDEX "promo_cashback_payments_member" ON "promo_cashback_payments" USING btree ("member_id", "id");
--> statement-breakpoint
CREATE INDEX "member_play_days_day" ON "member_play_days" USING btree ("day");

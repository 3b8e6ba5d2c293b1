-- Cashback paid once per loss (promofix). The unique key (campaign, member, period_start) stopped a
-- period being paid twice, but not two overlapping periods (a campaign edited from 3-day to daily
-- periods after a payout paid 25–26 Nov again). A trigger refuses an overlapping row under a lock per
-- campaign and member, on PGlite and PostgreSQL alike (no btree_gist needed); its body lives in
-- modules/promotions/sql/promo_cashback_no_overlap.sql (re-applied after the migrations).
CREATE FUNCTION promo_cashback_no_overlap() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$;
--> statement-breakpoint
CREATE TRIGGER "promo_cashback_payments_no_overlap" BEFORE INSERT ON "promo_cashback_payments"
  FOR EACH ROW EXECUTE FUNCTION promo_cashback_no_overlap();
--> statement-breakpoint
-- The cashback's net loss is read from the rounds opened in a period (their stake and everything they
-- returned, whenever), so a member's rounds are found by when they opened.
CREATE INDEX "game_rounds_member_opened" ON "game_rounds" USING btree ("member_id", "opened_at");
--> statement-breakpoint
-- The (campaign, site, period) runs of the cashback sweep that decided every member they could: the
-- sweep skips them instead of reading the period again every five minutes.
CREATE TABLE "promo_cashback_runs" (
  "campaign_id" bigint NOT NULL REFERENCES "promo_campaigns"("id"),
  "site_id" bigint NOT NULL REFERENCES "sites"("id"),
  "period_start" date NOT NULL,
  "period_end" date NOT NULL,
  "finished_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "promo_cashback_runs_pk" PRIMARY KEY ("campaign_id", "site_id", "period_start", "period_end")
);
--> statement-breakpoint
-- promo_cashback_losses now also answers whether the member's rounds of the period are all settled
-- (sql/promo_cashback_losses.sql creates it again after the migrations).
DROP FUNCTION IF EXISTS promo_cashback_losses(bigint, bigint, date, date);

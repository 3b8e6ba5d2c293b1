-- What each casino stake counted towards a bonus's wagering (promo_wager: the ten-thousandths it really
-- added, less at the requirement's cap), keyed by the wallet's bet (provider, tx_id), so that its
-- rollback takes back exactly that from that bonus (promo_unwager), even once the requirement is met, and
-- nothing from a bonus granted after the stake; a conversion leaves out what stakes of rounds that can
-- still be rolled back counted (promo_open_wagering). As promo_sports_wagers (migration 0060) for bets.
-- promo_wager and promo_unwager now name the bet: their old signatures are dropped, the loader creates
-- the new ones. A stake counted before this migration has no row: its rollback takes nothing back.
CREATE TABLE "promo_casino_wagers" (
  "provider" text NOT NULL,
  "tx_id" text NOT NULL,
  "round_id" text NOT NULL,
  "bonus_id" int8 NOT NULL REFERENCES "promo_bonuses"("id"),
  "units" int8 NOT NULL,
  CONSTRAINT "promo_casino_wagers_pk" PRIMARY KEY ("provider", "tx_id"),
  CONSTRAINT "promo_casino_wagers_units" CHECK ("units" > 0)
);--> statement-breakpoint
CREATE INDEX "promo_casino_wagers_bonus" ON "promo_casino_wagers" USING btree ("bonus_id");--> statement-breakpoint
DROP FUNCTION IF EXISTS promo_wager(bigint, text, bigint);--> statement-breakpoint
DROP FUNCTION IF EXISTS promo_unwager(bigint, text, bigint);

-- What each sports bet counted towards a bonus's wagering (promo_wager_sports: its stake, and the
-- ten-thousandths it really added, less at the requirement's cap), so that a void or a
-- cash-out takes it back (promo_unwager_sports): a bet voided or sold back risked nothing for that part.
-- `open` follows the bet (the book's settlement steps call promo_sports_bets_settled): a conversion counts
-- only what settled bets wagered (bonus-close.service.ts, by the partial index).
-- promo_wager_sports now names the bet: its old signature is dropped, the loader creates the new one.
CREATE TABLE "promo_sports_wagers" (
  "bet_id" int8 PRIMARY KEY NOT NULL,
  "bonus_id" int8 NOT NULL REFERENCES "promo_bonuses"("id"),
  "stake" int8 NOT NULL,
  "units" int8 NOT NULL,
  "open" boolean DEFAULT true NOT NULL,
  CONSTRAINT "promo_sports_wagers_amounts" CHECK ("stake" >= 0 AND "units" >= 0)
);--> statement-breakpoint
CREATE INDEX "promo_sports_wagers_open" ON "promo_sports_wagers" USING btree ("bonus_id") WHERE "stake" > 0 AND "open";--> statement-breakpoint
DROP FUNCTION IF EXISTS promo_wager_sports(bigint, bigint, bigint);

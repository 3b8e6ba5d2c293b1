-- Corrections of bonus-funded wins (promofix). promo_bonuses.clawed_back is the cash taken back from a
-- converted bonus's member by corrections that cut a bonus share of a win (at most what converted; a
-- later correction upward gives it back first). promo_round_share_gaps is, per round, the bonus share a
-- correction should have taken back but could not (the bonus no longer held it): a later correction
-- upward pays only what exceeds it, so a round trip never pays more than was taken.
ALTER TABLE "promo_bonuses" ADD COLUMN "clawed_back" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "promo_bonuses" ADD CONSTRAINT "promo_bonuses_clawed_back" CHECK ("clawed_back" between 0 and "converted");
--> statement-breakpoint
CREATE TABLE "promo_round_share_gaps" (
  "provider" text NOT NULL,
  "round_id" text NOT NULL,
  "amount" bigint NOT NULL,
  CONSTRAINT "promo_round_share_gaps_pk" PRIMARY KEY ("provider", "round_id"),
  CONSTRAINT "promo_round_share_gaps_amount" CHECK ("amount" >= 0)
);

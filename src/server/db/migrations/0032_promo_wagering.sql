-- Promotions (issue 36), part 3: wagering. A bonus keeps the numbers it was granted under (the campaign
-- may change later), and its progress exactly: wagering_done whole minor units of weighted stakes, plus
-- wagering_rest (0-9999) ten-thousandths of one, so no fraction of a contribution is ever dropped.
ALTER TABLE "promo_bonuses" ADD COLUMN "wagering_rest" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "promo_bonuses" ADD COLUMN "max_stake" bigint;
--> statement-breakpoint
ALTER TABLE "promo_bonuses" ADD COLUMN "conversion_cap" bigint;
--> statement-breakpoint
ALTER TABLE "promo_bonuses" ADD COLUMN "slots_bps" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "promo_bonuses" ADD COLUMN "tables_bps" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "promo_bonuses" ADD COLUMN "sports_bps" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "promo_bonuses" ADD COLUMN "sports_min_odds_num" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "promo_bonuses" ADD COLUMN "sports_min_odds_den" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "promo_bonuses" ADD CONSTRAINT "promo_bonuses_wagering_rest" CHECK ("wagering_rest" between 0 and 9999);

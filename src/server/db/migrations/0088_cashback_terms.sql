-- A cashback decision keeps the percentage and cap it was paid under: its recomputation after a
-- correction of its rounds (cashback-corrections.service.ts) used the campaign's terms of the day, so a
-- percentage edited since re-priced the whole decision on a one-unit correction (red-team review: 10 %
-- raised to 20 %, a win corrected by 1 paid 9,999 more). Decisions taken before this migration take the
-- campaign's terms as they stand now (the best record there is of them).
ALTER TABLE "promo_cashback_payments" ADD COLUMN "percent_bps" integer;
--> statement-breakpoint
ALTER TABLE "promo_cashback_payments" ADD COLUMN "cap" bigint;
--> statement-breakpoint
UPDATE "promo_cashback_payments" p SET "percent_bps" = c."percent_bps", "cap" = c."cap"
FROM "promo_campaigns" c WHERE c."id" = p."campaign_id";
--> statement-breakpoint
ALTER TABLE "promo_cashback_payments" ALTER COLUMN "percent_bps" SET NOT NULL;

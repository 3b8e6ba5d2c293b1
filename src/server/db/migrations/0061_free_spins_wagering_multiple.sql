-- A free spins grant keeps the campaign's wagering multiple it was granted under: its wins need that
-- multiple whatever the campaign becomes (free-spins.service.ts), as every other bonus keeps its numbers.
ALTER TABLE "promo_free_spins" ADD COLUMN "wagering_multiple" integer;--> statement-breakpoint
UPDATE "promo_free_spins" f SET "wagering_multiple" = c."wagering_multiple"
FROM "promo_bonuses" b JOIN "promo_campaigns" c ON c."id" = b."campaign_id" WHERE b."id" = f."bonus_id";--> statement-breakpoint
ALTER TABLE "promo_free_spins" ALTER COLUMN "wagering_multiple" SET NOT NULL;

-- A level-up no live campaign rewards (promofix) is marked `no_bonus` when it is looked at, instead of
-- waiting for a bonus forever: it kept the member in the level-up sweep's candidates for good and hid
-- the bonus of a higher level some campaign does reward. The waiting index leaves them out.
ALTER TABLE "promo_level_ups" ADD COLUMN "no_bonus" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
DROP INDEX "promo_level_ups_waiting";
--> statement-breakpoint
CREATE INDEX "promo_level_ups_waiting" ON "promo_level_ups" USING btree ("member_id") WHERE "promo_level_ups"."bonus_id" is null and not "promo_level_ups"."no_bonus";

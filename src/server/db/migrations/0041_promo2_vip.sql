-- Promotions (issue 36): VIP progress. promo_vip_levels is what each level of a site needs, in total
-- wagered (stakes, minor units of the site's currency); a member whose wagering reaches a level's need
-- rises to it (never down). promo_level_ups records each level a member reached that way, once (its
-- primary key), with the level-up bonus granted for it (a `level_up` campaign), if any yet.
CREATE TABLE "promo_vip_levels" (
  "site_id" bigint NOT NULL REFERENCES "sites"("id"),
  "level" integer NOT NULL,
  "wagered" bigint NOT NULL,
  CONSTRAINT "promo_vip_levels_pk" PRIMARY KEY ("site_id", "level"),
  CONSTRAINT "promo_vip_levels_valid" CHECK ("level" between 2 and 20 and "wagered" > 0)
);
--> statement-breakpoint
CREATE TABLE "promo_level_ups" (
  "member_id" bigint NOT NULL REFERENCES "members"("id"),
  "level" integer NOT NULL,
  "from_level" integer NOT NULL,
  "wagered" bigint NOT NULL,
  "bonus_id" bigint REFERENCES "promo_bonuses"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "promo_level_ups_pk" PRIMARY KEY ("member_id", "level")
);
--> statement-breakpoint
CREATE INDEX "promo_level_ups_waiting" ON "promo_level_ups" USING btree ("member_id") WHERE "promo_level_ups"."bonus_id" is null;

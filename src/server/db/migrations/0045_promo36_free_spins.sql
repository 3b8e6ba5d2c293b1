-- Promotions (issue 36): free spins. A free_spins campaign gives a count of spins of one built-in slot
-- at a stake per spin. Its grant is a bonus (amount 0 at first: the bonus is what the spins win, so a
-- bonus's amount may now be 0) with one promo_free_spins row counting the spins played; each spin is a
-- real round whose stake the promotions expense pays and whose win joins the bonus under wagering.
ALTER TABLE "promo_campaigns" ADD COLUMN "free_spin_count" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "promo_campaigns" ADD COLUMN "free_spin_stake" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "promo_campaigns" ADD COLUMN "free_spin_game" text;
--> statement-breakpoint
ALTER TABLE "promo_campaigns" ADD CONSTRAINT "promo_campaigns_free_spins" CHECK ("free_spin_count" between 0 and 1000 and "free_spin_stake" >= 0);
--> statement-breakpoint
ALTER TABLE "promo_bonuses" DROP CONSTRAINT "promo_bonuses_amounts";
--> statement-breakpoint
ALTER TABLE "promo_bonuses" ADD CONSTRAINT "promo_bonuses_amounts" CHECK ("amount" >= 0 and "wagering_required" >= 0 and "wagering_done" >= 0 and "converted" >= 0 and "returned" >= 0);
--> statement-breakpoint
CREATE TABLE "promo_free_spins" (
  "bonus_id" bigint PRIMARY KEY NOT NULL REFERENCES "promo_bonuses"("id"),
  "member_id" bigint NOT NULL REFERENCES "members"("id"),
  "game_code" text NOT NULL,
  "stake" bigint NOT NULL,
  "granted" integer NOT NULL,
  "played" integer DEFAULT 0 NOT NULL,
  "won" bigint DEFAULT 0 NOT NULL,
  CONSTRAINT "promo_free_spins_counts" CHECK ("granted" > 0 and "played" between 0 and "granted" and "stake" > 0 and "won" >= 0)
);
--> statement-breakpoint
CREATE INDEX "promo_free_spins_member" ON "promo_free_spins" USING btree ("member_id");
--> statement-breakpoint
-- The duplicate-person screen: an operator's reason for clearing or confirming a flag.
ALTER TABLE "promo_person_flags" ADD COLUMN "decision_reason" text;

-- Promotions (issue 36): one welcome bonus per person. When a member is granted the welcome bonus, any
-- other member who already had one and shares their bank account number, their phone, or a device
-- and address (a session's user agent and IP) is flagged for review, once per pair and reason.
CREATE TABLE "promo_person_flags" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "member_id" bigint NOT NULL REFERENCES "members"("id"),
  "other_member_id" bigint NOT NULL REFERENCES "members"("id"),
  "reason" text NOT NULL,
  "bonus_id" bigint NOT NULL REFERENCES "promo_bonuses"("id"),
  "status" text DEFAULT 'open' NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "decided_at" timestamp with time zone,
  "decided_by" text,
  CONSTRAINT "promo_person_flags_reason" CHECK ("reason" in ('bank', 'phone', 'device')),
  CONSTRAINT "promo_person_flags_status" CHECK ("status" in ('open', 'cleared', 'confirmed')),
  CONSTRAINT "promo_person_flags_pair" CHECK ("member_id" <> "other_member_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "promo_person_flags_once" ON "promo_person_flags" USING btree ("member_id", "other_member_id", "reason");
--> statement-breakpoint
CREATE INDEX "promo_person_flags_open" ON "promo_person_flags" USING btree ("id") WHERE "promo_person_flags"."status" = 'open';

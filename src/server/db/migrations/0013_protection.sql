-- Player protection chosen by the member (issue 17): a break (24 hours to 6 weeks) or a self-exclusion
-- (6 months to 5 years, or permanent, ends_at null). One row per period, kept as history: a period
-- stays open (lifted_at null) past its end until the member asks to lift it and a cooling day passes.
-- While a period is open the member's status is 'self_excluded', the flag the wallet already refuses.
CREATE TABLE "protection_periods" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL REFERENCES "members"("id"),
	"kind" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"lift_requested_at" timestamp with time zone,
	"lifted_at" timestamp with time zone,
	CONSTRAINT "protection_periods_kind" CHECK ("protection_periods"."kind" in ('break', 'exclusion')),
	CONSTRAINT "protection_periods_break_ends" CHECK ("protection_periods"."kind" = 'exclusion' OR "protection_periods"."ends_at" IS NOT NULL),
	CONSTRAINT "protection_periods_order" CHECK ("protection_periods"."ends_at" IS NULL OR "protection_periods"."ends_at" > "protection_periods"."started_at")
);
--> statement-breakpoint
-- At most one open period per member; the back office's "under protection now" count reads only this index.
CREATE UNIQUE INDEX "protection_periods_open" ON "protection_periods" USING btree ("member_id") WHERE "lifted_at" IS NULL;
--> statement-breakpoint
-- A member's history, newest first.
CREATE INDEX "protection_periods_member" ON "protection_periods" USING btree ("member_id", "id");

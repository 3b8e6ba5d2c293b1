-- Limits a member sets on themselves (issue 17): deposit, loss (stakes less wins and refunds) and wager
-- limits per day, week and month of the site's time zone, and a session time limit (minutes). A decrease
-- applies at once; an increase or a removal waits in pending_* until pending_from (24 hours later) and
-- applies only when the member confirms it then.
CREATE TABLE "protection_limits" (
	"member_id" bigint NOT NULL REFERENCES "members"("id"),
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"amount" bigint NOT NULL,
	"pending_amount" bigint,
	"pending_remove" boolean DEFAULT false NOT NULL,
	"pending_from" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("member_id", "kind", "period"),
	CONSTRAINT "protection_limits_kind" CHECK ("kind" in ('deposit', 'loss', 'wager', 'session')),
	CONSTRAINT "protection_limits_period" CHECK (("kind" = 'session') = ("period" = 'session')
		AND "period" in ('day', 'week', 'month', 'session')),
	CONSTRAINT "protection_limits_amount" CHECK ("amount" > 0),
	CONSTRAINT "protection_limits_pending" CHECK (("pending_from" IS NULL) = ("pending_amount" IS NULL AND NOT "pending_remove")
		AND ("pending_amount" IS NULL OR "pending_amount" > "amount"))
);
--> statement-breakpoint
-- Every change of a limit, as history (the back office's member detail).
CREATE TABLE "protection_limit_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL REFERENCES "members"("id"),
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"action" text NOT NULL,
	"amount" bigint,
	"previous" bigint,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "protection_limit_changes_member" ON "protection_limit_changes" USING btree ("member_id", "id");
--> statement-breakpoint
-- Protection events that are not periods or limit changes: a limit hit (one per limit and period start,
-- detail.key), a reality check's answer.
CREATE TABLE "protection_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "protection_events_member" ON "protection_events" USING btree ("member_id", "id");
--> statement-breakpoint
CREATE UNIQUE INDEX "protection_events_limit_hit" ON "protection_events" USING btree ("member_id", ("detail" ->> 'key'))
	WHERE "kind" = 'limit_hit';
--> statement-breakpoint
-- A member's deposits, stakes and wins per local day of their site, kept by the wallet functions and the
-- deposit credit in the same transaction as the transfer. A limit's check sums at most 31 rows.
-- No foreign key: it is written on every bet, like ledger_transfers (migration 0008).
CREATE TABLE "member_play_days" (
	"member_id" bigint NOT NULL,
	"day" date NOT NULL,
	"deposits" bigint DEFAULT 0 NOT NULL,
	"stakes" bigint DEFAULT 0 NOT NULL,
	"wins" bigint DEFAULT 0 NOT NULL,
	PRIMARY KEY ("member_id", "day")
);
--> statement-breakpoint
-- The member's reality check interval (minutes; default 60 when absent).
CREATE TABLE "protection_preferences" (
	"member_id" bigint PRIMARY KEY NOT NULL REFERENCES "members"("id"),
	"reality_check_minutes" integer DEFAULT 60 NOT NULL,
	CONSTRAINT "protection_preferences_reality" CHECK ("reality_check_minutes" between 5 and 240)
);

-- The back office at a million members (issue 19): the dashboard reads rollups kept in the same
-- transactions as the writes they count (triggers in src/server/db/functions/count_*_figures.sql),
-- and searches, queues and filters read indexes instead of scanning.
--
-- Figures per day (the database's time zone) in 64 buckets by member id (member_id % 64, the house
-- shard a member's money already meets, so a bucket row adds no new lock contention): deposits,
-- withdrawals (ledger transfers of those kinds), bets and wins (rounds by the day they opened),
-- new_members, and active_day / active_month (members first seen in that day or month).
CREATE TABLE "daily_figures" (
	"figure" text NOT NULL,
	"day" date NOT NULL,
	"bucket" smallint NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_figures_pk" PRIMARY KEY ("figure", "day", "bucket")
);
--> statement-breakpoint
-- A member's first activity in a day or a month (kind 'active_day' or 'active_month'), counted once.
CREATE TABLE "member_activity" (
	"figure" text NOT NULL,
	"period" date NOT NULL,
	"member_id" bigint NOT NULL,
	CONSTRAINT "member_activity_pk" PRIMARY KEY ("figure", "period", "member_id")
);
--> statement-breakpoint
INSERT INTO "daily_figures" ("figure", "day", "bucket", "amount")
SELECT CASE WHEN t."kind" = 'deposit' THEN 'deposits' ELSE 'withdrawals' END, t."created_at"::date,
       (coalesce(a."member_id", 0) % 64)::smallint, sum(t."amount")
FROM "ledger_transfers" t
LEFT JOIN "ledger_accounts" a ON a."id" = CASE WHEN t."kind" = 'deposit' THEN t."to_account_id" ELSE t."from_account_id" END
WHERE t."kind" IN ('deposit', 'withdrawal')
GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "daily_figures" ("figure", "day", "bucket", "amount")
SELECT f."figure", r."opened_at"::date, (r."member_id" % 64)::smallint,
       sum(CASE WHEN f."figure" = 'bets' THEN r."total_bet" ELSE r."total_win" END)
FROM "game_rounds" r CROSS JOIN (VALUES ('bets'), ('wins')) AS f("figure")
GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "daily_figures" ("figure", "day", "bucket", "amount")
SELECT 'new_members', "created_at"::date, ("id" % 64)::smallint, count(*)
FROM "members" GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "member_activity" ("figure", "period", "member_id")
SELECT DISTINCT 'active_day', "last_seen_at"::date, "member_id" FROM "sessions"
UNION
SELECT DISTINCT 'active_month', date_trunc('month', "last_seen_at"::date)::date, "member_id" FROM "sessions";
--> statement-breakpoint
INSERT INTO "daily_figures" ("figure", "day", "bucket", "amount")
SELECT "figure", "period", ("member_id" % 64)::smallint, count(*)
FROM "member_activity" GROUP BY 1, 2, 3;
--> statement-breakpoint
-- Members per site and level (the levels screen), in 64 buckets by member id; kept by
-- functions/count_member_figures.sql as members register and change level or site.
CREATE TABLE "member_level_counts" (
	"site_id" bigint NOT NULL,
	"level" integer NOT NULL,
	"bucket" smallint NOT NULL,
	"members" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "member_level_counts_pk" PRIMARY KEY ("site_id", "level", "bucket")
);
--> statement-breakpoint
INSERT INTO "member_level_counts" ("site_id", "level", "bucket", "members")
SELECT "site_id", "level", ("id" % 64)::smallint, count(*) FROM "members" GROUP BY 1, 2, 3;
--> statement-breakpoint
-- Member search: exact or starting-with on login, nick, phone and bank number, each an index range.
-- Phones are stored as digits; bank numbers keep their dashes, so the search reads them without.
CREATE INDEX "members_login_prefix" ON "members" USING btree (lower("login_id") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "members_nick_prefix" ON "members" USING btree (lower("nick") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "members_phone_prefix" ON "members" USING btree ("phone" text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "members_bank_number_prefix" ON "members" USING btree (replace("bank_number", '-', '') text_pattern_ops);
--> statement-breakpoint
-- What waits: only the waiting rows are in these indexes, oldest first with their kind, so the queues
-- (of one kind or all), their counts and the badge read nothing else.
CREATE INDEX "help_tickets_waiting" ON "help_tickets" USING btree ("id") INCLUDE ("kind") WHERE "status" = 'wait';
--> statement-breakpoint
CREATE INDEX "cash_requests_waiting" ON "cash_requests" USING btree ("id") INCLUDE ("kind") WHERE "status" IN ('wait', 'reg');
--> statement-breakpoint
-- Audit filters by operator and by target, newest first.
CREATE INDEX "audit_log_operator_login" ON "audit_log" USING btree ("operator_login", "id");
--> statement-breakpoint
CREATE INDEX "audit_log_target" ON "audit_log" USING btree ("target", "id");
--> statement-breakpoint
-- A member account appears in a handful of transfers, the 384 house accounts in nearly all the
-- others: sampled, the planner took that skew for ~75,000 distinct accounts among 14 million
-- transfers (1.1 million in fact) and planned a member's statement as parallel scans, whose worker
-- start-up alone cost 10-20 ms. About one distinct account per 13 transfers at a million members.
ALTER TABLE "ledger_transfers" ALTER COLUMN "from_account_id" SET (n_distinct = -0.05);
--> statement-breakpoint
ALTER TABLE "ledger_transfers" ALTER COLUMN "to_account_id" SET (n_distinct = -0.05);

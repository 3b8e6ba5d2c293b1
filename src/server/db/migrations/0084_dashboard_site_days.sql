-- The dashboard's "today" and "this month" are each site's own day and month (its time zone,
-- site_time_zone, as the members' limits and play days), not the database's (UTC): a Thai site's day
-- started at 07:00 in Bangkok, so its deposits, bets and new members of 00:00-07:00 counted in the
-- day before. daily_figures keeps each row's site (site_id) and counts it on the site's local day;
-- the dashboard reads each site's rows from its own today and month. Deposits, withdrawals, bets,
-- wins and new members are rebuilt from the ledger, the rounds and the members in their sites' days;
-- active members from member_activity (its days before this migration stay the database's: the
-- sessions keep only their latest visit). The triggers that keep it (backoffice/sql/count_*.sql)
-- name the site and its day from now on (re-applied after the migrations).
LOCK TABLE daily_figures, member_activity IN ACCESS EXCLUSIVE MODE;
--> statement-breakpoint
ALTER TABLE "daily_figures" ADD COLUMN "site_id" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "daily_figures" DROP CONSTRAINT "daily_figures_pk";
--> statement-breakpoint
ALTER TABLE "daily_figures" ADD CONSTRAINT "daily_figures_pk" PRIMARY KEY ("figure", "day", "bucket", "currency", "site_id");
--> statement-breakpoint
DELETE FROM daily_figures;
--> statement-breakpoint
-- Each site's zone as site_time_zone() reads it (an SQL-file function, applied after the migrations); a
-- zone the database does not know (set before the settings checked it) reads as UTC.
CREATE TEMPORARY TABLE site_zones AS
SELECT s.id, s.currency, s.is_default, coalesce((SELECT n.name FROM pg_timezone_names n
  WHERE lower(n.name) = lower(coalesce(nullif(s.settings ->> 'timezone', ''), 'UTC')) LIMIT 1), 'UTC') AS tz
FROM sites s;
--> statement-breakpoint
INSERT INTO daily_figures (figure, day, bucket, currency, site_id, amount)
SELECT CASE WHEN t.kind = 'deposit' THEN 'deposits' ELSE 'withdrawals' END,
       (t.created_at AT TIME ZONE z.tz)::date, (coalesce(a.member_id, 0) % 64)::smallint, a.currency, z.id,
       sum(t.amount)
FROM ledger_transfers t
JOIN ledger_accounts a ON a.id = CASE WHEN t.kind = 'deposit' THEN t.to_account_id ELSE t.from_account_id END
LEFT JOIN members m ON m.id = a.member_id
JOIN site_zones z ON z.id = m.site_id OR (m.id IS NULL AND z.is_default)
WHERE t.kind IN ('deposit', 'withdrawal')
GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO daily_figures (figure, day, bucket, currency, site_id, amount)
SELECT f.figure, (r.opened_at AT TIME ZONE z.tz)::date, (r.member_id % 64)::smallint, z.currency, z.id,
       sum(CASE WHEN f.figure = 'bets' THEN r.total_bet ELSE r.total_win END)
FROM game_rounds r JOIN members m ON m.id = r.member_id JOIN site_zones z ON z.id = m.site_id
CROSS JOIN (VALUES ('bets'), ('wins')) AS f(figure)
GROUP BY 1, 2, 3, 4, 5
HAVING sum(CASE WHEN f.figure = 'bets' THEN r.total_bet ELSE r.total_win END) <> 0;
--> statement-breakpoint
INSERT INTO daily_figures (figure, day, bucket, site_id, amount)
SELECT 'new_members', (m.created_at AT TIME ZONE z.tz)::date, (m.id % 64)::smallint, z.id, count(*)
FROM members m JOIN site_zones z ON z.id = m.site_id
GROUP BY 2, 3, 4;
--> statement-breakpoint
INSERT INTO daily_figures (figure, day, bucket, site_id, amount)
SELECT a.figure, a.period, (a.member_id % 64)::smallint, m.site_id, count(*)
FROM member_activity a JOIN members m ON m.id = a.member_id
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
DROP TABLE site_zones;
--> statement-breakpoint
ALTER TABLE "daily_figures" ALTER COLUMN "site_id" DROP DEFAULT;
--> statement-breakpoint
ALTER TYPE round_change RENAME ATTRIBUTE day TO opened_at;
--> statement-breakpoint
ALTER TYPE round_change ALTER ATTRIBUTE opened_at SET DATA TYPE timestamptz;

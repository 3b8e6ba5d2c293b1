-- The dashboard never adds two currencies (issue 28): deposits, withdrawals, bets and wins are rolled up
-- per currency (a baht site's satang and a won site's won are kept apart). Counts of members have no
-- currency (''). The money rows are rebuilt from the ledger and the rounds, each in its currency: the
-- account's for a transfer, the member's site's for a round. The triggers that keep them
-- (backoffice/sql/count_*.sql) name the currency from now on (re-applied after the migrations).
LOCK TABLE daily_figures IN ACCESS EXCLUSIVE MODE;
--> statement-breakpoint
ALTER TABLE "daily_figures" ADD COLUMN "currency" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "daily_figures" DROP CONSTRAINT "daily_figures_pk";
--> statement-breakpoint
ALTER TABLE "daily_figures" ADD CONSTRAINT "daily_figures_pk" PRIMARY KEY ("figure", "day", "bucket", "currency");
--> statement-breakpoint
DELETE FROM daily_figures WHERE figure IN ('deposits', 'withdrawals', 'bets', 'wins');
--> statement-breakpoint
INSERT INTO daily_figures (figure, day, bucket, currency, amount)
SELECT CASE WHEN t.kind = 'deposit' THEN 'deposits' ELSE 'withdrawals' END, t.created_at::date,
       (coalesce(a.member_id, 0) % 64)::smallint, a.currency, sum(t.amount)
FROM ledger_transfers t
JOIN ledger_accounts a ON a.id = CASE WHEN t.kind = 'deposit' THEN t.to_account_id ELSE t.from_account_id END
WHERE t.kind IN ('deposit', 'withdrawal')
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO daily_figures (figure, day, bucket, currency, amount)
SELECT f.figure, r.opened_at::date, (r.member_id % 64)::smallint, s.currency,
       sum(CASE WHEN f.figure = 'bets' THEN r.total_bet ELSE r.total_win END)
FROM game_rounds r JOIN members m ON m.id = r.member_id JOIN sites s ON s.id = m.site_id
CROSS JOIN (VALUES ('bets'), ('wins')) AS f(figure)
GROUP BY 1, 2, 3, 4
HAVING sum(CASE WHEN f.figure = 'bets' THEN r.total_bet ELSE r.total_win END) <> 0;

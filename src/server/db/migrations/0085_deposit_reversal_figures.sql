-- The dashboard sets deposits reversed by their payment provider (chargebacks, payment_reversals,
-- migration 0083) against the deposits: figure 'deposit_reversals' in daily_figures, the whole deposit
-- on the day of the reversal in the member's site (its time zone), kept from now on by the trigger of
-- backoffice/sql/count_reversal_figures.sql (applied after the migrations). The reversals recorded before
-- it are counted here, once.
CREATE TEMPORARY TABLE site_zones AS
SELECT s.id, coalesce((SELECT n.name FROM pg_timezone_names n
  WHERE lower(n.name) = lower(coalesce(nullif(s.settings ->> 'timezone', ''), 'UTC')) LIMIT 1), 'UTC') AS tz
FROM sites s;
--> statement-breakpoint
INSERT INTO daily_figures AS f (figure, day, bucket, currency, site_id, amount)
SELECT 'deposit_reversals', (r.created_at AT TIME ZONE z.tz)::date, (r.member_id % 64)::smallint, a.currency,
       z.id, sum(r.amount)
FROM payment_reversals r
JOIN members m ON m.id = r.member_id
JOIN site_zones z ON z.id = m.site_id
JOIN ledger_accounts a ON a.member_id = r.member_id AND a.kind = 'cash'
GROUP BY 1, 2, 3, 4, 5
ON CONFLICT (figure, day, bucket, currency, site_id) DO UPDATE SET amount = f.amount + excluded.amount;
--> statement-breakpoint
DROP TABLE site_zones;

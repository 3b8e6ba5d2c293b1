-- The dashboard's deposits and withdrawals per day (daily_figures, migration 0015), counted in the
-- transaction that records the transfer. A row trigger with a WHEN clause: the wallet's bets and wins
-- never call it. The bucket is the member's house shard (house_shard(member_id)), a row the transfer already
-- locks through its house account, so concurrent members queue no more than before. In the currency of
-- the member's account (migration 0032): the dashboard never adds two currencies. On the day of the
-- member's site, in its time zone (migration 0084): the dashboard's today is each site's own.
CREATE OR REPLACE FUNCTION count_ledger_figures() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO daily_figures AS f (figure, day, bucket, currency, site_id, amount)
  SELECT CASE WHEN NEW.kind = 'deposit' THEN 'deposits' ELSE 'withdrawals' END,
         (NEW.created_at AT TIME ZONE site_time_zone(s.settings))::date,
         house_shard(coalesce(a.member_id, 0)), a.currency, s.id, NEW.amount
  FROM ledger_accounts a
  LEFT JOIN members m ON m.id = a.member_id
  JOIN sites s ON s.id = m.site_id OR (m.id IS NULL AND s.is_default)
  WHERE a.id = CASE WHEN NEW.kind = 'deposit' THEN NEW.to_account_id ELSE NEW.from_account_id END
  ON CONFLICT (figure, day, bucket, currency, site_id) DO UPDATE SET amount = f.amount + excluded.amount;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER ledger_transfers_count_figures
AFTER INSERT ON ledger_transfers
FOR EACH ROW WHEN (NEW.kind IN ('deposit', 'withdrawal')) EXECUTE FUNCTION count_ledger_figures();

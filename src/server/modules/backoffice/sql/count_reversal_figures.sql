-- The dashboard's deposits reversed by their payment provider (chargebacks) per day (daily_figures,
-- figure 'deposit_reversals', migration 0085), counted in the transaction that records the reversal
-- (payment_reversals, one row per deposit): the whole deposit, what came back from the member's cash and
-- what they owe alike, since the provider took all of it back from the house. On the day of the
-- reversal in the member's site (its time zone), in the currency of their cash account, in their house
-- shard's bucket, as the deposits it is set against (count_ledger_figures).
CREATE OR REPLACE FUNCTION count_reversal_figures() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO daily_figures AS f (figure, day, bucket, currency, site_id, amount)
  SELECT 'deposit_reversals', (NEW.created_at AT TIME ZONE site_time_zone(s.settings))::date,
         house_shard(NEW.member_id), a.currency, s.id, NEW.amount
  FROM ledger_accounts a
  JOIN members m ON m.id = a.member_id
  JOIN sites s ON s.id = m.site_id
  WHERE a.member_id = NEW.member_id AND a.kind = 'cash'
  ON CONFLICT (figure, day, bucket, currency, site_id) DO UPDATE SET amount = f.amount + excluded.amount;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER payment_reversals_count_figures
AFTER INSERT ON payment_reversals
FOR EACH ROW EXECUTE FUNCTION count_reversal_figures();

-- Trigger on sites (migration 0020), before a site is added or its currency changes: the house opens its
-- accounts in that currency (ledger_open_currency), so the site's members can deposit and play at once;
-- and a site with members keeps its currency, since their accounts are in it and no transfer mixes two.
CREATE OR REPLACE FUNCTION sites_currency_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.currency IS DISTINCT FROM OLD.currency
     AND EXISTS (SELECT 1 FROM members WHERE site_id = NEW.id) THEN
    RAISE EXCEPTION 'site %: its members'' accounts are in %, so its currency cannot become %', NEW.id, OLD.currency,
      NEW.currency USING ERRCODE = 'check_violation';
  END IF;
  PERFORM ledger_open_currency(NEW.currency);
  RETURN NEW;
END $$;

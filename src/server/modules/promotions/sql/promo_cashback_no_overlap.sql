-- Cashback once per loss (promofix): a payment row whose period overlaps one already recorded for the
-- same campaign and member is not inserted (the trigger answers NULL, as ON CONFLICT DO NOTHING would:
-- the caller sees no row and moves nothing). The unique key alone let a campaign edited to other
-- periods pay the same days twice. The lock per campaign and member makes two concurrent payers of
-- overlapping periods take turns, and the second then sees the first's row.
CREATE OR REPLACE FUNCTION promo_cashback_no_overlap() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('promo_cashback:' || NEW.campaign_id || ':' || NEW.member_id, 0));
  IF EXISTS (SELECT 1 FROM promo_cashback_payments p
             WHERE p.campaign_id = NEW.campaign_id AND p.member_id = NEW.member_id
               AND p.period_start < NEW.period_end AND NEW.period_start < p.period_end) THEN
    RETURN NULL;
  END IF;
  RETURN NEW;
END $$;

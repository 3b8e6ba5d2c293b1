-- Cashback once per loss (promofix, promofix2): a payment row whose period overlaps one already
-- recorded for the same member by ANY cashback campaign is not inserted (the trigger answers NULL, as
-- ON CONFLICT DO NOTHING would: the caller sees no row and moves nothing). A member's day is paid by one
-- cashback at most: per campaign only, a campaign edited to other periods, a new campaign with a past
-- start or two live campaigns on the same site and levels paid the same days again. The lock per member
-- makes two concurrent payers of overlapping periods (of one campaign or two) take turns, and the
-- second then sees the first's row.
CREATE OR REPLACE FUNCTION promo_cashback_no_overlap() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('promo_cashback:member:' || NEW.member_id, 0));
  IF EXISTS (SELECT 1 FROM promo_cashback_payments p
             WHERE p.member_id = NEW.member_id
               AND p.period_start < NEW.period_end AND NEW.period_start < p.period_end) THEN
    RETURN NULL;
  END IF;
  RETURN NEW;
END $$;

-- The instants each cashback decision covered (red-team review of the site time zones): its period's first local midnight to the one after
-- its last, in the member's site zone when it was decided. The periods are local dates, read again in
-- the site's zone of the day; a site that moved its zone east (Pago Pago to Kiritimati, Bangkok to
-- Seoul) saw the hours of a period already paid fall again into the next one, and paid their losses
-- twice. promo_cashback_losses leaves out the rounds a member's earlier decision covered.
ALTER TABLE "promo_cashback_payments" ADD COLUMN "covers_from" timestamptz;--> statement-breakpoint
ALTER TABLE "promo_cashback_payments" ADD COLUMN "covers_until" timestamptz;--> statement-breakpoint
-- The decisions taken before: in the zone their site has now (the one they were most likely cut in);
-- a zone the database does not know (set before the settings checked it) reads as UTC.
UPDATE "promo_cashback_payments" p
SET covers_from = p.period_start::timestamp AT TIME ZONE z.tz,
    covers_until = p.period_end::timestamp AT TIME ZONE z.tz
FROM members m JOIN sites s ON s.id = m.site_id
CROSS JOIN LATERAL (
  SELECT coalesce((SELECT n.name FROM pg_timezone_names n
                   WHERE lower(n.name) = lower(coalesce(nullif(s.settings ->> 'timezone', ''), 'UTC')) LIMIT 1), 'UTC') AS tz
) z
WHERE m.id = p.member_id;--> statement-breakpoint
ALTER TABLE "promo_cashback_payments" ALTER COLUMN "covers_from" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_cashback_payments" ALTER COLUMN "covers_until" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_cashback_payments" ADD CONSTRAINT "promo_cashback_payments_covers" CHECK (covers_until > covers_from);

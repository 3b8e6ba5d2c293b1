-- The feed's odds order per event and producer instead of per event: each producer stamps its messages
-- with its own clock, so a shared cursor dropped the live producer's newer odds as stale whenever the
-- pre-match producer's clock ran ahead. One row per event still (one index probe and one lock per
-- event): each producer's newest feed time, {"1": ts, "3": ts}. Each event's cursor starts from the one
-- it had, for every producer the book knows: the order kept so far holds until each moves past it.
ALTER TABLE "sb_uof_event_cursor" ADD COLUMN "producer_ts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "sb_uof_event_cursor" SET "producer_ts" = (
  SELECT jsonb_object_agg(p."product"::text, "ts")
  FROM (SELECT "product" FROM "sb_uof_producers" UNION SELECT 1 UNION SELECT 3) p);--> statement-breakpoint
ALTER TABLE "sb_uof_event_cursor" DROP COLUMN "ts";

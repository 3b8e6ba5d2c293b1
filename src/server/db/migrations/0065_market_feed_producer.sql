-- The producer that last priced each market, instead of each event: an event's markets may come from
-- both producers (live odds and pre-match), and a producer going down must suspend the markets it
-- priced even when the other producer's message came last (producers.ts). Markets take their event's
-- producer to start with.
ALTER TABLE "sb_markets" ADD COLUMN "feed_producer" integer;--> statement-breakpoint
UPDATE "sb_markets" m SET "feed_producer" = e."feed_producer" FROM "sb_events" e
WHERE e."id" = m."event_id" AND e."feed_producer" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "sb_markets_feed_producer" ON "sb_markets" USING btree ("feed_producer", "id")
WHERE "feed_producer" IS NOT NULL AND "status" IN ('open', 'suspended');--> statement-breakpoint
DROP INDEX "sb_events_feed_producer";--> statement-breakpoint
ALTER TABLE "sb_events" DROP COLUMN "feed_producer";

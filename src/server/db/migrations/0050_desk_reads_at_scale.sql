-- The desk's risk view reads the liability of markets still open to bets or results. It filtered every
-- liability row ever kept (settled ones stay, at 0) and then the markets; this partial index lets it start
-- from the unsettled markets, whose number follows the events on offer, not the book's history. A market's
-- status changes a few times in its life (never with a bet), so the index costs the feed little.
CREATE INDEX "sb_markets_unsettled" ON "sb_markets" USING btree ("id") WHERE "status" IN ('open', 'suspended');--> statement-breakpoint

-- The desk's event search reads each state's page in start order, ties by id, from this index alone: with
-- the id in it, no state is sorted whole (desk-search.ts).
DROP INDEX "sb_events_listing";--> statement-breakpoint
CREATE INDEX "sb_events_listing" ON "sb_events" USING btree ("status", "starts_at", "id");

-- The trading desk's event search (issue 29): what a trader types is matched as a prefix of the event's
-- name or of a team's, in lower case; a date range without a state reads events by their start.
CREATE INDEX "sb_events_name_prefix" ON "sb_events" USING btree (lower("name") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "sb_events_home_prefix" ON "sb_events" USING btree (lower("home") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "sb_events_away_prefix" ON "sb_events" USING btree (lower("away") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "sb_events_starts" ON "sb_events" USING btree ("starts_at", "id");

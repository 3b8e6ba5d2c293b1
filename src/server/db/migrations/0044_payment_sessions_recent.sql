-- The metrics' payment sessions by state read only the last day, from this index alone: grouping the
-- whole table on every scrape grew with every payment ever made.
CREATE INDEX "payment_sessions_recent" ON "payment_sessions" ("created_at", "status");

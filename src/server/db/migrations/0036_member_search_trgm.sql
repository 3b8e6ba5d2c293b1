-- Member search by any part of a login, nick or phone (issue 31 item 14): "emo" finds "demo". Trigram
-- GIN indexes (pg_trgm, a trusted extension: the database owner may create it) answer LIKE '%emo%'
-- from the index at a million members. Queries under three characters have no trigram and keep the
-- prefix indexes of migration 0015; bank numbers stay prefix-only.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX "members_login_trgm" ON "members" USING gin (lower("login_id") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "members_nick_trgm" ON "members" USING gin (lower("nick") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "members_phone_trgm" ON "members" USING gin ("phone" gin_trgm_ops);

-- Three reads added with the member debts, the operators' disabling and the sites' zone log scanned a
-- whole table; each now reads only the rows it is about (EXPLAIN-checked in the tests named here).
--
-- The dashboard's member debts (wallet_debt_figures) sum what stands written off: the rounds with
-- written_off > 0, which the partial index of owing rounds does not hold. It read every round that ever
-- owed, on every dashboard load; this index holds the written-off rounds only, with the two columns the
-- sum needs (an index-only scan). debt-figures-at-scale.test.ts.
CREATE INDEX "wallet_round_debts_written_off" ON "wallet_round_debts" USING btree ("member_id", "written_off") WHERE "written_off" > 0;--> statement-breakpoint

-- Disabling an operator and an operator's own password change end their open sessions: by operator,
-- among every session ever opened (never deleted). operator-sessions-at-scale.test.ts.
CREATE INDEX "operator_sessions_open" ON "operator_sessions" USING btree ("operator_id") WHERE "revoked_at" IS NULL;--> statement-breakpoint

-- A site's zone change (sites_time_zone_log) and currency change (sites_currency_guard) ask whether the
-- site has members: without an index, a site nobody has joined yet read every member of every site.
-- site-members-at-scale.test.ts.
CREATE INDEX "members_site" ON "members" USING btree ("site_id");

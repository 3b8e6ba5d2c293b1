-- The default site every unknown host falls back to; operators rename it and add domains.
INSERT INTO "sites" ("code", "name", "is_default") VALUES ('main', 'Royal Casino', true);
--> statement-breakpoint
-- House accounts, 8 shards per kind (ledger.service.ts HOUSE_SHARDS).
INSERT INTO "ledger_accounts" ("member_id", "kind", "shard")
SELECT NULL, k.kind, s.shard
FROM unnest(ARRAY['house_deposits', 'house_payouts', 'game_revenue', 'comp_expense', 'adjustments']) AS k(kind)
CROSS JOIN generate_series(0, 7) AS s(shard);

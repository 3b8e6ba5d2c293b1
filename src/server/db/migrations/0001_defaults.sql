-- The default site every unknown host falls back to; operators rename it and add domains.
INSERT INTO "sites" ("code", "name", "is_default") VALUES ('main', 'Royal Casino', true);
--> statement-breakpoint
-- House accounts, 64 shards per kind (HOUSE_SHARDS in ledger.service.ts): a bet locks its player's
-- cash row and one house shard until commit, so concurrent players should rarely share a shard.
INSERT INTO "ledger_accounts" ("member_id", "kind", "shard")
SELECT NULL, k.kind, s.shard
FROM unnest(ARRAY['house_deposits', 'house_payouts', 'game_revenue', 'comp_expense', 'adjustments']) AS k(kind)
CROSS JOIN generate_series(0, 63) AS s(shard);

-- 64 shards per house account kind instead of 8: a bet locks its player's cash row and one house
-- shard until commit, so concurrent players should rarely share a shard (bench:wallet).
INSERT INTO "ledger_accounts" ("member_id", "kind", "shard")
SELECT NULL, k.kind, s.shard
FROM unnest(ARRAY['house_deposits', 'house_payouts', 'game_revenue', 'comp_expense', 'adjustments']) AS k(kind)
CROSS JOIN generate_series(8, 63) AS s(shard);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION wallet_house_account(p_kind text, p_member bigint) RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT id FROM ledger_accounts WHERE member_id IS NULL AND kind = p_kind AND shard = (p_member % 64)::smallint
$$;

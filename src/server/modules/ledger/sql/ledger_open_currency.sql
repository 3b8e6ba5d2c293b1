-- Opens the house's accounts in a currency, once: HOUSE_ACCOUNT_KINDS (ledger.schema.ts) × house_shards()
-- shards, at zero. Called by the sites trigger (sites_currency_guard) whenever a site takes a currency;
-- a currency already open is left as it is. The progressive jackpot's pool and seed stay in the currency
-- they were opened in (migration 0010): see jackpotBpsFor.
CREATE OR REPLACE FUNCTION ledger_open_currency(p_currency text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO ledger_accounts (member_id, kind, shard, currency)
  SELECT NULL, k.kind, s.shard, p_currency
  FROM unnest(ARRAY['house_deposits', 'house_payouts', 'game_revenue', 'comp_expense', 'adjustments', 'promo_expense']) AS k(kind)
  CROSS JOIN generate_series(0, house_shards() - 1) AS s(shard)
  ON CONFLICT (kind, shard, currency) WHERE member_id IS NULL DO NOTHING
$$;

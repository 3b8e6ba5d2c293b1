-- Generated from PAYMENT_REVERSAL_PREFIX in src/server/db/constants.ts by `npm run sql:constants`: edit that, not this file.
-- Whether a debt's provider is a deposit's chargeback (its collection goes back to the house's deposits).
CREATE OR REPLACE FUNCTION payment_reversal_debt(p_provider text) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT starts_with(p_provider, 'payment:')
$$;

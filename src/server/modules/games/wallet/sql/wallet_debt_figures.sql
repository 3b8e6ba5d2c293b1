-- Member debts per currency (the currency of each member's accounts; never added across currencies), for
-- the dashboard: what members owe now (wallet_debts) and how many, and what stands written off by operators
-- and not restored by a later correction of its round (wallet_round_debts.written_off). Reads only the
-- members who ever owed and the rounds that ever left a debt.
CREATE OR REPLACE FUNCTION wallet_debt_figures()
RETURNS TABLE (currency text, owed bigint, members int, written_off bigint) LANGUAGE sql STABLE AS $$
  WITH owing AS (
    SELECT a.currency, sum(d.amount)::int8 AS owed, count(*)::int AS members
    FROM wallet_debts d JOIN ledger_accounts a ON a.member_id = d.member_id AND a.kind = 'cash'
    WHERE d.amount > 0 GROUP BY a.currency
  ), off AS (
    SELECT a.currency, sum(r.written_off)::int8 AS written_off
    FROM wallet_round_debts r JOIN ledger_accounts a ON a.member_id = r.member_id AND a.kind = 'cash'
    WHERE r.written_off > 0 GROUP BY a.currency
  )
  SELECT coalesce(o.currency, w.currency), coalesce(o.owed, 0)::int8, coalesce(o.members, 0),
         coalesce(w.written_off, 0)::int8
  FROM owing o FULL JOIN off w ON w.currency = o.currency
$$;

-- Members under a break or a self-exclusion (an open protection period) who owe a debt and hold money in
-- cash, the vault or held for a withdrawal: none of it can leave while the debt is open (refuseWhileOwing),
-- and they cannot play the win that would repay it. Only an operator ends it (collect from cash, write off),
-- so the dashboard names them; the first p_limit, exclusions first, then the oldest member, each with the
-- number of such members in all. Reads only the members who owe (the partial index wallet_debts_owing).
CREATE OR REPLACE FUNCTION wallet_debts_under_protection(p_limit int)
RETURNS TABLE (member_id bigint, login_id text, currency text, owed bigint, cash bigint, vault bigint,
               held bigint, kind text, ends_at timestamptz, total int)
LANGUAGE sql STABLE AS $$
  SELECT d.member_id, m.login_id, c.currency, d.amount, c.balance, v.balance, h.balance, p.kind, p.ends_at,
         (count(*) OVER ())::int
  FROM wallet_debts d
  JOIN members m ON m.id = d.member_id AND m.status = 'self_excluded'
  JOIN protection_periods p ON p.member_id = d.member_id AND p.lifted_at IS NULL
  JOIN ledger_accounts c ON c.member_id = d.member_id AND c.kind = 'cash'
  JOIN ledger_accounts v ON v.member_id = d.member_id AND v.kind = 'vault'
  JOIN ledger_accounts h ON h.member_id = d.member_id AND h.kind = 'held'
  WHERE d.amount > 0 AND c.balance + v.balance + h.balance > 0
  ORDER BY p.kind = 'exclusion' DESC, d.member_id
  LIMIT p_limit
$$;

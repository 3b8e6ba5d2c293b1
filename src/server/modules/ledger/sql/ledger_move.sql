-- The ledger's transfer on the hot path (bench:wallet). With ledger_post_many (the same rules for many
-- transfers at once), the only writer of ledger_transfers (one-writer.unit.test.ts). Every helper is
-- PL/pgSQL (plans cached per connection) or a single inlinable expression; a first-time call takes no
-- advisory lock and does no look-up of its own transaction id: its final insert finds a repeat
-- (SQLSTATE WR001) and the whole call is undone, after which the caller asks wallet_stored_reply.
--
-- Records a transfer and moves both balances: the two balance updates are single-row updates in
-- ascending id order, each an index look-up whatever the table's size (an IN list let the planner
-- scan the whole, constantly updated, accounts table), so the lock order is explicit. It answers
-- one row instead of a set: callers use it as a plain expression, without a function scan.
-- Both accounts must be in one currency (migration 0020): each update answers its row's currency, so the
-- check costs no look-up; a transfer across currencies raises SQLSTATE LC001 and is undone whole. One
-- between two members' accounts raises LC002 (migration 0055).
CREATE OR REPLACE FUNCTION ledger_move(
  p_key text, p_from bigint, p_to bigint, p_amount bigint, p_kind text, p_reference jsonb, p_reverses bigint,
  OUT transfer_id bigint, OUT from_balance bigint, OUT to_balance bigint
) LANGUAGE plpgsql AS $$
DECLARE
  v_low bigint;
  v_high bigint;
  v_low_currency text;
  v_high_currency text;
  v_from_member bigint;
  v_to_member bigint;
BEGIN
  IF p_amount IS NULL OR p_amount <= 0 OR p_from IS NULL OR p_to IS NULL OR p_from = p_to THEN
    RAISE EXCEPTION 'ledger_post: bad transfer % -> % of %', p_from, p_to, p_amount;
  END IF;
  -- The member whose money it moves (migration 0055: the statements' index), one look-up per account by
  -- its key; a transfer between two members' accounts is refused.
  v_from_member := (SELECT member_id FROM ledger_accounts WHERE id = p_from);
  v_to_member := (SELECT member_id FROM ledger_accounts WHERE id = p_to);
  IF v_from_member <> v_to_member THEN
    RAISE EXCEPTION 'ledger_post: accounts % and % belong to members % and %: a transfer moves one member''s money at most',
      p_from, p_to, v_from_member, v_to_member USING ERRCODE = 'LC002';
  END IF;
  INSERT INTO ledger_transfers (idempotency_key, from_account_id, to_account_id, amount, kind, reference, reverses_id, member_id)
  VALUES (p_key, p_from, p_to, p_amount, p_kind, coalesce(p_reference, '{}'::jsonb), p_reverses,
          coalesce(v_from_member, v_to_member))
  RETURNING id INTO transfer_id;
  UPDATE ledger_accounts SET balance = balance + CASE WHEN id = p_to THEN p_amount ELSE -p_amount END
  WHERE id = least(p_from, p_to) RETURNING balance, currency INTO v_low, v_low_currency;
  UPDATE ledger_accounts SET balance = balance + CASE WHEN id = p_to THEN p_amount ELSE -p_amount END
  WHERE id = greatest(p_from, p_to) RETURNING balance, currency INTO v_high, v_high_currency;
  IF v_low IS NULL OR v_high IS NULL THEN
    RAISE EXCEPTION 'ledger_post: accounts % and % must both exist', p_from, p_to;
  END IF;
  IF v_low_currency <> v_high_currency THEN
    RAISE EXCEPTION 'ledger_post: accounts % and % are in % and %: a transfer never mixes currencies',
      least(p_from, p_to), greatest(p_from, p_to), v_low_currency, v_high_currency USING ERRCODE = 'LC001';
  END IF;
  IF p_from < p_to THEN
    from_balance := v_low; to_balance := v_high;
  ELSE
    from_balance := v_high; to_balance := v_low;
  END IF;
END $$;

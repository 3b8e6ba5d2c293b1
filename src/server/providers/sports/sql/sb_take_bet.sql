-- A placement's bet, taken in one call under its markets' locks (placement.service.ts takeBet; issue
-- 34). The placement read its legs (sb_read_legs) and ran every check before any lock; this locks the
-- markets, then their selections, in id order (as sb_lock_legs), and records the bet only if what the
-- checks read still holds: every leg as read (price, statuses, version, times, names: p_expected, the
-- read's objects, compared without their liability), and each liability-holding selection's liability
-- within what the limits leave it (p_ceilings: the market's limit less the bet's exposure; NULL: no
-- limit). Otherwise it records nothing and answers NULL, and the placement takes the careful path:
-- lock, read and check again, then this with p_expected NULL (its events are not locked: a score or
-- status changing after that read is the bet's to take, as it always was). So the lock is held for
-- this one statement and the commit, not for the placement's round trips and checks.
--
-- p_bet: sb_bets' columns the placement sets; p_legs: one object per leg (sb_bet_legs' columns);
-- p_holders: the selections whose liability grows by p_exposure. p_async: the commit need not wait for
-- the disk (a bet about to be charged: the charge's own commit, synchronous, flushes this one's first,
-- so a charged bet is never lost; a crash before it loses a bet that moved no money).
CREATE OR REPLACE FUNCTION sb_take_bet(
  p_selections int8[], p_currency text, p_expected jsonb, p_holders int8[], p_ceilings int8[],
  p_exposure int8, p_bet jsonb, p_legs jsonb, p_async boolean
) RETURNS int8 LANGUAGE plpgsql
-- Generic plans: the comparison's five-table read was planned afresh on every call (custom plans), half
-- of this function's time (about 0.5 ms a bet).
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_id int8;
BEGIN
  PERFORM 1 FROM sb_markets m JOIN sb_selections s ON s.market_id = m.id
  WHERE s.id = ANY (p_selections)
  ORDER BY m.id, s.id FOR UPDATE OF m, s;
  -- Statements of their own after the locks: they see what the placements before this one committed.
  -- p_expected NULL: the careful path, which read and checked its legs under these locks already.
  IF p_expected IS NOT NULL AND
     (SELECT coalesce(jsonb_agg(r - 'liability'), '[]') FROM sb_read_legs(p_selections, p_currency) r)
     IS DISTINCT FROM (SELECT coalesce(jsonb_agg(x - 'liability'), '[]') FROM jsonb_array_elements(p_expected) x)
  THEN
    RETURN NULL;
  END IF;
  IF EXISTS (SELECT 1 FROM unnest(p_holders, p_ceilings) AS h(selection_id, ceiling)
             LEFT JOIN sb_selection_liability l ON l.selection_id = h.selection_id AND l.currency = p_currency
             WHERE h.ceiling IS NOT NULL AND coalesce(l.liability, 0) > h.ceiling) THEN
    RETURN NULL;
  END IF;
  IF p_async THEN
    PERFORM set_config('synchronous_commit', 'off', true);
  END IF;
  INSERT INTO sb_bets (player_id, request_id, request_hash, kind, system_name, sizes, lines, unit_stake, total_stake,
    potential_return, price_change, currency, status, live, accept_at, placed_at, liability_leg, placed_ip)
  SELECT b.player_id, b.request_id, b.request_hash, b.kind, b.system_name, b.sizes, b.lines, b.unit_stake,
    b.total_stake, b.potential_return, b.price_change, p_currency, b.status, b.live, b.accept_at, b.placed_at,
    b.liability_leg, b.placed_ip
  FROM jsonb_to_record(p_bet) AS b(player_id text, request_id text, request_hash text, kind text, system_name text,
    sizes jsonb, lines int, unit_stake int8, total_stake int8, potential_return int8, price_change text, status text,
    live boolean, accept_at timestamptz, placed_at timestamptz, liability_leg int, placed_ip text)
  RETURNING id INTO v_id;
  INSERT INTO sb_bet_legs (bet_id, idx, event_id, market_id, selection_id, price_num, price_den, line, market_version, label)
  SELECT v_id, x.idx, x.event_id, x.market_id, x.selection_id, x.price_num, x.price_den, x.line, x.market_version, x.label
  FROM jsonb_to_recordset(p_legs) AS x(idx int, event_id int8, market_id int8, selection_id int8, price_num int8,
    price_den int8, line text, market_version int, label text);
  INSERT INTO sb_selection_liability (selection_id, currency, liability)
  SELECT id, p_currency, p_exposure FROM unnest(p_holders) AS id ORDER BY id
  ON CONFLICT (selection_id, currency) DO UPDATE SET liability = sb_selection_liability.liability + excluded.liability;
  RETURN v_id;
END $$;

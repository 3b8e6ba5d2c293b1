-- The jackpot share of a bet being rolled back (wallet_rollback, which holds every pool shard's lock, the
-- round and the member's house row): the share was a cost of the bet, moved from game revenue to the
-- pool (wallet_bet, wallet_batch_fast), so it goes back the same way, to p_house, the game revenue that
-- refunds the stake, as a transfer of its own (kind jackpot_contribution_rollback, one per pool account
-- it comes from, under keys of the bet: once per bet, whatever the rollback's id).
--
-- What goes back is what the stake completes in its shard's units, as wallet_bet measured it: the
-- shard's units lose stake × bps and the pool gives back the whole minor units that takes away, so the
-- pool keeps exactly Σ floor(units / 10,000) less what it paid out (the audit's rule). A batch posted
-- its bets' shares into one shard's account, so it comes from the bet's own shard's account first, then
-- the others in shard order. It never takes the pool below the reseed it was last given.
--
-- A win since the bet (the bet's id below the last win's later_bets_from, migration 0086) has paid that
-- share out with the pool: nothing moves and the stake stays counted in the units (the pool did receive
-- its share); the house, which refunds the whole stake, bears it. Taking it from the new pool would
-- take it from the reseed and from other players' shares.
CREATE OR REPLACE FUNCTION wallet_rollback_jackpot_share(
  p_provider text, p_tx_id text, p_bet wallet_transactions, p_bps int, p_house bigint
) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_shard smallint := house_shard(p_bet.member_id);
  v_units bigint;
  v_taken bigint;
  v_back bigint;
  v_floor bigint;
  v_pool record;
  v_part bigint;
  v_moved bigint := 0;
BEGIN
  IF p_bet.id < coalesce((SELECT later_bets_from FROM jackpot_wins ORDER BY id DESC LIMIT 1), 0) THEN
    RETURN 0;
  END IF;
  SELECT units INTO v_units FROM jackpot_shards WHERE shard = v_shard FOR UPDATE;
  -- least(): a round continued from another game session could have fed it at another share.
  v_taken := least(v_units, p_bet.amount * p_bps);
  v_back := v_units / 10000 - (v_units - v_taken) / 10000;
  UPDATE jackpot_shards SET units = units - v_taken, staked = greatest(staked - p_bet.amount, 0)
  WHERE shard = v_shard;
  -- The floor: the reseed of the last win, else the opening one.
  v_floor := coalesce((SELECT reseed FROM jackpot_wins ORDER BY id DESC LIMIT 1),
    (SELECT amount FROM ledger_transfers WHERE idempotency_key = 'jackpot-reseed:opening'
       AND kind NOT IN ('bet', 'win', 'jackpot_contribution')), 0);
  v_back := least(v_back, greatest((SELECT coalesce(sum(a.balance), 0) FROM jackpot_shards s
    JOIN ledger_accounts a ON a.id = s.account_id) - v_floor, 0));
  FOR v_pool IN
    SELECT s.shard, a.id, a.balance FROM jackpot_shards s JOIN ledger_accounts a ON a.id = s.account_id
    WHERE a.balance > 0 ORDER BY s.shard <> v_shard, s.shard
  LOOP
    EXIT WHEN v_moved = v_back;
    v_part := least(v_back - v_moved, v_pool.balance);
    PERFORM ledger_move('jackpot-contribution-rollback:' || p_provider || ':' || p_bet.tx_id || ':' || v_pool.shard,
      v_pool.id, p_house, v_part, 'jackpot_contribution_rollback',
      jsonb_build_object('provider', p_provider, 'roundId', p_bet.round_id, 'txId', p_bet.tx_id,
                         'rollbackTxId', p_tx_id, 'shard', v_pool.shard, 'stake', p_bet.amount, 'bps', p_bps), NULL);
    v_moved := v_moved + v_part;
  END LOOP;
  RETURN v_moved;
END $$;

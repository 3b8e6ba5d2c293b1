-- Group commit for placements (placement-batch.ts; issue 34): slips that arrive together are taken,
-- charged and opened in one transaction and one round trip, when the wallet is this database's own.
-- Each slip was read and checked before, without a lock (placement.service.ts); per slip, p_places holds
-- sb_take_bet's arguments (s selections, c currency, x the legs as read, ho holders, ce ceilings,
-- e exposure, b the bet, l its legs) and its stake's wallet call without the bet's id (w: p provider,
-- t the token's hash, i the session's idle limit, tok the token itself, for the call's body hash).
--
-- 1. Every selection of the batch is locked at once in the book's order (market, selection), as every
--    writer of the book locks them: the slips' own locks (sb_take_bet) then find them held.
-- 2. Each bet is taken if what its checks read still holds (sb_take_bet); otherwise 'recheck', and the
--    placement takes the careful path on its own.
-- 3. The stakes of the bets taken go to the wallet's own batch in this transaction (wallet_batch: the
--    same checks, limits, bonus split, ledger moves and recorded replies as a wallet call), each keyed
--    by the bet's stake transaction id (sb-<id>-bet on round sb-<id>, as bets.service.ts sends it). Its
--    request hash is the SHA-256 of the body the book's wallet client would send for it, byte for byte
--    ({"txId","roundId","token","amount"}, JSON.stringify's form), so the same call sent again over the
--    API is answered with this reply.
-- 4. A bet whose stake was taken opens (sb_open_bet). A bet the wallet refused, or whose call raised (an
--    overdraft caught by the balance constraint, a race), stays 'pending' with its liability, and the
--    placement goes on from the wallet's answer as it does after its own call (bets.service.ts).
--
-- So a bet, its stake and its opening commit together or not at all: no crash leaves a stake without
-- an open bet. Answers one object per slip, in order: {s: 'recheck'} | {s: 'taken', id, r: reply} |
-- {s: 'taken', id, e: sqlstate, m: message}. A slip that raises (its request id used already: 23505)
-- fails the whole batch, which the batcher runs again slip by slip.
CREATE OR REPLACE FUNCTION sb_place_batch(p_places jsonb) RETURNS jsonb LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  n int := jsonb_array_length(p_places);
  v_out jsonb[] := array_fill(NULL::jsonb, ARRAY[n]);
  v_ids int8[] := array_fill(NULL::int8, ARRAY[n]);
  v_calls jsonb[] := '{}';
  v_call_of int[] := '{}';
  v_replies jsonb;
  v_reply jsonb;
  p jsonb;
  w jsonb;
  v_id int8;
  v_stake int8;
  v_body text;
  i int;
  j int;
BEGIN
  PERFORM 1 FROM sb_markets m JOIN sb_selections s ON s.market_id = m.id
  WHERE s.id IN (SELECT x.id::int8 FROM jsonb_array_elements(p_places) pl, jsonb_array_elements_text(pl -> 's') x(id))
  ORDER BY m.id, s.id FOR UPDATE OF m, s;

  FOR i IN 1 .. n LOOP
    p := p_places -> (i - 1);
    v_id := sb_take_bet(
      ARRAY(SELECT jsonb_array_elements_text(p -> 's')::int8), p ->> 'c', p -> 'x',
      ARRAY(SELECT jsonb_array_elements_text(p -> 'ho')::int8),
      ARRAY(SELECT (CASE WHEN jsonb_typeof(c) = 'null' THEN NULL ELSE c::text END)::int8
            FROM jsonb_array_elements(p -> 'ce') c),
      (p ->> 'e')::int8, p -> 'b', p -> 'l', false);
    IF v_id IS NULL THEN
      v_out[i] := '{"s":"recheck"}';
      CONTINUE;
    END IF;
    v_ids[i] := v_id;
    w := p -> 'w';
    v_stake := (p -> 'b' ->> 'total_stake')::int8;
    v_body := format('{"txId":"sb-%s-bet","roundId":"sb-%s","token":%s,"amount":%s}',
                     v_id, v_id, to_json(w ->> 'tok')::text, v_stake);
    v_calls := v_calls || jsonb_build_object(
      'k', 'bet', 'p', w ->> 'p', 'tx', 'sb-' || v_id || '-bet', 'r', 'sb-' || v_id,
      'h', encode(sha256(convert_to(v_body, 'UTF8')), 'hex'), 't', w ->> 't', 'a', v_stake, 'i', (w ->> 'i')::int8);
    v_call_of := v_call_of || i;
  END LOOP;

  IF cardinality(v_calls) > 0 THEN
    v_replies := wallet_batch(to_jsonb(v_calls));
    FOR j IN 1 .. cardinality(v_calls) LOOP
      i := v_call_of[j];
      v_reply := v_replies -> (j - 1);
      IF v_reply -> 'r' ->> 'status' = 'success' THEN
        PERFORM sb_open_bet(v_ids[i]);
      END IF;
      v_out[i] := jsonb_build_object('s', 'taken', 'id', v_ids[i]) || v_reply;
    END LOOP;
  END IF;
  RETURN to_jsonb(v_out);
END $$;

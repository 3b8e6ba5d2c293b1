-- Group commit for charging stakes (placement-batch.ts; issue 34), when the wallet is this database's:
-- the stakes of pending bets that arrive together go to the wallet's own batch (wallet_batch: the same
-- checks, limits, bonus split, ledger moves and recorded replies as a wallet call), and each bet whose
-- stake was taken opens (sb_open_bets, all of them in one statement), in one transaction and one round trip. So a stake and its bet's
-- opening commit together: no crash leaves a stake taken for a bet that is not open.
--
-- p_stakes: [{id: the bet, a: its total stake, w: {p provider, t the launch token's hash, i the login
-- session's idle limit, tok the token}}]. Each call is keyed by the bet's stake transaction id
-- (sb-<id>-bet on round sb-<id>, as bets.service.ts sends it); its request hash is the SHA-256 of the
-- body the book's wallet client would send for it, byte for byte ({"txId","roundId","token","amount"}
-- in JSON.stringify's form), so the same call sent again over the wallet API is a repeat, answered with
-- this reply. Answers wallet_batch's answers, one per stake in order: {r: reply} | {e: sqlstate, m},
-- a taken stake's with o: whether its bet opened (false: no longer pending, refused meanwhile).
-- A bet the wallet refused, or whose call raised (an overdraft the balance constraint caught, a race),
-- stays pending, and the placement goes on from that answer as after its own wallet call.
-- Only a bet in the book (its id, its total stake, the player of the stake's session) is charged; any
-- other answers {e: 'SB404'} and moves nothing. A bet about to be charged here commits without waiting
-- for the disk or the standby (sb_take_batch): a failover (or a crash) between it and its stake loses
-- it, and the stake then reaches a primary that never had it (or had its id given to another bet).
CREATE OR REPLACE FUNCTION sb_stake_batch(p_stakes jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_replies jsonb;
  v_reply jsonb;
  v_out jsonb[] := '{}';
  v_opened int8[];
  v_body text;
  s jsonb;
  v_calls jsonb[] := '{}';
  v_in_book boolean[];
  v_charged int8[] := '{}';
  i int;
  k int := 0;
BEGIN
  SELECT array_agg(EXISTS (
           SELECT 1 FROM sb_bets b
           WHERE b.id = (x.s ->> 'id')::int8 AND b.total_stake = (x.s ->> 'a')::int8
             AND NOT EXISTS (SELECT 1 FROM game_sessions g
                             WHERE g.token_hash = x.s -> 'w' ->> 't' AND g.provider = x.s -> 'w' ->> 'p'
                               AND g.member_id::text IS DISTINCT FROM b.player_id))
         ORDER BY x.n)
  INTO v_in_book
  FROM jsonb_array_elements(p_stakes) WITH ORDINALITY AS x(s, n);
  FOR s IN SELECT x.s FROM jsonb_array_elements(p_stakes) WITH ORDINALITY AS x(s, n)
           WHERE v_in_book[x.n] ORDER BY x.n LOOP
    v_body := format('{"txId":"sb-%s-bet","roundId":"sb-%s","token":%s,"amount":%s}',
                     s ->> 'id', s ->> 'id', to_json(s -> 'w' ->> 'tok')::text, s ->> 'a');
    v_charged := v_charged || (s ->> 'id')::int8;
    v_calls := v_calls || jsonb_build_object(
      'k', 'bet', 'p', s -> 'w' ->> 'p', 'tx', 'sb-' || (s ->> 'id') || '-bet', 'r', 'sb-' || (s ->> 'id'),
      'h', encode(sha256(convert_to(v_body, 'UTF8')), 'hex'), 't', s -> 'w' ->> 't',
      'a', (s ->> 'a')::int8, 'i', (s -> 'w' ->> 'i')::int8);
  END LOOP;
  v_replies := CASE WHEN cardinality(v_calls) = 0 THEN '[]'::jsonb ELSE wallet_batch(to_jsonb(v_calls)) END;
  -- The replies answer the bets in the book, in order: the k-th reply is the k-th such stake's.
  v_opened := sb_open_bets(ARRAY(
    SELECT v_charged[n] FROM generate_subscripts(v_charged, 1) AS n
    WHERE v_replies -> (n - 1) -> 'r' ->> 'status' = 'success'));
  FOR i IN 0 .. jsonb_array_length(p_stakes) - 1 LOOP
    IF NOT v_in_book[i + 1] THEN
      v_out := v_out || jsonb_build_object('e', 'SB404', 'm', format('bet %s is not in the book', p_stakes -> i ->> 'id'));
      CONTINUE;
    END IF;
    v_reply := v_replies -> k;
    k := k + 1;
    IF v_reply -> 'r' ->> 'status' = 'success' THEN
      v_reply := v_reply || jsonb_build_object('o', (p_stakes -> i ->> 'id')::int8 = ANY (v_opened));
    END IF;
    v_out := v_out || v_reply;
  END LOOP;
  RETURN to_jsonb(v_out);
END $$;

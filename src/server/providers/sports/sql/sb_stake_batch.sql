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
CREATE OR REPLACE FUNCTION sb_stake_batch(p_stakes jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_replies jsonb;
  v_reply jsonb;
  v_out jsonb[] := '{}';
  v_opened int8[];
  v_body text;
  s jsonb;
  v_calls jsonb[] := '{}';
  i int;
BEGIN
  FOR s IN SELECT * FROM jsonb_array_elements(p_stakes) LOOP
    v_body := format('{"txId":"sb-%s-bet","roundId":"sb-%s","token":%s,"amount":%s}',
                     s ->> 'id', s ->> 'id', to_json(s -> 'w' ->> 'tok')::text, s ->> 'a');
    v_calls := v_calls || jsonb_build_object(
      'k', 'bet', 'p', s -> 'w' ->> 'p', 'tx', 'sb-' || (s ->> 'id') || '-bet', 'r', 'sb-' || (s ->> 'id'),
      'h', encode(sha256(convert_to(v_body, 'UTF8')), 'hex'), 't', s -> 'w' ->> 't',
      'a', (s ->> 'a')::int8, 'i', (s -> 'w' ->> 'i')::int8);
  END LOOP;
  v_replies := wallet_batch(to_jsonb(v_calls));
  v_opened := sb_open_bets(ARRAY(
    SELECT (p_stakes -> (r.n - 1)::int ->> 'id')::int8
    FROM jsonb_array_elements(v_replies) WITH ORDINALITY AS r(reply, n)
    WHERE r.reply -> 'r' ->> 'status' = 'success'));
  FOR i IN 0 .. jsonb_array_length(v_replies) - 1 LOOP
    v_reply := v_replies -> i;
    IF v_reply -> 'r' ->> 'status' = 'success' THEN
      v_reply := v_reply || jsonb_build_object('o', (p_stakes -> i ->> 'id')::int8 = ANY (v_opened));
    END IF;
    v_out := v_out || v_reply;
  END LOOP;
  RETURN to_jsonb(v_out);
END $$;

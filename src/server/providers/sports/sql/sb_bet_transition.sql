-- The sportsbook's bet state machine (docs/sportsbook.md, "A bet's states"), enforced on every write of
-- sb_bets.status whatever path made it: a refused bet is final; a bet reaches 'open' only from 'pending'
-- (its stake taken); only an open bet settles; only a settled or void bet is corrected (resettled
-- between 'settled' and 'void', or unsettled back to 'open'); an open bet may end cashed out ('cashed_out':
-- a cash-out is one more way a bet ends, never a second payment; final against results and corrections,
-- but a void of one of its legs takes the cash-out back and opens the bet again, leg-voids.ts). The money
-- of each transition is the
-- settlement step written with it (sb_settlements), carried to the wallet under its own transaction id.
CREATE OR REPLACE FUNCTION sb_bet_transition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (OLD.status, NEW.status) IN (
    ('delayed', 'pending'), ('delayed', 'refused'),
    ('pending', 'open'), ('pending', 'refused'),
    ('open', 'settled'), ('open', 'void'), ('open', 'cashed_out'), ('cashed_out', 'open'),
    ('settled', 'void'), ('settled', 'open'),
    ('void', 'settled'), ('void', 'open')
  ) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'sportsbook bet %: % -> % is not a transition of the bet state machine', OLD.id, OLD.status, NEW.status
    USING ERRCODE = 'check_violation';
END $$;

-- A sports bet was placed or changed state: every process's live hub re-reads the trading desk's bet
-- ticker for the desks watching it (modules/live, providers/sports/ticker.service.ts). A statement
-- trigger catches every path (placement, the live delay's verdict, settlement, cash-out); a bet's
-- amounts moving without a state change (a settlement step's bookkeeping) notify nothing.
CREATE OR REPLACE FUNCTION notify_bets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Two statements: an INSERT trigger has no old_rows to plan a query against.
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_notify(live_channel(), '{"k":"bets"}');
  ELSIF EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.status IS DISTINCT FROM o.status) THEN
    PERFORM pg_notify(live_channel(), '{"k":"bets"}');
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER sb_bets_insert_notify_bets
AFTER INSERT ON sb_bets REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION notify_bets();

CREATE OR REPLACE TRIGGER sb_bets_update_notify_bets
AFTER UPDATE ON sb_bets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION notify_bets();

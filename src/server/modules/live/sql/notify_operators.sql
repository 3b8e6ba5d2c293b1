-- The operators' queues (cash requests, help tickets) changed: every process's live hub re-reads the
-- pending counts for the back office's open streams (modules/live). A statement trigger on the two
-- tables catches every path that changes them; identical notifications in one transaction are sent
-- once, and only if it commits.
CREATE OR REPLACE FUNCTION notify_operators() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(live_channel(), '{"k":"operators"}');
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER cash_requests_notify_operators
AFTER INSERT OR UPDATE OR DELETE ON cash_requests
FOR EACH STATEMENT EXECUTE FUNCTION notify_operators();

CREATE OR REPLACE TRIGGER help_tickets_notify_operators
AFTER INSERT OR UPDATE OR DELETE ON help_tickets
FOR EACH STATEMENT EXECUTE FUNCTION notify_operators();

-- A whole market voided by the feed's bet_cancel after it had a result keeps that result here, so the
-- feed's rollback_bet_cancel returns its bets to where they were before the cancel (settled as the
-- result said) instead of leaving them open with no result (results.service.ts restoreBeforeVoidIn).
ALTER TABLE "sb_markets" ADD COLUMN "before_void" jsonb;

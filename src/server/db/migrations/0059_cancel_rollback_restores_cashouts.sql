-- A settlement run asked for by a cancel taken back (the feed's rollback_bet_cancel) gives back the
-- cash-outs the cancel took back (cashout-takeback.ts giveBackCashouts).
ALTER TABLE "sb_settlement_runs" ADD COLUMN "restores_cashouts" boolean DEFAULT false NOT NULL;

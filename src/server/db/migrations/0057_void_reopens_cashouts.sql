-- A settlement run asked for by a void of legs (a cancel window, a feed's bet_cancel, the desk cancelling
-- bets) also reaches the bets cashed out whole among its bets: their cash-out was priced on a leg the book
-- now voids, so it is taken back and the bet settles on its legs (settlement.service.ts reevaluateBets).
ALTER TABLE "sb_settlement_runs" ADD COLUMN "reopens_cashouts" boolean DEFAULT false NOT NULL;

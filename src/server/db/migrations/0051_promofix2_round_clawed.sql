-- A clawback is given back by the round it was taken from only (promofix2): promo_round_share_gaps.clawed
-- is, per round, the cash a correction took back from a converted bonus's member for that round's bonus
-- share. promo_bonuses.clawed_back stays the bonus's total (at most what it converted). Clawbacks taken
-- before this migration have no round recorded: they are no longer given back (the house keeps them).
ALTER TABLE "promo_round_share_gaps" ADD COLUMN "clawed" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "promo_round_share_gaps" ADD CONSTRAINT "promo_round_share_gaps_clawed" CHECK ("clawed" >= 0);

-- A multiple keeps the house rule for a multiple reduced to one live leg (single or void) it was placed
-- under: the book's setting changed later does not reach it (settlement.service.ts returnFromLegs).
-- Null on singles, system bets and bets placed before the rule: those stand as a single.
ALTER TABLE "sb_bets" ADD COLUMN IF NOT EXISTS "reduced_multiple" text;

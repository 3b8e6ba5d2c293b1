-- Comp follows the stake: the stake a round's comp accrued on, set at its first close (total_bet then)
-- and cut by each rollback of a bet placed before that close (wallet_rollback). A rollback of a stake
-- placed after an unsettle reopened the round takes no comp back: that stake earned none. NULL for the
-- rounds closed before this column (a rollback then measures against the round's whole stake).
ALTER TABLE "game_rounds" ADD COLUMN "comp_stake" bigint;

-- The functions this migration redefined (wallet_bet, wallet_win, wallet_rollback, wallet_batch) live in
-- src/server/db/functions/; its former checksums are accepted (migration-checksums.ts).
-- The tables this migration alters, all at once and before anything else (migrations run in one
-- transaction): taken one by one, while the wallet is live, they could deadlock with a running batch.
LOCK TABLE ledger_accounts, game_rounds, ledger_transfers IN ACCESS EXCLUSIVE MODE;
--> statement-breakpoint
CREATE TABLE "open_game_rounds" (
	"game_round_id" bigint PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_transfers" DROP CONSTRAINT "ledger_transfers_from_account_id_ledger_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_transfers" DROP CONSTRAINT "ledger_transfers_to_account_id_ledger_accounts_id_fk";
--> statement-breakpoint
DROP INDEX "game_rounds_open";
--> statement-breakpoint
INSERT INTO open_game_rounds (game_round_id) SELECT id FROM game_rounds WHERE status = 'open';
--> statement-breakpoint
-- Room on each page for a round's closing update to stay on its page (a heap-only update, no index writes).
ALTER TABLE game_rounds SET (fillfactor = 85);

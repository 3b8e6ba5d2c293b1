-- Issue 34: one index per wallet transaction instead of two. A wallet call is found by (provider,
-- tx_id), which is now the table's primary key (its unique index, renamed); the id column stays (its
-- sequence still numbers the rows in the order they were written) without an index of its own, which
-- nothing looked rows up by. Every wallet operation wrote an entry into both.
ALTER TABLE "wallet_transactions" DROP CONSTRAINT "wallet_transactions_pkey";
--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_pkey" PRIMARY KEY USING INDEX "wallet_transactions_provider_tx";

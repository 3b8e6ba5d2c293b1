-- Issue 34: a ledger transfer writes one or two index entries instead of four. Each transfer wrote a
-- heap row and an entry into each of four indexes: its id (primary key), its idempotency key, its from
-- account and its to account.
--   * Nothing looks a transfer up by id: the id index goes. The id stays, numbered by its sequence in
--     the order the rows were written, for the statements' pages and order.
--   * The idempotency key stays unique for every transfer but a wallet call's own postings: its bet,
--     its win and its jackpot share ('bet', 'win', 'jackpot_contribution'). Those are posted only by the
--     wallet's functions, in the same transaction as the call's own row in wallet_transactions, whose
--     key (provider, tx_id) makes the call, and so its postings, exactly-once: a repeat is undone whole
--     (WR001 or 23505 there). Their keys were a second index entry guarding the same thing.
--   * The (from_account_id, id) and (to_account_id, id) indexes served only a member's statement, read
--     account by account and side by side. A transfer moves at most one member's money (ledger_move and
--     ledger_post_many refuse one between two members), recorded in member_id, and one partial index on
--     (member_id, id) serves every statement read: one entry for a transfer a member is in, none for one
--     between two house accounts (a jackpot contribution, a reseed). The audits scan the whole table.
LOCK TABLE "ledger_transfers" IN ACCESS EXCLUSIVE MODE;
--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD COLUMN "member_id" bigint;
--> statement-breakpoint
UPDATE "ledger_transfers" t SET "member_id" = coalesce(f."member_id", x."member_id")
FROM "ledger_accounts" f, "ledger_accounts" x
WHERE f."id" = t."from_account_id" AND x."id" = t."to_account_id"
  AND coalesce(f."member_id", x."member_id") IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "ledger_transfers" DROP CONSTRAINT "ledger_transfers_pkey";
--> statement-breakpoint
DROP INDEX "ledger_transfers_idempotency";
--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_idempotency" ON "ledger_transfers" USING btree ("idempotency_key")
WHERE "kind" NOT IN ('bet', 'win', 'jackpot_contribution');
--> statement-breakpoint
DROP INDEX "ledger_transfers_from";
--> statement-breakpoint
DROP INDEX "ledger_transfers_to";
--> statement-breakpoint
CREATE INDEX "ledger_transfers_member" ON "ledger_transfers" USING btree ("member_id", "id") WHERE "member_id" IS NOT NULL;

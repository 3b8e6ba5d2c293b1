-- Issue 34: a ledger transfer writes two index entries instead of four. Each transfer wrote a heap row
-- and an entry into each of four indexes: its id (primary key), its idempotency key, its from account
-- and its to account.
--   * The idempotency key is now the primary key (its unique index, renamed): nothing looks a transfer up
--     by id. The id stays, numbered by its sequence in the order the rows were written, for statements'
--     pages and order, without an index of its own.
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
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_pkey" PRIMARY KEY USING INDEX "ledger_transfers_idempotency";
--> statement-breakpoint
DROP INDEX "ledger_transfers_from";
--> statement-breakpoint
DROP INDEX "ledger_transfers_to";
--> statement-breakpoint
CREATE INDEX "ledger_transfers_member" ON "ledger_transfers" USING btree ("member_id", "id") WHERE "member_id" IS NOT NULL;

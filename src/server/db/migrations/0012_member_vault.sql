-- The member vault: a fourth member ledger account (cash set aside, shown to older front ends as `point`).
-- New members get it at registration (openMemberAccounts); existing members get it here, at balance 0.
INSERT INTO "ledger_accounts" ("member_id", "kind")
SELECT "id", 'vault' FROM "members"
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The public ticker of recent approved requests (get_balance_deposit_lock / get_balance_withdraw_lock).
CREATE INDEX IF NOT EXISTS "cash_requests_approved" ON "cash_requests" USING btree ("kind","decided_at" DESC) WHERE "status" = 'already';

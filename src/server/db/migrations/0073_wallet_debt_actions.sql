-- An operator's action on a member's debt (wallet_debts): a write-off (the house absorbs what the member
-- owes, no money moves) or a collection from the member's cash (through wallet_collect_debt, as a win's
-- collection). Keyed by the operator's idempotency key, so a double click or a replay acts once; its
-- change of the debt is the wallet_debt_entries row of provider 'backoffice' and tx_id = key.
CREATE TABLE "wallet_debt_actions" (
  "key" text PRIMARY KEY NOT NULL,
  "member_id" bigint NOT NULL,
  "kind" text NOT NULL,
  "amount" bigint NOT NULL,
  "owed_before" bigint NOT NULL,
  "reason" text NOT NULL,
  "operator" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "wallet_debt_actions_kind_known" CHECK ("kind" in ('write_off', 'cash')),
  CONSTRAINT "wallet_debt_actions_positive" CHECK ("amount" > 0 and "amount" <= "owed_before")
);
--> statement-breakpoint
CREATE INDEX "wallet_debt_actions_member" ON "wallet_debt_actions" USING btree ("member_id");

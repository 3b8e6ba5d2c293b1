-- When a member's login password was last set without the current one (the set of the older front
-- ends, a recovery code, an operator's reset) and when the bank account withdrawals are paid to last
-- changed. A session alone can do the first and then the second, so the cashier queue names either
-- beside a withdrawal asked for soon after it (members' account changes, docs/accounts.md).
ALTER TABLE "members" ADD COLUMN "password_reset_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "bank_changed_at" timestamp with time zone;

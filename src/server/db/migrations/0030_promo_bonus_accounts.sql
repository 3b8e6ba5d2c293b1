-- Promotions (issue 36), part 1: bonus money on the ledger. Every member gets a `bonus` account in their
-- cash account's currency (new members get it from openMemberAccounts), and every currency the house
-- keeps accounts in gets the `promo_expense` kind on the same shards as its other kinds (new currencies
-- get it from ledger_open_currency). No money moves here.
INSERT INTO ledger_accounts (member_id, kind, currency)
SELECT member_id, 'bonus', currency FROM ledger_accounts WHERE member_id IS NOT NULL AND kind = 'cash'
ON CONFLICT (member_id, kind) WHERE member_id IS NOT NULL DO NOTHING;
--> statement-breakpoint
INSERT INTO ledger_accounts (member_id, kind, shard, currency)
SELECT NULL, 'promo_expense', shard, currency FROM ledger_accounts WHERE member_id IS NULL AND kind = 'comp_expense'
ON CONFLICT (kind, shard, currency) WHERE member_id IS NULL DO NOTHING;

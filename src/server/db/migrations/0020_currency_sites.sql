-- Each site's own currency (issue 28). A site has an ISO 4217 code; its members' accounts are in it; the
-- house keeps its accounts per currency; the ledger's writers refuse a transfer between two currencies
-- (ledger_move, ledger_post_many). What exists today takes the configured currency: migrate() sets
-- app.currency from CURRENCY (KRW when unset) on its connection before running this.
-- Both tables are locked first and together, as in 0008, so a live wallet batch cannot deadlock with this.
LOCK TABLE sites, ledger_accounts IN ACCESS EXCLUSIVE MODE;
--> statement-breakpoint
-- A constant default, evaluated once: the column is added without rewriting the table.
ALTER TABLE "sites" ADD COLUMN "currency" text DEFAULT coalesce(nullif(current_setting('app.currency', true), ''), 'KRW') NOT NULL;
--> statement-breakpoint
-- A new site without a currency takes the default site's (site_default_currency.sql holds the same body).
CREATE FUNCTION site_default_currency() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT currency FROM sites WHERE is_default), 'KRW')
$$;
--> statement-breakpoint
ALTER TABLE "sites" ALTER COLUMN "currency" SET DEFAULT site_default_currency();
--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_currency_iso" CHECK ("sites"."currency" ~ '^[A-Z]{3}$');
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "currency" text DEFAULT coalesce(nullif(current_setting('app.currency', true), ''), 'KRW') NOT NULL;
--> statement-breakpoint
-- New accounts name their currency: a member's is their site's (openMemberAccounts), the house's come
-- from ledger_open_currency.
ALTER TABLE "ledger_accounts" ALTER COLUMN "currency" DROP DEFAULT;
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_currency_iso" CHECK ("ledger_accounts"."currency" ~ '^[A-Z]{3}$');
--> statement-breakpoint
-- The house's accounts: one set of shards per currency.
DROP INDEX "ledger_accounts_house_kind";
--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_house_kind" ON "ledger_accounts" USING btree ("kind", "shard", "currency") WHERE "ledger_accounts"."member_id" IS NULL;
--> statement-breakpoint
-- A site's currency gets its house accounts when the site gets the currency, and cannot change under
-- members whose accounts are in the old one; the body lives in sites_currency_guard.sql (re-applied after this).
CREATE FUNCTION sites_currency_guard() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$;
--> statement-breakpoint
CREATE TRIGGER "sites_currency_guard" BEFORE INSERT OR UPDATE OF "currency" ON "sites"
  FOR EACH ROW EXECUTE FUNCTION sites_currency_guard();

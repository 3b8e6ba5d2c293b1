-- Sports limits and liability per currency (issue 28): a site's members bet in its currency, so a limit
-- in minor units means something only with its currency (100 satang are one baht, one won is one won),
-- and a market's liability never adds baht to won. Rows that exist today are in the default site's
-- currency (the one the install ran in before sites had their own).
LOCK TABLE sb_limits, sb_bets, sb_selections IN ACCESS EXCLUSIVE MODE;
--> statement-breakpoint
ALTER TABLE "sb_limits" ADD COLUMN "currency" text;
--> statement-breakpoint
UPDATE sb_limits SET currency = site_default_currency();
--> statement-breakpoint
ALTER TABLE "sb_limits" ALTER COLUMN "currency" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "sb_limits" ADD CONSTRAINT "sb_limits_currency_iso" CHECK ("sb_limits"."currency" ~ '^[A-Z]{3}$');
--> statement-breakpoint
DROP INDEX "sb_limits_scope";
--> statement-breakpoint
CREATE UNIQUE INDEX "sb_limits_scope" ON "sb_limits" USING btree ("scope", "scope_id", "currency");
--> statement-breakpoint
-- Every site currency has its platform row: the default currency's amounts, to be set by the desk.
INSERT INTO sb_limits (scope, scope_id, currency, min_stake, max_stake, max_payout, max_liability)
SELECT 'platform', '', c.currency, p.min_stake, p.max_stake, p.max_payout, p.max_liability
FROM (SELECT DISTINCT currency FROM sites) c
JOIN sb_limits p ON p.scope = 'platform' AND p.currency = site_default_currency()
ON CONFLICT (scope, scope_id, currency) DO NOTHING;
--> statement-breakpoint
-- A site added later (or given another currency) gets its platform row too; the body lives in
-- providers/sports/sql/sb_limits_for_currency.sql (re-applied after the migrations).
CREATE FUNCTION sb_limits_for_currency() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$;
--> statement-breakpoint
CREATE TRIGGER "sites_sb_limits_currency" AFTER INSERT OR UPDATE OF "currency" ON "sites"
  FOR EACH ROW EXECUTE FUNCTION sb_limits_for_currency();
--> statement-breakpoint
-- A bet is in its member's currency, told by the wallet when it is placed.
ALTER TABLE "sb_bets" ADD COLUMN "currency" text;
--> statement-breakpoint
UPDATE sb_bets SET currency = site_default_currency();
--> statement-breakpoint
ALTER TABLE "sb_bets" ALTER COLUMN "currency" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "sb_bets" ADD CONSTRAINT "sb_bets_currency_iso" CHECK ("sb_bets"."currency" ~ '^[A-Z]{3}$');
--> statement-breakpoint
-- A selection's liability per currency (kept under its selection's row lock, as the single column was).
CREATE TABLE "sb_selection_liability" (
	"selection_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"liability" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sb_selection_liability_selection_id_currency_pk" PRIMARY KEY("selection_id","currency")
);
--> statement-breakpoint
INSERT INTO sb_selection_liability (selection_id, currency, liability)
SELECT id, site_default_currency(), liability FROM sb_selections WHERE liability <> 0;
--> statement-breakpoint
ALTER TABLE "sb_selections" DROP COLUMN "liability";

-- Member debts per round (wallet_round_debts): what each corrected round still owes and what of it an
-- operator wrote off, so that a later correction of that round in the member's favour first restores the
-- write-off (wallet_restore_write_off) instead of paying the win a second time. wallet_debts stays the
-- member's total (the sum of their rounds' `owed`); a debt entry that restores a write-off is marked.
CREATE TABLE "wallet_round_debts" (
  "provider" text NOT NULL,
  "round_id" text NOT NULL,
  "member_id" bigint NOT NULL,
  "owed" bigint DEFAULT 0 NOT NULL,
  "written_off" bigint DEFAULT 0 NOT NULL,
  "opened_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "wallet_round_debts_pkey" PRIMARY KEY ("provider", "round_id"),
  CONSTRAINT "wallet_round_debts_not_negative" CHECK ("owed" >= 0 and "written_off" >= 0)
);
--> statement-breakpoint
CREATE INDEX "wallet_round_debts_owing" ON "wallet_round_debts" USING btree ("member_id", "opened_at") WHERE "owed" > 0;
--> statement-breakpoint
ALTER TABLE "wallet_debt_entries" ADD COLUMN "restored" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- What each round owes now: the member's open debt laid over their corrections' debts, newest first
-- (collections paid the oldest first).
INSERT INTO "wallet_round_debts" ("provider", "round_id", "member_id", "owed", "opened_at")
SELECT provider, round_id, member_id, sum(part), min(created_at) FROM (
  SELECT e.provider, e.round_id, e.member_id, e.created_at,
         least(e.amount, greatest(d.amount - coalesce(sum(e.amount) OVER (PARTITION BY e.member_id ORDER BY e.id DESC
           ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0), 0)) AS part
  FROM wallet_debt_entries e JOIN wallet_debts d ON d.member_id = e.member_id AND d.amount > 0
  WHERE e.amount > 0) x
WHERE part > 0 GROUP BY provider, round_id, member_id;
--> statement-breakpoint
-- What each write-off took off each round: its amount laid over the corrections' debts before it, newest first.
INSERT INTO "wallet_round_debts" AS r ("provider", "round_id", "member_id", "written_off", "opened_at")
SELECT provider, round_id, member_id, sum(part), min(created_at) FROM (
  SELECT e.provider, e.round_id, e.member_id, e.created_at,
         least(e.amount, greatest(-w.amount - coalesce(sum(e.amount) OVER (PARTITION BY w.id ORDER BY e.id DESC
           ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0), 0)) AS part
  FROM wallet_debt_entries w
  JOIN wallet_debt_actions a ON a.key = w.tx_id AND a.kind = 'write_off'
  JOIN wallet_debt_entries e ON e.member_id = w.member_id AND e.id < w.id AND e.amount > 0
  WHERE w.provider = 'backoffice') x
WHERE part > 0 GROUP BY provider, round_id, member_id
ON CONFLICT ("provider", "round_id") DO UPDATE SET "written_off" = r."written_off" + excluded."written_off";
--> statement-breakpoint
-- Each change of a site's time zone (trigger sites_time_zone_log, its body in modules/sites/sql/): the
-- limits' periods count the play-day rows of every zone the site was in during the period
-- (play_period_days), so moving the zone east does not start a fresh day for a member's daily limit.
CREATE TABLE "site_time_zone_changes" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "site_id" bigint NOT NULL REFERENCES "sites"("id"),
  "old_zone" text NOT NULL,
  "new_zone" text NOT NULL,
  "changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "site_time_zone_changes_site" ON "site_time_zone_changes" USING btree ("site_id", "changed_at");
--> statement-breakpoint
CREATE FUNCTION sites_time_zone_log() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$;
--> statement-breakpoint
CREATE TRIGGER "sites_time_zone_log" AFTER UPDATE OF "settings" ON "sites"
  FOR EACH ROW EXECUTE FUNCTION sites_time_zone_log();

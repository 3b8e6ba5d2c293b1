-- Promotions (issue 36), part 2: campaigns, the bonuses granted from them, and the deposit opt-ins.
-- Bonus money itself lives in the ledger (the members' `bonus` accounts, migration 0030).
CREATE TABLE "promo_campaigns" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "name" text NOT NULL,
  "type" text NOT NULL,
  "currency" text NOT NULL,
  "code" text,
  "percent_bps" integer DEFAULT 0 NOT NULL,
  "fixed_amount" bigint DEFAULT 0 NOT NULL,
  "cap" bigint,
  "min_deposit" bigint DEFAULT 0 NOT NULL,
  "levels" integer[] DEFAULT '{}'::integer[] NOT NULL,
  "site_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
  "new_members_only" boolean DEFAULT false NOT NULL,
  "starts_at" timestamp with time zone NOT NULL,
  "ends_at" timestamp with time zone NOT NULL,
  "wagering_multiple" integer DEFAULT 0 NOT NULL,
  "wagering_base" text DEFAULT 'bonus' NOT NULL,
  "slots_bps" integer DEFAULT 10000 NOT NULL,
  "tables_bps" integer DEFAULT 1000 NOT NULL,
  "sports_bps" integer DEFAULT 10000 NOT NULL,
  "sports_min_odds_num" integer DEFAULT 3 NOT NULL,
  "sports_min_odds_den" integer DEFAULT 2 NOT NULL,
  "max_stake" bigint,
  "expiry_days" integer DEFAULT 30 NOT NULL,
  "conversion_cap" bigint,
  "stake_order" text DEFAULT 'cash_first' NOT NULL,
  "terms" jsonb DEFAULT '{}'::jsonb NOT NULL,
  "enabled" boolean DEFAULT true NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "promo_campaigns_type" CHECK ("type" in ('first_deposit', 'every_deposit', 'code', 'cashback', 'free_spins', 'level_up')),
  CONSTRAINT "promo_campaigns_currency_iso" CHECK ("currency" ~ '^[A-Z]{3}$'),
  CONSTRAINT "promo_campaigns_amounts" CHECK ("percent_bps" >= 0 and "fixed_amount" >= 0 and "min_deposit" >= 0),
  CONSTRAINT "promo_campaigns_period" CHECK ("ends_at" > "starts_at"),
  CONSTRAINT "promo_campaigns_wagering_base" CHECK ("wagering_base" in ('bonus', 'bonus_deposit')),
  CONSTRAINT "promo_campaigns_stake_order" CHECK ("stake_order" in ('cash_first', 'bonus_first')),
  CONSTRAINT "promo_campaigns_contributions" CHECK ("slots_bps" between 0 and 10000 and "tables_bps" between 0 and 10000 and "sports_bps" between 0 and 10000),
  CONSTRAINT "promo_campaigns_min_odds" CHECK ("sports_min_odds_num" > 0 and "sports_min_odds_den" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "promo_campaigns_code" ON "promo_campaigns" USING btree ("code") WHERE "promo_campaigns"."code" is not null;
--> statement-breakpoint
CREATE TABLE "promo_bonuses" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "campaign_id" bigint NOT NULL REFERENCES "promo_campaigns"("id"),
  "member_id" bigint NOT NULL REFERENCES "members"("id"),
  "grant_key" text NOT NULL,
  "deposit_request_id" bigint,
  "amount" bigint NOT NULL,
  "deposit_amount" bigint DEFAULT 0 NOT NULL,
  "wagering_required" bigint NOT NULL,
  "wagering_done" bigint DEFAULT 0 NOT NULL,
  "status" text DEFAULT 'active' NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "granted_at" timestamp with time zone DEFAULT now() NOT NULL,
  "closed_at" timestamp with time zone,
  "converted" bigint DEFAULT 0 NOT NULL,
  "returned" bigint DEFAULT 0 NOT NULL,
  CONSTRAINT "promo_bonuses_status" CHECK ("status" in ('active', 'converted', 'forfeited', 'expired')),
  CONSTRAINT "promo_bonuses_amounts" CHECK ("amount" > 0 and "wagering_required" >= 0 and "wagering_done" >= 0 and "converted" >= 0 and "returned" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "promo_bonuses_grant_key" ON "promo_bonuses" USING btree ("grant_key");
--> statement-breakpoint
CREATE UNIQUE INDEX "promo_bonuses_one_active" ON "promo_bonuses" USING btree ("member_id") WHERE "promo_bonuses"."status" = 'active';
--> statement-breakpoint
CREATE INDEX "promo_bonuses_member" ON "promo_bonuses" USING btree ("member_id", "id");
--> statement-breakpoint
CREATE INDEX "promo_bonuses_campaign" ON "promo_bonuses" USING btree ("campaign_id", "status");
--> statement-breakpoint
CREATE INDEX "promo_bonuses_expiring" ON "promo_bonuses" USING btree ("expires_at") WHERE "promo_bonuses"."status" = 'active';
--> statement-breakpoint
CREATE TABLE "promo_deposit_claims" (
  "request_id" bigint PRIMARY KEY NOT NULL,
  "campaign_id" bigint NOT NULL REFERENCES "promo_campaigns"("id"),
  "member_id" bigint NOT NULL REFERENCES "members"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE "login_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"login_id" text NOT NULL,
	"nick" text NOT NULL,
	"password_hash" text NOT NULL,
	"phone" text NOT NULL,
	"bank_name" text NOT NULL,
	"bank_owner" text NOT NULL,
	"bank_number" text NOT NULL,
	"level" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"referral_code" text NOT NULL,
	"referred_by" bigint,
	"site_id" bigint NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone,
	"last_login_ip" text,
	CONSTRAINT "members_status" CHECK ("members"."status" in ('active', 'blocked', 'self_excluded'))
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"member_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "cash_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'wait' NOT NULL,
	"client_code" text NOT NULL,
	"payment_option_id" bigint,
	"reason" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"hidden_by_member" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_requests_amount_positive" CHECK ("cash_requests"."amount" > 0),
	CONSTRAINT "cash_requests_status" CHECK ("cash_requests"."status" in ('wait', 'reg', 'already', 'cansel'))
);
--> statement-breakpoint
CREATE TABLE "payment_options" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"direction" text NOT NULL,
	"kind" text NOT NULL,
	"provider" text NOT NULL,
	"name" text NOT NULL,
	"min_amount" bigint DEFAULT 10000 NOT NULL,
	"max_amount" bigint DEFAULT 10000000 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"cash_request_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_webhook_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"session_id" text NOT NULL,
	"outcome" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"image_url" text,
	"link_url" text,
	"amount" bigint,
	"domain" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"contents" text NOT NULL,
	"domain" text DEFAULT '' NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "popups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"title_color" text DEFAULT '#ffffff' NOT NULL,
	"contents" text NOT NULL,
	"pos_x" integer DEFAULT 40 NOT NULL,
	"pos_y" integer DEFAULT 80 NOT NULL,
	"domain" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_rounds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"round_id" text NOT NULL,
	"member_id" bigint NOT NULL,
	"game_session_id" bigint NOT NULL,
	"vendor_code" text NOT NULL,
	"game_code" text NOT NULL,
	"category" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"total_bet" bigint DEFAULT 0 NOT NULL,
	"total_win" bigint DEFAULT 0 NOT NULL,
	"has_win" boolean DEFAULT false NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "game_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"provider" text NOT NULL,
	"member_id" bigint NOT NULL,
	"session_id" bigint NOT NULL,
	"vendor_code" text NOT NULL,
	"game_code" text NOT NULL,
	"category" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_vendors" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"category" text NOT NULL,
	"provider" text NOT NULL,
	"name_ko" text NOT NULL,
	"name_en" text NOT NULL,
	"used" text DEFAULT 'y' NOT NULL,
	"maintenance" boolean DEFAULT false NOT NULL,
	"img_url" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "game_vendors_category" CHECK ("game_vendors"."category" in ('casino', 'slot', 'sport'))
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"vendor_id" bigint NOT NULL,
	"code" text NOT NULL,
	"name_ko" text NOT NULL,
	"name_en" text NOT NULL,
	"img_url" text NOT NULL,
	"used" text DEFAULT 'y' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"tx_id" text NOT NULL,
	"kind" text NOT NULL,
	"round_id" text,
	"ref_tx_id" text,
	"member_id" bigint,
	"amount" bigint DEFAULT 0 NOT NULL,
	"request_hash" text NOT NULL,
	"response" jsonb,
	"rolled_back" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "note_receipts" (
	"note_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"read_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "note_receipts_note_id_member_id_pk" PRIMARY KEY("note_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"target" text NOT NULL,
	"member_id" bigint,
	"level" integer,
	"title" text NOT NULL,
	"contents" text NOT NULL,
	"sent_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notes_target_shape" CHECK (("notes"."target" = 'member' and "notes"."member_id" is not null) or ("notes"."target" = 'level' and "notes"."level" is not null) or "notes"."target" = 'all')
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint,
	"kind" text NOT NULL,
	"shard" smallint DEFAULT 0 NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_member_never_negative" CHECK ("ledger_accounts"."member_id" is null or "ledger_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"from_account_id" bigint NOT NULL,
	"to_account_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"kind" text NOT NULL,
	"reference" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reverses_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transfer_positive" CHECK ("ledger_transfers"."amount" > 0),
	CONSTRAINT "ledger_transfer_two_accounts" CHECK ("ledger_transfers"."from_account_id" <> "ledger_transfers"."to_account_id")
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"domains" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sites_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "help_tickets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint,
	"site_id" bigint NOT NULL,
	"kind" text DEFAULT 'help' NOT NULL,
	"title" text NOT NULL,
	"contents" text NOT NULL,
	"status" text DEFAULT 'wait' NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	"answered_by" text,
	"read_at" timestamp with time zone,
	"hidden_by_member" boolean DEFAULT false NOT NULL,
	"guest_name" text,
	"guest_contact" text,
	"guest_ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "help_tickets_status" CHECK ("help_tickets"."status" in ('wait', 'already'))
);
--> statement-breakpoint
CREATE TABLE "house_rounds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" text NOT NULL,
	"game_code" text NOT NULL,
	"engine" text NOT NULL,
	"stake" bigint NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"bet" jsonb NOT NULL,
	"outcome" jsonb NOT NULL,
	"seed_id" bigint NOT NULL,
	"nonce" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "house_seeds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" text NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revealed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_requests" ADD CONSTRAINT "cash_requests_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_requests" ADD CONSTRAINT "cash_requests_payment_option_id_payment_options_id_fk" FOREIGN KEY ("payment_option_id") REFERENCES "public"."payment_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_options" ADD CONSTRAINT "payment_options_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_sessions" ADD CONSTRAINT "payment_sessions_cash_request_id_cash_requests_id_fk" FOREIGN KEY ("cash_request_id") REFERENCES "public"."cash_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_vendor_id_game_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."game_vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_receipts" ADD CONSTRAINT "note_receipts_note_id_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."notes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_receipts" ADD CONSTRAINT "note_receipts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_from_account_id_ledger_accounts_id_fk" FOREIGN KEY ("from_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_to_account_id_ledger_accounts_id_fk" FOREIGN KEY ("to_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_tickets" ADD CONSTRAINT "help_tickets_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_tickets" ADD CONSTRAINT "help_tickets_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "members_login_id" ON "members" USING btree ("login_id");--> statement-breakpoint
CREATE UNIQUE INDEX "members_nick_lower" ON "members" USING btree (lower("nick"));--> statement-breakpoint
CREATE UNIQUE INDEX "members_referral_code" ON "members" USING btree ("referral_code");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_member" ON "sessions" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cash_requests_client_code" ON "cash_requests" USING btree ("member_id","kind","client_code");--> statement-breakpoint
CREATE UNIQUE INDEX "cash_requests_one_pending" ON "cash_requests" USING btree ("member_id","kind") WHERE "cash_requests"."status" in ('wait', 'reg');--> statement-breakpoint
CREATE INDEX "cash_requests_member" ON "cash_requests" USING btree ("member_id","kind","id");--> statement-breakpoint
CREATE INDEX "cash_requests_pending" ON "cash_requests" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "payment_options_site" ON "payment_options" USING btree ("site_id","direction");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_sessions_request" ON "payment_sessions" USING btree ("cash_request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_webhook_events_event" ON "payment_webhook_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "game_rounds_provider_round" ON "game_rounds" USING btree ("provider","round_id");--> statement-breakpoint
CREATE INDEX "game_rounds_member" ON "game_rounds" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "game_rounds_open" ON "game_rounds" USING btree ("opened_at") WHERE "game_rounds"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "game_sessions_token" ON "game_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "game_vendors_code" ON "game_vendors" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "games_vendor_code" ON "games" USING btree ("vendor_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_transactions_provider_tx" ON "wallet_transactions" USING btree ("provider","tx_id");--> statement-breakpoint
CREATE INDEX "notes_member" ON "notes" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "notes_level" ON "notes" USING btree ("level") WHERE "notes"."target" = 'level';--> statement-breakpoint
CREATE INDEX "notes_broadcast" ON "notes" USING btree ("created_at") WHERE "notes"."target" = 'all';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_member_kind" ON "ledger_accounts" USING btree ("member_id","kind") WHERE "ledger_accounts"."member_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_house_kind" ON "ledger_accounts" USING btree ("kind","shard") WHERE "ledger_accounts"."member_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_idempotency" ON "ledger_transfers" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "ledger_transfers_from" ON "ledger_transfers" USING btree ("from_account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_to" ON "ledger_transfers" USING btree ("to_account_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sites_one_default" ON "sites" USING btree ("is_default") WHERE "sites"."is_default";--> statement-breakpoint
CREATE INDEX "help_tickets_member" ON "help_tickets" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "help_tickets_guest_ip" ON "help_tickets" USING btree ("guest_ip","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "help_tickets_one_open_account_request" ON "help_tickets" USING btree ("member_id") WHERE "help_tickets"."kind" = 'account' and "help_tickets"."status" = 'wait';--> statement-breakpoint
CREATE INDEX "house_rounds_player" ON "house_rounds" USING btree ("player_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "house_seeds_one_active" ON "house_seeds" USING btree ("player_id") WHERE "house_seeds"."active";
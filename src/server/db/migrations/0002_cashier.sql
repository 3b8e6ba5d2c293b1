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
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "help_tickets_status" CHECK ("help_tickets"."status" in ('wait', 'already'))
);
--> statement-breakpoint
ALTER TABLE "cash_requests" ADD CONSTRAINT "cash_requests_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_requests" ADD CONSTRAINT "cash_requests_payment_option_id_payment_options_id_fk" FOREIGN KEY ("payment_option_id") REFERENCES "public"."payment_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_options" ADD CONSTRAINT "payment_options_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_sessions" ADD CONSTRAINT "payment_sessions_cash_request_id_cash_requests_id_fk" FOREIGN KEY ("cash_request_id") REFERENCES "public"."cash_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_tickets" ADD CONSTRAINT "help_tickets_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_tickets" ADD CONSTRAINT "help_tickets_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cash_requests_client_code" ON "cash_requests" USING btree ("member_id","kind","client_code");--> statement-breakpoint
CREATE UNIQUE INDEX "cash_requests_one_pending" ON "cash_requests" USING btree ("member_id","kind") WHERE "cash_requests"."status" in ('wait', 'reg');--> statement-breakpoint
CREATE INDEX "cash_requests_member" ON "cash_requests" USING btree ("member_id","kind","id");--> statement-breakpoint
CREATE INDEX "cash_requests_pending" ON "cash_requests" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "payment_options_site" ON "payment_options" USING btree ("site_id","direction");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_sessions_request" ON "payment_sessions" USING btree ("cash_request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_webhook_events_event" ON "payment_webhook_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "help_tickets_member" ON "help_tickets" USING btree ("member_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "help_tickets_one_open_account_request" ON "help_tickets" USING btree ("member_id") WHERE "help_tickets"."kind" = 'account' and "help_tickets"."status" = 'wait';
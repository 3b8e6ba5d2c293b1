-- Accounts a licensed operator can run (issue 32): an outbox for e-mail and SMS, password recovery
-- codes, member TOTP with recovery codes, and what registration now records (e-mail, date of birth,
-- the terms' version accepted).
ALTER TABLE "members" ADD COLUMN "email" text;
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "birth_date" date;
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "terms_version" text;
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "terms_accepted_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "totp_secret" text;
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "totp_pending_secret" text;
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "totp_enabled_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "totp_last_step" bigint;
--> statement-breakpoint
CREATE INDEX "members_email_lower" ON "members" USING btree (lower("email"));
--> statement-breakpoint
CREATE TABLE "member_recovery_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL REFERENCES "members"("id"),
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "member_recovery_codes_member" ON "member_recovery_codes" USING btree ("member_id");
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL REFERENCES "members"("id"),
	"code_hash" text NOT NULL,
	"channel" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_resets_channel" CHECK ("channel" in ('email', 'sms'))
);
--> statement-breakpoint
CREATE INDEX "password_resets_member" ON "password_resets" USING btree ("member_id");
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text,
	"body" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"lease_owner" text,
	"last_error" text,
	"provider_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "outbox_messages_channel" CHECK ("channel" in ('email', 'sms')),
	CONSTRAINT "outbox_messages_status" CHECK ("status" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "outbox_messages_due" ON "outbox_messages" USING btree ("next_attempt_at") WHERE "status" = 'pending';

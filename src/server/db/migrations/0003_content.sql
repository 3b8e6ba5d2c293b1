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
ALTER TABLE "help_tickets" ADD COLUMN "guest_name" text;--> statement-breakpoint
ALTER TABLE "help_tickets" ADD COLUMN "guest_contact" text;--> statement-breakpoint
ALTER TABLE "help_tickets" ADD COLUMN "guest_ip" text;--> statement-breakpoint
ALTER TABLE "note_receipts" ADD CONSTRAINT "note_receipts_note_id_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."notes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_receipts" ADD CONSTRAINT "note_receipts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notes_member" ON "notes" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "help_tickets_guest_ip" ON "help_tickets" USING btree ("guest_ip","created_at");
-- The member's money journeys (issue 31). A system note names a message key and its figures, so each
-- member reads it in the language they use; its title and contents stay as text for older front ends.
ALTER TABLE "notes" ADD COLUMN "msg_key" text;
--> statement-breakpoint
ALTER TABLE "notes" ADD COLUMN "msg_params" jsonb;
--> statement-breakpoint
-- What the live stream tells a member on screen (a deposit credited, a bet settled ...): the newest row is
-- read with each stream state. Those that last are notes as well (note_id).
CREATE TABLE "member_news" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL REFERENCES "members"("id"),
	"msg_key" text NOT NULL,
	"msg_params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"note_id" bigint REFERENCES "notes"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "member_news_member" ON "member_news" USING btree ("member_id","id");
--> statement-breakpoint
-- Payment sessions the sweep looks at: the pending ones, oldest first.
CREATE INDEX "payment_sessions_pending" ON "payment_sessions" USING btree ("created_at") WHERE "status" = 'pending';

-- Verification (KYC, issue 32): the members' identity documents, kept in the database as bytea (not on a
-- disk): every process of a scaled-out site reads the same files, a document and its row are written in
-- one transaction (a refused upload leaves nothing), backups carry them, and nothing under the web root
-- can ever serve one. The operators' new compliance role reviews them.
ALTER TABLE "operators" DROP CONSTRAINT "operators_role";
--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_role" CHECK ("role" in ('owner', 'cashier', 'support', 'content', 'trading', 'compliance'));
--> statement-breakpoint
CREATE TABLE "kyc_documents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL REFERENCES "members"("id"),
	"kind" text NOT NULL,
	"mime" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"content" bytea NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"note" text,
	"decided_by" text,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "kyc_documents_kind" CHECK ("kind" in ('identity', 'address', 'selfie')),
	CONSTRAINT "kyc_documents_status" CHECK ("status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "kyc_documents_mime" CHECK ("mime" in ('image/jpeg', 'image/png', 'image/webp', 'application/pdf')),
	CONSTRAINT "kyc_documents_size" CHECK ("size_bytes" > 0 and "size_bytes" = octet_length("content")),
	CONSTRAINT "kyc_documents_rejected_reason" CHECK ("status" <> 'rejected' or "reason" is not null)
);
--> statement-breakpoint
ALTER TABLE "kyc_documents" ALTER COLUMN "content" SET STORAGE EXTERNAL;
--> statement-breakpoint
CREATE INDEX "kyc_documents_member" ON "kyc_documents" USING btree ("member_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_documents_one_pending" ON "kyc_documents" USING btree ("member_id","kind") WHERE "status" = 'pending';
--> statement-breakpoint
CREATE INDEX "kyc_documents_queue" ON "kyc_documents" USING btree ("id") WHERE "status" = 'pending';
--> statement-breakpoint
CREATE TABLE "kyc_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL REFERENCES "members"("id"),
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"requested_by" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fulfilled_at" timestamp with time zone,
	CONSTRAINT "kyc_requests_kind" CHECK ("kind" in ('identity', 'address', 'selfie'))
);
--> statement-breakpoint
CREATE INDEX "kyc_requests_open" ON "kyc_requests" USING btree ("member_id") WHERE "fulfilled_at" is null;

-- The checksum of each file in src/server/db/functions/ as last applied: the migrator re-applies a
-- function whose file changed (or whose function is missing) after the versioned migrations.
CREATE TABLE "schema_functions" (
	"name" text PRIMARY KEY NOT NULL,
	"checksum" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);

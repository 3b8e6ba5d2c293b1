-- The lobby's "new" rail reads each game's release date; games already listed count as released long ago.
ALTER TABLE "games" ADD COLUMN "released_on" date DEFAULT CURRENT_DATE NOT NULL;
--> statement-breakpoint
UPDATE "games" SET "released_on" = DATE '2025-01-01';

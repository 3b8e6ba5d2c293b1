-- Finding a match in the sports window (docs/sportsbook.md, "The sports window"): each league's country
-- (a feed's category) for the sport → country → league navigation, each member's favourite leagues and
-- events, and the indexes the search and a league's listing read.
ALTER TABLE "sb_competitions" ADD COLUMN "country" text;
--> statement-breakpoint
CREATE TABLE "sb_favourites" (
  "player_id" text NOT NULL,
  "kind" text NOT NULL,
  "ref_id" bigint NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "sb_favourites_player_id_kind_ref_id_pk" PRIMARY KEY ("player_id", "kind", "ref_id"),
  CONSTRAINT "sb_favourites_kind" CHECK ("kind" IN ('competition', 'event'))
);
--> statement-breakpoint
-- The search by team: words of the open events' names (a prefix of any word), the open ones only, so the
-- index holds what can be bet on, not the book's whole history.
CREATE INDEX "sb_events_open_words" ON "sb_events" USING gin (to_tsvector('simple'::regconfig, coalesce("home", '') || ' ' || coalesce("away", '') || ' ' || "name")) WHERE "status" IN ('scheduled', 'live');
--> statement-breakpoint
CREATE INDEX "sb_competitions_words" ON "sb_competitions" USING gin (to_tsvector('simple'::regconfig, "name"));
--> statement-breakpoint
-- A league's open events in start order (the navigation and the search by league).
CREATE INDEX "sb_events_open_competition" ON "sb_events" USING btree ("competition_id", "starts_at", "id") WHERE "status" IN ('scheduled', 'live');

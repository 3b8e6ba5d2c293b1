-- Each member's own choice of odds format in the sports window (docs/sportsbook.md, "Odds formats");
-- a member without one sees the site's default (the book's setting oddsFormat).
CREATE TABLE "sb_player_prefs" (
  "player_id" text PRIMARY KEY NOT NULL,
  "odds_format" text NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "sb_player_prefs_odds_format" CHECK ("odds_format" IN ('decimal', 'fractional', 'american', 'hongkong', 'malay', 'indonesian'))
);

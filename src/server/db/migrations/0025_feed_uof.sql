-- The Unified Odds Feed adapter (docs/sportsbook.md, "The Unified Odds Feed").
-- What the feed last said of a market (active or not), apart from the book's own status: a feed market
-- is open only while its feed says active and its producer is up.
ALTER TABLE "sb_markets" ADD COLUMN "feed_active" boolean;
--> statement-breakpoint
-- The UOF producer feeding an event (1 live odds, 3 pre-match): when it goes down its markets are suspended.
ALTER TABLE "sb_events" ADD COLUMN "feed_producer" integer;
--> statement-breakpoint
CREATE INDEX "sb_events_feed_producer" ON "sb_events" USING btree ("feed_producer") WHERE "feed_producer" IS NOT NULL;
--> statement-breakpoint
-- Every message received, once: applied, stale (older than one applied for its event) or rejected
-- (malformed, unknown): a repeat, or a resend after a restart, finds its key and changes nothing.
CREATE TABLE "sb_uof_messages" (
	"key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"product" integer,
	"event_urn" text,
	"ts" bigint,
	"outcome" text NOT NULL,
	"detail" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sb_uof_messages_outcome" CHECK ("outcome" IN ('applied', 'stale', 'rejected'))
);
--> statement-breakpoint
CREATE INDEX "sb_uof_messages_received" ON "sb_uof_messages" USING btree ("received_at");
--> statement-breakpoint
-- Order per event: the feed timestamp of the last message applied to it; an older one is stale.
CREATE TABLE "sb_uof_event_cursor" (
	"event_urn" text PRIMARY KEY NOT NULL,
	"ts" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Each producer's health: down until a recovery it asked for ends with its snapshot_complete.
CREATE TABLE "sb_uof_producers" (
	"product" integer PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'down' NOT NULL,
	"last_alive_at" timestamp with time zone,
	"last_alive_ts" bigint,
	"recovery_request_id" bigint,
	"recovery_requested_at" timestamp with time zone,
	"down_reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sb_uof_producers_state" CHECK ("state" IN ('up', 'down', 'recovering'))
);
--> statement-breakpoint
-- The market catalogue: a UOF market id (per sport) and its specifiers as one of the book's markets.
-- line_specifier names the specifier that carries the line (total, hcp); line_style 'score' reads a
-- European handicap's "0:1" as the home side's handicap (-1). outcomes maps outcome ids to selection keys;
-- names take {home}, {away}, {line}, {+line}, {-line}.
CREATE TABLE "sb_market_catalogue" (
	"sport" text NOT NULL,
	"market_id" integer NOT NULL,
	"name" text NOT NULL,
	"book_type" text NOT NULL,
	"line_specifier" text,
	"line_style" text,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"outcomes" jsonb NOT NULL,
	CONSTRAINT "sb_market_catalogue_sport_market_id_pk" PRIMARY KEY("sport","market_id")
);
--> statement-breakpoint
INSERT INTO "sb_market_catalogue" ("sport", "market_id", "name", "book_type", "line_specifier", "line_style", "params", "outcomes") VALUES
  ('sr:sport:1', 1, 'Match result', '1x2', NULL, NULL, '{}'::jsonb, '[{"id": "1", "key": "home", "name": "{home}"}, {"id": "2", "key": "draw", "name": "Draw"}, {"id": "3", "key": "away", "name": "{away}"}]'::jsonb),
  ('sr:sport:1', 10, 'Double chance', 'double_chance', NULL, NULL, '{}'::jsonb, '[{"id": "9", "key": "1x", "name": "{home} or draw"}, {"id": "10", "key": "12", "name": "{home} or {away}"}, {"id": "11", "key": "x2", "name": "Draw or {away}"}]'::jsonb),
  ('sr:sport:1', 11, 'Draw no bet', 'moneyline', NULL, NULL, '{}'::jsonb, '[{"id": "4", "key": "home", "name": "{home}"}, {"id": "5", "key": "away", "name": "{away}"}]'::jsonb),
  ('sr:sport:1', 14, 'Handicap {line}', 'handicap_3way', 'hcp', 'score', '{}'::jsonb, '[{"id": "1711", "key": "home", "name": "{home} ({line})"}, {"id": "1712", "key": "draw", "name": "Draw ({line})"}, {"id": "1713", "key": "away", "name": "{away} ({line})"}]'::jsonb),
  ('sr:sport:1', 16, 'Asian handicap', 'handicap', 'hcp', 'decimal', '{}'::jsonb, '[{"id": "1714", "key": "home", "name": "{home} ({+line})"}, {"id": "1715", "key": "away", "name": "{away} ({-line})"}]'::jsonb),
  ('sr:sport:1', 18, 'Total goals', 'total', 'total', 'decimal', '{}'::jsonb, '[{"id": "12", "key": "over", "name": "Over {line}"}, {"id": "13", "key": "under", "name": "Under {line}"}]'::jsonb),
  ('sr:sport:1', 19, '{home} total goals', 'team_total', 'total', 'decimal', '{"team": "home"}'::jsonb, '[{"id": "12", "key": "over", "name": "Over {line}"}, {"id": "13", "key": "under", "name": "Under {line}"}]'::jsonb),
  ('sr:sport:1', 20, '{away} total goals', 'team_total', 'total', 'decimal', '{"team": "away"}'::jsonb, '[{"id": "12", "key": "over", "name": "Over {line}"}, {"id": "13", "key": "under", "name": "Under {line}"}]'::jsonb),
  ('sr:sport:1', 29, 'Both teams to score', 'btts', NULL, NULL, '{}'::jsonb, '[{"id": "74", "key": "yes", "name": "Yes"}, {"id": "76", "key": "no", "name": "No"}]'::jsonb),
  ('sr:sport:1', 45, 'Correct score', 'correct_score', NULL, NULL, '{}'::jsonb, '[{"id": "274", "key": "0-0", "name": "0:0"}, {"id": "276", "key": "1-0", "name": "1:0"}, {"id": "278", "key": "2-0", "name": "2:0"}, {"id": "280", "key": "3-0", "name": "3:0"}, {"id": "282", "key": "4-0", "name": "4:0"}, {"id": "284", "key": "0-1", "name": "0:1"}, {"id": "286", "key": "1-1", "name": "1:1"}, {"id": "288", "key": "2-1", "name": "2:1"}, {"id": "290", "key": "3-1", "name": "3:1"}, {"id": "292", "key": "4-1", "name": "4:1"}, {"id": "294", "key": "0-2", "name": "0:2"}, {"id": "296", "key": "1-2", "name": "1:2"}, {"id": "298", "key": "2-2", "name": "2:2"}, {"id": "300", "key": "3-2", "name": "3:2"}, {"id": "302", "key": "4-2", "name": "4:2"}, {"id": "304", "key": "0-3", "name": "0:3"}, {"id": "306", "key": "1-3", "name": "1:3"}, {"id": "308", "key": "2-3", "name": "2:3"}, {"id": "310", "key": "3-3", "name": "3:3"}, {"id": "312", "key": "4-3", "name": "4:3"}, {"id": "314", "key": "0-4", "name": "0:4"}, {"id": "316", "key": "1-4", "name": "1:4"}, {"id": "318", "key": "2-4", "name": "2:4"}, {"id": "320", "key": "3-4", "name": "3:4"}, {"id": "322", "key": "4-4", "name": "4:4"}, {"id": "324", "key": "other", "name": "Any other score"}]'::jsonb),
  ('sr:sport:1', 47, 'Half-time/full-time', 'ht_ft', NULL, NULL, '{}'::jsonb, '[{"id": "418", "key": "1/1", "name": "1/1"}, {"id": "420", "key": "1/x", "name": "1/X"}, {"id": "422", "key": "1/2", "name": "1/2"}, {"id": "424", "key": "x/1", "name": "X/1"}, {"id": "426", "key": "x/x", "name": "X/X"}, {"id": "428", "key": "x/2", "name": "X/2"}, {"id": "430", "key": "2/1", "name": "2/1"}, {"id": "432", "key": "2/x", "name": "2/X"}, {"id": "434", "key": "2/2", "name": "2/2"}]'::jsonb),
  ('sr:sport:1', 60, '1st half result', '1x2', NULL, NULL, '{"period": "ht"}'::jsonb, '[{"id": "1", "key": "home", "name": "{home}"}, {"id": "2", "key": "draw", "name": "Draw"}, {"id": "3", "key": "away", "name": "{away}"}]'::jsonb),
  ('sr:sport:1', 68, '1st half total goals', 'total', 'total', 'decimal', '{"period": "ht"}'::jsonb, '[{"id": "12", "key": "over", "name": "Over {line}"}, {"id": "13", "key": "under", "name": "Under {line}"}]'::jsonb),
  ('sr:sport:2', 219, 'Winner (incl. overtime)', 'moneyline', NULL, NULL, '{}'::jsonb, '[{"id": "4", "key": "home", "name": "{home}"}, {"id": "5", "key": "away", "name": "{away}"}]'::jsonb),
  ('sr:sport:2', 223, 'Handicap (incl. overtime)', 'handicap', 'hcp', 'decimal', '{}'::jsonb, '[{"id": "1714", "key": "home", "name": "{home} ({+line})"}, {"id": "1715", "key": "away", "name": "{away} ({-line})"}]'::jsonb),
  ('sr:sport:2', 225, 'Total points (incl. overtime)', 'total', 'total', 'decimal', '{}'::jsonb, '[{"id": "12", "key": "over", "name": "Over {line}"}, {"id": "13", "key": "under", "name": "Under {line}"}]'::jsonb),
  ('sr:sport:5', 186, 'Winner', 'moneyline', NULL, NULL, '{}'::jsonb, '[{"id": "4", "key": "home", "name": "{home}"}, {"id": "5", "key": "away", "name": "{away}"}]'::jsonb),
  ('sr:sport:5', 187, 'Game handicap', 'handicap', 'hcp', 'decimal', '{}'::jsonb, '[{"id": "1714", "key": "home", "name": "{home} ({+line})"}, {"id": "1715", "key": "away", "name": "{away} ({-line})"}]'::jsonb),
  ('sr:sport:5', 189, 'Total games', 'total', 'total', 'decimal', '{}'::jsonb, '[{"id": "12", "key": "over", "name": "Over {line}"}, {"id": "13", "key": "under", "name": "Under {line}"}]'::jsonb);

-- The back office's language is chosen per operator (null: the browser's choice until they pick one).
-- Notices, popups, banners and notes get their other languages as one JSON object per row,
-- {"en": {"title": …, "contents": …}, "ko": {…}}: the row's own title and text stay the site's
-- default-language version (what every existing row already is), so old readers keep working and a
-- language without its entry falls back to them.
ALTER TABLE "operators" ADD COLUMN "locale" text;
--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_locale" CHECK ("locale" in ('th', 'en', 'ko', 'jp', 'vn'));
--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "popups" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "notes" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;

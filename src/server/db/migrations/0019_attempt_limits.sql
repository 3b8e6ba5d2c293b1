-- Attempt limits move to rate-limiter-flexible's Drizzle store (src/server/modules/accounts/attempt-limits.ts):
-- one table of counters for member and operator logins, id and nick checks and guest tickets. The old
-- counters are dropped (a window's worth of failed logins is forgotten once). Guest tickets are no
-- longer counted from help_tickets, so their address index goes too.
DROP TABLE "login_throttle";
--> statement-breakpoint
CREATE TABLE "attempt_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "attempt_limits_expire" ON "attempt_limits" USING btree ("expire");
--> statement-breakpoint
DROP INDEX "help_tickets_guest_ip";

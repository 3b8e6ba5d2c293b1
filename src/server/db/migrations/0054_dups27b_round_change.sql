-- The row type of count_round_figures' changes (src/server/modules/backoffice/sql/count_round_figures.sql):
-- a round's day, member and the amounts it adds to the day's bets and wins (negative for an update's old
-- row). The insert and the update trigger gather their rounds into an array of these and share the one
-- statement that adds them to daily_figures.
CREATE TYPE round_change AS (day date, member_id bigint, bet bigint, win bigint);

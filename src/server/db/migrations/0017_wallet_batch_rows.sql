-- Row types for wallet_batch_fast's intermediate sets (src/server/db/functions): the batch's calls, the
-- bets and wins it takes and the amounts it derives travel between its statements as arrays of these
-- rows rather than as JSON, which every statement had to build, then parse field by field again.
CREATE TYPE wallet_fast_call AS (ord int, k text, p text, tx text, h text, r text, t text, a bigint, i bigint, c boolean);
--> statement-breakpoint
CREATE TYPE wallet_fast_bet AS (
  ord int, p text, tx text, h text, r text, a bigint, member bigint, game bigint, vendor text, code text,
  cat text, bps int, cash bigint, house bigint, login bigint
);
--> statement-breakpoint
CREATE TYPE wallet_fast_win AS (
  ord int, p text, tx text, h text, r text, a bigint, c boolean, member bigint, round bigint, rate int,
  cash bigint, comp bigint, house bigint, expense bigint
);
--> statement-breakpoint
-- An amount a call gives rise to: its round's comp, its stake's jackpot share (to the pool account).
CREATE TYPE wallet_fast_amount AS (ord int, amount bigint, account bigint);

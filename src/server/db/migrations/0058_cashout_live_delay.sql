-- A cash-out of a bet with a leg in play waits the book's bet delay, as a live bet does: the first accept
-- of its offer records when it was asked for, and the accept after the delay is refused if a leg's score
-- changed or its market was suspended meanwhile (cashout.service.ts).
ALTER TABLE "sb_cashout_offers" ADD COLUMN "requested_at" timestamp with time zone;

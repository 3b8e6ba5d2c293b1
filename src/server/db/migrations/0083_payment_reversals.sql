-- A payment provider's reversal or chargeback of a deposit we already credited (payments/deposit-reversal.ts):
-- the credited amount is taken back from the member's cash as a new transfer (`deposit-reversal:<request
-- id>`, kind deposit_reversal), what the cash no longer holds becomes the member's debt (wallet_debts), and
-- the deposit's bonus still running is forfeited. One row per deposit, written in the transaction that
-- moves the money: what was taken, what is owed, the provider's event, the bonus forfeited. The payment
-- session's status becomes 'reversed'.
CREATE TABLE "payment_reversals" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "session_id" text NOT NULL,
  "cash_request_id" bigint NOT NULL,
  "member_id" bigint NOT NULL,
  "provider" text NOT NULL,
  "event_id" text NOT NULL,
  "amount" bigint NOT NULL,
  "taken" bigint NOT NULL,
  "owed" bigint NOT NULL,
  "bonus_id" bigint,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "payment_reversals_parts" CHECK ("taken" >= 0 and "owed" >= 0 and "taken" + "owed" = "amount" and "amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "payment_reversals" ADD CONSTRAINT "payment_reversals_session_id_payment_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."payment_sessions"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payment_reversals" ADD CONSTRAINT "payment_reversals_cash_request_id_cash_requests_id_fk" FOREIGN KEY ("cash_request_id") REFERENCES "public"."cash_requests"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_reversals_request" ON "payment_reversals" USING btree ("cash_request_id");
--> statement-breakpoint
CREATE INDEX "payment_reversals_member" ON "payment_reversals" USING btree ("member_id", "id");

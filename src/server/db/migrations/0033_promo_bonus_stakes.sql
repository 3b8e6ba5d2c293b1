-- Promotions (issue 36), part 4: staking bonus money. Each bet that took bonus money records how much,
-- so its win pays the same share back to the bonus and its rollback refunds it there.
CREATE TABLE "promo_bet_stakes" (
  "provider" text NOT NULL,
  "tx_id" text NOT NULL,
  "round_id" text NOT NULL,
  "bonus_id" bigint NOT NULL REFERENCES "promo_bonuses"("id"),
  "member_id" bigint NOT NULL REFERENCES "members"("id"),
  "amount" bigint NOT NULL,
  "from_bonus" bigint NOT NULL,
  "rolled_back" boolean DEFAULT false NOT NULL,
  CONSTRAINT "promo_bet_stakes_pk" PRIMARY KEY ("provider", "tx_id"),
  CONSTRAINT "promo_bet_stakes_amounts" CHECK ("from_bonus" > 0 and "from_bonus" <= "amount")
);
--> statement-breakpoint
CREATE INDEX "promo_bet_stakes_round" ON "promo_bet_stakes" USING btree ("provider", "round_id");
--> statement-breakpoint
ALTER TABLE "promo_bonuses" ADD COLUMN "stake_order" text DEFAULT 'cash_first' NOT NULL;
--> statement-breakpoint
ALTER TABLE "promo_bonuses" ADD CONSTRAINT "promo_bonuses_stake_order" CHECK ("stake_order" in ('cash_first', 'bonus_first'));

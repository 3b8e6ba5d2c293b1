-- What a feed said about a market the desk settled, where it differs from the desk's result: the desk's
-- word stands (no bet moves), and the trader is shown this until they act on the market or dismiss it
-- (providers/sports/feed-disagreement.ts). Null while the feed agrees or has said nothing.
ALTER TABLE "sb_markets" ADD COLUMN "feed_disagrees" jsonb;

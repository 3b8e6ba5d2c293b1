-- A note to a level or to everyone reaches the members of one site (its brand, currency and VIP
-- levels), or of every site where site_id is NULL (the notes sent before this column). Without it a
-- brand's message (a new deposit account) reached the other brand's members too.
ALTER TABLE "notes" ADD COLUMN "site_id" bigint REFERENCES "sites"("id");

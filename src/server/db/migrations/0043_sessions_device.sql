-- The duplicate-person check at a welcome bonus (promo_person_matches) finds other members' sessions
-- from the same device and address: without this index each grant read every session ever opened.
CREATE INDEX "sessions_device" ON "sessions" ("ip", "user_agent");

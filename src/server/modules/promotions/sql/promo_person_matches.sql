-- The other members who already had a welcome bonus and share something with p_member (issue 36, one
-- welcome bonus per person): the bank account number (without dashes), the phone, or a device and
-- address (a session's user agent and IP, both known). Each member and reason once. The bank number
-- and the phone are found through their indexes (members_bank_number_prefix, members_phone_prefix), the
-- device through sessions_device (ip, user_agent);
-- whether the other had the welcome bonus through its grant key (welcome:<member>).
CREATE OR REPLACE FUNCTION promo_person_matches(p_member bigint)
RETURNS TABLE (other_member_id bigint, reason text)
LANGUAGE sql STABLE AS $$
  WITH me AS (SELECT replace(bank_number, '-', '') AS bank, phone FROM members WHERE id = p_member),
  found AS (
    SELECT m.id, 'bank' AS reason FROM me JOIN members m ON replace(m.bank_number, '-', '') = me.bank
    WHERE me.bank <> ''
    UNION
    SELECT m.id, 'phone' FROM me JOIN members m ON m.phone = me.phone WHERE me.phone <> ''
    UNION
    SELECT o.member_id, 'device' FROM sessions s JOIN sessions o ON o.user_agent = s.user_agent AND o.ip = s.ip
    WHERE s.member_id = p_member AND s.user_agent IS NOT NULL AND s.ip IS NOT NULL
  )
  SELECT f.id, f.reason FROM found f
  WHERE f.id <> p_member
    AND EXISTS (SELECT 1 FROM promo_bonuses b WHERE b.grant_key = 'welcome:' || f.id)
$$;

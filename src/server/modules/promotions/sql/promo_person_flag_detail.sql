-- What a duplicate-person flag matched, for the operator who reviews it (issue 36): the bank account
-- number or the phone the two members share, or the device and address (a user agent and IP seen in
-- sessions of both). Null when it no longer matches (a member changed it since).
CREATE OR REPLACE FUNCTION promo_person_flag_detail(p_member bigint, p_other bigint, p_reason text)
RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE p_reason
    WHEN 'bank' THEN (SELECT m.bank_number FROM members m JOIN members o ON o.id = p_other
                      WHERE m.id = p_member AND replace(o.bank_number, '-', '') = replace(m.bank_number, '-', ''))
    WHEN 'phone' THEN (SELECT m.phone FROM members m JOIN members o ON o.id = p_other
                       WHERE m.id = p_member AND o.phone = m.phone)
    ELSE (SELECT s.user_agent || ' · ' || s.ip FROM sessions s
          JOIN sessions o ON o.member_id = p_other AND o.user_agent = s.user_agent AND o.ip = s.ip
          WHERE s.member_id = p_member ORDER BY s.id DESC LIMIT 1)
  END
$$;

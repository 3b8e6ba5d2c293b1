-- The dashboard's new members per day (daily_figures, migration 0015), counted as they register.
CREATE OR REPLACE FUNCTION count_member_figures() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO daily_figures AS f (figure, day, bucket, amount)
  SELECT 'new_members', n.created_at::date, (n.id % 64)::smallint, count(*)
  FROM new_members n GROUP BY 2, 3 ORDER BY 3, 2
  ON CONFLICT (figure, day, bucket) DO UPDATE SET amount = f.amount + excluded.amount;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER members_count_figures
AFTER INSERT ON members REFERENCING NEW TABLE AS new_members
FOR EACH STATEMENT EXECUTE FUNCTION count_member_figures();

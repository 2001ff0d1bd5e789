-- Notes on a member ('member-notes'; routes/member-notes.ts): short notes the team writes on a member's profile. The
-- author's name is copied at write time (no foreign key: a deleted admin's notes still read). A profile's page is
-- read from one index in its order: pinned first, then newest first.
CREATE TABLE member_notes (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  author_id text,
  author_name text NOT NULL DEFAULT '',
  text text NOT NULL,
  pinned boolean NOT NULL DEFAULT false,
  created_at timestamptz(3) NOT NULL
);
CREATE INDEX member_notes_page ON member_notes (user_id, pinned DESC, created_at DESC, id DESC);
INSERT INTO activity_actions (action) VALUES ('note');

-- The work dashboard ('work-dashboard'; routes/dashboard.ts): members created and chat reports made per day (UTC,
-- YYYY-MM-DD), kept by statement-level triggers, so that 30 days' figures are 60 rows on the primary key rather than
-- a count of every member who joined in them.
CREATE TABLE day_counts (
  series text NOT NULL CHECK (series IN ('members', 'reports')),
  day text NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (series, day)
);
CREATE FUNCTION count_member_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM day_counts WHERE series = 'members';
    RETURN NULL;
  END IF;
  -- Only what moved: an edit that keeps the role and the creation time writes no count.
  INSERT INTO day_counts AS c (series, day, n)
  SELECT 'members', day, sum(delta) FROM (
    SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, 1 AS delta FROM new_rows WHERE role = 'user'
    UNION ALL
    SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), -1 FROM old_rows WHERE role = 'user'
  ) moves
  GROUP BY day HAVING sum(delta) <> 0 ORDER BY day
  ON CONFLICT (series, day) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END
$$;
-- An insert or a delete has one transition table only: each has a function of its own.
CREATE FUNCTION count_member_days_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO day_counts AS c (series, day, n)
  SELECT 'members', to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), count(*) FROM new_rows
  WHERE role = 'user' GROUP BY 2 ORDER BY 2
  ON CONFLICT (series, day) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END
$$;
CREATE FUNCTION count_member_days_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE day_counts c SET n = c.n - gone.n
  FROM (
    SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*) AS n FROM old_rows
    WHERE role = 'user' GROUP BY 1
  ) gone
  WHERE c.series = 'members' AND c.day = gone.day;
  RETURN NULL;
END
$$;
CREATE TRIGGER users_days_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_member_days_insert();
CREATE TRIGGER users_days_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_member_days();
CREATE TRIGGER users_days_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_member_days_delete();
CREATE TRIGGER users_days_truncate AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION count_member_days();

-- A report's creation time never changes: its day is counted as it is made and uncounted as it is deleted.
CREATE FUNCTION count_report_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM day_counts WHERE series = 'reports';
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO day_counts AS c (series, day, n)
    SELECT 'reports', to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), count(*) FROM new_rows GROUP BY 2 ORDER BY 2
    ON CONFLICT (series, day) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    UPDATE day_counts c SET n = c.n - gone.n
    FROM (SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*) AS n FROM old_rows GROUP BY 1) gone
    WHERE c.series = 'reports' AND c.day = gone.day;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER chat_reports_days_insert AFTER INSERT ON chat_reports REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_report_days();
CREATE TRIGGER chat_reports_days_delete AFTER DELETE ON chat_reports REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_report_days();
CREATE TRIGGER chat_reports_days_truncate AFTER TRUNCATE ON chat_reports
  FOR EACH STATEMENT EXECUTE FUNCTION count_report_days();

-- What is there already, counted once.
INSERT INTO day_counts (series, day, n)
SELECT 'members', to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), count(*) FROM users WHERE role = 'user'
GROUP BY 2;
INSERT INTO day_counts (series, day, n)
SELECT 'reports', to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), count(*) FROM chat_reports GROUP BY 2;

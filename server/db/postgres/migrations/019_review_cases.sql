-- Review cases and priorities ('review-cases', 'review-priorities'; server/services/review-cases.ts). Every Open chat
-- report on a member gathers in ONE case item (kind 'case'); a report opened on a member with an open case joins it;
-- the case's age is its oldest Open report's, and it is done once no Open report is left in it. Each item has a
-- priority level, picked by rules per kind and per policy (a Report Element), and a target time; once done, its
-- handling time and whether the target was met. Triggers keep it all in step, so every write path (the case decide,
-- restrict() closing reports, a chat report's case PATCH, an import) moves cases alike.

-- ----- Levels and rules

-- A level: rank 1 is worked first; an item's target is its age plus the level's minutes. The unique ranks and names
-- are checked at commit, so that an Owner's new order is written in any order.
CREATE TABLE review_levels (
  id text PRIMARY KEY,
  name text NOT NULL CONSTRAINT review_levels_name UNIQUE DEFERRABLE INITIALLY DEFERRED,
  rank integer NOT NULL CHECK (rank >= 1) CONSTRAINT review_levels_rank UNIQUE DEFERRABLE INITIALLY DEFERRED,
  target_minutes integer NOT NULL CHECK (target_minutes >= 1)
);
INSERT INTO review_levels (id, name, rank, target_minutes) VALUES
  ('0000000000000000000000c1', 'Critical', 1, 60),
  ('0000000000000000000000c2', 'High', 2, 1440),
  ('0000000000000000000000c3', 'Normal', 3, 4320),
  ('0000000000000000000000c4', 'Low', 4, 10080);

-- A rule: the items of `kind` get `level_id`; with a policy, only a case holding an Open report whose message is that
-- Report Element's message ('Underage user'). A case takes the highest of its rules' levels.
CREATE TABLE review_rules (
  id text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('case', 'appeal', 'contact')),
  policy_id text REFERENCES report_elements (id) ON DELETE CASCADE,
  level_id text NOT NULL REFERENCES review_levels (id)
);
CREATE UNIQUE INDEX review_rules_kind ON review_rules (kind) WHERE policy_id IS NULL;
CREATE UNIQUE INDEX review_rules_policy ON review_rules (kind, policy_id) WHERE policy_id IS NOT NULL;
CREATE INDEX review_rules_level ON review_rules (level_id);
INSERT INTO review_rules (id, kind, policy_id, level_id) VALUES
  ('0000000000000000000000d1', 'appeal', NULL, '0000000000000000000000c2'),
  ('0000000000000000000000d2', 'case', NULL, '0000000000000000000000c3'),
  ('0000000000000000000000d3', 'contact', NULL, '0000000000000000000000c3');

-- Child safety first: a policy about minors or children (the seed's 'Underage user') makes a case Critical, for the
-- Report Elements there are and for those added later (an Owner may change or remove the rule).
CREATE FUNCTION review_child_safety_rule() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO review_rules (id, kind, policy_id, level_id)
  SELECT review_item_id(), 'case', n.id, l.id
  FROM new_rows n, (SELECT id FROM review_levels ORDER BY rank LIMIT 1) l
  WHERE n.message ~* '(under ?age|minor|child)'
  ON CONFLICT (kind, policy_id) WHERE policy_id IS NOT NULL DO NOTHING;
  RETURN NULL;
END
$$;
CREATE TRIGGER report_elements_child_safety AFTER INSERT ON report_elements REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION review_child_safety_rule();
INSERT INTO review_rules (id, kind, policy_id, level_id)
SELECT review_item_id(), 'case', id, '0000000000000000000000c1' FROM report_elements
WHERE message ~* '(under ?age|minor|child)';

-- A Report Element looked up by its message, as a report's policy is.
CREATE INDEX report_elements_message ON report_elements (lower(message));

-- ----- Items: kind 'case', level, target, handling

ALTER TABLE review_items DROP CONSTRAINT review_items_kind;
ALTER TABLE review_items ADD CONSTRAINT review_items_kind CHECK (kind IN ('chat-report', 'appeal', 'case'));
ALTER TABLE review_items
  -- No foreign key action but SET NULL: a level removed leaves its done items without one.
  ADD COLUMN level_id text REFERENCES review_levels (id) ON DELETE SET NULL,
  -- The level's rank, copied so that the queue's order (rank, then age) is one index.
  ADD COLUMN level_rank integer,
  ADD COLUMN target_at timestamptz(3),
  -- Who decided a done item (no foreign key: a deleted admin reads as a bare id).
  ADD COLUMN decided_by text,
  ADD COLUMN handling_seconds bigint
    GENERATED ALWAYS AS (CASE WHEN state = 'done' THEN floor(extract(epoch FROM done_at - created_at))::bigint END)
    STORED,
  ADD COLUMN target_met boolean GENERATED ALWAYS AS (CASE WHEN state = 'done' THEN done_at <= target_at END) STORED;

-- A case's id is its own ref (UNIQUE (kind, ref_id) stays as it is for the other kinds); ONE open case per member.
CREATE UNIQUE INDEX review_items_open_case ON review_items (subject_id)
  WHERE kind = 'case' AND state <> 'done' AND subject_id IS NOT NULL;

-- An item's level: given (an escalation, a case's refresh), else its kind's rule; its rank and target follow it.
CREATE FUNCTION review_items_level() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  minutes integer;
BEGIN
  IF NEW.level_id IS NULL AND TG_OP = 'INSERT' THEN
    SELECT level_id INTO NEW.level_id FROM review_rules
    WHERE kind = CASE WHEN NEW.kind = 'chat-report' THEN 'case' ELSE NEW.kind END AND policy_id IS NULL;
  END IF;
  IF NEW.level_id IS NOT NULL
    AND (TG_OP = 'INSERT' OR NEW.level_id IS DISTINCT FROM OLD.level_id OR NEW.created_at <> OLD.created_at) THEN
    SELECT rank, target_minutes INTO NEW.level_rank, minutes FROM review_levels WHERE id = NEW.level_id;
    NEW.target_at := NEW.created_at + make_interval(mins => minutes);
  END IF;
  -- An appeal is decided by its own route (migration 015's trigger closes its item): who decided it, and when.
  IF TG_OP = 'UPDATE' AND NEW.kind = 'appeal' AND NEW.state = 'done' AND OLD.state <> 'done' THEN
    SELECT coalesce(NEW.decided_by, decided_by), coalesce(decided_at, NEW.done_at) INTO NEW.decided_by, NEW.done_at
    FROM appeals WHERE id = NEW.ref_id;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER review_items_level BEFORE INSERT OR UPDATE ON review_items
  FOR EACH ROW EXECUTE FUNCTION review_items_level();

-- An Owner's new rank or target minutes reach the items not done at that level.
CREATE FUNCTION review_levels_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE review_items SET level_rank = NEW.rank, target_at = created_at + make_interval(mins => NEW.target_minutes)
  WHERE level_id = NEW.id AND state <> 'done';
  RETURN NULL;
END
$$;
CREATE TRIGGER review_levels_items AFTER UPDATE OF rank, target_minutes ON review_levels
  FOR EACH ROW EXECUTE FUNCTION review_levels_items();

-- The queue's order, rank then age: the items not done, the open ones (claim-next), per kind, per state, per
-- assignee; the level's open items (a rank change); the done ones by when (stats); those not done by target (overdue).
DROP INDEX review_items_created;
DROP INDEX review_items_pending;
DROP INDEX review_items_open;
DROP INDEX review_items_kind_open;
DROP INDEX review_items_state;
DROP INDEX review_items_kind_state;
DROP INDEX review_items_assignee;
DROP INDEX review_items_unassigned;
CREATE INDEX review_items_pending ON review_items (level_rank, created_at, id) WHERE state <> 'done';
-- The dashboard's items not done by age (db/dashboard.ts recentReviewItems).
CREATE INDEX review_items_pending_age ON review_items (created_at) WHERE state <> 'done';
CREATE INDEX review_items_open ON review_items (level_rank, created_at, id) WHERE state = 'open';
CREATE INDEX review_items_kind_open ON review_items (kind, level_rank, created_at, id) WHERE state = 'open';
CREATE INDEX review_items_kind_pending ON review_items (kind, level_rank, created_at, id) WHERE state <> 'done';
CREATE INDEX review_items_state ON review_items (state, level_rank, created_at, id);
CREATE INDEX review_items_kind_state ON review_items (kind, state, level_rank, created_at, id);
CREATE INDEX review_items_assignee ON review_items (assignee_id, state, level_rank, created_at, id)
  WHERE assignee_id IS NOT NULL;
CREATE INDEX review_items_level ON review_items (level_id) WHERE state <> 'done';
CREATE INDEX review_items_done ON review_items (done_at) WHERE state = 'done';
CREATE INDEX review_items_due ON review_items (target_at) WHERE state <> 'done';

-- ----- Reports and contact messages in cases

ALTER TABLE chat_reports ADD COLUMN case_id text REFERENCES review_items (id) ON DELETE SET NULL;
CREATE INDEX chat_reports_case ON chat_reports (case_id, created_at, id) WHERE case_id IS NOT NULL;
-- A Contact Us message escalated to the review queue ('contact-status'): the case it joined.
ALTER TABLE contacts ADD COLUMN case_id text REFERENCES review_items (id) ON DELETE SET NULL;
CREATE INDEX contacts_case ON contacts (case_id, created_at, id) WHERE case_id IS NOT NULL;

-- The open cases `ids` after their reports changed: a case with reports but none Open is done (by whoever decided
-- its last report, when); one with neither reports nor contact messages is gone; the others take their oldest Open
-- report's (or message's) age and the highest of their level and their rules' (a policy's, the kind's for reports
-- and for contact messages).
-- Every look-up by index, as in review_case_for below.
CREATE FUNCTION review_refresh_cases(ids text[]) RETURNS void LANGUAGE plpgsql
SET enable_seqscan = off AS $$
BEGIN
  IF cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  DELETE FROM review_items c WHERE c.id IN (SELECT unnest(ids)) AND c.kind = 'case'
    AND NOT EXISTS (SELECT 1 FROM chat_reports r WHERE r.case_id = c.id)
    AND NOT EXISTS (SELECT 1 FROM contacts m WHERE m.case_id = c.id);
  UPDATE review_items c
  SET state = 'done', done_at = coalesce(d.handled_at, now()), decided_by = coalesce(c.decided_by, d.handled_by)
  FROM review_items c0
  LEFT JOIN LATERAL (
    SELECT r.handled_at, r.handled_by FROM chat_reports r WHERE r.case_id = c0.id AND r.handled_at IS NOT NULL
    ORDER BY r.handled_at DESC LIMIT 1
  ) d ON true
  WHERE c.id = c0.id AND c0.id IN (SELECT unnest(ids)) AND c0.kind = 'case' AND c0.state <> 'done'
    AND EXISTS (SELECT 1 FROM chat_reports r WHERE r.case_id = c0.id)
    AND NOT EXISTS (SELECT 1 FROM chat_reports r WHERE r.case_id = c0.id AND r.status = 'Open');
  UPDATE review_items c SET created_at = x.oldest, level_id = x.level_id
  FROM review_items c0
  CROSS JOIN LATERAL (
    SELECT coalesce(least(
      (SELECT min(r.created_at) FROM chat_reports r WHERE r.case_id = c0.id AND r.status = 'Open'),
      (SELECT min(m.created_at) FROM contacts m WHERE m.case_id = c0.id)
    ), c0.created_at) AS oldest,
    (SELECT l.id FROM review_levels l
     WHERE l.id = c0.level_id
       OR l.id IN (SELECT u.level_id FROM review_rules u WHERE u.kind = 'case' AND u.policy_id IS NULL
         AND EXISTS (SELECT 1 FROM chat_reports r WHERE r.case_id = c0.id AND r.status = 'Open'))
       OR l.id IN (SELECT u.level_id FROM review_rules u WHERE u.kind = 'contact' AND u.policy_id IS NULL
         AND EXISTS (SELECT 1 FROM contacts m WHERE m.case_id = c0.id))
       OR l.id IN (
         SELECT u.level_id FROM chat_reports r
         JOIN report_elements e ON lower(e.message) = lower(r.message)
         JOIN review_rules u ON u.kind = 'case' AND u.policy_id = e.id
         WHERE r.case_id = c0.id AND r.status = 'Open')
     ORDER BY l.rank LIMIT 1) AS level_id
  ) x
  WHERE c.id = c0.id AND c0.id IN (SELECT unnest(ids)) AND c0.kind = 'case' AND c0.state <> 'done'
    AND (c.created_at, c.level_id) IS DISTINCT FROM (x.oldest, x.level_id);
END
$$;

-- The open case an Open report joins: its member's, opened for them when they have none (two writers opening one at
-- once: the unique index makes the second wait, then join the first's); a report on no member is a case of its own.
-- Its look-ups go by index whatever the planner's statistics say: a bulk insert into an empty queue would otherwise
-- keep a plan made for an empty table, and read the whole queue once per report.
CREATE FUNCTION review_case_for(reported text, created timestamptz) RETURNS text LANGUAGE plpgsql
SET enable_seqscan = off AS $$
DECLARE
  hit text;
BEGIN
  IF reported IS NOT NULL THEN
    SELECT id INTO hit FROM review_items WHERE kind = 'case' AND subject_id = reported AND state <> 'done';
    IF hit IS NOT NULL THEN
      RETURN hit;
    END IF;
  END IF;
  hit := review_item_id();
  INSERT INTO review_items (id, kind, ref_id, subject_id, created_at) VALUES (hit, 'case', hit, reported, created)
  ON CONFLICT (subject_id) WHERE kind = 'case' AND state <> 'done' AND subject_id IS NOT NULL DO NOTHING;
  IF NOT FOUND THEN
    SELECT id INTO hit FROM review_items WHERE kind = 'case' AND subject_id = reported AND state <> 'done';
  END IF;
  RETURN hit;
END
$$;

-- Chat reports' cases. Before each row is written, an Open report (new, opened again, or moved to another member)
-- takes its case, so that no second write of the report is needed; a report that leaves Open keeps its case (the
-- case page shows it). A report moved to no member (theirs deleted) stays in its case.
CREATE FUNCTION chat_reports_case() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'Open' AND (TG_OP = 'INSERT' OR OLD.status <> 'Open'
      OR (NEW.reported_id IS NOT NULL AND NEW.reported_id IS DISTINCT FROM OLD.reported_id)
      OR NEW.case_id IS NULL) THEN
    NEW.case_id := review_case_for(NEW.reported_id, NEW.created_at);
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER chat_reports_case BEFORE INSERT OR UPDATE OF status, reported_id, case_id ON chat_reports
  FOR EACH ROW EXECUTE FUNCTION chat_reports_case();

-- After a statement, the cases its reports were and are in take their state, age and level (review_refresh_cases).
CREATE OR REPLACE FUNCTION chat_reports_review() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM review_refresh_cases(ARRAY(SELECT DISTINCT case_id FROM new_rows WHERE case_id IS NOT NULL));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM review_refresh_cases(ARRAY(SELECT DISTINCT case_id FROM old_rows WHERE case_id IS NOT NULL));
  ELSE
    PERFORM review_refresh_cases(ARRAY(
      SELECT case_id FROM new_rows WHERE case_id IS NOT NULL
      UNION SELECT case_id FROM old_rows WHERE case_id IS NOT NULL));
  END IF;
  RETURN NULL;
END
$$;

-- ----- What there is: open 'chat-report' items become cases, claims kept; every item gets its level

CREATE TEMPORARY TABLE review_claims ON COMMIT DROP AS
SELECT DISTINCT ON (subject_id) subject_id, assignee_id, claimed_at FROM review_items
WHERE kind = 'chat-report' AND state = 'claimed' AND subject_id IS NOT NULL
ORDER BY subject_id, claimed_at, id;
DELETE FROM review_items WHERE kind = 'chat-report' AND state <> 'done';
UPDATE chat_reports SET case_id = review_case_for(reported_id, created_at) WHERE status = 'Open';
UPDATE review_items c SET state = 'claimed', assignee_id = k.assignee_id, claimed_at = k.claimed_at
FROM review_claims k
WHERE c.kind = 'case' AND c.state = 'open' AND c.subject_id = k.subject_id;
UPDATE review_items i SET level_id = u.level_id
FROM review_rules u
WHERE i.level_id IS NULL AND u.policy_id IS NULL AND u.kind = CASE WHEN i.kind = 'chat-report' THEN 'case' ELSE i.kind END;

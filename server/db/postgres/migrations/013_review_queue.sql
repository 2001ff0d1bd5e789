-- The review queue ('review-queue'; server/routes/review-queue.ts): one row per thing to review, oldest first, claimed
-- by one admin at a time. Its sources keep their items in step by triggers, so every write path (the case route, an
-- import, a bulk insert) opens and closes items alike. A later kind extends review_items_kind's CHECK.
CREATE TABLE review_items (
  id text PRIMARY KEY,
  kind text NOT NULL CONSTRAINT review_items_kind CHECK (kind IN ('chat-report')),
  -- The source's id (a chat report's), unique per kind.
  ref_id text NOT NULL,
  -- The member the item is about (a report's reported member); null once they are deleted.
  subject_id text REFERENCES users (id) ON DELETE SET NULL,
  state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'claimed', 'done')),
  -- No foreign key: a deleted admin reads as a bare id, as a case's handled_by does.
  assignee_id text,
  claimed_at timestamptz(3),
  -- The source's creation time: the item's age, and the queue's order.
  created_at timestamptz(3) NOT NULL,
  done_at timestamptz(3),
  UNIQUE (kind, ref_id),
  CHECK ((state = 'claimed') = (assignee_id IS NOT NULL AND claimed_at IS NOT NULL) OR state = 'done')
);
-- The queue oldest first: every item, the items not done, the open ones (claim-next's next item: an index of its own,
-- so that the claimed items at the queue's head are not stepped over), by state, by kind and state, and by assignee.
CREATE INDEX review_items_created ON review_items (created_at, id);
CREATE INDEX review_items_pending ON review_items (created_at, id) WHERE state <> 'done';
CREATE INDEX review_items_open ON review_items (created_at, id) WHERE state = 'open';
CREATE INDEX review_items_kind_open ON review_items (kind, created_at, id) WHERE state = 'open';
CREATE INDEX review_items_state ON review_items (state, created_at, id);
CREATE INDEX review_items_kind_state ON review_items (kind, state, created_at, id);
CREATE INDEX review_items_assignee ON review_items (assignee_id, state, created_at, id) WHERE assignee_id IS NOT NULL;
CREATE INDEX review_items_unassigned ON review_items (state, created_at, id) WHERE assignee_id IS NULL;
CREATE INDEX review_items_subject ON review_items (subject_id);

-- The items per kind and state, kept by statement-level triggers: the menu's count and the list's totals read here.
CREATE TABLE review_counts (
  kind text NOT NULL,
  state text NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (kind, state)
);
CREATE FUNCTION count_review_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO review_counts AS c (kind, state, n)
    SELECT kind, state, count(*) FROM new_rows GROUP BY kind, state ORDER BY kind, state
    ON CONFLICT (kind, state) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO review_counts AS c (kind, state, n)
    SELECT kind, state, -count(*) FROM old_rows GROUP BY kind, state ORDER BY kind, state
    ON CONFLICT (kind, state) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO review_counts AS c (kind, state, n)
    SELECT kind, state, sum(delta) FROM (
      SELECT kind, state, 1 AS delta FROM new_rows
      UNION ALL SELECT kind, state, -1 FROM old_rows
    ) d GROUP BY kind, state HAVING sum(delta) <> 0 ORDER BY kind, state
    ON CONFLICT (kind, state) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER review_items_count_insert AFTER INSERT ON review_items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_review_items();
CREATE TRIGGER review_items_count_update AFTER UPDATE ON review_items REFERENCING OLD TABLE AS old_rows
  NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_review_items();
CREATE TRIGGER review_items_count_delete AFTER DELETE ON review_items REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_review_items();

-- An item's id, shaped as the API's other ids (24 hex digits: the time, then random).
CREATE FUNCTION review_item_id() RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT lpad(to_hex(floor(extract(epoch FROM clock_timestamp()))::bigint), 8, '0')
    || substr(md5(random()::text || clock_timestamp()::text), 1, 16)
$$;

-- Chat reports: an Open report is an open item; a decided one (Actioned, Dismissed) closes it; one opened again is
-- an open item again, unclaimed; a deleted report takes its item with it.
CREATE FUNCTION chat_reports_review() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO review_items (id, kind, ref_id, subject_id, created_at)
    SELECT review_item_id(), 'chat-report', id, reported_id, created_at FROM new_rows WHERE status = 'Open'
    ORDER BY created_at, id;
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM review_items r USING old_rows o WHERE r.kind = 'chat-report' AND r.ref_id = o.id;
  ELSE
    UPDATE review_items r
    SET state = 'done', done_at = now(), subject_id = n.reported_id
    FROM new_rows n JOIN old_rows o USING (id)
    WHERE r.kind = 'chat-report' AND r.ref_id = n.id AND n.status <> 'Open' AND r.state <> 'done';
    UPDATE review_items r
    SET state = 'open', assignee_id = NULL, claimed_at = NULL, done_at = NULL, subject_id = n.reported_id
    FROM new_rows n JOIN old_rows o USING (id)
    WHERE r.kind = 'chat-report' AND r.ref_id = n.id AND n.status = 'Open' AND r.state = 'done';
    UPDATE review_items r SET subject_id = n.reported_id
    FROM new_rows n JOIN old_rows o USING (id)
    WHERE r.kind = 'chat-report' AND r.ref_id = n.id AND r.subject_id IS DISTINCT FROM n.reported_id;
    INSERT INTO review_items (id, kind, ref_id, subject_id, created_at)
    SELECT review_item_id(), 'chat-report', n.id, n.reported_id, n.created_at
    FROM new_rows n JOIN old_rows o USING (id)
    WHERE n.status = 'Open' AND o.status <> 'Open'
    ON CONFLICT (kind, ref_id) DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER chat_reports_review_insert AFTER INSERT ON chat_reports REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION chat_reports_review();
CREATE TRIGGER chat_reports_review_update AFTER UPDATE ON chat_reports REFERENCING OLD TABLE AS old_rows
  NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION chat_reports_review();
CREATE TRIGGER chat_reports_review_delete AFTER DELETE ON chat_reports REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION chat_reports_review();

-- The reports open now are the queue's first items; a decided report was never one.
INSERT INTO review_items (id, kind, ref_id, subject_id, created_at)
SELECT review_item_id(), 'chat-report', id, reported_id, created_at FROM chat_reports WHERE status = 'Open'
ORDER BY created_at, id;

-- The activity log names a claim of an item and its release.
INSERT INTO activity_actions (action) VALUES ('claim'), ('release');

-- Contact Us messages' status ('contact-status'; server/routes/contact-us.ts): Open until an admin marks one Handled,
-- with who did and when (no foreign key: a deleted admin reads as a bare id, as a chat report case's handled_by does).
-- Existing messages are Open. A message escalated to the review queue keeps its status; contacts.case_id (migration
-- 019) names the case it joined.
ALTER TABLE contacts
  ADD COLUMN status text NOT NULL DEFAULT 'Open' CONSTRAINT contacts_status CHECK (status IN ('Open', 'Handled')),
  ADD COLUMN handled_by text,
  ADD COLUMN handled_at timestamptz(3);

-- The list filtered by status, in each of its orders (newest first by default, or by title or e-mail with
-- 'list-sort'): a page is read from the index, whatever the table's size.
CREATE INDEX contacts_status_created ON contacts (status, created_at DESC, id DESC);
CREATE INDEX contacts_status_title ON contacts (status, lower(title), id);
CREATE INDEX contacts_status_email ON contacts (status, lower(email), id);

-- The list's count per status, as chat reports' is: the count triggers (migration 001) count contacts per status
-- too, and an update that changes a status moves one row between the counts.
DROP TRIGGER contacts_count_insert ON contacts;
DROP TRIGGER contacts_count_delete ON contacts;
CREATE TRIGGER contacts_count_insert AFTER INSERT ON contacts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_rows('status');
CREATE TRIGGER contacts_count_delete AFTER DELETE ON contacts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_rows('status');
CREATE TRIGGER contacts_count_update AFTER UPDATE ON contacts REFERENCING OLD TABLE AS old_rows
  NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_rows('status');
INSERT INTO row_counts (table_name, value, n)
SELECT 'contacts', status, count(*) FROM contacts GROUP BY status
ON CONFLICT (table_name, value) DO UPDATE SET n = excluded.n;

-- What an admin did with a message, in the activity log: its status changed, or it escalated to the review queue.
INSERT INTO activity_actions (action) VALUES ('contact-status'), ('contact-escalate') ON CONFLICT DO NOTHING;

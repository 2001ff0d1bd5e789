-- One incident, one restriction ('restrictions'): a member has at most one restriction in force, and a chat report
-- closed under a restriction links to it.

-- A member with more than one in force (none should have: a new one has always ended the open ones) keeps the newest.
UPDATE restrictions r SET ended_at = newer.created_at, ended_reason = 'replaced'
FROM restrictions newer
WHERE r.ended_at IS NULL AND newer.ended_at IS NULL AND newer.user_id = r.user_id
  AND (newer.created_at, newer.id) > (r.created_at, r.id)
  AND NOT EXISTS (
    SELECT 1 FROM restrictions newest
    WHERE newest.ended_at IS NULL AND newest.user_id = r.user_id
      AND (newest.created_at, newest.id) > (newer.created_at, newer.id)
  );
CREATE UNIQUE INDEX restrictions_in_force ON restrictions (user_id) WHERE ended_at IS NULL;

-- The restriction a report was Actioned under (restricting its member, or marking it under the one in force).
ALTER TABLE chat_reports ADD COLUMN restriction_id text REFERENCES restrictions (id) ON DELETE SET NULL;
CREATE INDEX chat_reports_restriction ON chat_reports (restriction_id) WHERE restriction_id IS NOT NULL;
-- A member's Open reports, newest first (the restriction dialog's list, and the reports a restriction closes).
CREATE INDEX chat_reports_reported_open ON chat_reports (reported_id, created_at DESC, id DESC) WHERE status = 'Open';

-- Admin accounts ('admins'; server/routes/admins.ts). An admin is active (signs in), disabled (cannot sign in; their
-- sessions were ended) or invited (no password yet: their invitation's link sets it). Members stay 'active'.
ALTER TABLE users ADD COLUMN admin_status text NOT NULL DEFAULT 'active'
  CHECK (admin_status IN ('active', 'disabled', 'invited'));
ALTER TABLE users ADD CONSTRAINT users_admin_status_only_admins CHECK (role = 'admin' OR admin_status = 'active');
-- Who invited the admin and when (null for the first admin and those made before invitations).
ALTER TABLE users ADD COLUMN invited_by text REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE users ADD COLUMN invited_at timestamptz(3);
-- Set by each sign-in, so the admins list reads it with the row rather than from every admin's sessions.
ALTER TABLE users ADD COLUMN last_sign_in_at timestamptz(3);
UPDATE users u SET last_sign_in_at = (SELECT max(s.created_at) FROM admin_sessions s WHERE s.admin_id = u.id)
  WHERE u.role = 'admin';

-- An invitation's mail goes out by the durable mail queue, to the invited admin; it is no mail to members, so the
-- Send Mail list leaves it out. Its body holds the link: the mail is deleted once the invitation is used or replaced.
ALTER TABLE mails ADD COLUMN kind text NOT NULL DEFAULT 'member' CHECK (kind IN ('member', 'invitation'));
CREATE INDEX mails_invitations ON mails (id) WHERE kind = 'invitation';

-- One row per invitation link: only the token's SHA-256 is kept. A link is open until it expires (72 h), is used,
-- or is replaced by a new invitation of the same admin.
CREATE TABLE admin_invitations (
  token_hash text PRIMARY KEY,
  admin_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  invited_by text REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz(3) NOT NULL,
  expires_at timestamptz(3) NOT NULL,
  ended_at timestamptz(3),
  ended_reason text CHECK (ended_reason IN ('used', 'replaced')),
  mail_id text REFERENCES mails (id) ON DELETE SET NULL,
  CHECK ((ended_at IS NULL) = (ended_reason IS NULL))
);
CREATE INDEX admin_invitations_open ON admin_invitations (admin_id) WHERE ended_at IS NULL;

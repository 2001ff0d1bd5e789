-- Admin sessions (server/lib/auth.ts, server/db/sessions.ts): one row per sign-in, whose id the token carries (sid).
-- Every admin call reads its row by the primary key; last_seen_at is written at most once a minute per session.
-- A session is live while ended_at is null, it has been used within the idle timeout and it is younger than TOKEN_TTL.
CREATE TABLE admin_sessions (
  -- 128 random bits, base64url.
  id text PRIMARY KEY,
  admin_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz(3) NOT NULL,
  last_seen_at timestamptz(3) NOT NULL,
  ended_at timestamptz(3),
  ended_reason text CHECK (ended_reason IN ('sign-out', 'ended', 'others-ended', 'password', 'expired')),
  -- The client's address and user agent at sign-in, as the sessions list shows them.
  ip text NOT NULL DEFAULT '',
  user_agent text NOT NULL DEFAULT '',
  CHECK ((ended_at IS NULL) = (ended_reason IS NULL))
);
-- An admin's sessions not yet ended, newest first: the sessions list, End all others, the expiry sweep at sign-in.
CREATE INDEX admin_sessions_open ON admin_sessions (admin_id, created_at DESC, id DESC) WHERE ended_at IS NULL;

-- The activity log names sign-ins, refused sign-ins, sign-outs and ended sessions. Every existing row passed the
-- narrower check.
ALTER TABLE activity DROP CONSTRAINT activity_action_check;
ALTER TABLE activity ADD CONSTRAINT activity_action_check CHECK (action IN
  ('create', 'update', 'delete', 'activate', 'deactivate', 'send', 'test-send', 'password', 'case',
   'sign-in', 'sign-in-failed', 'sign-out', 'session-end'));

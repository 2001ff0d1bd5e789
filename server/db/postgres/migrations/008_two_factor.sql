-- Two-factor sign-in (server/lib/two-factor.ts, server/db/two-factor.ts): each admin's TOTP secret (RFC 6238), pending
-- while being set up and enabled once a code confirms it; ten single-use recovery codes, stored as SHA-256 digests;
-- the challenges that carry a sign-in from the password to the code; and whether every admin must use it.
CREATE TABLE admin_two_factor (
  admin_id text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  -- Base32. The server computes codes from it, so it is kept as it is (as the JWT secret is).
  secret text,
  enabled_at timestamptz(3),
  -- A set-up under way: confirmed by a code, it becomes `secret`.
  pending_secret text,
  -- The time step (30 s) of the last code taken: a code is taken once, and never one older than the last.
  last_step bigint NOT NULL DEFAULT 0,
  CHECK ((secret IS NULL) = (enabled_at IS NULL))
);

CREATE TABLE admin_recovery_codes (
  admin_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz(3),
  PRIMARY KEY (admin_id, code_hash)
);

-- Between a right password and the code: 32 random bytes given to the client, kept as their SHA-256 digest.
CREATE TABLE sign_in_challenges (
  id_hash text PRIMARY KEY,
  admin_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- 'code': the admin has two-factor and types a code; 'enrol': it is required and the admin sets it up first.
  kind text NOT NULL CHECK (kind IN ('code', 'enrol')),
  created_at timestamptz(3) NOT NULL,
  expires_at timestamptz(3) NOT NULL,
  used_at timestamptz(3)
);
CREATE INDEX sign_in_challenges_expiry ON sign_in_challenges (expires_at);

-- The installation's security settings: one row. Two-factor is required on a new installation (no admin yet when
-- this step runs; the first start then applies TWO_FACTOR_REQUIRED), and left to each admin on an existing one.
CREATE TABLE security_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  two_factor_required boolean NOT NULL
);
INSERT INTO security_settings (two_factor_required)
SELECT NOT EXISTS (SELECT 1 FROM users WHERE role = 'admin');

-- A two-factor change ends the admin's other sessions.
ALTER TABLE admin_sessions DROP CONSTRAINT admin_sessions_ended_reason_check;
ALTER TABLE admin_sessions ADD CONSTRAINT admin_sessions_ended_reason_check CHECK (ended_reason IN
  ('sign-out', 'ended', 'others-ended', 'password', 'expired', 'two-factor'));

-- The activity log names two-factor changes. Every existing row passed the narrower check.
ALTER TABLE activity DROP CONSTRAINT activity_action_check;
ALTER TABLE activity ADD CONSTRAINT activity_action_check CHECK (action IN
  ('create', 'update', 'delete', 'activate', 'deactivate', 'send', 'test-send', 'password', 'case',
   'sign-in', 'sign-in-failed', 'sign-out', 'session-end', 'export', 'two-factor'));

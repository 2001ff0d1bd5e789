-- Step-up ('step-up'): when the session's admin last proved who they are (the password at sign-in, or again when a
-- call asked for it). What cannot be undone or exposes every member asks again once this is over 5 minutes old.
ALTER TABLE admin_sessions ADD COLUMN verified_at timestamptz(3);
UPDATE admin_sessions SET verified_at = created_at;
ALTER TABLE admin_sessions ALTER COLUMN verified_at SET NOT NULL;

-- The activity log names a confirmation (action 'step-up'), and the actions of roles and two-factor sign-in.
-- Every existing row passed the narrower check.
ALTER TABLE activity DROP CONSTRAINT activity_action_check;
ALTER TABLE activity ADD CONSTRAINT activity_action_check CHECK (action IN
  ('create', 'update', 'delete', 'activate', 'deactivate', 'send', 'test-send', 'password', 'case',
   'sign-in', 'sign-in-failed', 'sign-out', 'session-end', 'export', 'refused', 'role', 'two-factor', 'step-up'));

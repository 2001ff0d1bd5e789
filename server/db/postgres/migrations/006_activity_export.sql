-- The activity log names users exports (action 'export', record type 'user-list'), logged as each starts. Every
-- existing row passed the narrower check.
ALTER TABLE activity DROP CONSTRAINT activity_action_check;
ALTER TABLE activity ADD CONSTRAINT activity_action_check CHECK (action IN
  ('create', 'update', 'delete', 'activate', 'deactivate', 'send', 'test-send', 'password', 'case',
   'sign-in', 'sign-in-failed', 'sign-out', 'session-end', 'export'));

-- Admin roles (contract/roles.ts): each admin has one, which the session check reads with the session on every call.
-- Members have none. An admin without one (a row copied by an import before it is given one) may do nothing.
ALTER TABLE users ADD COLUMN admin_role text
  CHECK (admin_role IN ('owner', 'moderator', 'support', 'editor'));
ALTER TABLE users ADD CONSTRAINT users_admin_role_only_admins CHECK (role = 'admin' OR admin_role IS NULL);
-- Until now every admin could do everything.
UPDATE users SET admin_role = 'owner' WHERE role = 'admin';

-- The activity log names refused calls ('refused') and role changes ('role'). Every existing row passed the
-- narrower check.
ALTER TABLE activity DROP CONSTRAINT activity_action_check;
ALTER TABLE activity ADD CONSTRAINT activity_action_check CHECK (action IN
  ('create', 'update', 'delete', 'activate', 'deactivate', 'send', 'test-send', 'password', 'case',
   'sign-in', 'sign-in-failed', 'sign-out', 'session-end', 'export', 'refused', 'role'));

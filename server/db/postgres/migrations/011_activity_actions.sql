-- The actions the activity log may name are rows of a table instead of one CHECK listing them all, so that a feature
-- adds its actions with an INSERT of its own rather than rewriting one list every feature shares.
CREATE TABLE activity_actions (action text PRIMARY KEY);
INSERT INTO activity_actions (action) VALUES
  ('create'), ('update'), ('delete'), ('activate'), ('deactivate'), ('send'), ('test-send'), ('password'), ('case'),
  ('sign-in'), ('sign-in-failed'), ('sign-out'), ('session-end'), ('export'), ('refused'), ('role'), ('two-factor'),
  ('step-up');
ALTER TABLE activity DROP CONSTRAINT activity_action_check;
ALTER TABLE activity ADD CONSTRAINT activity_action_known FOREIGN KEY (action) REFERENCES activity_actions (action);

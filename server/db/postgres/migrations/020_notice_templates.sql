-- Notice templates ('notice-templates'; routes/notice-templates.ts): the warnings and notices a moderator sends a
-- member, each for one policy (a Report Element) or, with no policy, for any. An Owner writes them; the subject and
-- body name placeholders ({{member_name}}, contract/notice-templates.ts) that are filled before a message is sent. A
-- deleted policy leaves its templates for any policy. Who last changed a template is kept by id and by name (no
-- foreign key: a deleted admin still reads).
CREATE TABLE notice_templates (
  id text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('warning', 'notice')),
  policy_id text REFERENCES report_elements (id) ON DELETE SET NULL,
  name text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  created_at timestamptz(3) NOT NULL,
  updated_at timestamptz(3) NOT NULL,
  updated_by text,
  updated_by_name text NOT NULL DEFAULT ''
);
-- The list's order and its filters: by kind, then policy, then name.
CREATE INDEX notice_templates_list ON notice_templates (kind, policy_id, lower(name), id);
CREATE INDEX notice_templates_policy ON notice_templates (policy_id);

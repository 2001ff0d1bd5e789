-- Restrictions ('restrictions'; server/lib/restrictions.ts). A Report Element is a policy a restriction cites; its
-- explanation is what the member reads of it in the statement of reasons.
ALTER TABLE report_elements ADD COLUMN explanation text NOT NULL DEFAULT '';

INSERT INTO activity_actions (action) VALUES ('restrict'), ('restriction-end');

-- A statement of reasons goes out by the durable mail queue, to the restricted member; the Send Mail list leaves it
-- out, as it does invitations.
ALTER TABLE mails DROP CONSTRAINT mails_kind_check;
ALTER TABLE mails ADD CONSTRAINT mails_kind_check CHECK (kind IN ('member', 'invitation', 'restriction'));
CREATE INDEX mails_not_member ON mails (id) WHERE kind <> 'member';

-- One row per restriction, with its statement of reasons as mailed (or withheld). The policy's name and explanation
-- are copied: the statement says what the member was told, whatever the catalogue says later. The e-mail is the
-- member's at the time, so an appeal finds the restriction by address and reference even once the account is gone.
CREATE TABLE restrictions (
  id text PRIMARY KEY,
  reference text NOT NULL UNIQUE,
  user_id text REFERENCES users (id) ON DELETE SET NULL,
  email text NOT NULL,
  admin_id text REFERENCES users (id) ON DELETE SET NULL,
  policy_id text REFERENCES report_elements (id) ON DELETE SET NULL,
  policy_name text NOT NULL,
  policy_explanation text NOT NULL,
  facts text NOT NULL,
  created_at timestamptz(3) NOT NULL,
  -- Null: permanent.
  ends_at timestamptz(3),
  ended_at timestamptz(3),
  -- 'expired': its time was up (the sweep); 'reactivated': an admin activated the member; 'replaced': a newer one.
  ended_reason text CHECK (ended_reason IN ('expired', 'reactivated', 'replaced')),
  -- Null: the statement was mailed; otherwise why an admin withheld it.
  withheld_reason text,
  mail_id text REFERENCES mails (id) ON DELETE SET NULL,
  statement text NOT NULL,
  CHECK ((ended_at IS NULL) = (ended_reason IS NULL))
);
-- The sweep's: the open suspensions by their end.
CREATE INDEX restrictions_due ON restrictions (ends_at) WHERE ended_at IS NULL AND ends_at IS NOT NULL;
-- A member's strikes (restrictions since a day) and open restrictions.
CREATE INDEX restrictions_user ON restrictions (user_id, created_at);
-- An appeal's look-up: the address and the reference (unique above).
CREATE INDEX restrictions_email ON restrictions (lower(email));

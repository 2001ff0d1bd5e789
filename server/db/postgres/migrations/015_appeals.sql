-- Appeals ('appeals'; routes/appeals.ts): a restricted member asks on the public page /appeal, with their address and
-- the statement's reference, for the restriction to be reviewed; a mailed link confirms the request and opens the
-- appeal; an admin other than the one who restricted upholds or reverses it.

-- One appeal per restriction: a second request while the first is unconfirmed renews its statement and link; once
-- confirmed, the restriction's appeal is that one. The link's token is kept as its SHA-256 digest only.
CREATE TABLE appeals (
  id text PRIMARY KEY,
  restriction_id text NOT NULL UNIQUE REFERENCES restrictions (id) ON DELETE CASCADE,
  -- The member; null once their account is deleted.
  user_id text REFERENCES users (id) ON DELETE SET NULL,
  email text NOT NULL,
  statement text NOT NULL,
  state text NOT NULL DEFAULT 'unconfirmed' CHECK (state IN ('unconfirmed', 'open', 'upheld', 'reversed')),
  token_hash text UNIQUE,
  token_expires_at timestamptz(3),
  created_at timestamptz(3) NOT NULL,
  confirmed_at timestamptz(3),
  -- No foreign key: a deleted admin reads as a bare id and the name kept here.
  decided_by text,
  decided_by_name text,
  decided_at timestamptz(3),
  note text,
  CHECK ((state = 'unconfirmed') = (confirmed_at IS NULL)),
  CHECK ((state IN ('upheld', 'reversed')) = (decided_at IS NOT NULL AND decided_by IS NOT NULL AND note IS NOT NULL))
);
CREATE INDEX appeals_user ON appeals (user_id);

-- A reversed appeal ends its restriction.
ALTER TABLE restrictions DROP CONSTRAINT restrictions_ended_reason_check;
ALTER TABLE restrictions ADD CONSTRAINT restrictions_ended_reason_check
  CHECK (ended_reason IN ('expired', 'reactivated', 'replaced', 'reversed'));

-- The confirmation link and the decision go to the member by the durable mail queue; no mail list shows them.
ALTER TABLE mails DROP CONSTRAINT mails_kind_check;
ALTER TABLE mails ADD CONSTRAINT mails_kind_check CHECK (kind IN ('member', 'invitation', 'restriction', 'appeal'));

-- The review queue's second kind: an open appeal is an open item, a decided one closes it, a deleted one takes it away.
ALTER TABLE review_items DROP CONSTRAINT review_items_kind;
ALTER TABLE review_items ADD CONSTRAINT review_items_kind CHECK (kind IN ('chat-report', 'appeal'));

CREATE FUNCTION appeals_review() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM review_items WHERE kind = 'appeal' AND ref_id = OLD.id;
    RETURN NULL;
  END IF;
  IF NEW.state = 'open' THEN
    INSERT INTO review_items (id, kind, ref_id, subject_id, created_at)
    VALUES (review_item_id(), 'appeal', NEW.id, NEW.user_id, NEW.confirmed_at)
    ON CONFLICT (kind, ref_id) DO NOTHING;
  ELSIF NEW.state IN ('upheld', 'reversed') THEN
    UPDATE review_items SET state = 'done', done_at = now()
    WHERE kind = 'appeal' AND ref_id = NEW.id AND state <> 'done';
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id THEN
    UPDATE review_items SET subject_id = NEW.user_id WHERE kind = 'appeal' AND ref_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER appeals_review AFTER INSERT OR UPDATE OR DELETE ON appeals
  FOR EACH ROW EXECUTE FUNCTION appeals_review();

-- The activity log: an appeal opened (by the member: no admin), upheld, or reversed.
INSERT INTO activity_actions (action) VALUES ('appeal'), ('appeal-uphold'), ('appeal-reverse');

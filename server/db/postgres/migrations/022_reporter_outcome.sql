-- The reporter told ('reporter-outcome'; DSA Art. 16(5), DECISIONS "Trust and safety"): when a chat report is
-- decided, its reporter is mailed the outcome and the redress open to them (contract/reporter-outcome.ts), never the
-- decision's private facts. A trigger on chat_reports records the decision in an outbox in the deciding transaction,
-- whichever path decided (a case's PATCH, a restriction closing the member's reports, a case of the review queue, an
-- import's UPDATE); the mail queue's workers turn outbox rows into queued mails (server/lib/reporter-outcome.ts), each
-- row and its mail in one transaction, rows claimed FOR UPDATE SKIP LOCKED: one mail per row, whatever crashes.

-- One row per decided report that has a reporter. `outcome` is the report's latest decision; `told` the outcome its
-- reporter was last mailed (null: none yet); `pending` whether a mail is still to be queued. A report decided again
-- with the outcome its reporter was told (reopened, then Actioned again) mails nothing; with another outcome (Actioned
-- then Dismissed) mails the new one, once. A deleted reporter takes their rows along (no mail to anyone); a deleted
-- report too.
CREATE TABLE reporter_outcomes (
  report_id text PRIMARY KEY REFERENCES chat_reports (id) ON DELETE CASCADE,
  reporter_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  outcome text NOT NULL CHECK (outcome IN ('Actioned', 'Dismissed')),
  decided_at timestamptz(3) NOT NULL,
  pending boolean NOT NULL,
  told text CHECK (told IN ('Actioned', 'Dismissed')),
  told_at timestamptz(3),
  -- The mail of the last outcome told; null when the reporter had no address to mail.
  mail_id text REFERENCES mails (id) ON DELETE SET NULL
);
-- The workers' claim: the pending rows, oldest decision first.
CREATE INDEX reporter_outcomes_pending ON reporter_outcomes (decided_at, report_id) WHERE pending;
-- A deleted reporter's rows (the cascade).
CREATE INDEX reporter_outcomes_reporter ON reporter_outcomes (reporter_id);
CREATE INDEX reporter_outcomes_mail ON reporter_outcomes (mail_id) WHERE mail_id IS NOT NULL;

-- A report moving to a decided status it did not have (Open → Actioned, Open → Dismissed, Actioned → Dismissed, …)
-- is a decision. Inserted reports are not: an import's or a seed's decided reports were told, or not, elsewhere.
-- Every server process's mail worker is woken once the decision commits (db/mail.ts MAIL_CHANNEL).
CREATE FUNCTION chat_reports_reporter_outcome() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  decided bigint;
BEGIN
  INSERT INTO reporter_outcomes AS r (report_id, reporter_id, outcome, decided_at, pending)
  SELECT n.id, n.reporter_id, n.status, now(), true
  FROM new_rows n JOIN old_rows o USING (id)
  WHERE n.status <> 'Open' AND n.status <> o.status AND n.reporter_id IS NOT NULL
  ORDER BY n.id
  ON CONFLICT (report_id) DO UPDATE
    SET outcome = excluded.outcome, decided_at = excluded.decided_at, pending = r.told IS DISTINCT FROM excluded.outcome;
  GET DIAGNOSTICS decided = ROW_COUNT;
  IF decided > 0 THEN
    PERFORM pg_notify('console_mail', NULL);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER chat_reports_reporter_outcome AFTER UPDATE ON chat_reports REFERENCING OLD TABLE AS old_rows
  NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION chat_reports_reporter_outcome();

-- The mails of kind 'reporter-outcome', which no mail list shows. The kinds allowed so far are kept, whichever
-- migration added them: the check is extended, not written out again.
DO $$
DECLARE
  allowed text;
BEGIN
  SELECT pg_get_constraintdef(oid) INTO allowed FROM pg_constraint
  WHERE conrelid = 'mails'::regclass AND conname = 'mails_kind_check';
  IF allowed NOT LIKE '%''reporter-outcome''%' THEN
    EXECUTE 'ALTER TABLE mails DROP CONSTRAINT mails_kind_check, ADD CONSTRAINT mails_kind_check '
      || regexp_replace(allowed, 'ARRAY\[', 'ARRAY[''reporter-outcome''::text, ');
  END IF;
END
$$;

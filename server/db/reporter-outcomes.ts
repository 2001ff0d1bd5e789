import type { ReporterOutcome } from '../../contract/reporter-outcome';
import type { Db } from './postgres/db';

/**
 * The reporter told ('reporter-outcome'; migration 022): the outbox of decided chat reports that the trigger
 * `chat_reports_reporter_outcome` fills in the deciding transaction, and the mails the workers make of it
 * (lib/reporter-outcome.ts).
 */

export type PendingOutcome = {
  reportId: string;
  reporterId: string;
  outcome: ReporterOutcome;
  decidedAt: string;
  reportedAt: string;
  name: string;
  email: string;
};

/**
 * Up to `limit` outcomes still to mail, oldest decision first, claimed for the caller's transaction: each row under
 * its lock and its reporter's key-share lock, rows another worker holds (or whose reporter is being deleted) skipped,
 * not waited for. A worker that dies before committing leaves them pending.
 */
export function claimPendingOutcomes(tx: Db, limit: number): Promise<PendingOutcome[]> {
  return tx.many<PendingOutcome>(
    `SELECT o.report_id AS "reportId", o.reporter_id AS "reporterId", o.outcome, o.decided_at AS "decidedAt",
       r.created_at AS "reportedAt", u.name, u.email
     FROM reporter_outcomes o
     JOIN chat_reports r ON r.id = o.report_id
     JOIN users u ON u.id = o.reporter_id
     WHERE o.pending
     ORDER BY o.decided_at, o.report_id
     LIMIT $1
     FOR UPDATE OF o SKIP LOCKED
     FOR KEY SHARE OF u SKIP LOCKED`,
    [limit],
  );
}

/**
 * The claimed outcomes' mails, stored as the mail queue stores a mail to chosen users (kind 'reporter-outcome',
 * one delivery each, due at `dueAt`), and each outcome marked told with its mail; an outcome with `mailId` null
 * (no address to mail) is marked told without one. One statement each, in the caller's transaction: mails, then
 * their deliveries, then the outbox (SHARED_ROW_ORDER: records, deliveries, then the mail's counters).
 */
export async function storeOutcomeMails(
  tx: Db,
  told: readonly {
    reportId: string;
    reporterId: string;
    outcome: ReporterOutcome;
    mail: { id: string; title: string; body: string } | null;
  }[],
  { dueAt, stamp }: { dueAt: number; stamp: string },
): Promise<void> {
  const mailed = told.filter((row) => row.mail);
  if (mailed.length) {
    await tx.run(
      `INSERT INTO mails (id, title, body, all_users, recipient_count, created_at, updated_at, kind)
       SELECT id, title, body, false, 1, $4, $4, 'reporter-outcome'
       FROM unnest($1::text[], $2::text[], $3::text[]) AS m (id, title, body)`,
      [
        mailed.map((row) => row.mail!.id),
        mailed.map((row) => row.mail!.title),
        mailed.map((row) => row.mail!.body),
        stamp,
      ],
    );
    await tx.run(
      `INSERT INTO mail_deliveries (mail_id, user_id, due_at)
       SELECT mail_id, user_id, $3 FROM unnest($1::text[], $2::text[]) AS d (mail_id, user_id)`,
      [mailed.map((row) => row.mail!.id), mailed.map((row) => row.reporterId), dueAt],
    );
  }
  await tx.run(
    `UPDATE reporter_outcomes o SET pending = false, told = t.outcome, told_at = $4, mail_id = t.mail_id
     FROM unnest($1::text[], $2::text[], $3::text[]) AS t (report_id, outcome, mail_id)
     WHERE o.report_id = t.report_id`,
    [
      told.map((row) => row.reportId),
      told.map((row) => row.outcome),
      told.map((row) => row.mail?.id ?? null),
      stamp,
    ],
  );
}

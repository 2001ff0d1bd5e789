import type { MemberSet } from './members';
import type { Db } from './postgres/db';
import { countedRows } from './row-counts';

/** Sent mail (routes/mail.ts) and its deliveries, as the mail queue (lib/mail-queue.ts) works through them. */

/**
 * A mail to members (Send Mail), an admin's invitation (routes/admins.ts), or a member's statement of reasons
 * (lib/restrictions.ts), or an appeal's confirmation link or outcome (routes/appeals.ts), or a reporter told what
 * became of their report (lib/reporter-outcome.ts, which stores it itself); no mail list shows the last four.
 */
export type MailKind = 'member' | 'invitation' | 'restriction' | 'appeal' | 'reporter-outcome';

export type MailRow = {
  id: string;
  title: string;
  body: string;
  all_users: boolean;
  recipient_count: number;
  sent_count: number;
  failed_count: number;
  expand_after: number | null;
  expand_until: number | null;
  created_at: string;
};

const mailColumns = `id, title, body, all_users, recipient_count, sent_count, failed_count, expand_after,
  expand_until, created_at`;

export function findMail(db: Db, id: string): Promise<MailRow | undefined> {
  return db.maybeOne<MailRow>(`SELECT ${mailColumns} FROM mails WHERE id = $1 AND kind = 'member'`, [id]);
}

export type DeliveryState = 'queued' | 'sent' | 'failed';

const recipientColumns = 'u.id AS _id, u.name, u.surname, u.email';
const deliveryColumns = `${recipientColumns}, COALESCE(m.state, 'queued') AS state, COALESCE(m.attempts, 0) AS attempts,
  m.error, m.updated_at AS "updatedAt"`;

/**
 * A mail's recipients as a member set (db/members.ts): its delivery rows, plus the All Users still to be expanded
 * into rows; with `state`, those in that state only. Each is id, name, surname and e-mail, and with `deliveries` the
 * delivery's state, attempts, error and time.
 */
export function mailRecipients(
  mail: MailRow,
  { state, deliveries = false }: { state?: DeliveryState; deliveries?: boolean } = {},
): MemberSet {
  const counts = {
    sent: mail.sent_count,
    failed: mail.failed_count,
    queued: mail.recipient_count - mail.sent_count - mail.failed_count,
  };
  const unexpanded = mail.expand_after !== null && state !== 'sent' && state !== 'failed';
  return {
    table: 'mail_deliveries',
    ownerColumn: 'mail_id',
    owner: mail.id,
    columns: deliveries ? deliveryColumns : recipientColumns,
    implicit: unexpanded
      ? {
          sql: 'u.enabled AND u.rowid > $1 AND u.rowid <= $2',
          params: [mail.expand_after!, mail.expand_until!],
        }
      : undefined,
    filter: state
      ? {
          sql: state === 'queued' ? "(m.state = 'queued' OR m.user_id IS NULL)" : 'm.state = $1',
          params: state === 'queued' ? [] : [state],
        }
      : undefined,
    expected: state ? counts[state] : mail.recipient_count,
  };
}

/** A page of mails in `order`, and how many there are. */
export async function pageOfMails(
  db: Db,
  order: string,
  { limit, offset }: { limit: number; offset: number },
) {
  const rows = await db.many<MailRow>(
    `SELECT ${mailColumns} FROM mails WHERE kind = 'member' ORDER BY ${order} LIMIT $1 OFFSET $2`,
    [limit, offset],
  );
  // The kept count holds every mail; the invitations and statements of reasons are counted apart, on their index.
  const [all, { n: others }] = await Promise.all([
    countedRows(db, 'mails'),
    db.one<{ n: number }>("SELECT count(*) AS n FROM mails WHERE kind <> 'member'"),
  ]);
  return { rows, count: all - others };
}

/** The address of the admin who asks for a test send. */
export async function emailOf(db: Db, userId: string): Promise<string | undefined> {
  return (await db.maybeOne<{ email: string }>('SELECT email FROM users WHERE id = $1', [userId]))?.email;
}

// ----- Storing a mail

/**
 * All Users as the mail is stored: how many enabled users there are (from the kept counts), and the highest rowid,
 * which bounds the audience (users created later are not in it).
 */
export async function allUsersAudience(db: Db): Promise<{ n: number; bound: number }> {
  const { n } = await db.one<{ n: number }>(
    "SELECT coalesce(sum(n), 0)::bigint AS n FROM user_counts WHERE role = 'user' AND enabled",
  );
  const { bound } = await db.one<{ bound: number | null }>('SELECT max(rowid) AS bound FROM users');
  return { n, bound: bound ?? 0 };
}

export async function insertMail(
  db: Db,
  mail: {
    id: string;
    title: string;
    body: string;
    allUsers: boolean;
    recipientCount: number;
    expandAfter: number | null;
    expandUntil: number | null;
    stamp: string;
    kind?: MailKind;
  },
): Promise<void> {
  await db.run(
    `INSERT INTO mails (id, title, body, all_users, recipient_count, expand_after, expand_until, created_at,
       updated_at, kind)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9)`,
    [
      mail.id,
      mail.title,
      mail.body,
      mail.allUsers,
      mail.recipientCount,
      mail.expandAfter,
      mail.expandUntil,
      mail.stamp,
      mail.kind ?? 'member',
    ],
  );
}

/**
 * One delivery per chosen user (per chosen admin for an invitation), due at `dueAt`, in one statement; the first id
 * (in the list's order) that names no such user, or undefined when every one did.
 */
export async function insertChosenDeliveries(
  db: Db,
  mailId: string,
  userIds: readonly string[],
  dueAt: number,
  kind: MailKind = 'member',
): Promise<string | undefined> {
  const inserted = await db.many<{ user_id: string }>(
    `INSERT INTO mail_deliveries (mail_id, user_id, due_at)
     SELECT $1, id, $2 FROM users WHERE id = ANY($3::text[]) AND role = $4
     RETURNING user_id`,
    [mailId, dueAt, userIds, kind === 'invitation' ? 'admin' : 'user'],
  );
  if (inserted.length === userIds.length) return undefined;
  const found = new Set(inserted.map((row) => row.user_id));
  return userIds.find((id) => !found.has(id));
}

// ----- The worker: expanding All Users

/**
 * One batch of the oldest All Users audience still to expand, in the caller's transaction: the mail's row is locked
 * (another worker expanding at the same time takes the next mail, or none), up to `batch` users after its cursor
 * become deliveries, and the cursor moves on, or is cleared with the audience counted once the last batch is in.
 * False when no audience waits.
 */
export async function expandAllUsers(tx: Db, batch: number, dueAt: number): Promise<boolean> {
  const mail = await tx.maybeOne<{ id: string; after: number; until: number }>(
    `SELECT id, expand_after AS after, expand_until AS until FROM mails WHERE expand_after IS NOT NULL
     ORDER BY rowid LIMIT 1 FOR UPDATE SKIP LOCKED`,
  );
  if (!mail) return false;
  const { last, n } = await tx.one<{ last: number | null; n: number }>(
    `WITH chosen AS (
       SELECT id, rowid FROM users WHERE role = 'user' AND enabled AND rowid > $2 AND rowid <= $3
       ORDER BY rowid LIMIT $4
     ), stored AS (
       INSERT INTO mail_deliveries (mail_id, user_id, due_at) SELECT $1, id, $5 FROM chosen
     )
     SELECT max(rowid) AS last, count(*) AS n FROM chosen`,
    [mail.id, mail.after, mail.until, batch, dueAt],
  );
  if (n < batch)
    // The audience as it turned out: users disabled or deleted between the mail and their expansion are not in it.
    await tx.run(
      `UPDATE mails SET expand_after = NULL,
         recipient_count = (SELECT count(*) FROM mail_deliveries WHERE mail_id = $1)
       WHERE id = $1`,
      [mail.id],
    );
  else await tx.run('UPDATE mails SET expand_after = $2 WHERE id = $1', [mail.id, last]);
  return true;
}

// ----- The worker: claiming deliveries and recording their outcomes

export type Claimed = { mailId: string; userId: string; attempts: number; email: string | null };

/**
 * A claim reads the due index in order and stops at its batch. Planned from statistics that lag behind a table that
 * grows and drains by the hundred thousand within minutes, it would instead sort every queued row; these settings
 * leave it the ordered index scan whatever the statistics say.
 */
const CLAIM_PLAN =
  'SET LOCAL enable_seqscan = off; SET LOCAL enable_bitmapscan = off; SET LOCAL enable_sort = off';

/**
 * Up to `limit` deliveries due at `now`, claimed for this worker until `lease`: their due time becomes the lease's
 * end, so no other worker takes them meanwhile, and a worker that dies leaves them due again when it ends. Rows
 * another worker is claiming at the same moment are skipped, not waited for.
 */
export function claimDeliveries(db: Db, now: number, limit: number, lease: number): Promise<Claimed[]> {
  return db.transaction(async (tx) => {
    await tx.run(CLAIM_PLAN);
    return tx.many<Claimed>(
      `WITH due AS (
         SELECT mail_id, user_id FROM mail_deliveries WHERE state = 'queued' AND due_at <= $1
         ORDER BY due_at LIMIT $2 FOR UPDATE SKIP LOCKED
       )
       UPDATE mail_deliveries d SET due_at = $3
       FROM due WHERE d.mail_id = due.mail_id AND d.user_id = due.user_id
       RETURNING d.mail_id AS "mailId", d.user_id AS "userId", d.attempts,
         (SELECT email FROM users u WHERE u.id = d.user_id)`,
      [now, limit, lease],
    );
  });
}

/** The channel on which every server process's mail worker listens (lib/mail-queue.ts): work is waiting. */
export const MAIL_CHANNEL = 'console_mail';

/**
 * Wakes the mail workers of every process on the database: inside a transaction, once it commits (so a worker never
 * wakes before the rows it is woken for are visible).
 */
export async function wakeMailWorkers(db: Db): Promise<void> {
  await db.run('SELECT pg_notify($1, NULL)', [MAIL_CHANNEL]);
}

/**
 * Claimed deliveries given back unsent (a worker stopping): due again at `now`, if the claim still holds; the other
 * processes' workers are woken to take them.
 */
export async function releaseDeliveries(
  db: Db,
  rows: readonly { mailId: string; userId: string }[],
  lease: number,
  now: number,
): Promise<void> {
  if (!rows.length) return;
  await db.run(
    `UPDATE mail_deliveries d SET due_at = $4
     FROM unnest($1::text[], $2::text[]) AS r (mail_id, user_id)
     WHERE d.mail_id = r.mail_id AND d.user_id = r.user_id AND d.state = 'queued' AND d.due_at = $3`,
    [rows.map((row) => row.mailId), rows.map((row) => row.userId), lease, now],
  );
  await wakeMailWorkers(db);
}

/** Gives a stored mail its text (a statement of reasons, whose reference is drawn in the same transaction). */
export async function setMailText(tx: Db, id: string, text: { title: string; body: string }) {
  await tx.run('UPDATE mails SET title = $2, body = $3 WHERE id = $1', [id, text.title, text.body]);
}

export function mailTexts(db: Db, ids: readonly string[]) {
  return db.many<{ id: string; title: string; body: string }>(
    'SELECT id, title, body FROM mails WHERE id = ANY($1::text[])',
    [ids],
  );
}

/**
 * What the transport answered for a delivery claimed under a lease: sent, failed for good, or queued again (due at
 * `dueAt`).
 */
export type Outcome = {
  mailId: string;
  userId: string;
  state: 'sent' | 'failed' | 'queued';
  attempts: number;
  error: string;
  dueAt: number;
  at: string;
};

/**
 * Records the outcomes of deliveries claimed under `lease` in one statement (the count triggers run once for all of
 * them). An outcome is written only while its claim holds (still queued, still due at the lease's end), which is
 * also how the statement finds the claimed rows on the due index; a delivery that another worker took over after the
 * lease ran out is recorded once, by that worker. A sent delivery keeps the reason of an earlier failed try.
 */
export async function recordOutcomes(db: Db, lease: number, outcomes: readonly Outcome[]): Promise<void> {
  if (!outcomes.length) return;
  await db.run(
    `UPDATE mail_deliveries d SET state = o.state, attempts = o.attempts,
       error = CASE WHEN o.state = 'sent' THEN d.error ELSE o.error END, due_at = o.due_at, updated_at = o.at
     FROM unnest($2::text[], $3::text[], $4::text[], $5::int[], $6::text[], $7::bigint[], $8::timestamptz[])
       AS o (mail_id, user_id, state, attempts, error, due_at, at)
     WHERE d.state = 'queued' AND d.due_at = $1 AND d.mail_id = o.mail_id AND d.user_id = o.user_id`,
    [
      lease,
      outcomes.map((o) => o.mailId),
      outcomes.map((o) => o.userId),
      outcomes.map((o) => o.state),
      outcomes.map((o) => o.attempts),
      outcomes.map((o) => o.error),
      outcomes.map((o) => o.dueAt),
      outcomes.map((o) => o.at),
    ],
  );
}

/** When the next queued delivery falls due (ms since the epoch), or null when none is queued. */
export async function nextDueAt(db: Db): Promise<number | null> {
  return (
    await db.one<{ at: number | null }>(
      "SELECT min(due_at) AS at FROM mail_deliveries WHERE state = 'queued'",
    )
  ).at;
}

import type { Db } from '../db/connection';
import { HttpError } from './errors';
import { newId, now } from './ids';
import type { Mailer } from './mail';

/** After the 1st to 5th failed try of a delivery, the next waits this long; a 6th failure is final (1 h 51 min on). */
export const RETRY_DELAYS_MS = [1, 5, 15, 30, 60].map((minutes) => minutes * 60_000);

export type MailQueueOptions = {
  db: Db;
  mailer: Mailer;
  /** The right side of every Message-ID, `<mailId.userId@domain>`. */
  domain: string;
  /** Milliseconds since the epoch: when a delivery is due, and its `updatedAt`. Tests move it by hand. */
  clock?: () => number;
  retryDelays?: number[];
  /** Deliveries read per batch: what is held in memory, and at most what a crash can send twice. */
  batchSize?: number;
  /** Users of an All Users audience turned into deliveries per transaction. */
  expandBatch?: number;
  /** Messages handed to the transport at once (SMTP_URL's pool reuses its connections). */
  concurrency?: number;
  /** The longest the worker sleeps when nothing is due (a new mail wakes it at once). */
  idleMs?: number;
};

export type MailQueue = {
  /** Stores a mail and its audience in one transaction and wakes the worker; an unknown user id is 400. */
  store(mail: { title: string; body: string; recipients: 'all' | string[] }): string;
  start(): void;
  /** Lets the messages in flight finish and be recorded, then resolves. */
  stop(): Promise<void>;
  /** Works until nothing is due at the clock's time (tests; refused while started). */
  drain(): Promise<void>;
};

type Due = { mailId: string; userId: string; attempts: number; email: string };

// One address, as the transport must read it: a comma or angle bracket would make it several, or another one.
const ADDRESS = /^[^\s@<>,;:"()[\]\\]+@[^\s@<>,;:"()[\]\\]+$/;

/** A reply that the same message would get again (RFC 5321 5yz, not 503), or an address the transport cannot use. */
function classify(error: unknown) {
  const detail = (typeof error === 'object' && error !== null ? error : {}) as Record<string, unknown>;
  const reason = (
    typeof detail.message === 'string' && detail.message ? detail.message : String(error)
  ).slice(0, 1000);
  const code = typeof detail.responseCode === 'number' ? detail.responseCode : 0;
  // A refused login or connection is the relay's state, not this message's: worth trying again.
  const rejected =
    code >= 500 && code < 600 && code !== 503 && detail.code !== 'EAUTH' && detail.code !== 'ECONNECTION';
  const unusableAddress = detail.code === 'EENVELOPE' && detail.command === 'API';
  return { permanent: rejected || unusableAddress, reason };
}

/**
 * Sent mail as a durable job. `store` records the mail and its audience (the chosen users as delivery rows, or All
 * Users as a rowid bound) in one transaction. The worker turns an All Users audience into delivery rows a batch at a
 * time from a cursor kept on the mail, sends due deliveries a batch at a time, and records each outcome as soon as
 * the transport answers: sent, failed for good (with the transport's reason), or queued again with a backoff. Nothing
 * is held in memory but the current batch, and a restart carries on from the database: a crash can resend at most the
 * messages that were in flight, under the same Message-ID.
 */
export function createMailQueue(options: MailQueueOptions): MailQueue {
  const { db, mailer, domain } = options;
  const clock = options.clock ?? Date.now;
  const retryDelays = options.retryDelays ?? RETRY_DELAYS_MS;
  const batchSize = options.batchSize ?? 200;
  const expandBatch = options.expandBatch ?? 1000;
  const concurrency = options.concurrency ?? 4;
  const idleMs = options.idleMs ?? 5000;

  const insertMail = db.prepare(
    `INSERT INTO mails (id, title, body, all_users, recipient_count, expand_after, expand_until, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertChosen = db.prepare(
    "INSERT INTO mail_deliveries (mail_id, user_id, due_at) SELECT ?, id, ? FROM users WHERE id = ? AND role = 'user'",
  );
  const audience = db.prepare<[], { n: number; bound: number | null }>(
    "SELECT count(*) AS n, (SELECT max(rowid) FROM users) AS bound FROM users WHERE role = 'user' AND enabled = 1",
  );
  const expanding = db.prepare<[], { id: string; after: number; until: number }>(
    'SELECT id, expand_after AS after, expand_until AS until FROM mails WHERE expand_after IS NOT NULL ORDER BY rowid LIMIT 1',
  );
  const nextUsers = db.prepare<[number, number, number], { last: number | null; n: number }>(
    `SELECT max(rowid) AS last, count(*) AS n FROM (SELECT rowid FROM users
     WHERE role = 'user' AND enabled = 1 AND rowid > ? AND rowid <= ? ORDER BY rowid LIMIT ?)`,
  );
  const insertRange = db.prepare(
    `INSERT INTO mail_deliveries (mail_id, user_id, due_at)
     SELECT ?, id, ? FROM users WHERE role = 'user' AND enabled = 1 AND rowid > ? AND rowid <= ?`,
  );
  const advance = db.prepare('UPDATE mails SET expand_after = ? WHERE id = ?');
  // The audience as it turned out: users disabled or deleted between the mail and their expansion are not in it.
  const finishExpansion = db.prepare(
    'UPDATE mails SET expand_after = NULL, recipient_count = (SELECT count(*) FROM mail_deliveries WHERE mail_id = ?) WHERE id = ?',
  );
  const due = db.prepare<[number, number], Due>(
    `SELECT d.mail_id AS mailId, d.user_id AS userId, d.attempts, u.email
     FROM mail_deliveries d INDEXED BY mail_deliveries_due JOIN users u ON u.id = d.user_id
     WHERE d.state = 'queued' AND d.due_at <= ? ORDER BY d.due_at LIMIT ?`,
  );
  const nextDue = db.prepare<[], { at: number | null }>(
    "SELECT min(due_at) AS at FROM mail_deliveries WHERE state = 'queued'",
  );
  const textOf = db.prepare<[string], { title: string; body: string }>(
    'SELECT title, body FROM mails WHERE id = ?',
  );
  // `state = 'queued'` everywhere: an outcome is recorded once, whoever else might have tried the same row.
  const markSent = db.prepare(
    "UPDATE mail_deliveries SET state = 'sent', attempts = ?, updated_at = ? WHERE mail_id = ? AND user_id = ? AND state = 'queued'",
  );
  const markFailed = db.prepare(
    "UPDATE mail_deliveries SET state = 'failed', attempts = ?, error = ?, updated_at = ? WHERE mail_id = ? AND user_id = ? AND state = 'queued'",
  );
  const markRetry = db.prepare(
    "UPDATE mail_deliveries SET attempts = ?, error = ?, due_at = ?, updated_at = ? WHERE mail_id = ? AND user_id = ? AND state = 'queued'",
  );

  const store = db.transaction((mail: { title: string; body: string; recipients: 'all' | string[] }) => {
    const id = newId();
    const stamp = now();
    if (mail.recipients === 'all') {
      const { n, bound } = audience.get()!;
      insertMail.run(id, mail.title, mail.body, 1, n, n > 0 ? 0 : null, bound ?? 0, stamp, stamp);
    } else {
      insertMail.run(id, mail.title, mail.body, 0, mail.recipients.length, null, null, stamp, stamp);
      const at = clock();
      for (const userId of mail.recipients) {
        if (!/^[0-9a-f]{24}$/.test(userId) || insertChosen.run(id, at, userId).changes === 0)
          throw new HttpError(400, `User ${userId.slice(0, 24)} not found`);
      }
    }
    return id;
  });

  /** One batch of the oldest All Users audience still to expand; false when there is none. */
  const expandStep = db.transaction(() => {
    const mail = expanding.get();
    if (!mail) return false;
    const { last, n } = nextUsers.get(mail.after, mail.until, expandBatch)!;
    if (n > 0) insertRange.run(mail.id, clock(), mail.after, last);
    if (n < expandBatch) finishExpansion.run(mail.id, mail.id);
    else advance.run(last, mail.id);
    return true;
  });

  let lastLogged = 0;
  function logTransient(reason: string) {
    if (Date.now() - lastLogged < 60_000) return;
    lastLogged = Date.now();
    console.error(`Mail delivery failed for now, will retry: ${reason}`);
  }

  const texts = new Map<string, { title: string; body: string } | undefined>();
  async function deliver(row: Due) {
    if (!texts.has(row.mailId)) texts.set(row.mailId, textOf.get(row.mailId));
    const mail = texts.get(row.mailId);
    if (!mail) return;
    const attempts = row.attempts + 1;
    const stamp = () => new Date(clock()).toISOString();
    if (!ADDRESS.test(row.email)) {
      markFailed.run(attempts, 'Invalid e-mail address', stamp(), row.mailId, row.userId);
      return;
    }
    try {
      await mailer.send({
        to: row.email,
        subject: mail.title,
        text: mail.body,
        messageId: `<${row.mailId}.${row.userId}@${domain}>`,
      });
    } catch (error) {
      const { permanent, reason } = classify(error);
      if (permanent) markFailed.run(attempts, reason, stamp(), row.mailId, row.userId);
      else if (attempts > retryDelays.length)
        markFailed.run(
          attempts,
          `Gave up after ${attempts} tries: ${reason}`,
          stamp(),
          row.mailId,
          row.userId,
        );
      else {
        markRetry.run(
          attempts,
          reason,
          clock() + retryDelays[attempts - 1]!,
          stamp(),
          row.mailId,
          row.userId,
        );
        logTransient(reason);
      }
      return;
    }
    markSent.run(attempts, stamp(), row.mailId, row.userId);
  }

  let stopping = false;
  async function sendBatch() {
    const rows = due.all(clock(), batchSize);
    texts.clear();
    let next = 0;
    const lane = async () => {
      while (!stopping && next < rows.length) await deliver(rows[next++]!);
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, rows.length) }, lane));
    return rows.length > 0;
  }

  let wake = () => {};
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      timer.unref();
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  async function run(untilIdle: boolean) {
    while (!stopping) {
      let worked: boolean;
      try {
        worked = expandStep();
        worked = (await sendBatch()) || worked;
      } catch (error) {
        // The database itself failed (full disk, closed): nothing is lost, the rows wait for the next round.
        console.error('Mail queue:', error);
        if (untilIdle) throw error;
        await pause(idleMs);
        continue;
      }
      if (worked) {
        await new Promise((resolve) => setImmediate(resolve));
        continue;
      }
      if (untilIdle) return;
      const at = nextDue.get()!.at;
      await pause(at === null ? idleMs : Math.min(idleMs, Math.max(0, at - clock())));
    }
  }

  let current: Promise<void> | null = null;
  const track = (work: Promise<void>) => {
    current = work.finally(() => {
      current = null;
    });
    return current;
  };

  return {
    store(mail) {
      const id = store(mail);
      wake();
      return id;
    },
    start() {
      if (current) return;
      stopping = false;
      void track(run(false));
    },
    stop() {
      stopping = true;
      wake();
      return current ?? Promise.resolve();
    },
    drain() {
      if (current)
        return Promise.reject(new Error('The mail queue is running; drain() is for a stopped queue'));
      stopping = false;
      return track(run(true));
    },
  };
}

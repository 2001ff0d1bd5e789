import type { Db } from '../db/postgres/db';
import {
  allUsersAudience,
  claimDeliveries,
  expandAllUsers,
  insertChosenDeliveries,
  insertMail,
  mailTexts,
  nextDueAt,
  recordOutcomes,
  releaseDeliveries,
  wakeMailWorkers,
  type Claimed,
  type MailKind,
  type Outcome,
} from '../db/mail';
import { HttpError } from './errors';
import { newId, now } from './ids';
import type { Mailer } from './mail';
import { queueReporterOutcomes } from './reporter-outcome';

/** After the 1st to 5th failed try of a delivery, the next waits this long; a 6th failure is final (1 h 51 min on). */
export const RETRY_DELAYS_MS = [1, 5, 15, 30, 60].map((minutes) => minutes * 60_000);

/** How long a worker holds the deliveries it claims: another takes them over when a worker dies with them. */
export const LEASE_MS = 2 * 60_000;

export type MailQueueOptions = {
  db: Db;
  mailer: Mailer;
  /** The right side of every Message-ID, `<mailId.userId@domain>`. */
  domain: string;
  /** Milliseconds since the epoch: when a delivery is due, and its `updatedAt`. Tests move it by hand. */
  clock?: () => number;
  retryDelays?: number[];
  /** Deliveries claimed per batch: what is held in memory, and at most what a crash leaves to its lease. */
  batchSize?: number;
  /** Users of an All Users audience turned into deliveries per transaction. */
  expandBatch?: number;
  /** Messages handed to the transport at once (SMTP_URL's pool reuses its connections). */
  concurrency?: number;
  /**
   * The longest the worker sleeps when nothing is due: a new mail wakes it at once, stored by this process or
   * (through wake()) by another.
   */
  idleMs?: number;
  /** How long a claim holds (LEASE_MS): a batch must be sent within it, and a dead worker's is resent after it. */
  leaseMs?: number;
};

/** `kind` 'invitation': to chosen admins (their invitation, lib/admins), not to members. */
export type NewMail = { title: string; body: string; recipients: 'all' | string[]; kind?: MailKind };

export type MailQueue = {
  /**
   * Stores a mail and its audience in one transaction, with `also`'s writes (the activity entry), and wakes the
   * worker once it is committed; an unknown user id is 400 and stores nothing.
   */
  store(
    mail: NewMail,
    also?: (tx: Db, id: string) => Promise<void>,
    /** Writes its audience needs first, in the same transaction (the invited admin's row). */
    before?: (tx: Db) => Promise<void>,
  ): Promise<string>;
  start(): void;
  /**
   * Work may be waiting (another process stored a mail: db/postgres/listen.ts hears its NOTIFY): a worker sleeping
   * looks at once, one working looks again before it sleeps.
   */
  wake(): void;
  /** Lets the messages in flight finish and be recorded, gives back the batch's unsent claims, then resolves. */
  stop(): Promise<void>;
  /** Works until nothing is due at the clock's time (tests; refused while started). */
  drain(): Promise<void>;
};

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
 * Users as a rowid bound) in one transaction. Workers, in one process or several over one database, turn an All
 * Users audience into delivery rows a batch at a time from a cursor kept on the mail, turn the outbox of decided chat
 * reports into mails to their reporters (lib/reporter-outcome.ts), claim due deliveries a batch at
 * a time under a lease (FOR UPDATE SKIP LOCKED: two workers never claim the same row), send them, and record the
 * outcomes in batches as the transport answers: sent, failed for good (with the transport's reason), or queued again
 * with a backoff. Nothing is held in memory but the current batch, and a restart carries on from the database. A
 * worker that dies leaves its claims to their lease: the messages it had sent but not yet recorded are sent again,
 * under the same Message-ID, by whichever worker claims them next.
 */
export function createMailQueue(options: MailQueueOptions): MailQueue {
  const { db, mailer, domain } = options;
  const clock = options.clock ?? Date.now;
  const retryDelays = options.retryDelays ?? RETRY_DELAYS_MS;
  const batchSize = options.batchSize ?? 200;
  const expandBatch = options.expandBatch ?? 1000;
  const concurrency = options.concurrency ?? 4;
  const idleMs = options.idleMs ?? 5000;
  const leaseMs = options.leaseMs ?? LEASE_MS;

  async function store(tx: Db, mail: NewMail) {
    const id = newId();
    const stamp = now();
    if (mail.recipients === 'all') {
      const { n, bound } = await allUsersAudience(tx);
      await insertMail(tx, {
        id,
        ...mail,
        allUsers: true,
        recipientCount: n,
        expandAfter: n > 0 ? 0 : null,
        expandUntil: bound,
        stamp,
      });
    } else {
      await insertMail(tx, {
        id,
        title: mail.title,
        body: mail.body,
        kind: mail.kind,
        allUsers: false,
        recipientCount: mail.recipients.length,
        expandAfter: null,
        expandUntil: null,
        stamp,
      });
      const malformed = mail.recipients.find((userId) => !/^[0-9a-f]{24}$/.test(userId));
      const unknown = await insertChosenDeliveries(
        tx,
        id,
        mail.recipients.slice(0, malformed ? mail.recipients.indexOf(malformed) : undefined),
        clock(),
        mail.kind,
      );
      const refused = unknown ?? malformed;
      if (refused !== undefined) throw new HttpError(400, `User ${refused.slice(0, 24)} not found`);
    }
    return id;
  }

  let lastLogged = 0;
  function logTransient(reason: string) {
    if (Date.now() - lastLogged < 60_000) return;
    lastLogged = Date.now();
    console.error(`Mail delivery failed for now, will retry: ${reason}`);
  }

  // Outcomes wait here while the previous ones are written: one statement records all that arrived meanwhile, so
  // the rate of recording follows the transport's rather than one round trip per message.
  let pending: (Outcome & { lease: number })[] = [];
  let writing: Promise<void> | null = null;
  let writeFailure: unknown;
  function record(outcome: Outcome & { lease: number }) {
    pending.push(outcome);
    writing ??= (async () => {
      try {
        while (pending.length) {
          const outcomes = pending;
          pending = [];
          for (const lease of new Set(outcomes.map((outcome) => outcome.lease)))
            await recordOutcomes(
              db,
              lease,
              outcomes.filter((outcome) => outcome.lease === lease),
            );
        }
      } catch (error) {
        // Unrecorded, these deliveries stay claimed until their lease ends, then are sent again.
        pending = [];
        writeFailure = error;
      } finally {
        writing = null;
      }
    })();
  }
  async function recorded() {
    await writing;
    if (writeFailure === undefined) return;
    const error = writeFailure;
    writeFailure = undefined;
    throw error;
  }

  async function deliver(row: Claimed, text: { title: string; body: string }, lease: number) {
    const attempts = row.attempts + 1;
    const outcome = (state: Outcome['state'], error = '', dueAt = lease) =>
      record({
        mailId: row.mailId,
        userId: row.userId,
        state,
        attempts,
        error,
        dueAt,
        at: new Date(clock()).toISOString(),
        lease,
      });
    // A user deleted since the claim took their delivery with them.
    if (row.email === null) return;
    if (!ADDRESS.test(row.email)) return outcome('failed', 'Invalid e-mail address');
    try {
      await mailer.send({
        to: row.email,
        subject: text.title,
        text: text.body,
        messageId: `<${row.mailId}.${row.userId}@${domain}>`,
      });
    } catch (error) {
      const { permanent, reason } = classify(error);
      if (permanent) return outcome('failed', reason);
      if (attempts > retryDelays.length)
        return outcome('failed', `Gave up after ${attempts} tries: ${reason}`);
      logTransient(reason);
      return outcome('queued', reason, clock() + retryDelays[attempts - 1]!);
    }
    outcome('sent');
  }

  let stopping = false;
  async function sendBatch() {
    const claimedAt = clock();
    const lease = claimedAt + leaseMs;
    const rows = await claimDeliveries(db, claimedAt, batchSize, lease);
    if (!rows.length) return false;
    const texts = new Map(
      (await mailTexts(db, [...new Set(rows.map((row) => row.mailId))])).map((mail) => [mail.id, mail]),
    );
    let next = 0;
    // A claim that outlives its lease may be another worker's by now: what is left of the batch is not sent.
    const sendable = () => !stopping && clock() < lease;
    const lane = async () => {
      while (sendable() && next < rows.length) {
        const row = rows[next++]!;
        const text = texts.get(row.mailId);
        if (text) await deliver(row, text, lease);
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(concurrency, rows.length) }, lane));
    } finally {
      await recorded();
      if (next < rows.length) await releaseDeliveries(db, rows.slice(next), lease, claimedAt);
    }
    return true;
  }

  // A wake while the worker is busy is kept for its next pause, which then returns at once: the work it is woken for
  // may have been committed after the claim that found nothing.
  let woken = false;
  let interrupt = () => {};
  const wake = () => {
    woken = true;
    interrupt();
  };
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken) return resolve();
      const timer = setTimeout(resolve, ms);
      timer.unref();
      interrupt = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  async function run(untilIdle: boolean) {
    while (!stopping) {
      woken = false;
      let worked: boolean;
      try {
        worked = await db.transaction((tx) => expandAllUsers(tx, expandBatch, clock()));
        // Decided chat reports whose reporters are still to be told (lib/reporter-outcome.ts) become mails.
        worked = (await queueReporterOutcomes(db, { batch: batchSize, dueAt: clock() })) || worked;
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
      const at = await nextDueAt(db).catch(() => null);
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
    async store(mail, also, before) {
      const id = await db.transaction(async (tx) => {
        await before?.(tx);
        const stored = await store(tx, mail);
        await also?.(tx, stored);
        await wakeMailWorkers(tx);
        return stored;
      });
      wake();
      return id;
    },
    start() {
      if (current) return;
      stopping = false;
      void track(run(false));
    },
    wake,
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

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { REPORTER_OUTCOME_TEXT, reporterOutcomeMail, REVIEW_MONTHS } from '../../contract/reporter-outcome';
import { dbOver } from '../db/postgres/db';
import { createPool } from '../db/postgres/pool';
import { newId } from '../lib/ids';
import { createMailer, type Mailer, type OutgoingMail } from '../lib/mail';
import { createMailQueue } from '../lib/mail-queue';
import { makeServer, restrictionBody } from './harness';

/**
 * The reporter told ('reporter-outcome'; DSA Art. 16(5)): whichever path decides a chat report, its reporter gets
 * one mail with the outcome and the redress, through the durable mail queue, and never the decision's private facts.
 * The mails are read as the transport got them (and as .eml files in the outbox), the queue's workers stopped,
 * crashed and run twice at once over the same database.
 */

type Server = Awaited<ReturnType<typeof makeServer>>;

/** The transport the app gets: each message as sent, and written to the outbox as the default mailer does. */
function recording(dataDir: string) {
  const sent: OutgoingMail[] = [];
  const eml = createMailer({ dataDir, smtpUrl: undefined, from: 'test@localhost' });
  const mailer: Mailer = {
    async send(mail) {
      sent.push(mail);
      await eml.send(mail);
    },
  };
  return { sent, mailer };
}

/** A server whose mail worker runs only when the test drains it. */
async function server() {
  const dataDir = mkdtempSync(join(tmpdir(), 'reporter-outcome-'));
  const { sent, mailer } = recording(dataDir);
  const s = await makeServer({ dataDir, mailer, queue: { start: false } });
  return Object.assign(s, { sent, toReporters: () => sent.filter((mail) => mail.subject === TITLE) });
}

const TITLE = REPORTER_OUTCOME_TEXT.title;

async function person(s: Server, name: string, email = `${name.toLowerCase()}-${newId()}@example.com`) {
  const id = newId();
  await s.db.run(
    "INSERT INTO users (id, role, name, surname, email, created_at, updated_at) VALUES ($1, 'user', $2, 'Doe', $3, now(), now())",
    [id, name, email],
  );
  return { id, name, email };
}

/** An Open chat report by `reporterId` about `reportedId`. */
async function report(s: Server, reporterId: string | null, reportedId: string, message = 'Rude messages') {
  const id = newId();
  await s.db.run(
    `INSERT INTO chat_reports (id, message, reporter_id, reported_id, created_at, updated_at)
     VALUES ($1, $2, $3, $4, '2026-03-02T09:15:00.000Z', '2026-03-02T09:15:00.000Z')`,
    [id, message, reporterId, reportedId],
  );
  return id;
}

const decide = (s: Server, reportId: string, status: string, note?: string) =>
  s.call('PATCH', `/api/chat-report/case/${reportId}`, { json: { status, ...(note ? { note } : {}) } });

const outcomeMails = async (s: Server) =>
  (await s.db.one<{ n: number }>("SELECT count(*)::int AS n FROM mails WHERE kind = 'reporter-outcome'")).n;

/** Quoted-printable undone: the .eml's body as its reader sees it. */
const decoded = (eml: string) =>
  Buffer.from(
    eml
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

describe('the mail to a reporter', () => {
  it('states the outcome, the redress and the report it answers, and nothing of the decision', () => {
    const actioned = reporterOutcomeMail({
      reporterName: 'Ann',
      reportId: 'a'.repeat(24),
      reportedAt: '2026-03-02T09:15:00.000Z',
      decidedAt: '2026-03-03T10:00:00.000Z',
      outcome: 'Actioned',
    });
    expect(actioned.title).toBe('We have decided on your report');
    expect(actioned.body).toContain('Dear Ann,');
    expect(actioned.body).toContain(
      'Thank you for your report of 2 Mar 2026, 09:15 UTC. We have reviewed it and decided on 3 Mar 2026, 10:00 UTC.',
    );
    expect(actioned.body).toContain(`Report number: ${'a'.repeat(24)}`);
    expect(actioned.body).toContain('we have taken action against the content or the member you reported');
    expect(actioned.body).not.toContain('no action');
    // Art. 20: a review by us, for at least six months; Art. 21 and the courts.
    expect(REVIEW_MONTHS).toBeGreaterThanOrEqual(6);
    expect(actioned.body).toContain(
      `You can ask us to review this decision, free of charge, within ${REVIEW_MONTHS} months of this message: write to us through Contact Us in the app, giving the report number ${'a'.repeat(24)}`,
    );
    expect(actioned.body).toContain('certified out-of-court dispute settlement body (Article 21');
    expect(actioned.body).toContain('seek redress before a court');
    // Art. 16(6): whether automated means were used.
    expect(actioned.body).toContain('No automated means were used');

    const dismissed = reporterOutcomeMail({
      reporterName: '  ',
      reportId: 'b'.repeat(24),
      reportedAt: '2026-03-02T09:15:00.000Z',
      decidedAt: '2026-03-03T10:00:00.000Z',
      outcome: 'Dismissed',
    });
    expect(dismissed.body).toContain('Dear member,');
    expect(dismissed.body).toContain('does not break our rules, so we have taken no action');
    expect(dismissed.body).not.toContain('we have taken action');
  });
});

describe('the reporter told', () => {
  it("mails a case's reporter once when the PATCH decides it, without the note", async () => {
    const s = await server();
    const ann = await person(s, 'Ann');
    const bob = await person(s, 'Bob');
    const id = await report(s, ann.id, bob.id);

    const answer = await decide(s, id, 'Dismissed', 'Private: Bob is a friend of the CEO');
    expect(answer.status).toBe(200);
    // The decision is committed with its outbox row: no mail exists until a worker runs.
    expect(await outcomeMails(s)).toBe(0);
    await s.queue.drain();
    await s.queue.drain();

    expect(s.toReporters()).toHaveLength(1);
    const [mail] = s.toReporters();
    expect(mail!.to).toBe(ann.email);
    expect(mail!.text).toContain('Dear Ann,');
    expect(mail!.text).toContain(REPORTER_OUTCOME_TEXT.outcome.Dismissed);
    expect(mail!.text).toContain(`Report number: ${id}`);
    expect(mail!.text).not.toContain('CEO');
    expect(mail!.text).not.toContain(bob.email);
    // The same message in the outbox, once.
    const emls = s.outbox().map(decoded);
    expect(emls.filter((eml) => eml.includes(`Report number: ${id}`))).toHaveLength(1);
    expect(await outcomeMails(s)).toBe(1);
    // No mail list shows it.
    const list = await s.call('GET', '/api/mail-send/list?page=1&limit=10');
    expect(list.body.result).toEqual([]);
  });

  it('mails each of three reporters once when a restriction closes their reports, naming neither facts nor reference', async () => {
    const s = await server();
    const member = await person(s, 'Mallory');
    const reporters = [await person(s, 'Ann'), await person(s, 'Bea'), await person(s, 'Cid')];
    const ids = [];
    for (const reporter of reporters) ids.push(await report(s, reporter.id, member.id));
    const facts = 'Sent explicit photos to three members after being asked to stop (case 7F3K)';

    const answer = await s.call('PATCH', `/api/admin/status/${member.id}?enabled=false`, {
      json: await restrictionBody(s.db, { facts }),
    });
    expect(answer.status).toBe(200);
    const { reference, closed } = answer.body.result as { reference: string; closed: number };
    expect(closed).toBe(3);
    await s.queue.drain();

    const mails = s.toReporters();
    expect(mails.map((mail) => mail.to).toSorted()).toEqual(reporters.map((r) => r.email).toSorted());
    for (const mail of mails) {
      expect(mail.text).toContain(REPORTER_OUTCOME_TEXT.outcome.Actioned);
      expect(mail.text).not.toContain(reference);
      expect(mail.text).not.toContain('R-');
      expect(mail.text).not.toContain('7F3K');
      expect(mail.text).not.toContain('explicit');
      expect(mail.text).not.toContain('Mallory');
      expect(mail.text).not.toContain(member.email);
      expect(mail.text).not.toMatch(/until|permanent/i);
    }
    // Each reporter's own report, and only theirs.
    for (const [i, reporter] of reporters.entries())
      expect(mails.find((mail) => mail.to === reporter.email)!.text).toContain(`Report number: ${ids[i]}`);
    // The member's statement of reasons went too, and that one alone names the facts.
    expect(s.sent.filter((mail) => mail.to === member.email)).toHaveLength(1);
    await s.queue.drain();
    expect(s.toReporters()).toHaveLength(3);
  });

  it('mails the reporter of a report Actioned under the restriction in force', async () => {
    const s = await server();
    const member = await person(s, 'Mallory');
    const ann = await person(s, 'Ann');
    const restricted = await s.call('PATCH', `/api/admin/status/${member.id}?enabled=false`, {
      json: await restrictionBody(s.db),
    });
    const { reference } = restricted.body.result as { reference: string };
    const id = await report(s, ann.id, member.id);

    const answer = await s.call('PATCH', `/api/chat-report/case/${id}`, {
      json: { status: 'Actioned', underRestriction: reference },
    });
    expect(answer.status).toBe(200);
    await s.queue.drain();
    expect(s.toReporters()).toHaveLength(1);
    expect(s.toReporters()[0]).toMatchObject({ to: ann.email });
    expect(s.toReporters()[0]!.text).toContain(REPORTER_OUTCOME_TEXT.outcome.Actioned);
    expect(s.toReporters()[0]!.text).not.toContain(reference);
  });

  it("mails each reporter of a review case once when the case is decided, without the decision's reason or message", async () => {
    const s = await server();
    const mallory = await person(s, 'Mallory');
    const trent = await person(s, 'Trent');
    const [ann, bea] = [await person(s, 'Ann'), await person(s, 'Bea')];
    const dismissedIds = [await report(s, ann.id, mallory.id), await report(s, bea.id, mallory.id)];
    const warnedId = await report(s, ann.id, trent.id);
    const items = (await s.call('GET', '/api/review-queue/list')).body.result as {
      _id: string;
      subject: { _id: string } | null;
    }[];
    const caseOf = (member: string) => items.find((item) => item.subject?._id === member)!._id;

    const dismissed = await s.call('POST', `/api/review-queue/${caseOf(mallory.id)}/decide`, {
      json: { action: 'dismiss', reason: 'Banter between old friends (private 9QW)' },
    });
    expect(dismissed.status).toBe(200);
    const warned = await s.call('POST', `/api/review-queue/${caseOf(trent.id)}/decide`, {
      json: { action: 'warn', message: 'Please keep it friendly, Trent (private 4ZX)' },
    });
    expect(warned.status).toBe(200);
    await s.queue.drain();
    await s.queue.drain();

    const mails = s.toReporters();
    expect(mails.map((mail) => /Report number: (\w+)/.exec(mail.text)![1]).toSorted()).toEqual(
      [...dismissedIds, warnedId].toSorted(),
    );
    const about = (id: string) => mails.find((mail) => mail.text.includes(`Report number: ${id}`))!;
    for (const [id, to] of [
      [dismissedIds[0]!, ann.email],
      [dismissedIds[1]!, bea.email],
    ] as const) {
      expect(about(id).to).toBe(to);
      expect(about(id).text).toContain(REPORTER_OUTCOME_TEXT.outcome.Dismissed);
    }
    expect(about(warnedId).to).toBe(ann.email);
    expect(about(warnedId).text).toContain(REPORTER_OUTCOME_TEXT.outcome.Actioned);
    for (const mail of mails) expect(mail.text).not.toMatch(/9QW|4ZX|Banter|friendly|Trent|Mallory/);
  });

  it('mails whatever statement decides reports (one UPDATE deciding a case of several), once per report', async () => {
    const s = await server();
    const member = await person(s, 'Mallory');
    const ann = await person(s, 'Ann');
    const ids = [await report(s, ann.id, member.id), await report(s, ann.id, member.id)];
    await s.db.run("UPDATE chat_reports SET status = 'Dismissed' WHERE id = ANY($1::text[])", [ids]);
    await s.queue.drain();
    // Two reports, two decisions: each answered by its own mail.
    expect(
      s
        .toReporters()
        .map((mail) => /Report number: (\w+)/.exec(mail.text)![1])
        .toSorted(),
    ).toEqual(ids.toSorted());
  });

  it('mails a report decided again only when its outcome changed, once per change', async () => {
    const s = await server();
    const ann = await person(s, 'Ann');
    const bob = await person(s, 'Bob');
    const id = await report(s, ann.id, bob.id);

    await decide(s, id, 'Actioned');
    await s.queue.drain();
    expect(s.toReporters()).toHaveLength(1);

    // Reopened and Actioned again: the reporter already knows.
    await decide(s, id, 'Open');
    await decide(s, id, 'Actioned');
    await s.queue.drain();
    expect(s.toReporters()).toHaveLength(1);

    // Reopened and Dismissed: a new outcome, told once.
    await decide(s, id, 'Open');
    await decide(s, id, 'Dismissed');
    await s.queue.drain();
    await s.queue.drain();
    expect(s.toReporters()).toHaveLength(2);
    expect(s.toReporters()[1]!.text).toContain(REPORTER_OUTCOME_TEXT.outcome.Dismissed);

    // Changed twice before any worker ran, back to what was told: nothing to tell.
    await decide(s, id, 'Actioned');
    await decide(s, id, 'Dismissed');
    await s.queue.drain();
    expect(s.toReporters()).toHaveLength(2);

    // Changed twice before any worker ran, to something new: the last outcome, once.
    await decide(s, id, 'Open');
    await decide(s, id, 'Actioned');
    await s.queue.drain();
    expect(s.toReporters()).toHaveLength(3);
    expect(s.toReporters()[2]!.text).toContain(REPORTER_OUTCOME_TEXT.outcome.Actioned);
  });

  it('mails no reporter whose account is deleted, or who has no address', async () => {
    const s = await server();
    const bob = await person(s, 'Bob');
    const gone = await person(s, 'Gone');
    const goneLater = await person(s, 'Later');
    const blank = await person(s, 'Blank');
    await s.db.run("UPDATE users SET email = '' WHERE id = $1", [blank.id]);
    const beforeDecision = await report(s, gone.id, bob.id);
    const afterDecision = await report(s, goneLater.id, bob.id);
    const noAddress = await report(s, blank.id, bob.id);
    const anonymous = await report(s, null, bob.id);

    await s.db.run('DELETE FROM users WHERE id = $1', [gone.id]);
    for (const id of [beforeDecision, afterDecision, noAddress, anonymous])
      expect((await decide(s, id, 'Actioned')).status).toBe(200);
    await s.db.run('DELETE FROM users WHERE id = $1', [goneLater.id]);
    await s.queue.drain();

    expect(s.sent).toEqual([]);
    expect(await outcomeMails(s)).toBe(0);
  });

  it('sends what was decided while no worker ran once a worker starts, after a worker crashed mid-way', async () => {
    const s = await server();
    const bob = await person(s, 'Bob');
    const reporters = [await person(s, 'Ann'), await person(s, 'Bea')];
    for (const reporter of reporters) await decide(s, await report(s, reporter.id, bob.id), 'Dismissed');

    // The worker's transaction dies after storing the first mail's delivery, as a full disk or a lost connection
    // would end it: nothing of it is kept.
    await s.db.run(`CREATE FUNCTION fail_outcome() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = 'disk_full'; END $$`);
    await s.db.run(
      'CREATE TRIGGER fail_outcome AFTER INSERT ON mail_deliveries FOR EACH STATEMENT EXECUTE FUNCTION fail_outcome()',
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await expect(s.queue.drain()).rejects.toThrow('No space left on device');
    } finally {
      logged.mockRestore();
    }
    await s.db.run('DROP TRIGGER fail_outcome ON mail_deliveries');
    expect(await outcomeMails(s)).toBe(0);
    expect(s.sent).toEqual([]);

    // A worker of another process, as after a restart.
    const pool = createPool(s.databaseUrl);
    onTestFinished(() => pool.end());
    const sent: OutgoingMail[] = [];
    await createMailQueue({
      db: dbOver(pool),
      domain: 'console.test',
      mailer: { send: async (mail) => void sent.push(mail) },
    }).drain();
    expect(sent.map((mail) => mail.to).toSorted()).toEqual(reporters.map((r) => r.email).toSorted());
    await s.queue.drain();
    expect(s.sent).toEqual([]);
    expect(await outcomeMails(s)).toBe(2);
  });

  it('queues each outcome once when two workers drain at the same time', async () => {
    const s = await server();
    const member = await person(s, 'Mallory');
    const reporters = [];
    for (let i = 0; i < 24; i += 1) reporters.push(await person(s, `Reporter${i}`));
    for (const reporter of reporters) await report(s, reporter.id, member.id);
    const answer = await s.call('PATCH', `/api/admin/status/${member.id}?enabled=false`, {
      json: await restrictionBody(s.db),
    });
    expect(answer.body.result).toMatchObject({ closed: 24 });

    const sent: OutgoingMail[] = [];
    const worker = () => {
      const pool = createPool(s.databaseUrl);
      onTestFinished(() => pool.end());
      return createMailQueue({
        db: dbOver(pool),
        domain: 'console.test',
        batchSize: 3,
        mailer: {
          async send(mail) {
            sent.push(mail);
            await new Promise((resolve) => setTimeout(resolve, 1));
          },
        },
      });
    };
    await Promise.all([worker().drain(), worker().drain(), worker().drain()]);

    const toReporters = sent.filter((mail) => mail.subject === TITLE);
    expect(toReporters.map((mail) => mail.to).toSorted()).toEqual(reporters.map((r) => r.email).toSorted());
    expect(new Set(toReporters.map((mail) => mail.messageId)).size).toBe(24);
    expect(await outcomeMails(s)).toBe(24);
  });
});

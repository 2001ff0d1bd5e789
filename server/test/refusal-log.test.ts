import { describe, expect, it, vi } from 'vitest';
import { APPEAL_MESSAGES } from '../../contract/appeals';
import type { Db } from '../db/postgres/db';
import { refusalLog } from '../lib/activity';
import { newId } from '../lib/ids';
import { adminWithRole, makeServer, restrictionBody } from './harness';

const REFUSAL = {
  action: 'sign-in-failed',
  recordType: 'session',
  recordId: null,
  recordName: '',
  summary: 'Wrong password, from 198.51.100.1',
} as const;

/** The server's database, counting the transactions begun through it. */
function counted(db: Db) {
  const counter = { transactions: 0 };
  const wrapped: Db = {
    ...db,
    transaction: (work) => {
      counter.transactions += 1;
      return db.transaction(work);
    },
  };
  return { db: wrapped, counter };
}

const entryCount = async (db: Db) =>
  Number((await db.one<{ n: string }>('SELECT count(*) AS n FROM activity')).n);

describe('refusalLog (group commit of entries no write carries)', () => {
  it('writes one entry alone at once, and what arrives meanwhile together in the next statement', async () => {
    const s = await makeServer();
    const { db, counter } = counted(s.db);
    const log = refusalLog(db);
    const before = await entryCount(s.db);
    await log.append(null, REFUSAL);
    expect(counter.transactions).toBe(1);
    expect(await entryCount(s.db)).toBe(before + 1);

    await Promise.all(Array.from({ length: 40 }, () => log.append(null, REFUSAL)));
    // The first goes alone; the 39 that queued behind it go in one statement.
    expect(counter.transactions).toBe(3);
    expect(await entryCount(s.db)).toBe(before + 41);
    const days = await s.db.one<{ n: string }>(
      "SELECT sum(n) AS n FROM activity_days WHERE dim = 'action' AND value = 'sign-in-failed'",
    );
    expect(Number(days.n)).toBe(41);
  });

  it('keeps batches to their limit and settles each caller with its batch', async () => {
    const s = await makeServer();
    const { db, counter } = counted(s.db);
    const log = refusalLog(db, 10);
    await Promise.all(Array.from({ length: 25 }, () => log.append(null, REFUSAL)));
    // 1 alone, then 24 queued: batches of 10, 10 and 4.
    expect(counter.transactions).toBe(4);
    const ids = await s.db.many<{ id: string }>('SELECT id FROM activity ORDER BY created_at, id');
    expect(new Set(ids.map(({ id }) => id)).size).toBe(ids.length);
  });

  it('rejects every caller of a batch that could not be written, and writes the next batch', async () => {
    const s = await makeServer();
    let fail = true;
    const flaky: Db = {
      ...s.db,
      transaction: (work) => {
        if (fail) {
          fail = false;
          return Promise.reject(new Error('connection lost'));
        }
        return s.db.transaction(work);
      },
    };
    const log = refusalLog(flaky);
    const before = await entryCount(s.db);
    await expect(log.append(null, REFUSAL)).rejects.toThrow('connection lost');
    await log.append(null, REFUSAL);
    expect(await entryCount(s.db)).toBe(before + 1);
  });

  it("copies the refused admin's name and e-mail into the entry, and none for a refused sign-in", async () => {
    const s = await makeServer();
    const log = refusalLog(s.db);
    await Promise.all([log.append(s.adminId, REFUSAL), log.append(null, REFUSAL)]);
    const rows = await s.db.many<{ admin_id: string | null; admin_name: string; admin_email: string }>(
      "SELECT admin_id, admin_name, admin_email FROM activity WHERE action = 'sign-in-failed' ORDER BY admin_id",
    );
    expect(rows).toEqual([
      { admin_id: s.adminId, admin_name: 'Admin User', admin_email: 'admin@example.com' },
      { admin_id: null, admin_name: '', admin_email: '' },
    ]);
  });
});

type Server = Awaited<ReturnType<typeof makeServer>>;

/** The 'refused' entries of `adminId`, as the activity list answers them. */
async function refusalsOf(s: Server, adminId: string) {
  const list = await s.call('GET', `/api/activity/list?action=refused&admin=${adminId}&limit=50`);
  expect(list.status).toBe(200);
  return list.body.result as Record<string, unknown>[];
}

/** The one live session of `adminId` (adminWithRole starts one). */
const sessionOf = async (s: Server, adminId: string) =>
  (await s.db.one<{ id: string }>('SELECT id FROM admin_sessions WHERE admin_id = $1', [adminId])).id;

/** The one refused entry a 403 leaves, shaped as a role refusal's: the call, the session, the admin and why. */
async function expectOneRefusal(s: Server, admin: { id: string }, call: string, why: string) {
  expect(await refusalsOf(s, admin.id)).toEqual([
    expect.objectContaining({
      action: 'refused',
      recordType: 'session',
      recordId: await sessionOf(s, admin.id),
      recordName: call,
      summary: `${call} refused: ${why}`,
      admin: expect.objectContaining({ _id: admin.id }),
    }),
  ]);
}

describe('every 403 answered to a signed-in admin is one refused entry', () => {
  it('a role refusal, as before: once', async () => {
    const s = await makeServer();
    const support = await adminWithRole(s.db, 'support');
    expect((await s.call('GET', '/api/admin/list/export', { token: support.token })).status).toBe(403);
    await expectOneRefusal(s, support, 'GET /api/admin/list/export', 'the Support role lacks members.export');
  });

  it("releasing another admin's claim", async () => {
    const s = await makeServer();
    const reported = newId();
    await s.db.run(
      `INSERT INTO users (id, role, name, surname, email, created_at, updated_at)
       VALUES ($1, 'user', 'Ann', 'Doe', 'ann@example.com', now(), now())`,
      [reported],
    );
    await s.db.run(
      "INSERT INTO chat_reports (id, message, reported_id, created_at, updated_at) VALUES ($1, 'Rude', $2, now(), now())",
      [newId(), reported],
    );
    const first = await adminWithRole(s.db, 'moderator');
    const second = await adminWithRole(s.db, 'moderator');
    const claimed = await s.call('POST', '/api/review-queue/claim-next', { token: first.token });
    const id = (claimed.body.result as { _id: string })._id;
    const refused = await s.call('POST', `/api/review-queue/${id}/release`, { token: second.token });
    expect(refused.status).toBe(403);
    await expectOneRefusal(
      s,
      second,
      `POST /api/review-queue/${id}/release`,
      'Only the admin who claimed this item, or an Owner, can release it',
    );
  });

  it("deleting another admin's note", async () => {
    const s = await makeServer();
    const member = newId();
    await s.db.run(
      `INSERT INTO users (id, role, name, surname, email, created_at, updated_at)
       VALUES ($1, 'user', 'Eve', 'Doe', 'eve@example.com', now(), now())`,
      [member],
    );
    const support = await adminWithRole(s.db, 'support');
    const moderator = await adminWithRole(s.db, 'moderator');
    const note = await s.call('POST', `/api/admin/notes/${member}`, {
      json: { text: 'Called in' },
      token: support.token,
    });
    const noteId = (note.body.result as { _id: string })._id;
    const refused = await s.call('DELETE', `/api/admin/notes/${member}/${noteId}`, {
      token: moderator.token,
    });
    expect(refused.status).toBe(403);
    await expectOneRefusal(
      s,
      moderator,
      `DELETE /api/admin/notes/${member}/${noteId}`,
      "Only the note's author or an Owner may delete it",
    );
  });

  it('deciding an appeal of one’s own restriction', async () => {
    const s = await makeServer({ seedUsers: 1 });
    const member = await s.db.one<{ id: string; email: string }>(
      "SELECT id, email FROM users WHERE role = 'user' LIMIT 1",
    );
    const restricted = await s.call('PATCH', `/api/admin/status/${member.id}?enabled=false`, {
      json: await restrictionBody(s.db),
    });
    expect(restricted.status).toBe(200);
    const { reference } = await s.db.one<{ reference: string }>(
      'SELECT reference FROM restrictions WHERE user_id = $1',
      [member.id],
    );
    const asked = await s.call('POST', '/api/appeal', {
      json: { email: member.email, reference, statement: 'I did not send them.' },
      token: null,
      remote: '198.51.100.7',
    });
    expect(asked.status).toBe(200);
    const token = await vi.waitFor(() => {
      const mail = s
        .outbox()
        .map((message) => message.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
        .find((message) => message.includes(`Confirm your appeal (${reference})`));
      if (!mail) throw new Error('no confirmation mail yet');
      return /appeal\/confirm\?token=([\w-]+)/.exec(mail)![1]!;
    });
    expect((await s.call('POST', '/api/appeal/confirm', { json: { token }, token: null })).status).toBe(200);
    const { id } = await s.db.one<{ id: string }>('SELECT id FROM appeals WHERE email = $1', [member.email]);
    const refused = await s.call('POST', `/api/admin/appeals/${id}/decide`, {
      json: { decision: 'reverse', note: 'My mistake.' },
    });
    expect(refused.status).toBe(403);
    await expectOneRefusal(
      s,
      { id: s.adminId },
      `POST /api/admin/appeals/${id}/decide`,
      APPEAL_MESSAGES.ownRestriction,
    );
  });

  it('a step-up asked for (403 with stepUp: true)', async () => {
    const s = await makeServer();
    await s.db.run("UPDATE admin_sessions SET verified_at = now() - interval '6 minutes'");
    const refused = await s.call('POST', '/api/mail-send/create', {
      json: { title: 'News', body: 'Hello', users: 'all' },
    });
    expect(refused.body).toMatchObject({ stepUp: true });
    await expectOneRefusal(
      s,
      { id: s.adminId },
      'POST /api/mail-send/create',
      'the password must be confirmed again (step-up)',
    );
  });
});

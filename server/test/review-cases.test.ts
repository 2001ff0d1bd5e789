import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  CaseAnswer,
  DecideAnswer,
  LevelsAnswer,
  QueueRow,
  StatsAnswer,
} from '../../contract/review-cases';
import { newId } from '../lib/ids';
import { escalateContact } from '../services/review-cases';
import { adminWithRole, makeServer } from './harness';

/**
 * Review cases ('review-cases') and priorities ('review-priorities'): one case per reported member holding every Open
 * report, decided at once; levels with target times picked by rules; met, missed and overdue counts and handling
 * times equal to a recount.
 */

type Server = Awaited<ReturnType<typeof makeServer>>;

async function addUser(s: Server, name: string, extra: { dob?: string } = {}) {
  const id = newId();
  await s.db.run(
    `INSERT INTO users (id, role, name, surname, email, dob, is_verified, created_at, updated_at)
     VALUES ($1, 'user', $2, 'Doe', $3, $4, true, $5, $5)`,
    [id, name, `${name.toLowerCase()}-${id}@example.com`, extra.dob ?? null, '2024-01-01T00:00:00.000Z'],
  );
  return id;
}

async function addReport(
  s: Server,
  reported: string | null,
  at: string,
  message = 'Rude',
  reporter?: string,
) {
  const id = newId();
  await s.db.run(
    `INSERT INTO chat_reports (id, message, reporter_id, reported_id, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $5)`,
    [id, message, reporter ?? null, reported, at],
  );
  return id;
}

async function policy(s: Server, message: string) {
  const made = await s.call('POST', '/api/reportelement/create', {
    json: { message, enabled: true, explanation: `About ${message}` },
  });
  expect(made.status).toBe(200);
  return (made.body.result as { _id: string })._id;
}

const list = async (s: Server, query = '') => {
  const answer = await s.call('GET', `/api/review-queue/list${query}`);
  expect(answer.status).toBe(200);
  return answer.body as { result: QueueRow[]; pagination: { count: number } };
};

const caseOf = async (s: Server, id: string) => {
  const answer = await s.call('GET', `/api/review-queue/${id}/case`);
  expect(answer.status).toBe(200);
  return answer.body.result as CaseAnswer;
};

const decide = (s: Server, id: string, json: unknown, token?: string) =>
  s.call('POST', `/api/review-queue/${id}/decide`, { json, token });

const reportStatuses = async (s: Server, member: string) =>
  (
    await s.db.many<{ status: string }>(
      'SELECT status FROM chat_reports WHERE reported_id = $1 ORDER BY created_at',
      [member],
    )
  ).map((row) => row.status);

afterEach(() => {
  vi.useRealTimers();
});

describe('a case per member', () => {
  it('three reports are one case; a fourth joins it; restrict decides them all with one restriction, statement and strike', async () => {
    const s = await makeServer();
    const ann = await addUser(s, 'Ann', { dob: '1990-06-15T00:00:00.000Z' });
    const bob = await addUser(s, 'Bob');
    await addReport(s, ann, '2025-01-01T10:00:00.000Z', 'Asked me for money', bob);
    await addReport(s, ann, '2025-01-01T08:00:00.000Z', 'Spam links');
    await addReport(s, ann, '2025-01-02T00:00:00.000Z', 'Spam again');

    let page = await list(s);
    expect(page.pagination.count).toBe(1);
    expect(page.result).toHaveLength(1);
    const row = page.result[0]!;
    expect(row).toMatchObject({
      kind: 'case',
      state: 'open',
      subject: { _id: ann, name: 'Ann' },
      reportCount: 3,
      // The case's age is its oldest report's; the reason and excerpt its first report's.
      createdAt: '2025-01-01T08:00:00.000Z',
      excerpt: 'Spam links',
      reason: 'Spam links',
      level: { name: 'Normal', rank: 3, targetMinutes: 4320 },
      targetAt: '2025-01-04T08:00:00.000Z',
      assignee: null,
    });

    // A new report on a member with an open case joins it.
    await addReport(s, ann, '2025-01-03T00:00:00.000Z', 'Still spamming', bob);
    page = await list(s);
    expect(page.result.map((item) => [item._id, item.reportCount])).toEqual([[row._id, 4]]);

    const view = await caseOf(s, row._id);
    expect(view.reports.map((report) => report.message)).toEqual([
      'Spam links',
      'Asked me for money',
      'Spam again',
      'Still spamming',
    ]);
    expect(view.reports[1]).toMatchObject({ status: 'Open', reporter: { _id: bob, name: 'Bob' } });
    expect(view.member).toMatchObject({
      _id: ann,
      verified: true,
      strikes: { active: 0, reversed: 0 },
      restriction: null,
      earlierReports: 0,
      earlierRestrictions: 0,
    });
    expect(view.member?.age).toBeGreaterThanOrEqual(34);

    const policyId = await policy(s, 'Spam or scam');
    const restricted = await decide(s, row._id, {
      action: 'restrict',
      restriction: { policyId, facts: 'Four reports of spam links.', endsAt: null },
    });
    expect(restricted.status).toBe(200);
    expect(restricted.body.result).toMatchObject({
      item: { _id: row._id, state: 'done', decidedBy: { _id: s.adminId }, reportCount: 4 },
      next: null,
    });
    expect(await reportStatuses(s, ann)).toEqual(['Actioned', 'Actioned', 'Actioned', 'Actioned']);
    const counts = await s.db.one<{ restrictions: number; statements: number }>(
      `SELECT (SELECT count(*) FROM restrictions WHERE user_id = $1)::int AS restrictions,
         (SELECT count(*) FROM mails WHERE kind = 'restriction')::int AS statements`,
      [ann],
    );
    expect(counts).toEqual({ restrictions: 1, statements: 1 });
    const after = await caseOf(s, row._id);
    expect(after.member?.strikes).toEqual({ active: 1, reversed: 0 });
    expect(after.member?.restriction).toMatchObject({ policy: { name: 'Spam or scam' }, endsAt: null });
    expect(after.reports.every((report) => report.status === 'Actioned')).toBe(true);
    expect((await list(s)).result).toEqual([]);
    const users = await s.call('GET', `/api/admin/list?page=1&items=10&search=Ann`);
    expect(JSON.stringify(users.body)).toContain('"strikes":1');

    // A report after the decision opens a new case.
    await addReport(s, ann, '2025-02-01T00:00:00.000Z', 'Back again');
    const again = (await list(s)).result;
    expect(again).toHaveLength(1);
    expect(again[0]!._id).not.toBe(row._id);
    expect((await caseOf(s, again[0]!._id)).member?.earlierReports).toBe(4);
  });

  it('a case with 50 reports reads in one request, every report in full', async () => {
    const s = await makeServer();
    const ann = await addUser(s, 'Ann');
    const bob = await addUser(s, 'Bob');
    await s.db.run(
      `INSERT INTO chat_reports (id, message, reporter_id, reported_id, created_at, updated_at)
       SELECT lpad(to_hex(i), 24, '0'), 'Report ' || i, $2, $1, t, t
       FROM generate_series(1, 50) i, LATERAL (SELECT timestamptz '2025-01-01' + i * interval '1 hour' AS t) x`,
      [ann, bob],
    );
    const [item] = (await list(s)).result;
    expect(item).toMatchObject({ reportCount: 50, reporter: { _id: bob } });
    const view = await caseOf(s, item!._id);
    expect(view.reports).toHaveLength(50);
    expect(view.reports.map((report) => report.message)).toEqual(
      Array.from({ length: 50 }, (_, i) => `Report ${i + 1}`),
    );
    expect(view.reports.every((report) => report.reporter?._id === bob)).toBe(true);
  });

  it('dismiss resolves every Open report of the case with the reason, and logs each', async () => {
    const s = await makeServer();
    const ann = await addUser(s, 'Ann');
    const reports = [
      await addReport(s, ann, '2025-01-01T00:00:00.000Z'),
      await addReport(s, ann, '2025-01-02T00:00:00.000Z'),
    ];
    const [item] = (await list(s)).result;
    expect((await decide(s, item!._id, { action: 'dismiss', reason: '  ' })).status).toBe(400);
    expect((await decide(s, item!._id, { action: 'nothing' })).body.message).toBe(
      'Action must be one of dismiss, warn, restrict, escalate, release',
    );
    const dismissed = await decide(s, item!._id, { action: 'dismiss', reason: 'Banter between friends' });
    expect(dismissed.status).toBe(200);
    expect(await reportStatuses(s, ann)).toEqual(['Dismissed', 'Dismissed']);
    const entries = await s.db.many<{ record_id: string; reason: string }>(
      "SELECT record_id, reason FROM activity WHERE action = 'case' ORDER BY record_id",
    );
    expect(entries).toEqual(
      [...reports].sort().map((id) => ({ record_id: id, reason: 'Banter between friends' })),
    );
    expect((await decide(s, item!._id, { action: 'dismiss', reason: 'Again' })).status).toBe(409);
    const counts = await s.db.many<{ kind: string; state: string; n: string }>(
      'SELECT kind, state, n FROM review_counts WHERE n <> 0 ORDER BY kind, state',
    );
    expect(counts).toEqual([{ kind: 'case', state: 'done', n: 1 }]);
  });

  it("a report decided on its own leaves the case open while others are Open; the case's age moves on", async () => {
    const s = await makeServer();
    const ann = await addUser(s, 'Ann');
    const first = await addReport(s, ann, '2025-01-01T00:00:00.000Z');
    await addReport(s, ann, '2025-01-05T00:00:00.000Z');
    await s.call('PATCH', `/api/chat-report/case/${first}`, { json: { status: 'Dismissed' } });
    const [item] = (await list(s)).result;
    expect(item).toMatchObject({ state: 'open', reportCount: 1, createdAt: '2025-01-05T00:00:00.000Z' });
  });

  it('warns the member by mail, from a template named in the log, with no strike; refuses unfilled placeholders', async () => {
    const s = await makeServer();
    const ann = await addUser(s, 'Ann');
    await addReport(s, ann, '2025-01-01T00:00:00.000Z');
    const [item] = (await list(s)).result;
    const unfilled = await decide(s, item!._id, { action: 'warn', message: 'Dear {{member_name}}, stop.' });
    expect(unfilled.status).toBe(400);
    expect(unfilled.body.message).toContain('{{member_name}}');
    const template = await s.call('POST', '/api/notice-templates', {
      json: {
        kind: 'warning',
        policyId: null,
        name: 'First warning',
        subject: 'A warning',
        body: 'Hi {{member_name}}',
      },
    });
    const templateId = (template.body.result as { _id: string } | undefined)?._id;
    const warned = await decide(s, item!._id, {
      action: 'warn',
      message: 'Dear Ann, please keep it friendly.',
      ...(templateId ? { templateId } : {}),
    });
    expect(warned.status).toBe(200);
    expect(await reportStatuses(s, ann)).toEqual(['Actioned']);
    await vi.waitFor(() =>
      expect(s.outbox().filter((mail) => mail.includes('please keep it friendly'))).toHaveLength(1),
    );
    const entry = await s.db.one<{ summary: string }>(
      "SELECT summary FROM activity WHERE action = 'send' AND record_id = $1",
      [ann],
    );
    if (templateId) expect(entry.summary).toContain('"First warning"');
    expect((await s.db.one<{ n: number }>('SELECT count(*)::int AS n FROM restrictions')).n).toBe(0);
  });
});

describe('priorities and targets', () => {
  it('child safety is Critical, appeals High, cases Normal; the queue and claim-next go by rank then age', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2025-03-01T00:00:00.000Z') });
    const s = await makeServer();
    const ann = await addUser(s, 'Ann');
    const cy = await addUser(s, 'Cy');
    await policy(s, 'Underage user');
    await addReport(s, ann, '2025-02-01T00:00:00.000Z', 'Rude');
    await addReport(s, cy, '2025-02-20T00:00:00.000Z', 'underage user');
    const page = await list(s);
    expect(page.result.map((item) => [item.subject?.name, item.level?.name, item.targetAt])).toEqual([
      ['Cy', 'Critical', '2025-02-20T01:00:00.000Z'],
      ['Ann', 'Normal', '2025-02-04T00:00:00.000Z'],
    ]);
    expect(page.result[0]!.policy?.name).toBe('Underage user');

    const claimed = await s.call('POST', '/api/review-queue/claim-next');
    expect(claimed.body.result).toMatchObject({ subject: { name: 'Cy' }, level: { name: 'Critical' } });

    // Decided 30 minutes after the report: the target of 60 minutes is met.
    vi.setSystemTime(new Date('2025-02-20T00:30:00.000Z'));
    const cyCase = page.result[0]!._id;
    const done = await decide(s, cyCase, { action: 'dismiss', reason: 'Checked the ID' });
    expect((done.body.result as DecideAnswer).item).toMatchObject({ handlingMinutes: 30, targetMet: true });
    // Ann's is decided after its target.
    vi.setSystemTime(new Date('2025-02-10T00:00:00.000Z'));
    const late = await decide(s, page.result[1]!._id, { action: 'dismiss', reason: 'Old' });
    expect((late.body.result as DecideAnswer).item).toMatchObject({
      handlingMinutes: 9 * 24 * 60,
      targetMet: false,
    });
  });

  it('escalate sets the level and hands the case to an admin or to the Owners; release hands it back', async () => {
    const s = await makeServer();
    const ann = await addUser(s, 'Ann');
    await addReport(s, ann, '2025-01-01T00:00:00.000Z');
    const [item] = (await list(s)).result;
    const levels = (await s.call('GET', '/api/review-queue/levels')).body.result as LevelsAnswer;
    const high = levels.levels.find((level) => level.name === 'High')!;
    const moderator = await adminWithRole(s.db, 'moderator');
    const editor = await adminWithRole(s.db, 'editor');
    expect(
      (await decide(s, item!._id, { action: 'escalate', levelId: high._id, assigneeId: editor.id })).status,
    ).toBe(400);
    const toModerator = await decide(s, item!._id, {
      action: 'escalate',
      levelId: high._id,
      assigneeId: moderator.id,
    });
    expect((toModerator.body.result as DecideAnswer).item).toMatchObject({
      state: 'claimed',
      assignee: { _id: moderator.id },
      level: { name: 'High' },
      targetAt: '2025-01-02T00:00:00.000Z',
    });
    // Claimed by the moderator: another Moderator may not decide it; the Owner may.
    const other = await adminWithRole(s.db, 'moderator');
    expect((await decide(s, item!._id, { action: 'dismiss', reason: 'x' }, other.token)).status).toBe(409);
    const toOwners = await decide(s, item!._id, {
      action: 'escalate',
      levelId: high._id,
      assigneeId: 'owners',
    });
    expect((toOwners.body.result as DecideAnswer).item).toMatchObject({ state: 'open', assignee: null });
    await s.call('POST', `/api/review-queue/${item!._id}/claim`, { token: moderator.token });
    const released = await decide(s, item!._id, { action: 'release' }, moderator.token);
    expect((released.body.result as DecideAnswer).item).toMatchObject({ state: 'open', assignee: null });
  });

  it('an Owner changes levels and rules; a Moderator may not; the open items follow a new target', async () => {
    const s = await makeServer();
    const ann = await addUser(s, 'Ann');
    await addReport(s, ann, '2025-01-01T00:00:00.000Z');
    const current = (await s.call('GET', '/api/review-queue/levels')).body.result as LevelsAnswer;
    expect(current.levels.map((level) => [level.name, level.rank, level.targetMinutes])).toEqual([
      ['Critical', 1, 60],
      ['High', 2, 1440],
      ['Normal', 3, 4320],
      ['Low', 4, 10080],
    ]);
    const body = {
      levels: current.levels.map((level) =>
        level.name === 'Normal' ? { ...level, targetMinutes: 120 } : level,
      ),
      rules: current.rules.map((rule) => ({
        kind: rule.kind,
        policyId: rule.policy?._id ?? null,
        levelId: rule.levelId,
      })),
    };
    const moderator = await adminWithRole(s.db, 'moderator');
    const refused = await s.call('PUT', '/api/review-queue/levels', { json: body, token: moderator.token });
    expect(refused.status).toBe(403);
    const saved = await s.call('PUT', '/api/review-queue/levels', { json: body });
    expect(saved.status).toBe(200);
    expect((await list(s)).result[0]).toMatchObject({ targetAt: '2025-01-01T02:00:00.000Z' });
    const duplicate = await s.call('PUT', '/api/review-queue/levels', {
      json: { ...body, levels: body.levels.map((level) => ({ ...level, rank: 1 })) },
    });
    expect(duplicate.status).toBe(400);
    const normal = current.levels.find((level) => level.name === 'Normal')!;
    const removeUsed = await s.call('PUT', '/api/review-queue/levels', {
      json: {
        levels: body.levels.filter((level) => level._id !== normal._id),
        rules: body.rules.map((rule) => ({ ...rule, levelId: current.levels[0]!._id })),
      },
    });
    expect(removeUsed.status).toBe(409);
  });

  it('stats per level and per admin equal a recount in SQL', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2025-03-01T00:00:00.000Z') });
    const s = await makeServer();
    const members = await Promise.all(['A', 'B', 'C', 'D', 'E'].map((name) => addUser(s, name)));
    for (const [i, member] of members.entries())
      await addReport(s, member, new Date(Date.UTC(2025, 1, 1 + i * 5)).toISOString());
    const items = (await list(s)).result;
    vi.setSystemTime(new Date('2025-02-03T00:00:00.000Z'));
    await decide(s, items[0]!._id, { action: 'dismiss', reason: 'ok' });
    vi.setSystemTime(new Date('2025-02-20T00:00:00.000Z'));
    const moderator = await adminWithRole(s.db, 'moderator');
    const byModerator = await decide(s, items[1]!._id, { action: 'dismiss', reason: 'ok' }, moderator.token);
    expect(byModerator.body).toMatchObject({ message: 'Case dismissed' });
    await decide(s, items[2]!._id, { action: 'dismiss', reason: 'ok' }, moderator.token);
    vi.setSystemTime(new Date('2025-03-01T00:00:00.000Z'));
    const answer = await s.call(
      'GET',
      '/api/review-queue/stats?from=2025-01-01T00:00:00Z&to=2025-03-01T00:00:00Z',
    );
    expect(answer.status).toBe(200);
    const stats = answer.body.result as StatsAnswer;
    const recount = await s.db.many<{ name: string; met: number; missed: number; overdue: number }>(
      `SELECT l.name,
         count(*) FILTER (WHERE i.state = 'done' AND i.done_at <= i.target_at)::int AS met,
         count(*) FILTER (WHERE i.state = 'done' AND i.done_at > i.target_at)::int AS missed,
         count(*) FILTER (WHERE i.state <> 'done' AND i.target_at < '2025-03-01T00:00:00Z')::int AS overdue
       FROM review_levels l LEFT JOIN review_items i ON i.level_id = l.id GROUP BY l.name, l.rank ORDER BY l.rank`,
    );
    expect(
      stats.levels.map(({ level, met, missed, overdue }) => ({ name: level.name, met, missed, overdue })),
    ).toEqual(recount);
    expect(stats.levels.find((row) => row.level.name === 'Normal')).toMatchObject({
      met: 1,
      missed: 2,
      overdue: 2,
    });
    const perAdmin = await s.db.many<{ decided_by: string; n: number; mean: number }>(
      `SELECT decided_by, count(*)::int AS n, round(avg(extract(epoch FROM done_at - created_at)) / 60)::int AS mean
       FROM review_items WHERE state = 'done' GROUP BY decided_by ORDER BY count(*) DESC, decided_by`,
    );
    expect(
      stats.admins.map((row) => ({ decided_by: row.admin._id, n: row.decided, mean: row.meanMinutes })),
    ).toEqual(perAdmin);
  });
});

describe('contact messages and permissions', () => {
  it("an escalated contact message joins the member's case, or is a case of its own", async () => {
    const s = await makeServer();
    const ann = await addUser(s, 'Ann');
    await addReport(s, ann, '2025-01-05T00:00:00.000Z');
    const contact = async (title: string, at: string) => {
      const id = newId();
      await s.db.run(
        `INSERT INTO contacts (id, title, email, description, created_at, updated_at)
         VALUES ($1, $2, 'x@example.com', 'I think this member is a minor', $3, $3)`,
        [id, title, at],
      );
      return id;
    };
    const first = await contact('About Ann', '2025-01-01T00:00:00.000Z');
    const critical = '0000000000000000000000c1';
    const joined = await s.db.transaction((tx) =>
      escalateContact(tx, { contactId: first, memberId: ann, levelId: critical, adminId: s.adminId }),
    );
    const rows = (await list(s)).result;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      _id: joined.caseId,
      reportCount: 2,
      level: { name: 'Critical' },
      createdAt: '2025-01-01T00:00:00.000Z',
    });
    expect((await caseOf(s, joined.caseId)).contacts).toMatchObject([{ _id: first, title: 'About Ann' }]);
    const second = await contact('No one named', '2025-01-02T00:00:00.000Z');
    const alone = await s.db.transaction((tx) =>
      escalateContact(tx, {
        contactId: second,
        memberId: null,
        levelId: null,
        adminId: s.adminId,
      }),
    );
    const own = (await list(s)).result.find((item) => item._id === alone.caseId);
    expect(own).toMatchObject({
      subject: null,
      reportCount: 1,
      level: { name: 'Normal' },
      reason: 'No one named',
    });
    expect((await decide(s, alone.caseId, { action: 'dismiss', reason: 'Nothing to do' })).status).toBe(200);
  });

  it("another admin's claimed case is not restricted (409, no restriction); the decision answers the next item", async () => {
    const s = await makeServer();
    const ann = await addUser(s, 'Ann');
    const bob = await addUser(s, 'Bob');
    await addReport(s, ann, '2025-01-01T00:00:00.000Z');
    await addReport(s, bob, '2025-01-02T00:00:00.000Z');
    const [annCase, bobCase] = (await list(s)).result;
    const moderator = await adminWithRole(s.db, 'moderator');
    await s.call('POST', `/api/review-queue/${annCase!._id}/claim`);
    const policyId = await policy(s, 'Spam or scam');
    const restriction = { policyId, facts: 'Spam', endsAt: null };
    const refused = await decide(s, annCase!._id, { action: 'restrict', restriction }, moderator.token);
    expect(refused.status).toBe(409);
    expect((await s.db.one<{ n: number }>('SELECT count(*)::int AS n FROM restrictions')).n).toBe(0);
    const restricted = await decide(s, annCase!._id, { action: 'restrict', restriction });
    expect((restricted.body.result as DecideAnswer).next).toMatchObject({ _id: bobCase!._id });
  });

  it('a Support admin reads a case but decides nothing', async () => {
    const s = await makeServer();
    const ann = await addUser(s, 'Ann');
    await addReport(s, ann, '2025-01-01T00:00:00.000Z');
    const [item] = (await list(s)).result;
    const support = await adminWithRole(s.db, 'support');
    expect(
      (await s.call('GET', `/api/review-queue/${item!._id}/case`, { token: support.token })).status,
    ).toBe(200);
    expect((await decide(s, item!._id, { action: 'dismiss', reason: 'x' }, support.token)).status).toBe(403);
    expect((await s.call('GET', '/api/review-queue/stats', { token: support.token })).status).toBe(200);
  });
});

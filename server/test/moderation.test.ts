import { describe, expect, it } from 'vitest';
import { newId } from '../lib/ids';
import { makeServer, restrictionBody } from './harness';

/** The status reason ('status-reason'), report cases ('report-cases') and a user's history ('user-history'). */

type Server = Awaited<ReturnType<typeof makeServer>>;

async function addUser(s: Server, name: string) {
  const id = newId();
  await s.db.run(
    "INSERT INTO users (id, role, name, surname, email, created_at, updated_at) VALUES ($1, 'user', $2, 'Doe', $3, $4, $4)",
    [id, name, `${name.toLowerCase()}@example.com`, '2024-01-01T00:00:00.000Z'],
  );
  return id;
}

async function addReport(
  s: Server,
  reporter: string | null,
  reported: string | null,
  at: string,
  message = 'Rude',
) {
  const id = newId();
  await s.db.run(
    'INSERT INTO chat_reports (id, message, reporter_id, reported_id, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5)',
    [id, message, reporter, reported, at],
  );
  return id;
}

async function addBlock(s: Server, by: string, blocked: string, at: string, message = '') {
  const id = newId();
  await s.db.run(
    'INSERT INTO chat_blocks (id, block_by, blocked_user, message, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5)',
    [id, by, blocked, message, at],
  );
  return id;
}

const entries = async (s: Server) =>
  (await s.call('GET', '/api/activity/list?limit=100')).body.result as Record<string, unknown>[];

describe('status change with a reason', () => {
  it('keeps the reason, trimmed, on the entry; SPEC’s answer is unchanged', async () => {
    const s = await makeServer();
    const user = await addUser(s, 'Ann');
    // With 'restrictions' every deactivation is a restriction: its facts are the entry's reason.
    const answer = await s.call('PATCH', `/api/admin/status/${user}?enabled=false`, {
      json: await restrictionBody(s.db, { facts: '  Spam links  ' }),
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      success: true,
      message: 'User deactivated successfully',
      result: { reference: expect.stringMatching(/^R-/), closed: 0 },
    });
    expect(await entries(s)).toMatchObject([
      { action: 'restrict', recordType: 'user', recordId: user, recordName: 'Ann Doe', reason: 'Spam links' },
    ]);
    const activated = await s.call(
      'PATCH',
      `/api/admin/status/${user}?enabled=true&reason=${encodeURIComponent('  Appeal upheld  ')}`,
    );
    expect(activated.body).toEqual({ success: true, message: 'User activated successfully' });
    expect((await entries(s))[0]).toMatchObject({
      action: 'activate',
      reason: 'Appeal upheld',
      summary: 'Status: Inactive → Active',
    });
    await s.call('PATCH', `/api/admin/status/${user}?enabled=false`, { json: await restrictionBody(s.db) });
    await s.call('PATCH', `/api/admin/status/${user}?enabled=true`);
    expect((await entries(s))[0]).toMatchObject({ action: 'activate', reason: null });
  });

  it('refuses a reason over 500 characters, and changes nothing', async () => {
    const s = await makeServer();
    const user = await addUser(s, 'Ben');
    const off = await s.call('PATCH', `/api/admin/status/${user}?enabled=false`, {
      json: await restrictionBody(s.db),
    });
    expect(off.status).toBe(200);
    const answer = await s.call('PATCH', `/api/admin/status/${user}?enabled=true&reason=${'x'.repeat(501)}`);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ success: false, message: 'Reason must be at most 500 characters' });
    expect(await s.db.one('SELECT enabled FROM users WHERE id = $1', [user])).toEqual({ enabled: false });
    expect(await entries(s)).toHaveLength(1);
    const ok = await s.call('PATCH', `/api/admin/status/${user}?enabled=true&reason=${'x'.repeat(500)}`);
    expect(ok.status).toBe(200);
    expect(await entries(s)).toHaveLength(2);
  });
});

describe('chat reports as cases', () => {
  it('lists every report as an Open case until one is handled, and filters by status', async () => {
    const s = await makeServer();
    const [ann, ben] = [await addUser(s, 'Ann'), await addUser(s, 'Ben')];
    const reports = await Promise.all(
      ['2024-01-01', '2024-01-02', '2024-01-03'].map((day) => addReport(s, ann, ben, `${day}T10:00:00.000Z`)),
    );
    const list = await s.call('GET', '/api/chat-report/list');
    expect(list.body.pagination).toEqual({ count: 3, page: 1, items: 10 });
    expect(list.body.result).toEqual(
      [...reports]
        .reverse()
        .map((id) =>
          expect.objectContaining({ _id: id, status: 'Open', note: '', handledBy: null, handledAt: null }),
        ),
    );

    const handled = await s.call('PATCH', `/api/chat-report/case/${reports[1]}`, {
      json: { status: 'Dismissed', note: '  Not abusive  ' },
    });
    expect(handled.status).toBe(200);
    expect(handled.body).toMatchObject({
      success: true,
      message: 'Report updated successfully',
      result: {
        _id: reports[1],
        message: 'Rude',
        status: 'Dismissed',
        note: 'Not abusive',
        handledBy: { _id: s.adminId, name: 'Admin' },
        handledAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        thread: {
          user_id: [
            { _id: ann, name: 'Ann' },
            { _id: ben, name: 'Ben' },
          ],
        },
      },
    });
    expect((await entries(s))[0]).toMatchObject({
      action: 'case',
      recordType: 'chat-report',
      recordId: reports[1],
      summary: 'Open → Dismissed',
      reason: 'Not abusive',
    });
    // The list answers a report as the PATCH did.
    const dismissed = await s.call('GET', '/api/chat-report/list?status=Dismissed');
    expect(dismissed.body.result).toEqual([handled.body.result]);
    expect(dismissed.body.pagination).toEqual({ count: 1, page: 1, items: 10 });
    const open = await s.call('GET', '/api/chat-report/list?status=Open&sort=created&order=asc');
    expect((open.body.result as { _id: string }[]).map((report) => report._id)).toEqual([
      reports[0],
      reports[2],
    ]);
    expect(open.body.pagination).toEqual({ count: 2, page: 1, items: 10 });
    expect((await s.call('GET', '/api/chat-report/list?status=Actioned')).body.pagination).toMatchObject({
      count: 0,
    });

    // A note left out keeps the one there; the same status again says so.
    await s.call('PATCH', `/api/chat-report/case/${reports[1]}`, { json: { status: 'Dismissed' } });
    expect((await entries(s))[0]).toMatchObject({ summary: 'Dismissed (no change)', reason: null });
    expect(await s.db.one('SELECT note FROM chat_reports WHERE id = $1', [reports[1]!])).toEqual({
      note: 'Not abusive',
    });
  });

  it('refuses a bad status or note, an unknown report, and a bad list filter', async () => {
    const s = await makeServer();
    const report = await addReport(s, await addUser(s, 'Ann'), null, '2024-01-01T00:00:00.000Z');
    const cases: [string, unknown, number, string, field?: string][] = [
      [report, { status: 'Closed' }, 400, 'Status must be one of Open, Actioned, Dismissed', 'status'],
      [report, {}, 400, 'Status is required', 'status'],
      [
        report,
        { status: 'Actioned', note: 'n'.repeat(1001) },
        400,
        'Note must be at most 1000 characters',
        'note',
      ],
      [report, { status: 'Actioned', note: 5 }, 400, 'Note must be text', 'note'],
      ['ffffffffffffffffffffffff', { status: 'Actioned' }, 404, 'Report not found'],
      ['123', { status: 'Actioned' }, 400, 'Invalid id'],
    ];
    for (const [id, json, status, message, field] of cases) {
      const answer = await s.call('PATCH', `/api/chat-report/case/${id}`, { json });
      expect(answer.status, JSON.stringify(json)).toBe(status);
      expect(answer.body, JSON.stringify(json)).toEqual({
        success: false,
        message,
        ...(field ? { field } : {}),
      });
    }
    const list = await s.call('GET', '/api/chat-report/list?status=closed');
    expect(list.status).toBe(400);
    expect(list.body).toEqual({ success: false, message: 'Status must be one of Open, Actioned, Dismissed' });
    expect(await s.db.one('SELECT status, note FROM chat_reports')).toEqual({ status: 'Open', note: '' });
    expect(await entries(s)).toEqual([]);
  });
});

describe("a user's moderation history", () => {
  async function scenario() {
    const s = await makeServer();
    const [ann, ben, cat] = [await addUser(s, 'Ann'), await addUser(s, 'Ben'), await addUser(s, 'Cat')];
    const reported = await addReport(s, ben, ann, '2024-01-01T10:00:00.000Z', 'Rude');
    const reporter = await addReport(s, ann, cat, '2024-01-02T10:00:00.000Z', 'Spam');
    const blocked = await addBlock(s, cat, ann, '2024-01-03T10:00:00.000Z', 'Stop');
    const blocker = await addBlock(s, ann, ben, '2024-01-04T10:00:00.000Z');
    // Someone else's report and block: not Ann's history.
    await addReport(s, ben, cat, '2024-01-05T10:00:00.000Z');
    await addBlock(s, ben, cat, '2024-01-05T10:00:00.000Z');
    await s.call('PATCH', `/api/chat-report/case/${reported}`, {
      json: { status: 'Actioned', note: 'Warned' },
    });
    await s.call('PATCH', `/api/admin/status/${ann}?enabled=false`, {
      json: await restrictionBody(s.db, { facts: 'Harassment' }),
    });
    await s.call('PATCH', `/api/admin/status/${ann}?enabled=true`);
    return { s, ann, ben, cat, reported, reporter, blocked, blocker };
  }

  it('answers all five kinds in one timeline, newest first', async () => {
    const { s, ann, ben, cat, reported, reporter, blocked, blocker } = await scenario();
    const answer = await s.call('GET', `/api/admin/history/${ann}`);
    expect(answer.status).toBe(200);
    expect(answer.body.pagination).toEqual({ count: 6, page: 1, items: 10 });
    const admin = { _id: s.adminId, name: 'Admin User', email: 'admin@example.com' };
    const person = (id: string, name: string) => ({
      _id: id,
      name,
      surname: 'Doe',
      email: `${name.toLowerCase()}@example.com`,
    });
    const [activate, deactivate, ...rest] = answer.body.result as Record<string, unknown>[];
    expect(activate).toEqual({
      kind: 'status',
      _id: expect.any(String),
      at: expect.any(String),
      admin,
      enabled: true,
      reason: null,
    });
    expect(deactivate).toEqual({
      kind: 'status',
      _id: expect.any(String),
      at: expect.any(String),
      admin,
      enabled: false,
      reason: 'Harassment',
      action: 'restrict',
      summary: expect.stringMatching(/^Deactivated permanently, citing /),
    });
    expect(String(activate!.at) >= String(deactivate!.at)).toBe(true);
    expect(rest).toEqual([
      {
        kind: 'blocker',
        _id: blocker,
        at: '2024-01-04T10:00:00.000Z',
        other: person(ben, 'Ben'),
        message: '',
      },
      {
        kind: 'blocked',
        _id: blocked,
        at: '2024-01-03T10:00:00.000Z',
        other: person(cat, 'Cat'),
        message: 'Stop',
      },
      {
        kind: 'reporter',
        _id: reporter,
        at: '2024-01-02T10:00:00.000Z',
        other: person(cat, 'Cat'),
        message: 'Spam',
        caseStatus: 'Open',
        note: '',
      },
      {
        kind: 'reported',
        _id: reported,
        at: '2024-01-01T10:00:00.000Z',
        other: person(ben, 'Ben'),
        message: 'Rude',
        caseStatus: 'Actioned',
        note: 'Warned',
      },
    ]);
  });

  it('pages the timeline and filters it to one kind', async () => {
    const { s, ann, blocker, blocked } = await scenario();
    const all = (await s.call('GET', `/api/admin/history/${ann}?limit=10`)).body.result as { _id: string }[];
    const page = await s.call('GET', `/api/admin/history/${ann}?page=2&limit=2`);
    expect(page.body.pagination).toEqual({ count: 6, page: 2, items: 2 });
    expect((page.body.result as { _id: string }[]).map((item) => item._id)).toEqual([blocker, blocked]);
    expect(all.slice(2, 4).map((item) => item._id)).toEqual([blocker, blocked]);
    for (const [kind, count] of [
      ['status', 2],
      ['reported', 1],
      ['reporter', 1],
      ['blocked', 1],
      ['blocker', 1],
    ] as const) {
      const answer = await s.call('GET', `/api/admin/history/${ann}?kind=${kind}`);
      expect(answer.body.pagination, kind).toEqual({ count, page: 1, items: 10 });
      expect(
        (answer.body.result as { kind: string }[]).map((item) => item.kind),
        kind,
      ).toEqual(Array(count).fill(kind));
    }
  });

  it('answers null for a person who is gone, 404 for an unknown user, 400 for a bad kind', async () => {
    const { s, ann, ben } = await scenario();
    await s.db.run('DELETE FROM users WHERE id = $1', [ben]);
    const reported = await s.call('GET', `/api/admin/history/${ann}?kind=reported`);
    expect((reported.body.result as { other: unknown }[])[0]!.other).toBeNull();
    const unknown = await s.call('GET', '/api/admin/history/ffffffffffffffffffffffff');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ success: false, message: 'User not found' });
    const admin = await s.call('GET', `/api/admin/history/${s.adminId}`);
    expect(admin.status).toBe(404);
    const bad = await s.call('GET', `/api/admin/history/${ann}?kind=status,reported`);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      success: false,
      message: 'Kind must be one of status, reported, reporter, blocked, blocker',
    });
  });
});

describe('features in the sign-in answer', () => {
  it('names the moderation extensions', async () => {
    const { call } = await makeServer();
    const answer = await call('POST', '/api/login', {
      json: { email: 'admin@example.com', password: 'Admin@123', isRole: 'admin' },
      token: null,
    });
    expect((answer.body.result as { features: string[] }).features).toEqual(
      expect.arrayContaining(['activity-log', 'status-reason', 'user-history', 'report-cases']),
    );
  });
});

describe('the demo data', () => {
  it('has activity to show, handled cases and a user with a moderation history', async () => {
    const s = await makeServer({ seedUsers: 40 });
    const log = await s.call('GET', '/api/activity/list?limit=100');
    const entries = log.body.result as {
      action: string;
      exists: boolean;
      reason: string | null;
      admin: unknown;
    }[];
    expect(entries.length).toBeGreaterThanOrEqual(10);
    expect(entries.every((entry) => entry.exists)).toBe(true);
    expect(new Set(entries.map((entry) => entry.action))).toEqual(
      new Set(['create', 'update', 'send', 'activate', 'deactivate', 'case']),
    );
    const counts = await Promise.all(
      ['Open', 'Actioned', 'Dismissed'].map(
        async (status) =>
          (
            (await s.call('GET', `/api/chat-report/list?status=${status}`)).body.pagination as {
              count: number;
            }
          ).count,
      ),
    );
    expect(counts.every((count) => count > 0)).toBe(true);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(24);
    const handled = await s.call('GET', '/api/chat-report/list?status=Actioned');
    expect((handled.body.result as { handledBy: unknown }[])[0]!.handledBy).toEqual({
      _id: s.adminId,
      name: 'Admin',
    });
    const deactivated = entries.find((entry) => entry.action === 'deactivate') as unknown as {
      recordId: string;
    };
    const history = await s.call('GET', `/api/admin/history/${deactivated.recordId}?kind=status`);
    expect((history.body.result as { reason: string }[])[0]!.reason).toBeTruthy();
  });
});

describe('member references', () => {
  it('carry the surname wherever an answer names a member', async () => {
    const s = await makeServer({ seedUsers: 40 });
    type Ref = { _id: string; surname?: string } | null;
    const surnames = new Map(
      (await s.db.many<{ id: string; surname: string }>('SELECT id, surname FROM users')).map((user) => [
        user.id,
        user.surname,
      ]),
    );
    const surnameOf = (id: string) => surnames.get(id);
    const result = async <Row>(path: string) => (await s.call('GET', path)).body.result as Row[];
    const events = await result<{ _id: string; userId: Ref; joinedUsers: Ref[]; joinedCount: number }>(
      '/api/event/list-admin?limit=50',
    );
    const reports = await result<{ user: string; thread: { user_id: Ref[] } }>(
      '/api/chat-report/list?limit=50',
    );
    const references: Record<string, Ref[]> = {
      'chat report thread': reports.flatMap((report) => report.thread.user_id),
      'chat block': (
        await result<{ blockBy: Ref; blockedUser: Ref }>('/api/chat-block/list?limit=50')
      ).flatMap((block) => [block.blockBy, block.blockedUser]),
      feedback: (await result<{ user: Ref }>('/api/feedback/list?limit=50')).map((feedback) => feedback.user),
      'event creator': events.map((event) => event.userId),
      'event joined, inline': events.flatMap((event) => event.joinedUsers),
      'event joined, paged': await result<Ref>(
        `/api/event/joined/${events.find((event) => event.joinedCount > 0)!._id}?limit=50`,
      ),
      post: (await result<{ userId: Ref }>('/api/post/list?limit=50')).map((post) => post.userId),
      history: (await result<{ other?: Ref }>(`/api/admin/history/${reports[0]!.user}?limit=50`)).flatMap(
        (item) => (item.other ? [item.other] : []),
      ),
    };
    for (const [where, people] of Object.entries(references)) {
      const known = people.filter((person) => person !== null);
      expect(known.length, where).toBeGreaterThan(0);
      for (const person of known) expect(person.surname, where).toBe(surnameOf(person._id));
      expect(
        known.some((person) => person.surname),
        where,
      ).toBe(true);
    }
    // A chat report's participants carry their e-mail too: the console names it before deactivating one.
    expect(reports[0]!.thread.user_id[0]).toEqual({
      _id: expect.any(String),
      name: expect.any(String),
      surname: expect.any(String),
      email: expect.stringContaining('@'),
    });
  });
});

import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../lib/env';
import { newId } from '../lib/ids';
import { adminWithRole, makeServer } from './harness';

/** The review queue ('review-queue'): items kept in step with chat reports, claims, releases, the count and filters. */

type Server = Awaited<ReturnType<typeof makeServer>>;
type Item = {
  _id: string;
  report: { _id: string } | null;
  kind: string;
  state: string;
  ref: string;
  subject: { _id: string; name: string } | null;
  assignee: { _id: string; name: string } | null;
  createdAt: string;
};

async function addUser(s: Server, name: string) {
  const id = newId();
  await s.db.run(
    "INSERT INTO users (id, role, name, surname, email, created_at, updated_at) VALUES ($1, 'user', $2, 'Doe', $3, $4, $4)",
    [id, name, `${name.toLowerCase()}-${id}@example.com`, '2024-01-01T00:00:00.000Z'],
  );
  return id;
}

async function addReport(s: Server, reported: string | null, at: string, message = 'Rude') {
  const id = newId();
  await s.db.run(
    'INSERT INTO chat_reports (id, message, reported_id, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)',
    [id, message, reported, at],
  );
  return id;
}

/** `n` members with one open report each (so `n` cases), an hour apart from 2025-01-01, in two statements. */
async function addReportedMembers(s: Server, n: number) {
  await s.db.run(
    `INSERT INTO users (id, role, name, surname, email, created_at, updated_at)
     SELECT 'c0ffee' || lpad(to_hex(i), 18, '0'), 'user', 'M' || i, 'Doe', 'm' || i || '@example.com', now(), now()
     FROM generate_series(1, $1) i`,
    [n],
  );
  await s.db.run(
    `INSERT INTO chat_reports (id, message, reported_id, created_at, updated_at)
     SELECT lpad(to_hex(i), 24, '0'), 'Spam ' || i, 'c0ffee' || lpad(to_hex(i), 18, '0'), t, t
     FROM generate_series(1, $1) i, LATERAL (SELECT timestamptz '2025-01-01' + i * interval '1 hour' AS t) x`,
    [n],
  );
}

const list = async (s: Server, query = '', token?: string) => {
  const answer = await s.call('GET', `/api/review-queue/list${query}`, { token });
  expect(answer.status).toBe(200);
  return answer.body as { result: Item[]; pagination: { count: number }; ages: Record<string, number> };
};

describe('review queue items', () => {
  it("a member's Open reports are one case, aged by the oldest; deciding them all closes it, reopening opens a new one", async () => {
    const s = await makeServer();
    const ann = await addUser(s, 'Ann');
    const later = await addReport(s, ann, '2025-02-01T00:00:00.000Z');
    const first = await addReport(s, ann, '2025-01-01T00:00:00.000Z', 'Threats');
    const page = await list(s);
    expect(page.result).toHaveLength(1);
    const caseId = page.result[0]!._id;
    expect(page.result[0]).toMatchObject({
      kind: 'case',
      state: 'open',
      ref: caseId,
      createdAt: '2025-01-01T00:00:00.000Z',
      subject: { _id: ann, name: 'Ann' },
      assignee: null,
      report: { _id: first, message: 'Threats', status: 'Open' },
    });
    expect(page.ages).toEqual({ amberHours: 12, redHours: 24 });

    const decided = await s.call('PATCH', `/api/chat-report/case/${first}`, {
      json: { status: 'Dismissed' },
    });
    expect(decided.status).toBe(200);
    expect((await list(s)).result.map((item) => [item._id, item.report?._id, item.createdAt])).toEqual([
      [caseId, later, '2025-02-01T00:00:00.000Z'],
    ]);
    await s.call('PATCH', `/api/chat-report/case/${later}`, { json: { status: 'Actioned' } });
    expect((await list(s)).result).toEqual([]);
    expect((await list(s, '?state=done')).result).toMatchObject([{ _id: caseId, state: 'done' }]);

    await s.call('PATCH', `/api/chat-report/case/${first}`, { json: { status: 'Open' } });
    const reopened = (await list(s)).result;
    expect(reopened.map((item) => [item.state, item.report?._id])).toEqual([['open', first]]);
    expect(reopened[0]!._id).not.toBe(caseId);
  });

  it("migration 019 turns the open 'chat-report' items into cases, claims kept; done ones stay", async () => {
    const s = await makeServer();
    const ann = await addUser(s, 'Ann');
    const bob = await addUser(s, 'Bob');
    const reports = [
      await addReport(s, ann, '2025-01-01T00:00:00.000Z'),
      await addReport(s, ann, '2025-01-02T00:00:00.000Z'),
      await addReport(s, bob, '2025-01-03T00:00:00.000Z'),
    ];
    // As before migration 019: an item per Open report, one of Ann's claimed, and a done one.
    await s.db.run('UPDATE chat_reports SET case_id = NULL');
    await s.db.run('DELETE FROM review_items');
    await s.db.run(
      `INSERT INTO review_items (id, kind, ref_id, subject_id, created_at, state, assignee_id, claimed_at)
       SELECT review_item_id(), 'chat-report', id, reported_id, created_at,
         CASE WHEN id = $1 THEN 'claimed' ELSE 'open' END, CASE WHEN id = $1 THEN $2 END,
         CASE WHEN id = $1 THEN now() END
       FROM chat_reports`,
      [reports[1]!, s.adminId],
    );
    await s.db.run(
      `INSERT INTO review_items (id, kind, ref_id, subject_id, created_at, state, done_at)
       VALUES (review_item_id(), 'chat-report', $1, $2, '2024-01-01', 'done', '2024-01-02')`,
      [newId(), ann],
    );
    const { readFileSync } = await import('node:fs');
    const migration = readFileSync(
      new URL('../db/postgres/migrations/019_review_cases.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration.slice(migration.indexOf('CREATE TEMPORARY TABLE review_claims'));
    await s.db.transaction(async (tx) => {
      for (const statement of backfill.split(/;\n/).filter((text) => text.trim())) await tx.run(statement);
    });
    const open = (await list(s)).result;
    expect(
      open.map((item) => [item.kind, item.subject?.name, item.state, item.assignee?._id ?? null]),
    ).toEqual([
      ['case', 'Ann', 'claimed', s.adminId],
      ['case', 'Bob', 'open', null],
    ]);
    expect((await list(s, '?state=done&kind=chat-report')).pagination.count).toBe(1);
    const counts = await s.db.many<{ kind: string; state: string; n: number }>(
      'SELECT kind, state, n::int FROM review_counts WHERE n <> 0 ORDER BY kind, state',
    );
    expect(counts).toEqual([
      { kind: 'case', state: 'claimed', n: 1 },
      { kind: 'case', state: 'open', n: 1 },
      { kind: 'chat-report', state: 'done', n: 1 },
    ]);
  });
});

describe('claims', () => {
  it('two admins claiming in parallel 1,000 times get no item twice', async () => {
    const s = await makeServer();
    await addReportedMembers(s, 1000);
    const admins = [await adminWithRole(s.db, 'moderator'), await adminWithRole(s.db, 'moderator')];
    const got = new Map<string, string>();
    // Each admin keeps four calls in flight: eight claims at once, 1,000 in all.
    const claimant = async (admin: { id: string; token: string }) => {
      for (let round = 0; round < 125; round++) {
        const answers = await Promise.all(
          Array.from({ length: 4 }, () =>
            s.call('POST', '/api/review-queue/claim-next', { token: admin.token }),
          ),
        );
        for (const answer of answers) {
          expect(answer.status).toBe(200);
          const item = answer.body.result as Item | null;
          expect(item).not.toBeNull();
          expect(item!.assignee?._id).toBe(admin.id);
          expect(got.has(item!._id)).toBe(false);
          got.set(item!._id, admin.id);
        }
      }
    };
    await Promise.all(admins.map(claimant));
    expect(got.size).toBe(1000);
    const none = await s.call('POST', '/api/review-queue/claim-next', { token: admins[0]!.token });
    expect(none.body).toEqual({ success: true, message: 'No open item to claim', result: null });
    const stored = await s.db.many<{ id: string; assignee_id: string }>(
      "SELECT id, assignee_id FROM review_items WHERE state = 'claimed'",
    );
    expect(new Map(stored.map((row) => [row.id, row.assignee_id]))).toEqual(got);
  }, 120_000);

  it('claim-next gives the oldest open item of the kind asked, and logs the claim', async () => {
    const s = await makeServer();
    const ann = await addUser(s, 'Ann');
    const bob = await addUser(s, 'Bob');
    const older = await addReport(s, ann, '2025-01-01T00:00:00.000Z', 'Older');
    await addReport(s, bob, '2025-01-02T00:00:00.000Z');
    const claimed = await s.call('POST', '/api/review-queue/claim-next', { json: { kind: 'case' } });
    expect(claimed.body).toMatchObject({
      message: 'Item claimed',
      result: { report: { _id: older }, subject: { _id: ann }, state: 'claimed' },
    });
    expect(
      (await s.call('POST', '/api/review-queue/claim-next', { json: { kind: 'contact-message' } })).status,
    ).toBe(400);
    const log = await s.call('GET', '/api/activity/list?action=claim');
    expect(log.body.result).toMatchObject([{ action: 'claim', recordType: 'user', recordId: ann }]);
  });

  it('a claimed item is not another admin’s to claim; a done one is nobody’s', async () => {
    const s = await makeServer();
    const ann = await addUser(s, 'Ann');
    const report = await addReport(s, ann, '2025-01-01T00:00:00.000Z');
    const [item] = (await list(s)).result;
    const other = await adminWithRole(s.db, 'moderator');
    expect((await s.call('POST', `/api/review-queue/${item!._id}/claim`)).status).toBe(200);
    const refused = await s.call('POST', `/api/review-queue/${item!._id}/claim`, { token: other.token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/already claimed/);
    await s.call('PATCH', `/api/chat-report/case/${report}`, { json: { status: 'Actioned' } });
    const done = await s.call('POST', `/api/review-queue/${item!._id}/claim`, { token: other.token });
    expect(done.status).toBe(409);
    expect((await s.call('POST', `/api/review-queue/${newId()}/claim`)).status).toBe(404);
  });
});

describe('release', () => {
  it('releases only one’s own claim; an Owner releases anyone’s; each is logged', async () => {
    const s = await makeServer();
    const ann = await addUser(s, 'Ann');
    await addReport(s, ann, '2025-01-01T00:00:00.000Z');
    const first = await adminWithRole(s.db, 'moderator');
    const second = await adminWithRole(s.db, 'moderator');
    const claimed = await s.call('POST', '/api/review-queue/claim-next', { token: first.token });
    const id = (claimed.body.result as Item)._id;

    const refused = await s.call('POST', `/api/review-queue/${id}/release`, { token: second.token });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only the admin who claimed this item, or an Owner, can release it');

    const own = await s.call('POST', `/api/review-queue/${id}/release`, { token: first.token });
    expect(own.body).toMatchObject({ message: 'Item released', result: { state: 'open', assignee: null } });
    expect((await s.call('POST', `/api/review-queue/${id}/release`, { token: first.token })).status).toBe(
      409,
    );

    await s.call('POST', `/api/review-queue/${id}/claim`, { token: second.token });
    // The harness's admin is the Owner.
    const byOwner = await s.call('POST', `/api/review-queue/${id}/release`);
    expect(byOwner.status).toBe(200);
    expect(byOwner.body.result).toMatchObject({ state: 'open', assignee: null });
    const log = await s.call('GET', '/api/activity/list?action=release');
    expect(log.body.result).toMatchObject([
      { action: 'release', summary: expect.stringMatching(/^Released Moderator's claim/) },
      { action: 'release', summary: 'Released to the review queue' },
    ]);
  });
});

describe('count, filters and roles', () => {
  it('counts the open and claimed items, and the caller’s; a decision takes one off', async () => {
    const s = await makeServer();
    const reports: string[] = [];
    for (let day = 1; day <= 4; day++)
      reports.push(await addReport(s, await addUser(s, `M${day}`), `2025-01-0${day}T00:00:00.000Z`));
    const count = async () => (await s.call('GET', '/api/review-queue/count')).body.result;
    expect(await count()).toEqual({ open: 4, claimed: 0, mine: 0 });
    await s.call('POST', '/api/review-queue/claim-next');
    const other = await adminWithRole(s.db, 'moderator');
    await s.call('POST', '/api/review-queue/claim-next', { token: other.token });
    expect(await count()).toEqual({ open: 2, claimed: 2, mine: 1 });
    await s.call('PATCH', `/api/chat-report/case/${reports[3]}`, { json: { status: 'Dismissed' } });
    await s.call('PATCH', `/api/chat-report/case/${reports[0]}`, { json: { status: 'Dismissed' } });
    expect(await count()).toEqual({ open: 1, claimed: 1, mine: 0 });
  });

  it('filters by kind, state and assignee (me, an admin id, none), with their totals', async () => {
    const s = await makeServer();
    const reports: string[] = [];
    for (let day = 1; day <= 5; day++)
      reports.push(await addReport(s, await addUser(s, `M${day}`), `2025-01-0${day}T00:00:00.000Z`));
    const other = await adminWithRole(s.db, 'moderator');
    await s.call('POST', '/api/review-queue/claim-next'); // reports[0], the Owner's
    await s.call('POST', '/api/review-queue/claim-next', { token: other.token }); // reports[1]
    await s.call('PATCH', `/api/chat-report/case/${reports[4]}`, { json: { status: 'Dismissed' } });
    const refs = async (query: string) => {
      const page = await list(s, query);
      return {
        refs: page.result.map((item) => reports.indexOf(item.report?._id ?? '')),
        count: page.pagination.count,
      };
    };
    expect(await refs('')).toEqual({ refs: [0, 1, 2, 3], count: 4 });
    expect(await refs('?kind=case&state=open')).toEqual({ refs: [2, 3], count: 2 });
    expect(await refs('?kind=chat-report')).toEqual({ refs: [], count: 0 });
    expect(await refs('?state=claimed')).toEqual({ refs: [0, 1], count: 2 });
    expect(await refs('?state=done')).toEqual({ refs: [4], count: 1 });
    expect(await refs('?assignee=me')).toEqual({ refs: [0], count: 1 });
    expect(await refs(`?assignee=${other.id}`)).toEqual({ refs: [1], count: 1 });
    expect(await refs('?assignee=none')).toEqual({ refs: [2, 3], count: 2 });
    expect(await refs('?state=open&limit=1&page=2')).toEqual({ refs: [3], count: 2 });
    expect((await s.call('GET', '/api/review-queue/list?state=closed')).status).toBe(400);
    expect((await s.call('GET', '/api/review-queue/list?assignee=someone')).status).toBe(400);
    expect((await s.call('GET', '/api/review-queue/list?sort=createdAt')).status).toBe(400);
  });

  it('Support reads the queue but cannot claim or release (403); an Editor cannot read it', async () => {
    const s = await makeServer();
    const ann = await addUser(s, 'Ann');
    await addReport(s, ann, '2025-01-01T00:00:00.000Z');
    const support = await adminWithRole(s.db, 'support');
    const editor = await adminWithRole(s.db, 'editor');
    expect((await list(s, '', support.token)).pagination.count).toBe(1);
    expect((await s.call('GET', '/api/review-queue/count', { token: support.token })).status).toBe(200);
    const claim = await s.call('POST', '/api/review-queue/claim-next', { token: support.token });
    expect(claim.status).toBe(403);
    expect(claim.body).toMatchObject({
      message: 'Your role (Support) cannot claim review queue items.',
      permission: 'queue.claim',
    });
    const [item] = (await list(s)).result;
    expect(
      (await s.call('POST', `/api/review-queue/${item!._id}/claim`, { token: support.token })).status,
    ).toBe(403);
    expect((await s.call('GET', '/api/review-queue/count', { token: editor.token })).status).toBe(403);
  });

  it('the chat report list answers one report by ?report=', async () => {
    const s = await makeServer();
    const ann = await addUser(s, 'Ann');
    await addReport(s, ann, '2025-01-01T00:00:00.000Z');
    const wanted = await addReport(s, ann, '2025-01-02T00:00:00.000Z', 'This one');
    const one = await s.call('GET', `/api/chat-report/list?report=${wanted}`);
    expect(one.body).toMatchObject({
      result: [{ _id: wanted, message: 'This one' }],
      pagination: { count: 1 },
    });
    const none = await s.call('GET', `/api/chat-report/list?report=${wanted}&status=Dismissed`);
    expect(none.body).toMatchObject({ result: [], pagination: { count: 0 } });
  });
});

describe('the age thresholds', () => {
  it('come from QUEUE_AMBER_HOURS and QUEUE_RED_HOURS, red after amber', async () => {
    const { loadConfig } = await import('../config');
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const env = { DATA_DIR: mkdtempSync(join(tmpdir(), 'queue-config-')), JWT_SECRET: 'x'.repeat(20) };
    expect(loadConfig(env)).toMatchObject({ queueAmberHours: 12, queueRedHours: 24 });
    expect(loadConfig({ ...env, QUEUE_AMBER_HOURS: '6', QUEUE_RED_HOURS: '8' })).toMatchObject({
      queueAmberHours: 6,
      queueRedHours: 8,
    });
    expect(() => loadConfig({ ...env, QUEUE_AMBER_HOURS: '24', QUEUE_RED_HOURS: '24' })).toThrow(
      'QUEUE_RED_HOURS must be more than QUEUE_AMBER_HOURS',
    );
    expect(() => loadConfig({ ...env, QUEUE_RED_HOURS: '1e3' })).toThrow(/QUEUE_RED_HOURS/);

    // The list answers the configured thresholds.
    const { Hono } = await import('hono');
    const { registerReviewQueueRoutes } = await import('../routes/review-queue');
    const s = await makeServer();
    const app = new Hono<AppEnv>();
    registerReviewQueueRoutes(app, s.db, { amberHours: 6, redHours: 8 });
    const answer = await app.request('/api/review-queue/list');
    expect(((await answer.json()) as { ages: unknown }).ages).toEqual({ amberHours: 6, redHours: 8 });
  });
});

describe('separation of duties at the claim', () => {
  it('claim-next never gives an admin the appeal of their own restriction, and claiming it directly is 403', async () => {
    const s = await makeServer();
    const ann = await addUser(s, 'Ann');
    const policyId = newId();
    await s.db.run(
      "INSERT INTO report_elements (id, message, enabled, created_at, updated_at) VALUES ($1, 'Spam', true, now(), now())",
      [policyId],
    );
    const restricted = await s.call('PATCH', `/api/admin/status/${ann}?enabled=false`, {
      json: { restriction: { policyId, facts: 'Spam links', endsAt: null } },
    });
    expect(restricted.status).toBe(200);
    const { reference } = restricted.body.result as { reference: string };
    const { id: restrictionId } = await s.db.one<{ id: string }>('SELECT id FROM restrictions');
    const appealId = newId();
    await s.db.run(
      `INSERT INTO appeals (id, restriction_id, user_id, email, statement, state, created_at, confirmed_at)
       VALUES ($1, $2, $3, 'ann@example.com', 'Not me', 'open', now(), now())`,
      [appealId, restrictionId, ann],
    );
    // A report newer than the appeal: the only item the restricting admin may take.
    const report = await addReport(s, null, new Date(Date.now() + 60_000).toISOString());

    const next = await s.call('POST', '/api/review-queue/claim-next');
    expect(next.status).toBe(200);
    expect(next.body.result).toMatchObject({ kind: 'case', report: { _id: report } });
    const none = await s.call('POST', '/api/review-queue/claim-next', { json: { kind: 'appeal' } });
    expect(none.body).toEqual({ success: true, message: 'No open item to claim', result: null });

    const item = (await list(s, '?kind=appeal')).result[0]!;
    expect(item).toMatchObject({
      ref: appealId,
      // Appeals are High by default ('review-priorities'): a target of a day from their confirmation.
      level: { name: 'High', targetMinutes: 1440 },
      subject: { _id: ann, restriction: { reference, endsAt: null } },
    });
    const direct = await s.call('POST', `/api/review-queue/${item._id}/claim`);
    expect(direct.status).toBe(403);
    expect(direct.body).toEqual({
      success: false,
      message: 'You made this restriction, so another admin must decide its appeal.',
    });
    expect(await s.db.one('SELECT state, assignee_id FROM review_items WHERE id = $1', [item._id])).toEqual({
      state: 'open',
      assignee_id: null,
    });

    const other = await adminWithRole(s.db, 'moderator');
    const theirs = await s.call('POST', '/api/review-queue/claim-next', { token: other.token });
    expect(theirs.body.result).toMatchObject({ kind: 'appeal', ref: appealId, assignee: { _id: other.id } });
  });
});

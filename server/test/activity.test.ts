import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { decode } from 'hono/jwt';
import { describe, expect, it } from 'vitest';
import { RECORD_TYPES } from '../../contract/activity';
import { ACTIVITY_ACTIONS } from '../../contract/moderation';
import type { AppEnv } from '../lib/env';
import { readCode } from '../../contract/two-factor';
import { replaceRecoveryCodes } from '../db/two-factor';
import { newRecoveryCodes, recoveryCodeHash, totpCode } from '../lib/two-factor';
import { newId } from '../lib/ids';
import { ADMIN, adminWithRole, makeServer, pngFile, restrictionBody, sessionToken } from './harness';

/**
 * The activity log (feature 'activity-log'): every authenticated write route appends exactly one entry in its own
 * transaction, refused or failed writes append none, nothing changes or deletes an entry, and the list pages and
 * filters it newest first.
 */

type Server = Awaited<ReturnType<typeof makeServer>>;
type Entry = {
  _id: string;
  createdAt: string;
  admin: { _id: string; name: string; email: string } | null;
  action: string;
  recordType: string;
  recordId: string | null;
  recordName: string;
  summary: string;
  reason: string | null;
  exists: boolean;
};

const form = (fields: Record<string, string | File>) => {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  return body;
};
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
// The first and last rows as stored: by creation time, then id.
const firstId = async (s: Server, table: string, where = 'true') =>
  (await s.db.one<{ id: string }>(`SELECT id FROM ${table} WHERE ${where} ORDER BY created_at, id LIMIT 1`))
    .id;
const lastId = async (s: Server, table: string) =>
  (await s.db.one<{ id: string }>(`SELECT id FROM ${table} ORDER BY created_at DESC, id DESC LIMIT 1`)).id;
const entryCount = async (s: Server) =>
  (await s.db.one<{ n: number }>('SELECT count(*) AS n FROM activity')).n;
/** A trigger that fails every statement `when` names (e.g. 'BEFORE UPDATE ON faqs'), as a full disk would. */
async function failing(s: Server, when: string) {
  await s.db.run(`
    CREATE FUNCTION fail_as_if_disk_full() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'disk full';
    END
    $$;
    CREATE TRIGGER fail_as_if_disk_full ${when} FOR EACH ROW EXECUTE FUNCTION fail_as_if_disk_full();
  `);
}
async function newest(s: Server) {
  const answer = await s.call('GET', '/api/activity/list?limit=1');
  return (answer.body.result as Entry[])[0]!;
}

/** A note by the signed-in admin on the first member ('member-notes'). */
async function noteOnFirstMember(s: Server) {
  const userId = await firstId(s, 'users', "role = 'user'");
  const noteId = newId();
  await s.db.run(
    'INSERT INTO member_notes (id, user_id, author_id, text, created_at) VALUES ($1, $2, $3, $4, now())',
    [noteId, userId, s.adminId, 'Called in'],
  );
  return { userId, noteId };
}

/**
 * A new chat report on a new member (so a case of its own), older than every other and at the first level, so that its
 * case ('review-cases') is the queue's next: the report's id, its case's, and the member's.
 */
let queued = 0;
async function openItem(s: Server) {
  queued += 1;
  const at = new Date(Date.UTC(2000, 0, 1) - queued * 86_400_000);
  const report = newId(at);
  const member = newId(at);
  await s.db.run(
    `INSERT INTO users (id, role, name, surname, email, created_at, updated_at)
     VALUES ($1, 'user', 'Queued', 'Member', $2, $3, $3)`,
    [member, `queued-${member}@example.com`, at.toISOString()],
  );
  await s.db.run(
    "INSERT INTO chat_reports (id, message, reported_id, created_at, updated_at) VALUES ($1, 'Queued', $2, $3, $3)",
    [report, member, at.toISOString()],
  );
  const { id: item } = await s.db.one<{ id: string }>(
    'SELECT case_id AS id FROM chat_reports WHERE id = $1',
    [report],
  );
  await s.db.run('UPDATE review_items SET level_rank = (SELECT min(rank) FROM review_levels) WHERE id = $1', [
    item,
  ]);
  return { report, item, member };
}

type Write = {
  init: { json?: unknown; form?: FormData; token?: string };
  path: string;
  action: string;
  recordType: string;
  /** The id the entry names: a given one, the answer's result._id ('answer'), or none. */
  recordId: string | 'answer' | null;
};

const nameAndStatus = { name: 'Salsa', enabled: 'true' };
const withIcon = () => form({ ...nameAndStatus, icon: pngFile() });
const resource = (base: string, recordType: string, table: string, body: () => Write['init']) => ({
  [`POST /api/${base}/create`]: async () => ({
    path: `/api/${base}/create`,
    init: body(),
    action: 'create',
    recordType,
    recordId: 'answer' as const,
  }),
  [`PATCH /api/${base}/update/:id`]: async (s: Server) => {
    const id = await firstId(s, table);
    return { path: `/api/${base}/update/${id}`, init: body(), action: 'update', recordType, recordId: id };
  },
  [`DELETE /api/${base}/delete/:id`]: async (s: Server) => {
    const id = await lastId(s, table);
    return { path: `/api/${base}/delete/${id}`, init: {}, action: 'delete', recordType, recordId: id };
  },
});

/**
 * A valid request for every authenticated write route, as 'METHOD path' in the app's route table. A route missing
 * here fails the first test below: a new write route cannot be added without being shown to append its entry.
 */
const WRITES: Record<string, (s: Server) => Promise<Write>> = {
  'PATCH /api/admin/status/:userId': async (s) => {
    const id = await firstId(s, 'users', "role = 'user'");
    // Every deactivation is a restriction ('restrictions'), logged as 'restrict'. The member's Open reports are left
    // open here: closing them is a write on each report, with its own 'case' entry (restrictions.test.ts).
    const body = await restrictionBody(s.db);
    return {
      path: `/api/admin/status/${id}?enabled=false`,
      init: { json: { restriction: { ...body.restriction, closeReports: false } } },
      action: 'restrict',
      recordType: 'user',
      recordId: id,
    };
  },
  'PATCH /api/admin/profile/update': async (s) => ({
    path: '/api/admin/profile/update',
    init: { form: form({ email: ADMIN.email, password: ADMIN.password }) },
    action: 'update',
    recordType: 'admin',
    recordId: s.adminId,
  }),
  ...resource('university', 'university', 'universities', () => ({
    json: { name: 'Uni', description: 'A university', enabled: true },
  })),
  ...resource('faq', 'faq', 'faqs', () => ({ json: { question: 'Q?', answer: '<p>A</p>', enabled: true } })),
  ...resource('reportelement', 'report-element', 'report_elements', () => ({
    json: { message: 'Spam', enabled: true },
  })),
  ...resource('hobbies', 'hobbies', 'hobbies', () => ({ form: withIcon() })),
  'POST /api/hobbies/create-with-icon': async () => ({
    path: '/api/hobbies/create-with-icon',
    init: { form: withIcon() },
    action: 'create',
    recordType: 'hobbies',
    recordId: 'answer',
  }),
  'PATCH /api/hobbies/update-with-icon/:id': async (s) => {
    const id = await firstId(s, 'hobbies');
    return {
      path: `/api/hobbies/update-with-icon/${id}`,
      init: { form: withIcon() },
      action: 'update',
      recordType: 'hobbies',
      recordId: id,
    };
  },
  ...resource('language', 'language', 'languages', () => ({ json: { name: 'Welsh', enabled: true } })),
  ...resource('foodpreference', 'food-preference', 'food_preferences', () => ({
    json: { name: 'Vegan', enabled: true },
  })),
  ...resource('religiousbelief', 'religious-belief', 'religious_beliefs', () => ({
    json: { name: 'Quaker', enabled: true },
  })),
  'POST /api/eventcategory/create-with-icon': async () => ({
    path: '/api/eventcategory/create-with-icon',
    init: { form: withIcon() },
    action: 'create',
    recordType: 'event-category',
    recordId: 'answer',
  }),
  'PATCH /api/eventcategory/update-with-icon/:id': async (s) => {
    const id = await firstId(s, 'event_categories');
    return {
      path: `/api/eventcategory/update-with-icon/${id}`,
      init: { form: form(nameAndStatus) },
      action: 'update',
      recordType: 'event-category',
      recordId: id,
    };
  },
  'DELETE /api/eventcategory/delete/:id': async (s) => {
    const id = await lastId(s, 'event_categories');
    return {
      path: `/api/eventcategory/delete/${id}`,
      init: {},
      action: 'delete',
      recordType: 'event-category',
      recordId: id,
    };
  },
  'POST /api/lookingfor/create-with-icon': async () => ({
    path: '/api/lookingfor/create-with-icon',
    init: { form: withIcon() },
    action: 'create',
    recordType: 'looking-for',
    recordId: 'answer',
  }),
  'PATCH /api/lookingfor/update/:id': async (s) => {
    const id = await firstId(s, 'looking_for');
    return {
      path: `/api/lookingfor/update/${id}`,
      init: { form: form(nameAndStatus) },
      action: 'update',
      recordType: 'looking-for',
      recordId: id,
    };
  },
  'DELETE /api/lookingfor/delete/:id': async (s) => {
    const id = await lastId(s, 'looking_for');
    return {
      path: `/api/lookingfor/delete/${id}`,
      init: {},
      action: 'delete',
      recordType: 'looking-for',
      recordId: id,
    };
  },
  ...resource('blog-category', 'blog-category', 'blog_categories', () => ({
    json: { name: 'Tips', description: '<p>Tips</p>', enabled: true },
  })),
  ...resource('blog', 'blog', 'blogs', () => ({ form: new FormData() })),
  ...resource('offer', 'offer', 'offers', () => ({
    form: form({
      title: 'Deal',
      off: '10',
      expireDate: tomorrow(),
      description: '<p>d</p>',
      enabled: 'true',
      file: pngFile(),
      document: pngFile(),
    }),
  })),
  ...resource('event', 'event', 'events', () => ({
    form: form({
      name: 'Quiz night',
      venue: 'The Crown',
      startTime: '18:30',
      endTime: '21:00',
      date: tomorrow(),
      numberOfParticipants: '20',
      file: pngFile(),
    }),
  })),
  ...resource('post', 'post', 'posts', () => ({ form: form({ name: 'Beach day', image1: pngFile() }) })),
  'POST /api/plan/create': async () => ({
    path: '/api/plan/create',
    init: { json: PLAN },
    action: 'create',
    recordType: 'plan',
    recordId: 'answer',
  }),
  'PATCH /api/plan/update/:id': async (s) => {
    const id = await firstId(s, 'plans');
    return {
      path: `/api/plan/update/${id}`,
      init: { json: PLAN },
      action: 'update',
      recordType: 'plan',
      recordId: id,
    };
  },
  'POST /api/setting/create': async (s) => {
    // A single record: the one the demo seeded goes first.
    await s.db.run('DELETE FROM settings');
    return {
      path: '/api/setting/create',
      init: { json: { privacy: '<p>P</p>', termsCondition: '<p>T</p>' } },
      action: 'create',
      recordType: 'setting',
      recordId: 'answer',
    };
  },
  'PATCH /api/setting/update-with-image/:id': async (s) => {
    const id = await firstId(s, 'settings');
    return {
      path: `/api/setting/update-with-image/${id}`,
      init: { form: form({ privacy: '<p>New</p>', termsCondition: '<p>T</p>', file: pngFile() }) },
      action: 'update',
      recordType: 'setting',
      recordId: id,
    };
  },
  'POST /api/mail-send/create': async (s) => ({
    path: '/api/mail-send/create',
    init: { json: { title: 'News', body: 'Hello', users: [await firstId(s, 'users', "role = 'user'")] } },
    action: 'send',
    recordType: 'mail',
    recordId: 'answer',
  }),
  'POST /api/mail-send/test': async () => ({
    path: '/api/mail-send/test',
    init: { json: { title: 'News', body: 'Hello' } },
    action: 'test-send',
    recordType: 'mail',
    recordId: null,
  }),
  'PATCH /api/chat-report/case/:reportId': async (s) => {
    const id = await firstId(s, 'chat_reports');
    return {
      path: `/api/chat-report/case/${id}`,
      init: { json: { status: 'Dismissed', note: 'Duplicate' } },
      action: 'case',
      recordType: 'chat-report',
      recordId: id,
    };
  },
  // A contact message marked Handled ('contact-status').
  'PATCH /api/contact-us/:id/status': async (s) => {
    const id = await firstId(s, 'contacts');
    return {
      path: `/api/contact-us/${id}/status`,
      init: { json: { status: 'Handled' } },
      action: 'contact-status',
      recordType: 'contact',
      recordId: id,
    };
  },
  // A contact message escalated to the review queue ('contact-status'): a case of its own, on no member.
  'POST /api/contact-us/:id/escalate': async (s) => {
    const id = await lastId(s, 'contacts');
    return {
      path: `/api/contact-us/${id}/escalate`,
      init: { json: {} },
      action: 'contact-escalate',
      recordType: 'contact',
      recordId: id,
    };
  },
  // The review queue ('review-queue'): each claim and release is one entry, on the case's member ('review-cases').
  'POST /api/review-queue/claim-next': async (s) => {
    const { member } = await openItem(s);
    return {
      path: '/api/review-queue/claim-next',
      init: {},
      action: 'claim',
      recordType: 'user',
      recordId: member,
    };
  },
  'POST /api/review-queue/:id/claim': async (s) => {
    const { item, member } = await openItem(s);
    return {
      path: `/api/review-queue/${item}/claim`,
      init: {},
      action: 'claim',
      recordType: 'user',
      recordId: member,
    };
  },
  // A case decided ('review-cases'): dismissing a case of one report is one entry, on the report, as its case PATCH.
  'POST /api/review-queue/:id/decide': async (s) => {
    const { item, report } = await openItem(s);
    return {
      path: `/api/review-queue/${item}/decide`,
      init: { json: { action: 'dismiss', reason: 'Not against the rules' } },
      action: 'case',
      recordType: 'chat-report',
      recordId: report,
    };
  },
  // The priorities ('review-priorities'): the whole set saved again is one entry, on the settings.
  'PUT /api/review-queue/levels': async (s) => {
    const { levels, rules } = (await s.call('GET', '/api/review-queue/levels')).body.result as {
      levels: { _id: string; name: string; rank: number; targetMinutes: number }[];
      rules: { kind: string; policy: { _id: string } | null; levelId: string }[];
    };
    return {
      path: '/api/review-queue/levels',
      init: {
        json: {
          levels: levels.map(({ _id, name, rank, targetMinutes }) => ({ _id, name, rank, targetMinutes })),
          rules: rules.map((rule) => ({
            kind: rule.kind,
            policyId: rule.policy?._id ?? null,
            levelId: rule.levelId,
          })),
        },
      },
      action: 'update',
      recordType: 'setting',
      recordId: null,
    };
  },
  // An appeal's decision ('appeals'): one entry, on the member; the restriction is another admin's.
  'POST /api/admin/appeals/:id/decide': async (s) => {
    // A member with no restriction in force: one at most per member (the status route's write restricts the first).
    const userId = await firstId(
      s,
      'users',
      "role = 'user' AND NOT EXISTS (SELECT 1 FROM restrictions r WHERE r.user_id = users.id AND r.ended_at IS NULL)",
    );
    const restrictor = await adminWithRole(s.db, 'moderator');
    const [restrictionId, appealId] = [newId(), newId()];
    await s.db.run(
      `INSERT INTO restrictions (id, reference, user_id, email, admin_id, policy_name, policy_explanation, facts,
         created_at, statement)
       SELECT $1, 'R-ACT1V1TY', id, email, $3, 'Spam', '', 'Facts', now(), 'Statement' FROM users WHERE id = $2`,
      [restrictionId, userId, restrictor.id],
    );
    await s.db.run(
      `INSERT INTO appeals (id, restriction_id, user_id, email, statement, state, created_at, confirmed_at)
       SELECT $1, $2, id, email, 'Please look again', 'open', now(), now() FROM users WHERE id = $3`,
      [appealId, restrictionId, userId],
    );
    return {
      path: `/api/admin/appeals/${appealId}/decide`,
      init: { json: { decision: 'uphold', note: 'The facts stand' } },
      action: 'appeal-uphold',
      recordType: 'user',
      recordId: userId,
    };
  },
  'POST /api/review-queue/:id/release': async (s) => {
    const { item, member } = await openItem(s);
    await s.db.run(
      "UPDATE review_items SET state = 'claimed', assignee_id = $2, claimed_at = now() WHERE id = $1",
      [item, s.adminId],
    );
    return {
      path: `/api/review-queue/${item}/release`,
      init: {},
      action: 'release',
      recordType: 'user',
      recordId: member,
    };
  },
  // The session routes end a session of their own, so that the walk's own token goes on working.
  'POST /api/logout': async (s) => {
    const token = await sessionToken(s.db, s.adminId);
    return {
      path: '/api/logout',
      init: { token },
      action: 'sign-out',
      recordType: 'session',
      recordId: decode(token).payload.sid as string,
    };
  },
  'DELETE /api/admin/sessions/:id': async (s) => {
    const id = decode(await sessionToken(s.db, s.adminId)).payload.sid as string;
    return {
      path: `/api/admin/sessions/${id}`,
      init: {},
      action: 'session-end',
      recordType: 'session',
      recordId: id,
    };
  },
  'POST /api/admin/step-up': async (s) => ({
    path: '/api/admin/step-up',
    init: { json: { password: ADMIN.password } },
    action: 'step-up',
    recordType: 'session',
    recordId: decode(s.token).payload.sid as string,
  }),
  'POST /api/admin/admins/invite': async () => ({
    path: '/api/admin/admins/invite',
    init: { json: { name: 'Mia Moderator', email: 'mia@example.com', role: 'moderator' } },
    action: 'create',
    recordType: 'admin',
    recordId: 'answer',
  }),
  'PATCH /api/admin/admins/:id/role': async (s) => {
    const { id } = await adminWithRole(s.db, 'support');
    return {
      path: `/api/admin/admins/${id}/role`,
      init: { json: { role: 'editor' } },
      action: 'role',
      recordType: 'admin',
      recordId: id,
    };
  },
  'PATCH /api/admin/admins/:id/status': async (s) => {
    const { id } = await adminWithRole(s.db, 'editor');
    return {
      path: `/api/admin/admins/${id}/status`,
      init: { json: { enabled: false } },
      action: 'deactivate',
      recordType: 'admin',
      recordId: id,
    };
  },
  'POST /api/admin/admins/:id/sessions/end': async (s) => {
    const { id } = await adminWithRole(s.db, 'moderator');
    return {
      path: `/api/admin/admins/${id}/sessions/end`,
      init: {},
      action: 'session-end',
      recordType: 'admin',
      recordId: id,
    };
  },
  'POST /api/admin/admins/:id/two-factor/reset': async (s) => {
    const { id } = await adminWithRole(s.db, 'moderator');
    await s.db.run(
      `INSERT INTO admin_two_factor (admin_id, secret, enabled_at) VALUES ($1, 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', now())`,
      [id],
    );
    return {
      path: `/api/admin/admins/${id}/two-factor/reset`,
      init: {},
      action: 'two-factor',
      recordType: 'admin',
      recordId: id,
    };
  },
  // Notes on a member ('member-notes'): each write is one 'note' entry on the member.
  'POST /api/admin/notes/:userId': async (s) => {
    const id = await firstId(s, 'users', "role = 'user'");
    return {
      path: `/api/admin/notes/${id}`,
      init: { json: { text: 'Asked about refunds' } },
      action: 'note',
      recordType: 'user',
      recordId: id,
    };
  },
  'PATCH /api/admin/notes/:userId/:noteId': async (s) => {
    const { userId, noteId } = await noteOnFirstMember(s);
    return {
      path: `/api/admin/notes/${userId}/${noteId}`,
      init: { json: { pinned: true } },
      action: 'note',
      recordType: 'user',
      recordId: userId,
    };
  },
  'DELETE /api/admin/notes/:userId/:noteId': async (s) => {
    const { userId, noteId } = await noteOnFirstMember(s);
    return {
      path: `/api/admin/notes/${userId}/${noteId}`,
      init: {},
      action: 'note',
      recordType: 'user',
      recordId: userId,
    };
  },
  // Warning and notice templates ('notice-templates'): each write is one entry on the template.
  'POST /api/notice-templates': async () => ({
    path: '/api/notice-templates',
    init: {
      json: {
        kind: 'warning',
        policyId: null,
        name: 'Warning',
        subject: 'A warning',
        body: 'Hello {{member_name}}',
      },
    },
    action: 'create',
    recordType: 'notice-template',
    recordId: 'answer',
  }),
  'PATCH /api/notice-templates/:id': async (s) => {
    const id = await firstId(s, 'notice_templates');
    return {
      path: `/api/notice-templates/${id}`,
      init: { json: { kind: 'notice', policyId: null, name: 'Notice', subject: 'A notice', body: 'Hello' } },
      action: 'update',
      recordType: 'notice-template',
      recordId: id,
    };
  },
  'DELETE /api/notice-templates/:id': async (s) => {
    const id = await lastId(s, 'notice_templates');
    return {
      path: `/api/notice-templates/${id}`,
      init: {},
      action: 'delete',
      recordType: 'notice-template',
      recordId: id,
    };
  },
  'POST /api/admin/sessions/end-others': async (s) => {
    await sessionToken(s.db, s.adminId);
    return {
      path: '/api/admin/sessions/end-others',
      init: {},
      action: 'session-end',
      recordType: 'session',
      recordId: null,
    };
  },
  // Two-factor ('two-factor'): each change is one entry, whatever sessions it ends.
  'POST /api/admin/two-factor/setup': async (s) => {
    await sessionToken(s.db, s.adminId);
    return twoFactorWrite(s, '/api/admin/two-factor/setup', {});
  },
  'POST /api/admin/two-factor/confirm': async (s) => {
    await turnTwoFactorOff(s);
    const setUp = await s.call('POST', '/api/admin/two-factor/setup');
    const { secret } = setUp.body.result as { secret: string };
    return twoFactorWrite(s, '/api/admin/two-factor/confirm', {
      json: { code: totpCode(secret, Date.now()) },
    });
  },
  'POST /api/admin/two-factor/recovery-codes': async (s) => {
    const code = (await recoveryCodesOf(s)).pop();
    // The walk's call replaces them.
    recoveryCodes.delete(s);
    return twoFactorWrite(s, '/api/admin/two-factor/recovery-codes', { json: { code } });
  },
  'POST /api/admin/two-factor/disable': async (s) =>
    twoFactorWrite(s, '/api/admin/two-factor/disable', {
      json: { password: ADMIN.password, code: (await recoveryCodesOf(s)).pop() },
    }),
  'PATCH /api/admin/security': async () => ({
    path: '/api/admin/security',
    init: { json: { twoFactorRequired: false } },
    action: 'two-factor',
    recordType: 'admin',
    recordId: null,
  }),
};

const twoFactorWrite = (s: Server, path: string, init: Write['init']): Write => ({
  path,
  init,
  action: 'two-factor',
  recordType: 'admin',
  recordId: s.adminId,
});
/** The recovery codes of the admin's two-factor, set up first when it is off. */
const recoveryCodes = new WeakMap<Server, string[]>();
async function recoveryCodesOf(s: Server) {
  const state = await s.call('GET', '/api/admin/two-factor');
  if (!(state.body.result as { enabled: boolean }).enabled) {
    const setUp = await s.call('POST', '/api/admin/two-factor/setup');
    const { secret } = setUp.body.result as { secret: string };
    const confirmed = await s.call('POST', '/api/admin/two-factor/confirm', {
      json: { code: totpCode(secret, Date.now()) },
    });
    recoveryCodes.set(s, (confirmed.body.result as { recoveryCodes: string[] }).recoveryCodes);
  }
  // Enabled by the walk itself, whose answer it keeps: codes of the test's own, stored as the server stores them.
  if (!recoveryCodes.get(s)?.length) {
    const codes = newRecoveryCodes();
    await replaceRecoveryCodes(
      s.db,
      s.adminId,
      codes.map((code) => recoveryCodeHash(readCode(code).code)),
    );
    recoveryCodes.set(s, codes);
  }
  return recoveryCodes.get(s)!;
}
async function turnTwoFactorOff(s: Server) {
  const state = await s.call('GET', '/api/admin/two-factor');
  if ((state.body.result as { enabled: boolean }).enabled)
    await s.call('POST', '/api/admin/two-factor/disable', {
      json: { password: ADMIN.password, code: (await recoveryCodesOf(s)).pop() },
    });
}
const PLAN = {
  name: 'Gold',
  benefit: '<p>More</p>',
  planType: 'gold',
  price: '19.99',
  productId: 'gold_monthly',
  isRecommended: true,
  enabled: true,
};

/** Blogs need an existing category: their body is built once the server has one. */
async function blogForm(s: Server) {
  return form({
    title: 'Ten tips',
    slug: 'ten-tips',
    author: 'Mia',
    seoTitle: 'Ten tips',
    category: await firstId(s, 'blog_categories'),
    focusKeyword: 'dating',
    enabled: 'true',
    shortDescription: 'Short',
    description: '<p>Long</p>',
    metaDescription: 'Meta',
    file: pngFile(),
  });
}

const PUBLIC_WRITES = [
  'POST /api/login',
  'POST /api/login/two-factor',
  'POST /api/login/two-factor/setup',
  'POST /api/login/two-factor/acknowledge',
  'DELETE /api/user/delete-account/:email',
  'POST /api/user/delete-account/confirm',
  'POST /api/invitation/accept',
  'POST /api/appeal',
  'POST /api/appeal/confirm',
];

/** The app's authenticated write routes ('METHOD path'), from its route table. */
function writeRoutes(app: Hono<AppEnv>) {
  const routes = app.routes
    .filter(
      (route) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method) && route.path.startsWith('/api/'),
    )
    .map((route) => `${route.method} ${route.path}`);
  return [...new Set(routes)].filter((route) => !PUBLIC_WRITES.includes(route));
}

describe('every authenticated write route appends exactly one entry', () => {
  it('the table of writes covers every write route the app registers, and nothing else', async () => {
    const { app } = await makeServer();
    const routes = writeRoutes(app);
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((route) => !WRITES[route])).toEqual([]);
    expect(Object.keys(WRITES).filter((route) => !routes.includes(route))).toEqual([]);
  });

  it('a write route added later is one the table does not cover', async () => {
    const { app } = await makeServer();
    app.post('/api/new-thing/create', (c) => c.json({ success: true }));
    expect(writeRoutes(app).filter((route) => !WRITES[route])).toEqual(['POST /api/new-thing/create']);
  });

  it('each write, by the signed-in admin, with its action, record type and record id', async () => {
    const s = await makeServer({ seedUsers: 5 });
    for (const route of writeRoutes(s.app)) {
      const write = await WRITES[route]!(s);
      const init =
        route.startsWith('POST /api/blog/') || route.startsWith('PATCH /api/blog/')
          ? { form: await blogForm(s) }
          : write.init;
      const before = await entryCount(s);
      const answer = await s.call(route.split(' ')[0]!, write.path, init);
      expect(answer.status, `${route}: ${answer.text}`).toBe(200);
      expect(await entryCount(s), route).toBe(before + 1);
      const entry = await newest(s);
      const recordId =
        write.recordId === 'answer' ? (answer.body.result as { _id: string })._id : write.recordId;
      expect(entry, route).toMatchObject({
        action: write.action,
        recordType: write.recordType,
        recordId,
        admin: { _id: s.adminId, name: 'Admin User', email: ADMIN.email },
      });
      expect(entry.summary.length, route).toBeGreaterThan(0);
      expect(entry.summary.length, route).toBeLessThanOrEqual(300);
      expect(entry.exists, route).toBe(write.action !== 'delete' && recordId !== null);
    }
  });
});

describe('refused and failed writes append nothing', () => {
  it('appends nothing for a refused write (400, 401, 404, 409)', async () => {
    const s = await makeServer({ seedUsers: 3 });
    const user = await firstId(s, 'users', "role = 'user'");
    const report = await firstId(s, 'chat_reports');
    const missing = 'ffffffffffffffffffffffff';
    const restriction = await restrictionBody(s.db);
    const refused: [string, string, { json?: unknown; token?: null }, number][] = [
      ['POST', '/api/faq/create', { json: { answer: 'A', enabled: true } }, 400],
      ['PATCH', `/api/faq/update/${missing}`, { json: { question: 'Q', answer: 'A', enabled: true } }, 404],
      ['DELETE', `/api/faq/delete/${missing}`, {}, 404],
      ['PATCH', `/api/admin/status/${missing}?enabled=false`, { json: restriction }, 404],
      ['PATCH', `/api/admin/status/${user}?enabled=false`, {}, 400],
      ['PATCH', `/api/admin/status/${user}?enabled=true&reason=${'x'.repeat(501)}`, {}, 400],
      ['PATCH', `/api/chat-report/case/${report}`, { json: { status: 'Closed' } }, 400],
      ['PATCH', `/api/chat-report/case/${missing}`, { json: { status: 'Open' } }, 404],
      ['PATCH', `/api/contact-us/${missing}/status`, { json: { status: 'Handled' } }, 404],
      ['POST', '/api/mail-send/create', { json: { title: 'T', body: 'B', users: [] } }, 400],
      ['POST', '/api/setting/create', { json: { privacy: 'P', termsCondition: 'T' } }, 409],
      ['POST', '/api/faq/create', { json: { question: 'Q', answer: 'A', enabled: true }, token: null }, 401],
    ];
    const before = await entryCount(s);
    for (const [method, path, init, status] of refused) {
      const answer = await s.call(method, path, init);
      expect(answer.status, `${method} ${path}`).toBe(status);
      expect(await entryCount(s), `${method} ${path}`).toBe(before);
    }
  });

  it('appends nothing when the write fails inside its transaction', async () => {
    const s = await makeServer({ seedUsers: 3 });
    const faq = await firstId(s, 'faqs');
    await failing(s, 'BEFORE UPDATE ON faqs');
    const before = await entryCount(s);
    const answer = await s.call('PATCH', `/api/faq/update/${faq}`, {
      json: { question: 'Changed?', answer: '<p>A</p>', enabled: true },
    });
    expect(answer.status).toBe(500);
    expect(await entryCount(s)).toBe(before);
  });

  it('undoes the write when its entry cannot be written (one transaction), JSON, multipart, status and mail alike', async () => {
    const s = await makeServer({ seedUsers: 3 });
    await failing(s, 'BEFORE INSERT ON activity');
    const count = async (table: string) =>
      (await s.db.one<{ n: number }>(`SELECT count(*) AS n FROM ${table}`)).n;
    const faq = await firstId(s, 'faqs');
    const user = await firstId(s, 'users', "role = 'user'");
    const report = await firstId(s, 'chat_reports');
    const faqs = await count('faqs');
    const hobbies = await count('hobbies');
    const mails = await count('mails');
    const question = await s.db.maybeOne('SELECT question FROM faqs WHERE id = $1', [faq]);

    const failures = [
      await s.call('POST', '/api/faq/create', { json: { question: 'Q', answer: 'A', enabled: true } }),
      await s.call('PATCH', `/api/faq/update/${faq}`, {
        json: { question: 'New?', answer: 'A', enabled: true },
      }),
      await s.call('DELETE', `/api/faq/delete/${faq}`),
      await s.call('POST', '/api/hobbies/create-with-icon', { form: withIcon() }),
      await s.call('PATCH', `/api/admin/status/${user}?enabled=false`, { json: await restrictionBody(s.db) }),
      await s.call('POST', '/api/mail-send/create', { json: { title: 'T', body: 'B', users: [user] } }),
      await s.call('PATCH', `/api/chat-report/case/${report}`, { json: { status: 'Dismissed' } }),
    ];
    expect(failures.map((answer) => answer.status)).toEqual([500, 500, 500, 500, 500, 500, 500]);
    expect(await count('faqs')).toBe(faqs);
    expect(await s.db.maybeOne('SELECT question FROM faqs WHERE id = $1', [faq])).toEqual(question);
    expect(await count('hobbies')).toBe(hobbies);
    expect(await count('mails')).toBe(mails);
    expect(await s.db.maybeOne('SELECT enabled FROM users WHERE id = $1', [user])).toEqual({ enabled: true });
    expect(await s.db.maybeOne('SELECT status FROM chat_reports WHERE id = $1', [report])).toEqual({
      status: 'Open',
    });
  });
});

describe('entries cannot be changed', () => {
  it('has no write route under /api/activity', async () => {
    const s = await makeServer();
    await s.call('POST', '/api/faq/create', { json: { question: 'Q', answer: 'A', enabled: true } });
    const id = (await newest(s))._id;
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'])
      for (const path of [
        '/api/activity/list',
        `/api/activity/${id}`,
        '/api/activity/facets',
        '/api/activity',
      ]) {
        const answer = await s.call(method, path, { json: { summary: 'rewritten' } });
        expect(answer.status, `${method} ${path}`).toBe(404);
      }
    expect(await entryCount(s)).toBe(1);
    expect((await newest(s)).summary).toBe('Created');
  });

  it('refuses UPDATE and DELETE on the table itself', async () => {
    const s = await makeServer();
    await s.call('POST', '/api/faq/create', { json: { question: 'Q', answer: 'A', enabled: true } });
    await expect(s.db.run("UPDATE activity SET summary = 'rewritten'")).rejects.toThrow(/append-only/);
    await expect(s.db.run('DELETE FROM activity')).rejects.toThrow(/append-only/);
    await expect(s.db.run('TRUNCATE activity')).rejects.toThrow(/append-only/);
    expect(await entryCount(s)).toBe(1);
    expect((await newest(s)).summary).toBe('Created');
  });
});

describe('summaries', () => {
  it('quotes and cuts text, says HTML changed and files replaced, never shows a password', async () => {
    const s = await makeServer();
    const created = await s.call('POST', '/api/hobbies/create-with-icon', {
      form: form({ name: 'Yoga', enabled: 'true', icon: pngFile() }),
    });
    const hobby = (created.body.result as { _id: string })._id;
    await s.call('PATCH', `/api/hobbies/update-with-icon/${hobby}`, {
      form: form({ name: 'Hot yoga', enabled: 'false', icon: pngFile() }),
    });
    expect(await newest(s)).toMatchObject({
      recordName: 'Hot yoga',
      summary: 'Name: "Yoga" → "Hot yoga"; Status: Active → Inactive; Icon replaced',
    });

    const faq = await s.call('POST', '/api/faq/create', {
      json: { question: 'How?', answer: '<p>Secret body</p>', enabled: true },
    });
    const faqId = (faq.body.result as { _id: string })._id;
    await s.call('PATCH', `/api/faq/update/${faqId}`, {
      json: { question: 'q'.repeat(100), answer: '<p>Another body</p>', enabled: true },
    });
    const faqEntry = await newest(s);
    expect(faqEntry.summary).toBe(`Question: "How?" → "${'q'.repeat(39)}…"; Answer changed`);

    // Cut at 39 UTF-16 units and an ellipsis, between grapheme clusters: never half an emoji, flag or family.
    for (const [question, shown] of [
      [`${'q'.repeat(38)}😀 after`, `${'q'.repeat(38)}…`],
      [`${'q'.repeat(36)}🇫🇷 after`, `${'q'.repeat(36)}…`],
      [`${'q'.repeat(34)}👩‍👩‍👧 after`, `${'q'.repeat(34)}…`],
      [`${'q'.repeat(37)}é😀`, `${'q'.repeat(37)}é😀`],
    ]) {
      await s.call('PATCH', `/api/faq/update/${faqId}`, {
        json: { question, answer: '<p>Another body</p>', enabled: true },
      });
      expect((await newest(s)).summary, question).toMatch(new RegExp(`→ "${shown}"$`, 'u'));
    }

    await s.call('PATCH', '/api/admin/profile/update', {
      form: form({
        email: 'new@example.com',
        password: 'Another-pass-2030',
        currentPassword: ADMIN.password,
      }),
    });
    const profile = await s.db.maybeOne(
      'SELECT summary, action FROM activity ORDER BY created_at DESC, id DESC',
    );
    expect(profile).toEqual({
      action: 'password',
      summary: 'Email: "admin@example.com" → "new@example.com"; Password changed',
    });
    const everything = JSON.stringify(await s.db.many('SELECT * FROM activity'));
    expect(everything).not.toContain('Another-pass-2030');
    expect(everything).not.toContain('Secret body');
  });

  it('says how many a mail went to', async () => {
    const s = await makeServer({ seedUsers: 4 });
    const enabled = (
      await s.db.one<{ n: number }>("SELECT count(*) AS n FROM users WHERE role = 'user' AND enabled")
    ).n;
    const users = (await s.db.many<{ id: string }>("SELECT id FROM users WHERE role = 'user' LIMIT 3")).map(
      (row) => row.id,
    );
    await s.call('POST', '/api/mail-send/create', { json: { title: 'News', body: 'B', users } });
    expect(await newest(s)).toMatchObject({ recordName: 'News', summary: 'Sent to 3 users' });
    await s.call('POST', '/api/mail-send/create', { json: { title: 'All', body: 'B', users: 'all' } });
    expect((await newest(s)).summary).toBe(`Sent to All Users (${enabled})`);
  });
});

/** Entries with chosen times, actions, record types and admins, written as the log writes them (by SQL). */
async function seedEntries(s: Server) {
  const admins = [s.adminId, 'aaaaaaaaaaaaaaaaaaaaaaaa', 'bbbbbbbbbbbbbbbbbbbbbbbb'];
  const insert = (...values: (string | null)[]) =>
    s.db.run(
      `INSERT INTO activity (id, created_at, admin_id, admin_name, admin_email, action, record_type, record_id,
         record_name, summary) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      values,
    );
  const entries: { id: string; at: string; admin: string; action: string; type: string }[] = [];
  const start = Date.parse('2024-03-01T00:00:00.000Z');
  for (let i = 0; i < 150; i += 1) {
    // Spread over five days, several in the same millisecond (the id breaks those ties).
    const at = new Date(start + Math.floor(i / 3) * 2.4 * 3_600_000).toISOString();
    const entry = {
      id: (0x100000 + i * 7919).toString(16).padStart(24, '0'),
      at,
      admin: admins[i % 3]!,
      action: ACTIVITY_ACTIONS[i % 4]!,
      type: RECORD_TYPES[i % 5]!,
    };
    entries.push(entry);
    await insert(
      entry.id,
      at,
      entry.admin,
      `Admin ${i % 3}`,
      `a${i % 3}@example.com`,
      entry.action,
      entry.type,
      null,
      '',
      'x',
    );
  }
  return entries.sort((a, b) => (a.at === b.at ? (a.id < b.id ? 1 : -1) : a.at < b.at ? 1 : -1));
}

describe('the list: newest first, filtered and paged', () => {
  it('answers every filter, combination, range and page as the entries say', async () => {
    const s = await makeServer();
    const entries = await seedEntries(s);
    const queries: Record<string, string>[] = [
      {},
      { action: 'update' },
      { recordType: 'faq' },
      { admin: 'aaaaaaaaaaaaaaaaaaaaaaaa' },
      { from: '2024-03-02T05:00:00.000Z' },
      { to: '2024-03-04T13:12:00.000Z' },
      { from: '2024-03-02T05:00:00.000Z', to: '2024-03-04T13:12:00.000Z' },
      { from: '2024-03-02T05:00:00.000Z', to: '2024-03-02T20:00:00.000Z' },
      { from: '2024-03-02', to: '2024-03-03' },
      { action: 'create', from: '2024-03-01T12:00:00Z', to: '2024-03-05T02:24:00.000Z' },
      { action: 'create', recordType: RECORD_TYPES[0]! },
      { action: 'delete', admin: s.adminId, from: '2024-03-02' },
      { recordType: 'plan', admin: 'bbbbbbbbbbbbbbbbbbbbbbbb', to: '2024-03-04' },
      { admin: 'cccccccccccccccccccccccc' },
      { from: '2030-01-01' },
    ];
    for (const query of queries) {
      const expected = entries.filter(
        (entry) =>
          (!query.action || entry.action === query.action) &&
          (!query.recordType || entry.type === query.recordType) &&
          (!query.admin || entry.admin === query.admin) &&
          (!query.from || entry.at >= new Date(query.from).toISOString()) &&
          (!query.to || entry.at < new Date(query.to).toISOString()),
      );
      for (const [page, limit] of [
        [1, 10],
        [2, 7],
        [3, 13],
        [1, 100],
        [Math.max(1, Math.ceil(expected.length / 9)), 9],
        [20, 10],
      ] as const) {
        const params = new URLSearchParams({ ...query, page: String(page), limit: String(limit) });
        const answer = await s.call('GET', `/api/activity/list?${params}`);
        const label = params.toString();
        expect(answer.status, label).toBe(200);
        expect(answer.body.pagination, label).toEqual({ count: expected.length, page, items: limit });
        expect(
          (answer.body.result as Entry[]).map((entry) => entry._id),
          label,
        ).toEqual(expected.slice((page - 1) * limit, page * limit).map((entry) => entry.id));
      }
    }
  });

  it('answers an entry in the contract shape, the admin as stored at write time', async () => {
    const s = await makeServer();
    const created = await s.call('POST', '/api/faq/create', {
      json: { question: 'Q?', answer: 'A', enabled: true },
    });
    const id = (created.body.result as { _id: string })._id;
    await s.db.run("UPDATE users SET name = 'Renamed' WHERE id = $1", [s.adminId]);
    const answer = await s.call('GET', '/api/activity/list');
    expect(answer.body).toMatchObject({
      success: true,
      message: 'Success',
      pagination: { count: 1, page: 1, items: 10 },
    });
    const [entry] = answer.body.result as Entry[];
    expect(entry).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      admin: { _id: s.adminId, name: 'Admin User', email: ADMIN.email },
      action: 'create',
      recordType: 'faq',
      recordId: id,
      recordName: 'Q?',
      summary: 'Created',
      reason: null,
      exists: true,
    });
    await s.call('DELETE', `/api/faq/delete/${id}`);
    const after = (await s.call('GET', '/api/activity/list')).body.result as Entry[];
    expect(after.map((e) => [e.action, e.exists, e.admin?.name])).toEqual([
      ['delete', false, 'Renamed User'],
      ['create', false, 'Admin User'],
    ]);
  });

  it('refuses a bad filter with a clear message', async () => {
    const s = await makeServer();
    const cases: [string, string][] = [
      ['action=remove', `Action must be one of ${ACTIVITY_ACTIONS.join(', ')}`],
      ['recordType=users', `Record type must be one of ${RECORD_TYPES.join(', ')}`],
      ['admin=123', 'Admin must be an admin id'],
      ['from=yesterday', 'From must be a date'],
      ['to=2024-13-45', 'To must be a date'],
      ['page=0', 'Page must be a whole number of 1 or more'],
    ];
    for (const [query, message] of cases) {
      const answer = await s.call('GET', `/api/activity/list?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body, query).toEqual({ success: false, message });
    }
  });

  it('needs the admin token', async () => {
    const s = await makeServer();
    expect((await s.call('GET', '/api/activity/list', { token: null })).status).toBe(401);
    expect((await s.call('GET', '/api/activity/facets', { token: null })).status).toBe(401);
  });
});

describe('facets', () => {
  it('offers every action, every record type, and every admin who exists or appears in the log', async () => {
    const s = await makeServer();
    await seedEntries(s);
    const answer = await s.call('GET', '/api/activity/facets');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      success: true,
      message: 'Success',
      result: {
        actions: [...ACTIVITY_ACTIONS],
        recordTypes: [...RECORD_TYPES],
        admins: [
          { _id: 'aaaaaaaaaaaaaaaaaaaaaaaa', name: 'Admin 1', email: 'a1@example.com' },
          { _id: 'bbbbbbbbbbbbbbbbbbbbbbbb', name: 'Admin 2', email: 'a2@example.com' },
          { _id: s.adminId, name: 'Admin User', email: ADMIN.email },
        ],
      },
    });
    expect(RECORD_TYPES).toEqual(expect.arrayContaining(['user', 'admin', 'chat-report', 'mail', 'setting']));
  });
});

describe('users exports', () => {
  const today = () => `users-${new Date().toISOString().slice(0, 10)}.csv`;

  it('logs each export: the filters and search in words, the count it announced, the admin and address', async () => {
    const s = await makeServer({ seedUsers: 30 });
    const exports: [string, (count: string) => string][] = [
      [
        'filter=user.enabled&equal=true&planFilter=gold&q=example&fields=name,email,phoneNumber&sort=name&order=desc',
        (n) =>
          `Exported ${n} users as CSV from 203.0.113.5: status Active, plan Gold, search "example", sorted by name, descending`,
      ],
      [
        'filter=user.enabled&equal=false&q=%20ma%20&fields=name,surname&sort=email',
        (n) =>
          `Exported ${n} users as CSV from 203.0.113.5: status Inactive, search "ma" in name, surname, sorted by e-mail`,
      ],
      ['q=zzzzzz&fields=email', () => 'Exported 0 users as CSV from 203.0.113.5: search "zzzzzz" in e-mail'],
      ['', (n) => `Exported ${n} users as CSV from 203.0.113.5: all users`],
    ];
    for (const [query, summary] of exports) {
      const before = await entryCount(s);
      const answer = await s.call('GET', `/api/admin/list/export?${query}`, { remote: '203.0.113.5' });
      expect(answer.status, query).toBe(200);
      expect(await entryCount(s), query).toBe(before + 1);
      expect(await newest(s), query).toEqual({
        _id: expect.any(String),
        createdAt: expect.any(String),
        admin: { _id: s.adminId, name: 'Admin User', email: ADMIN.email },
        action: 'export',
        recordType: 'user-list',
        recordId: null,
        recordName: today(),
        summary: summary(answer.headers.get('x-total-count')!),
        reason: null,
        exists: false,
      });
    }
    expect(await s.db.one('SELECT count(*)::int AS n FROM users WHERE role = $1', ['user'])).toEqual({
      n: 30,
    });
    expect((await newest(s)).summary).toBe('Exported 30 users as CSV from 203.0.113.5: all users');
    const filtered = await s.call('GET', '/api/activity/list?action=export&recordType=user-list');
    expect(filtered.body.pagination).toMatchObject({ count: exports.length });
  });

  it('logs an export as it starts: one the client never reads is on record', async () => {
    const s = await makeServer({ seedUsers: 5 });
    const before = await entryCount(s);
    const response = await s.app.request('/api/admin/list/export?planFilter=silver', {
      headers: { Authorization: `Bearer ${s.token}` },
    });
    expect(response.status).toBe(200);
    expect(await entryCount(s)).toBe(before + 1);
    await response.body!.cancel();
    expect(await newest(s)).toMatchObject({
      action: 'export',
      summary: `Exported ${response.headers.get('x-total-count')} users as CSV from unknown: plan Silver`,
    });
  });

  it('logs nothing for a refused export, and exports nothing it cannot log', async () => {
    const s = await makeServer({ seedUsers: 3 });
    const before = await entryCount(s);
    for (const [query, status, token] of [
      ['planFilter=diamond', 400],
      ['sort=phone', 400],
      ['filter=user.enabled&equal=yes', 400],
      [`q=${'x'.repeat(101)}`, 400],
      ['q=ana&fields=constructor', 400],
      ['', 401, null],
      ['', 401, 'forged'],
    ] as [string, number, string | null | undefined][]) {
      const answer = await s.call('GET', `/api/admin/list/export?${query}`, { token });
      expect(answer.status, query).toBe(status);
      expect(await entryCount(s), query).toBe(before);
    }
    await failing(s, 'BEFORE INSERT ON activity');
    const answer = await s.call('GET', '/api/admin/list/export');
    expect(answer.status).toBe(500);
    expect(answer.text).not.toContain('Name,Email');
  });
});

describe('the log survives a restart', () => {
  it('reads the same entries after the server is restarted on the same database', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'console-activity-'));
    const first = await makeServer({ dataDir });
    await first.call('POST', '/api/faq/create', { json: { question: 'Kept?', answer: 'A', enabled: true } });
    const before = (await first.call('GET', '/api/activity/list')).body;
    await first.close();

    const second = await makeServer({ dataDir, databaseUrl: first.databaseUrl });
    const after = (await second.call('GET', '/api/activity/list')).body;
    expect(after).toEqual(before);
    expect((after.result as Entry[])[0]).toMatchObject({ recordName: 'Kept?', action: 'create' });
  });
});

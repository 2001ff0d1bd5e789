import { beforeAll, describe, expect, it } from 'vitest';
import { makeServer, PNG_BYTES } from './harness';

/**
 * Every call of SPEC's API and of its extensions, sent in turn to one server as the console sends them: each answers
 * the status its case names, in the envelope DECISIONS gives every answer (`success` and `message`; a refusal's
 * message is words, not empty), a CSV export with SPEC's headings, and the activity log records each export with the
 * count it announced. (The console's own tests run against this same server: tests/support/api-server.ts.)
 */

type Context = {
  token: string;
  /** A second sign-in's token, which the logout case ends. */
  spareToken: string;
  /** A third sign-in's session, which the session-end case ends. */
  otherSessionId: string;
  userId: string;
  faqId: string;
  mailId: string;
  eventId: string;
  reportId: string;
  /** The signed-in admin's id ('admins'). */
  adminId: string;
  /** The review queue's oldest open item ('review-queue'). */
  queueItemId: string;
  /** A Report Element, the policy a restriction cites ('restrictions'). */
  policyId: string;
  /** The newest contact message ('contact-status'). */
  contactId: string;
};
type Case = {
  name: string;
  request: (context: Context) => { path: string; init?: RequestInit; auth?: boolean };
  /** The status both must answer, where the case is there for it. */
  status?: number;
  /**
   * The answer is the activity log's export entries, newest first: those of these export cases, newest first. Both
   * sides must log each alike, with the count each side's export announced.
   */
  exportEntries?: string[];
};

const json = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});
const form = (fields: Record<string, string | Blob>, method = 'PATCH'): RequestInit => {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  return { method, body };
};
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const ADMIN = { email: 'admin@example.com', password: 'Admin@123', isRole: 'admin' };
const get =
  (path: string, auth = true) =>
  () => ({ path, auth });

const CASES: Case[] = [
  // 7.1
  { name: 'sign-in', request: () => ({ path: '/api/login', init: json('POST', ADMIN), auth: false }) },
  {
    name: 'sign-in, upper-case e-mail',
    request: () => ({
      path: '/api/login',
      init: json('POST', { ...ADMIN, email: 'Admin@Example.com' }),
      auth: false,
    }),
  },
  {
    name: 'sign-in, wrong password',
    request: () => ({
      path: '/api/login',
      init: json('POST', { ...ADMIN, password: 'nope-nope' }),
      auth: false,
    }),
  },
  {
    name: 'sign-in, another role',
    request: () => ({ path: '/api/login', init: json('POST', { ...ADMIN, isRole: 'user' }), auth: false }),
  },
  {
    name: 'sign-in, no e-mail',
    request: () => ({
      path: '/api/login',
      init: json('POST', { password: 'x', isRole: 'admin' }),
      auth: false,
    }),
  },
  {
    name: 'sign-in, no password',
    request: () => ({
      path: '/api/login',
      init: json('POST', { email: ADMIN.email, isRole: 'admin' }),
      auth: false,
    }),
  },
  {
    name: 'sign-in, e-mail too long',
    request: () => ({
      path: '/api/login',
      init: json('POST', { ...ADMIN, email: `${'a'.repeat(250)}@example.com` }),
      auth: false,
    }),
  },
  {
    name: 'sign-in, e-mail not text',
    request: () => ({ path: '/api/login', init: json('POST', { ...ADMIN, email: 42 }), auth: false }),
  },
  {
    name: 'sign-in, not JSON',
    request: () => ({
      path: '/api/login',
      init: { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{oops' },
      auth: false,
    }),
  },
  {
    name: 'sign-in, a JSON array',
    request: () => ({ path: '/api/login', init: json('POST', [ADMIN]), auth: false }),
  },
  { name: 'dashboard', request: get('/api/admin/dashboard') },
  { name: 'dashboard without a token', request: get('/api/admin/dashboard', false) },
  {
    name: 'dashboard with a forged token',
    request: () => ({ path: '/api/admin/dashboard', init: { headers: { Authorization: 'Bearer forged' } } }),
  },
  // 7.2
  { name: 'users list', request: get('/api/admin/list?page=1&items=10') },
  { name: 'users list, second page', request: get('/api/admin/list?page=2&items=5') },
  { name: 'users list, past the last page', request: get('/api/admin/list?page=999&items=10') },
  { name: 'users list, search', request: get('/api/admin/list?q=oli&fields=name,email,phoneNumber') },
  { name: 'users list, short search', request: get('/api/admin/list?q=ol&fields=name,surname') },
  { name: 'users list, status filter', request: get('/api/admin/list?filter=user.enabled&equal=false') },
  { name: 'users list, plan filter', request: get('/api/admin/list?planFilter=gold') },
  { name: 'users list, built-in field name', request: get('/api/admin/list?q=oli&fields=constructor') },
  { name: 'users list, __proto__ field', request: get('/api/admin/list?q=oli&fields=__proto__') },
  { name: 'users list, NUL in search', request: get('/api/admin/list?q=oli%00') },
  { name: 'users list, search too long', request: get(`/api/admin/list?q=${'x'.repeat(101)}`) },
  { name: 'users list, bad filter', request: get('/api/admin/list?filter=user.name&equal=true') },
  { name: 'users list, bad equal', request: get('/api/admin/list?filter=user.enabled&equal=yes') },
  { name: 'users list, bad plan', request: get('/api/admin/list?planFilter=diamond') },
  { name: 'users list, hex page', request: get('/api/admin/list?page=0x10') },
  { name: 'users list, page 0', request: get('/api/admin/list?page=0') },
  { name: 'users list, exponent size', request: get('/api/admin/list?items=1e3') },
  { name: 'users list, size 0', request: get('/api/admin/list?items=0') },
  { name: 'users list, no token', request: get('/api/admin/list', false) },
  { name: 'user', request: ({ userId }) => ({ path: `/api/user/read/${userId}` }) },
  { name: 'user, unknown id', request: get('/api/user/read/ffffffffffffffffffffffff') },
  { name: 'user, malformed id', request: get('/api/user/read/constructor') },
  {
    // 'restrictions': one in force at a time; `replaces` must name it (none yet: 409 with inForce null).
    name: 'deactivate user, replacing a restriction not in force',
    status: 409,
    request: ({ userId, policyId }) => ({
      path: `/api/admin/status/${userId}?enabled=false`,
      init: json('PATCH', {
        restriction: { policyId, facts: 'Spam links sent to members', endsAt: null, replaces: 'R-00000000' },
      }),
    }),
  },
  {
    name: 'deactivate user, a malformed replaces',
    status: 400,
    request: ({ userId, policyId }) => ({
      path: `/api/admin/status/${userId}?enabled=false`,
      init: json('PATCH', { restriction: { policyId, facts: 'Spam', endsAt: null, replaces: 'R-1' } }),
    }),
  },
  {
    name: 'deactivate user, closeReports not a boolean',
    status: 400,
    request: ({ userId, policyId }) => ({
      path: `/api/admin/status/${userId}?enabled=false`,
      init: json('PATCH', { restriction: { policyId, facts: 'Spam', endsAt: null, closeReports: 'yes' } }),
    }),
  },
  {
    name: 'what restricting a member acts on',
    status: 200,
    request: ({ userId }) => ({ path: `/api/admin/restrictions/member/${userId}` }),
  },
  {
    name: 'what restricting an unknown member acts on',
    status: 404,
    request: get('/api/admin/restrictions/member/ffffffffffffffffffffffff'),
  },
  {
    // 'restrictions': a deactivation cites a policy and the facts.
    name: 'deactivate user',
    request: ({ userId, policyId }) => ({
      path: `/api/admin/status/${userId}?enabled=false`,
      init: json('PATCH', { restriction: { policyId, facts: 'Spam links sent to members', endsAt: null } }),
    }),
  },
  {
    name: 'what restricting a restricted member acts on',
    status: 200,
    request: ({ userId }) => ({ path: `/api/admin/restrictions/member/${userId}` }),
  },
  {
    name: 'deactivate user without a restriction',
    request: ({ userId }) => ({
      path: `/api/admin/status/${userId}?enabled=false`,
      init: { method: 'PATCH' },
    }),
    status: 400,
  },
  {
    name: 'activate user',
    request: ({ userId }) => ({
      path: `/api/admin/status/${userId}?enabled=true`,
      init: { method: 'PATCH' },
    }),
  },
  {
    name: 'activate user, reason in the body',
    request: ({ userId }) => ({
      path: `/api/admin/status/${userId}?enabled=true`,
      init: json('PATCH', { reason: ' Appeal\u202E upheld ' }),
    }),
  },
  {
    name: 'deactivate user, a reason and no restriction',
    request: ({ userId }) => ({
      path: `/api/admin/status/${userId}?enabled=false`,
      init: json('PATCH', { reason: 'Spam' }),
    }),
    status: 400,
  },
  {
    name: 'user status, reason in the body and the query',
    request: ({ userId }) => ({
      path: `/api/admin/status/${userId}?enabled=false&reason=Spam`,
      init: json('PATCH', { reason: 'Spam' }),
    }),
  },
  {
    name: 'user status, a body that is no JSON object',
    request: ({ userId }) => ({
      path: `/api/admin/status/${userId}?enabled=false`,
      init: json('PATCH', ['Spam']),
    }),
  },
  {
    name: 'user status, bad value',
    request: ({ userId }) => ({ path: `/api/admin/status/${userId}?enabled=yes`, init: { method: 'PATCH' } }),
  },
  {
    name: 'user status, unknown user',
    request: () => ({
      path: '/api/admin/status/ffffffffffffffffffffffff?enabled=true',
      init: { method: 'PATCH' },
    }),
  },
  {
    name: 'user status, malformed id',
    request: () => ({ path: '/api/admin/status/123?enabled=true', init: { method: 'PATCH' } }),
  },
  { name: 'own profile', request: get('/api/user/read') },
  // Notes on a member ('member-notes') and the work dashboard's figures ('work-dashboard').
  {
    name: 'add a note on a member',
    status: 200,
    request: ({ userId }) => ({
      path: `/api/admin/notes/${userId}`,
      init: json('POST', { text: '  Asked about refunds  ' }),
    }),
  },
  {
    name: "a member's notes",
    status: 200,
    request: ({ userId }) => ({ path: `/api/admin/notes/${userId}?page=1&limit=10` }),
  },
  {
    name: 'an empty note',
    status: 400,
    request: ({ userId }) => ({ path: `/api/admin/notes/${userId}`, init: json('POST', { text: ' ' }) }),
  },
  {
    name: 'a note too long',
    status: 400,
    request: ({ userId }) => ({
      path: `/api/admin/notes/${userId}`,
      init: json('POST', { text: 'x'.repeat(1001) }),
    }),
  },
  {
    name: 'notes of no such member',
    status: 404,
    request: () => ({ path: '/api/admin/notes/ffffffffffffffffffffffff' }),
  },
  {
    name: 'pin no such note',
    status: 404,
    request: ({ userId }) => ({
      path: `/api/admin/notes/${userId}/ffffffffffffffffffffffff`,
      init: json('PATCH', { pinned: true }),
    }),
  },
  {
    name: 'pin a note without saying how',
    status: 400,
    request: ({ userId }) => ({
      path: `/api/admin/notes/${userId}/ffffffffffffffffffffffff`,
      init: json('PATCH', {}),
    }),
  },
  {
    name: 'delete no such note',
    status: 404,
    request: ({ userId }) => ({
      path: `/api/admin/notes/${userId}/ffffffffffffffffffffffff`,
      init: { method: 'DELETE' },
    }),
  },
  { name: "the dashboard's figures", status: 200, request: () => ({ path: '/api/admin/dashboard/figures' }) },
  // Warning and notice templates ('notice-templates').
  {
    name: 'the notice templates',
    status: 200,
    request: () => ({ path: '/api/notice-templates?kind=warning' }),
  },
  {
    name: 'add a notice template',
    status: 200,
    request: () => ({
      path: '/api/notice-templates',
      init: json('POST', {
        kind: 'notice',
        name: 'Notice',
        subject: 'About {{policy}}',
        body: 'Hello {{member_name}}',
      }),
    }),
  },
  {
    name: 'a notice template with an unknown placeholder',
    status: 400,
    request: () => ({
      path: '/api/notice-templates',
      init: json('POST', { kind: 'notice', name: 'Notice', subject: 'Hi', body: 'Hello {{name}}' }),
    }),
  },
  {
    name: 'no such notice template',
    status: 404,
    request: () => ({ path: '/api/notice-templates/ffffffffffffffffffffffff' }),
  },
  {
    name: 'delete no such notice template',
    status: 404,
    request: () => ({ path: '/api/notice-templates/ffffffffffffffffffffffff', init: { method: 'DELETE' } }),
  },
  {
    name: 'profile, bad e-mail',
    request: () => ({
      path: '/api/admin/profile/update',
      init: form({ email: 'nope', password: 'Admin@123' }),
    }),
  },
  {
    name: 'profile, short password',
    request: () => ({
      path: '/api/admin/profile/update',
      init: form({ email: ADMIN.email, password: 'abc' }),
    }),
  },
  {
    name: 'profile, e-mail too long',
    request: () => ({
      path: '/api/admin/profile/update',
      init: form({ email: `${'a'.repeat(250)}@example.com`, password: 'Admin@123' }),
    }),
  },
  {
    name: 'profile, not multipart',
    request: () => ({
      path: '/api/admin/profile/update',
      init: { ...json('PATCH', { email: ADMIN.email, password: 'Admin@123' }) },
    }),
  },
  {
    name: 'profile, photo that is not an image',
    request: () => ({
      path: '/api/admin/profile/update',
      init: form({ email: ADMIN.email, password: 'Admin@123', file: new Blob(['<svg/>']) }),
    }),
  },
  {
    name: 'profile, e-mail sent as "null" (multipart)',
    request: () => ({
      path: '/api/admin/profile/update',
      init: form({ email: 'null', password: 'Admin@123' }),
    }),
  },
  {
    name: 'profile',
    request: () => ({
      path: '/api/admin/profile/update',
      init: form({ email: ADMIN.email, password: 'Admin@123', file: new Blob([PNG_BYTES]) }),
    }),
  },
  {
    name: 'account deletion request',
    request: () => ({
      path: '/api/user/delete-account/someone%40example.com',
      init: { method: 'DELETE' },
      auth: false,
    }),
  },
  {
    name: 'account deletion request, not an address',
    request: () => ({ path: '/api/user/delete-account/someone', init: { method: 'DELETE' }, auth: false }),
  },
  // 7.4
  { name: 'faq list', request: get('/api/faq/listAll') },
  { name: 'faq', request: ({ faqId }) => ({ path: `/api/faq/read/${faqId}` }) },
  { name: 'faq, unknown id', request: get('/api/faq/read/ffffffffffffffffffffffff') },
  { name: 'faq, malformed id', request: get('/api/faq/read/abc') },
  {
    name: 'faq create',
    request: () => ({
      path: '/api/faq/create',
      init: json('POST', { question: 'Q?', answer: '<p>A</p>', enabled: true }),
    }),
  },
  {
    name: 'faq create, multipart-style status',
    request: () => ({
      path: '/api/faq/create',
      init: json('POST', { question: 'Q?', answer: '<p>A</p>', enabled: 'false' }),
    }),
  },
  {
    name: 'faq create, no question',
    request: () => ({ path: '/api/faq/create', init: json('POST', { answer: '<p>A</p>', enabled: true }) }),
  },
  {
    name: 'faq create, blank answer',
    request: () => ({
      path: '/api/faq/create',
      init: json('POST', { question: 'Q', answer: '  ', enabled: true }),
    }),
  },
  {
    name: 'faq create, no status',
    request: () => ({ path: '/api/faq/create', init: json('POST', { question: 'Q', answer: 'A' }) }),
  },
  {
    name: 'faq create, bad status',
    request: () => ({
      path: '/api/faq/create',
      init: json('POST', { question: 'Q', answer: 'A', enabled: 'yes' }),
    }),
  },
  {
    name: 'faq create, question too long',
    request: () => ({
      path: '/api/faq/create',
      init: json('POST', { question: 'q'.repeat(1001), answer: 'A', enabled: true }),
    }),
  },
  {
    name: 'faq create, question not text',
    request: () => ({
      path: '/api/faq/create',
      init: json('POST', { question: ['Q'], answer: 'A', enabled: true }),
    }),
  },
  {
    name: 'faq create, not JSON',
    request: () => ({
      path: '/api/faq/create',
      init: { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: 'question=Q' },
    }),
  },
  {
    name: 'faq update',
    request: ({ faqId }) => ({
      path: `/api/faq/update/${faqId}`,
      init: json('PATCH', { question: 'Q2', answer: 'A2', enabled: false }),
    }),
  },
  {
    name: 'faq update, unknown id',
    request: () => ({
      path: '/api/faq/update/ffffffffffffffffffffffff',
      init: json('PATCH', { question: 'Q2', answer: 'A2', enabled: false }),
    }),
  },
  {
    name: 'faq update, no question',
    request: ({ faqId }) => ({
      path: `/api/faq/update/${faqId}`,
      init: json('PATCH', { answer: 'A2', enabled: false }),
    }),
  },
  {
    name: 'faq delete',
    request: ({ faqId }) => ({ path: `/api/faq/delete/${faqId}`, init: { method: 'DELETE' } }),
  },
  {
    name: 'faq delete, again',
    request: ({ faqId }) => ({ path: `/api/faq/delete/${faqId}`, init: { method: 'DELETE' } }),
  },
  {
    name: 'faq delete, malformed id',
    request: () => ({ path: '/api/faq/delete/1', init: { method: 'DELETE' } }),
  },
  // 7.9 and public pages
  { name: 'contacts', request: get('/api/contact-us/list?page=1&limit=10') },
  { name: 'contacts, no paging', request: get('/api/contact-us/list') },
  { name: 'contacts, bad page', request: get('/api/contact-us/list?page=abc') },
  { name: 'contacts, bad limit', request: get('/api/contact-us/list?limit=-5') },
  { name: 'feedback', request: get('/api/feedback/list?page=1&limit=10') },
  { name: 'feedback, bad page', request: get('/api/feedback/list?page=0x10') },
  { name: 'chat reports', request: get('/api/chat-report/list?page=1&limit=10') },
  { name: 'chat blocks', request: get('/api/chat-block/list?page=2&limit=5') },
  { name: 'chat blocks, no token', request: get('/api/chat-block/list', false) },
  // 7.7, 7.8, 7.11: the paginated catalogues
  { name: 'offers', request: get('/api/offer/list?page=1&limit=10') },
  {
    name: 'offer create, empty minimums as the old console sends them (multipart "undefined" / "null")',
    request: () => ({
      path: '/api/offer/create',
      init: form(
        {
          title: 'Deal',
          off: '10',
          minimumPurchaseAmount: 'undefined',
          minimumMember: 'null',
          expireDate: tomorrow(),
          description: '<p>d</p>',
          enabled: 'true',
          file: new Blob([PNG_BYTES]),
          document: new Blob([PNG_BYTES]),
        },
        'POST',
      ),
    }),
  },
  {
    name: 'post create, name sent as "undefined" (multipart)',
    request: () => ({ path: '/api/post/create', init: form({ name: 'undefined' }, 'POST') }),
  },
  { name: 'plans', request: get('/api/plan/list?page=1&limit=10') },
  { name: 'blogs', request: get('/api/blog/list?page=1&limit=10') },
  { name: 'blog categories', request: get('/api/blog-category/list?page=1&limit=10') },
  { name: 'blog categories, all', request: get('/api/blog-category/listAll') },
  // 7.12
  { name: 'sent mails', request: get('/api/mail-send/list?page=1&limit=10') },
  {
    name: 'send mail, no recipients',
    request: () => ({
      path: '/api/mail-send/create',
      init: json('POST', { title: 'Hi', body: 'There', users: [] }),
    }),
  },
  {
    name: 'send mail, no title',
    request: ({ userId }) => ({
      path: '/api/mail-send/create',
      init: json('POST', { title: ' ', body: 'There', users: [userId] }),
    }),
  },
  {
    name: 'send mail, unknown recipient',
    request: () => ({
      path: '/api/mail-send/create',
      init: json('POST', { title: 'Hi', body: 'There', users: ['ffffffffffffffffffffffff'] }),
    }),
  },
  {
    name: 'send mail, recipients not a list',
    request: () => ({
      path: '/api/mail-send/create',
      init: json('POST', { title: 'Hi', body: 'There', users: 7 }),
    }),
  },
  // Announced extensions (features 'mail-recipients', 'mail-test', 'event-joined')
  {
    name: 'mail recipients',
    request: ({ mailId }) => ({ path: `/api/mail-send/recipients/${mailId}?page=1&limit=10` }),
  },
  {
    name: 'mail recipients, searched',
    request: ({ mailId }) => ({ path: `/api/mail-send/recipients/${mailId}?page=1&limit=10&q=an` }),
  },
  {
    name: 'mail recipients, by state',
    request: ({ mailId }) => ({ path: `/api/mail-send/recipients/${mailId}?state=sent` }),
  },
  {
    name: 'mail recipients, bad state',
    request: ({ mailId }) => ({ path: `/api/mail-send/recipients/${mailId}?state=bounced` }),
  },
  {
    name: 'mail recipients, search too long',
    request: ({ mailId }) => ({ path: `/api/mail-send/recipients/${mailId}?q=${'x'.repeat(101)}` }),
  },
  {
    name: 'mail recipients, unknown mail',
    request: get('/api/mail-send/recipients/ffffffffffffffffffffffff'),
  },
  { name: 'mail recipients, malformed id', request: get('/api/mail-send/recipients/1') },
  {
    name: 'test mail',
    request: () => ({ path: '/api/mail-send/test', init: json('POST', { title: 'Preview', body: 'Hello' }) }),
  },
  {
    name: 'test mail, no title',
    request: () => ({ path: '/api/mail-send/test', init: json('POST', { body: 'Hello' }) }),
  },
  { name: 'events', request: get('/api/event/list-admin?page=1&limit=10') },
  { name: 'event', request: ({ eventId }) => ({ path: `/api/event/read/${eventId}` }) },
  {
    name: 'event joined users',
    request: ({ eventId }) => ({ path: `/api/event/joined/${eventId}?page=1&limit=10` }),
  },
  {
    name: 'event joined users, searched',
    request: ({ eventId }) => ({ path: `/api/event/joined/${eventId}?q=an` }),
  },
  { name: 'event joined users, unknown event', request: get('/api/event/joined/ffffffffffffffffffffffff') },
  {
    name: 'event create, ending before it starts',
    request: () => ({
      path: '/api/event/create',
      init: form(
        {
          name: 'Quiz night',
          venue: 'The Crown',
          startTime: '19:00',
          endTime: '18:00',
          date: tomorrow(),
          numberOfParticipants: '20',
          file: new Blob([PNG_BYTES], { type: 'image/png' }),
        },
        'POST',
      ),
    }),
  },
  { name: 'child safety policy', request: get('/api/childsafetypolicy', false) },
  // Announced extension 'list-sort': one field each way per list, and the refusals.
  { name: 'users list, sorted by name', request: get('/api/admin/list?sort=name&order=asc') },
  { name: 'users list, sorted by e-mail desc', request: get('/api/admin/list?sort=email&order=desc') },
  { name: 'users list, sorted by status', request: get('/api/admin/list?sort=status') },
  {
    name: 'users list, sorted, filtered and searched',
    request: get('/api/admin/list?sort=created&order=asc&filter=user.enabled&equal=true&q=oli'),
  },
  { name: 'users list, unknown sort', request: get('/api/admin/list?sort=phone') },
  { name: 'users list, unknown order', request: get('/api/admin/list?sort=name&order=up') },
  { name: 'users list, order alone', request: get('/api/admin/list?order=sideways') },
  { name: 'users list, bad plan before a bad sort', request: get('/api/admin/list?planFilter=x&sort=x') },
  { name: 'users list, bad page before a bad sort', request: get('/api/admin/list?page=0&sort=x') },
  { name: 'offers, by expiry', request: get('/api/offer/list?sort=expireDate&order=asc') },
  { name: 'offers, by title desc', request: get('/api/offer/list?sort=title&order=desc') },
  { name: 'offers, unknown sort', request: get('/api/offer/list?sort=off') },
  { name: 'plans, by name', request: get('/api/plan/list?sort=name') },
  { name: 'plans, by status desc', request: get('/api/plan/list?sort=status&order=desc') },
  { name: 'plans, unknown sort', request: get('/api/plan/list?sort=price') },
  { name: 'blogs, by title', request: get('/api/blog/list?sort=title&order=asc') },
  { name: 'blogs, by status desc', request: get('/api/blog/list?sort=status&order=desc') },
  { name: 'blogs, unknown order', request: get('/api/blog/list?sort=title&order=random') },
  { name: 'blog categories, by name desc', request: get('/api/blog-category/list?sort=name&order=desc') },
  { name: 'blog categories, unknown sort', request: get('/api/blog-category/list?sort=description') },
  { name: 'events, by date', request: get('/api/event/list-admin?sort=date&order=asc') },
  { name: 'events, by venue desc', request: get('/api/event/list-admin?sort=venue&order=desc') },
  { name: 'events, unknown sort', request: get('/api/event/list-admin?sort=category') },
  { name: 'posts, by user', request: get('/api/post/list?sort=user&order=asc') },
  { name: 'posts, searched, by name desc', request: get('/api/post/list?q=a&sort=name&order=desc') },
  { name: 'posts, unknown sort', request: get('/api/post/list?sort=media') },
  { name: 'contacts, by e-mail', request: get('/api/contact-us/list?sort=email') },
  { name: 'contacts, by date desc', request: get('/api/contact-us/list?sort=created&order=desc') },
  { name: 'contacts, unknown sort', request: get('/api/contact-us/list?sort=phoneNo') },
  { name: 'contacts, bad page before a bad sort', request: get('/api/contact-us/list?page=x&sort=x') },
  { name: 'feedback, by rating desc', request: get('/api/feedback/list?sort=rating&order=desc') },
  { name: 'feedback, by date', request: get('/api/feedback/list?sort=created&order=asc') },
  { name: 'feedback, unknown sort', request: get('/api/feedback/list?sort=name') },
  { name: 'chat reports, oldest first', request: get('/api/chat-report/list?sort=created&order=asc') },
  { name: 'chat reports, unknown sort', request: get('/api/chat-report/list?sort=message') },
  { name: 'chat blocks, newest first', request: get('/api/chat-block/list?sort=created&order=desc') },
  { name: 'chat blocks, unknown order', request: get('/api/chat-block/list?sort=created&order=1') },
  // Announced extension 'users-export'.
  { name: 'users export', request: get('/api/admin/list/export') },
  {
    name: 'users export, filtered and sorted',
    request: get('/api/admin/list/export?filter=user.enabled&equal=false&sort=name&order=desc'),
  },
  { name: 'users export, searched', request: get('/api/admin/list/export?q=oli&fields=name&sort=email') },
  { name: 'users export, unknown sort', request: get('/api/admin/list/export?sort=phone') },
  { name: 'users export, bad plan', request: get('/api/admin/list/export?planFilter=diamond') },
  { name: 'users export, no token', request: get('/api/admin/list/export', false) },
  {
    name: "users exports' activity entries (refused exports logged none)",
    request: get('/api/activity/list?action=export&limit=10'),
    exportEntries: ['users export, searched', 'users export, filtered and sorted', 'users export'],
  },
  // Announced extensions 'activity-log', 'status-reason', 'user-history' and 'report-cases'.
  { name: 'activity', request: get('/api/activity/list?page=1&limit=5') },
  {
    name: 'activity, filtered',
    request: get(
      '/api/activity/list?action=restrict&recordType=user&from=2020-01-01T00:00:00.000Z&to=2100-01-01T00:00:00.000Z',
    ),
  },
  { name: 'activity, unknown action', request: get('/api/activity/list?action=erase') },
  { name: 'activity, unknown record type', request: get('/api/activity/list?recordType=users') },
  { name: 'activity, bad admin', request: get('/api/activity/list?admin=42') },
  { name: 'activity, bad date', request: get('/api/activity/list?from=yesterday') },
  { name: 'activity facets', request: get('/api/activity/facets') },
  {
    name: 'user history, reports',
    request: ({ userId }) => ({ path: `/api/admin/history/${userId}?kind=reported` }),
  },
  {
    name: 'user history, unknown kind',
    request: ({ userId }) => ({ path: `/api/admin/history/${userId}?kind=likes` }),
  },
  { name: 'user history, unknown user', request: get('/api/admin/history/ffffffffffffffffffffffff') },
  { name: 'contacts, open ones', request: get('/api/contact-us/list?page=1&limit=10&status=Open') },
  { name: 'contacts, unknown status', status: 400, request: get('/api/contact-us/list?status=Closed') },
  {
    name: 'contact message handled',
    status: 200,
    request: ({ contactId }) => ({
      path: `/api/contact-us/${contactId}/status`,
      init: json('PATCH', { status: 'Handled' }),
    }),
  },
  {
    name: 'contact message, unknown status',
    status: 400,
    request: ({ contactId }) => ({
      path: `/api/contact-us/${contactId}/status`,
      init: json('PATCH', { status: 'Closed' }),
    }),
  },
  {
    name: 'contact message escalated with an unknown level',
    status: 400,
    request: ({ contactId }) => ({
      path: `/api/contact-us/${contactId}/escalate`,
      init: json('POST', { levelId: 'ffffffffffffffffffffffff' }),
    }),
  },
  {
    name: 'contact message escalated',
    status: 200,
    request: ({ contactId }) => ({ path: `/api/contact-us/${contactId}/escalate`, init: json('POST', {}) }),
  },
  { name: 'chat reports, open cases', request: get('/api/chat-report/list?page=1&limit=10&status=Open') },
  { name: 'chat reports, unknown case status', request: get('/api/chat-report/list?status=Closed') },
  {
    name: 'case dismissed with a note',
    request: ({ reportId }) => ({
      path: `/api/chat-report/case/${reportId}`,
      init: json('PATCH', { status: 'Dismissed', note: 'Banter between friends' }),
    }),
  },
  {
    name: 'case, unknown status',
    request: ({ reportId }) => ({
      path: `/api/chat-report/case/${reportId}`,
      init: json('PATCH', { status: 'Closed' }),
    }),
  },
  {
    name: 'case, no status',
    request: ({ reportId }) => ({ path: `/api/chat-report/case/${reportId}`, init: json('PATCH', {}) }),
  },
  {
    name: 'case, note too long',
    request: ({ reportId }) => ({
      path: `/api/chat-report/case/${reportId}`,
      init: json('PATCH', { status: 'Open', note: 'x'.repeat(1001) }),
    }),
  },
  {
    name: 'case actioned under a restriction not in force',
    status: 409,
    request: ({ reportId }) => ({
      path: `/api/chat-report/case/${reportId}`,
      init: json('PATCH', { status: 'Actioned', underRestriction: 'R-00000000' }),
    }),
  },
  {
    name: 'case under a restriction, not Actioned',
    status: 400,
    request: ({ reportId }) => ({
      path: `/api/chat-report/case/${reportId}`,
      init: json('PATCH', { status: 'Dismissed', underRestriction: 'R-00000000' }),
    }),
  },
  {
    name: 'case, unknown report',
    request: () => ({
      path: '/api/chat-report/case/ffffffffffffffffffffffff',
      init: json('PATCH', { status: 'Dismissed' }),
    }),
  },
  {
    name: 'activation with a reason',
    request: ({ userId }) => ({
      path: `/api/admin/status/${userId}?enabled=true&reason=Appeal%20upheld`,
      init: { method: 'PATCH' },
    }),
  },
  {
    name: 'deactivation, reason too long',
    request: ({ userId }) => ({
      path: `/api/admin/status/${userId}?enabled=false&reason=${'x'.repeat(501)}`,
      init: { method: 'PATCH' },
    }),
  },
  // Sessions ('sessions'): the caller's own session goes on until the end of the run.
  { name: 'sessions', request: get('/api/admin/sessions?page=1&limit=10') },
  { name: 'sessions, page 0', request: get('/api/admin/sessions?page=0') },
  { name: 'sessions without a token', request: get('/api/admin/sessions', false) },
  {
    name: 'end a session',
    request: ({ otherSessionId }) => ({
      path: `/api/admin/sessions/${otherSessionId}`,
      init: { method: 'DELETE' },
    }),
  },
  {
    name: 'end a session that has ended',
    request: ({ otherSessionId }) => ({
      path: `/api/admin/sessions/${otherSessionId}`,
      init: { method: 'DELETE' },
    }),
  },
  {
    name: 'end an unknown session',
    request: () => ({ path: '/api/admin/sessions/AAAAAAAAAAAAAAAAAAAAAA', init: { method: 'DELETE' } }),
  },
  {
    name: 'sign out',
    request: ({ spareToken }) => ({
      path: '/api/logout',
      init: { method: 'POST', headers: { Authorization: `Bearer ${spareToken}` } },
    }),
  },
  {
    name: 'a signed-out token',
    request: ({ spareToken }) => ({
      path: '/api/admin/dashboard',
      init: { headers: { Authorization: `Bearer ${spareToken}` } },
    }),
  },
  {
    name: 'sign out without a token',
    request: () => ({ path: '/api/logout', init: { method: 'POST' }, auth: false }),
  },
  {
    name: 'end the other sessions',
    request: () => ({ path: '/api/admin/sessions/end-others', init: { method: 'POST' } }),
  },
  { name: 'sessions, only the caller’s left', request: get('/api/admin/sessions') },
  // Step-up ('step-up'): a wrong password counts against the same per-admin limit as the profile's, a right one clears it.
  {
    name: 'step-up, wrong password',
    status: 400,
    request: () => ({ path: '/api/admin/step-up', init: json('POST', { password: 'guess-1234' }) }),
  },
  {
    name: 'step-up, no password',
    status: 400,
    request: () => ({ path: '/api/admin/step-up', init: json('POST', {}) }),
  },
  {
    name: 'step-up',
    status: 200,
    request: () => ({ path: '/api/admin/step-up', init: json('POST', { password: ADMIN.password }) }),
  },
  // Two-factor ('two-factor'): what needs no code of the run's own (the flows are in two-factor.test.ts).
  { name: 'two-factor state', status: 200, request: get('/api/admin/two-factor') },
  { name: 'two-factor state without a token', request: get('/api/admin/two-factor', false) },
  {
    name: 'two-factor confirmed before any set-up',
    status: 400,
    request: () => ({ path: '/api/admin/two-factor/confirm', init: json('POST', { code: '123456' }) }),
  },
  {
    name: 'two-factor confirmed without a code',
    status: 400,
    request: () => ({ path: '/api/admin/two-factor/confirm', init: json('POST', {}) }),
  },
  {
    name: 'two-factor set up',
    status: 200,
    request: () => ({ path: '/api/admin/two-factor/setup', init: { method: 'POST' } }),
  },
  {
    name: 'two-factor confirmed with a wrong code',
    status: 400,
    request: () => ({ path: '/api/admin/two-factor/confirm', init: json('POST', { code: '12345x' }) }),
  },
  {
    name: 'recovery codes while two-factor is off',
    status: 409,
    request: () => ({
      path: '/api/admin/two-factor/recovery-codes',
      init: json('POST', { code: 'ABCD-EFGH-JKLM-NPQR' }),
    }),
  },
  {
    name: 'two-factor turned off without a password',
    status: 400,
    request: () => ({ path: '/api/admin/two-factor/disable', init: json('POST', { code: '123456' }) }),
  },
  {
    name: 'two-factor turned off with a wrong password',
    status: 400,
    request: () => ({
      path: '/api/admin/two-factor/disable',
      init: json('POST', { password: 'not-the-one', code: '123456' }),
    }),
  },
  {
    name: 'sign-in code with an unknown challenge',
    status: 401,
    request: () => ({
      path: '/api/login/two-factor',
      init: json('POST', { challenge: 'x'.repeat(43), code: '123456' }),
      auth: false,
    }),
  },
  {
    name: 'sign-in code without a code',
    status: 400,
    request: () => ({
      path: '/api/login/two-factor',
      init: json('POST', { challenge: 'x'.repeat(43) }),
      auth: false,
    }),
  },
  {
    name: 'saved recovery codes with an unknown challenge',
    status: 401,
    request: () => ({
      path: '/api/login/two-factor/acknowledge',
      init: json('POST', { challenge: 'x'.repeat(43) }),
      auth: false,
    }),
  },
  {
    name: 'sign-in set-up with an unknown challenge',
    status: 401,
    request: () => ({
      path: '/api/login/two-factor/setup',
      init: json('POST', { challenge: 'x'.repeat(43) }),
      auth: false,
    }),
  },
  { name: 'security settings', status: 200, request: get('/api/admin/security') },
  {
    name: 'security settings, not a boolean',
    status: 400,
    request: () => ({ path: '/api/admin/security', init: json('PATCH', { twoFactorRequired: 'maybe' }) }),
  },
  {
    name: 'security settings saved',
    status: 200,
    request: () => ({ path: '/api/admin/security', init: json('PATCH', { twoFactorRequired: false }) }),
  },
  // The review queue ('review-queue').
  { name: 'review queue', status: 200, request: get('/api/review-queue/list?page=1&limit=10') },
  {
    name: 'review queue, filtered',
    status: 200,
    request: get('/api/review-queue/list?kind=chat-report&state=open&assignee=none'),
  },
  { name: 'review queue, mine', status: 200, request: get('/api/review-queue/list?assignee=me') },
  { name: 'review queue, no such state', status: 400, request: get('/api/review-queue/list?state=closed') },
  { name: 'review queue, no such assignee', status: 400, request: get('/api/review-queue/list?assignee=x') },
  { name: 'review queue, sorted', status: 400, request: get('/api/review-queue/list?sort=created') },
  { name: 'review queue count', status: 200, request: get('/api/review-queue/count') },
  {
    name: 'claim the next item',
    status: 200,
    request: () => ({ path: '/api/review-queue/claim-next', init: json('POST', {}) }),
  },
  {
    name: 'claim the next item, no such kind',
    status: 400,
    request: () => ({
      path: '/api/review-queue/claim-next',
      init: json('POST', { kind: 'contact-message' }),
    }),
  },
  {
    name: 'claim an item',
    status: 200,
    request: (c) => ({ path: `/api/review-queue/${c.queueItemId}/claim`, init: { method: 'POST' } }),
  },
  {
    name: 'claim no such item',
    status: 404,
    request: () => ({ path: '/api/review-queue/ffffffffffffffffffffffff/claim', init: { method: 'POST' } }),
  },
  {
    name: 'claim an item, bad id',
    status: 400,
    request: () => ({ path: '/api/review-queue/nope/claim', init: { method: 'POST' } }),
  },
  {
    name: 'release an item',
    status: 200,
    request: (c) => ({ path: `/api/review-queue/${c.queueItemId}/release`, init: { method: 'POST' } }),
  },
  {
    name: 'release an item not claimed',
    status: 409,
    request: (c) => ({ path: `/api/review-queue/${c.queueItemId}/release`, init: { method: 'POST' } }),
  },
  // Appeals ('appeals'): the public request answers alike whatever it names; its refusals, and an admin's.
  {
    name: 'appeal request',
    status: 200,
    request: () => ({
      path: '/api/appeal',
      init: json('POST', {
        email: 'someone@example.com',
        reference: 'R-ABCDEFGH',
        statement: 'Please look again',
      }),
      auth: false,
    }),
  },
  {
    name: 'appeal request without an e-mail',
    status: 400,
    request: () => ({
      path: '/api/appeal',
      init: json('POST', { reference: 'R-ABCDEFGH', statement: 'Please look again' }),
      auth: false,
    }),
  },
  {
    name: 'appeal request with a malformed reference',
    status: 400,
    request: () => ({
      path: '/api/appeal',
      init: json('POST', { email: 'someone@example.com', reference: 'R-1', statement: 'Please look again' }),
      auth: false,
    }),
  },
  {
    name: 'appeal request without a statement',
    status: 400,
    request: () => ({
      path: '/api/appeal',
      init: json('POST', { email: 'someone@example.com', reference: 'R-ABCDEFGH', statement: ' ' }),
      auth: false,
    }),
  },
  {
    name: 'appeal confirmation with an unknown link',
    status: 400,
    request: () => ({
      path: '/api/appeal/confirm',
      init: json('POST', { token: 'x'.repeat(43) }),
      auth: false,
    }),
  },
  { name: 'no such appeal', status: 404, request: get('/api/admin/appeals/ffffffffffffffffffffffff') },
  {
    name: 'appeal decision without a choice',
    status: 400,
    request: () => ({
      path: '/api/admin/appeals/ffffffffffffffffffffffff/decide',
      init: json('POST', { decision: 'maybe', note: 'x' }),
    }),
  },
  {
    name: 'appeal decision without a note',
    status: 400,
    request: () => ({
      path: '/api/admin/appeals/ffffffffffffffffffffffff/decide',
      init: json('POST', { decision: 'reverse' }),
    }),
  },
  {
    name: 'appeal upheld with liftInForce',
    status: 400,
    request: () => ({
      path: '/api/admin/appeals/ffffffffffffffffffffffff/decide',
      init: json('POST', { decision: 'uphold', note: 'The facts stand', liftInForce: true }),
    }),
  },
  {
    name: 'decision of no such appeal',
    status: 404,
    request: () => ({
      path: '/api/admin/appeals/ffffffffffffffffffffffff/decide',
      init: json('POST', { decision: 'uphold', note: 'The facts stand' }),
    }),
  },
  {
    name: 'a chat report by its id',
    status: 200,
    request: (c) => get(`/api/chat-report/list?report=${c.reportId}`)(),
  },
  { name: 'a chat report, bad id', status: 400, request: get('/api/chat-report/list?report=x') },
  // Admin accounts ('admins').
  { name: 'admins list', status: 200, request: get('/api/admin/admins?page=1&limit=10') },
  { name: 'admins list, searched', status: 200, request: get('/api/admin/admins?q=admin%40') },
  {
    name: 'invite an admin',
    status: 200,
    request: () => ({
      path: '/api/admin/admins/invite',
      init: json('POST', { name: 'Nia New', email: 'Nia@Example.com', role: 'support' }),
    }),
  },
  {
    name: 'invite the same admin again',
    status: 200,
    request: () => ({
      path: '/api/admin/admins/invite',
      init: json('POST', { name: 'Nia New', email: 'nia@example.com', role: 'editor' }),
    }),
  },
  {
    name: 'invite an address an admin has',
    status: 409,
    request: () => ({
      path: '/api/admin/admins/invite',
      init: json('POST', { name: 'X', email: ADMIN.email, role: 'support' }),
    }),
  },
  {
    name: 'invite without a name',
    status: 400,
    request: () => ({
      path: '/api/admin/admins/invite',
      init: json('POST', { email: 'x@example.com', role: 'support' }),
    }),
  },
  {
    name: 'invite with no such role',
    status: 400,
    request: () => ({
      path: '/api/admin/admins/invite',
      init: json('POST', { name: 'X', email: 'x@example.com', role: 'boss' }),
    }),
  },
  {
    name: 'demote the last Owner',
    status: 409,
    request: ({ adminId }) => ({
      path: `/api/admin/admins/${adminId}/role`,
      init: json('PATCH', { role: 'editor' }),
    }),
  },
  {
    name: 'disable oneself',
    status: 409,
    request: ({ adminId }) => ({
      path: `/api/admin/admins/${adminId}/status`,
      init: json('PATCH', { enabled: false }),
    }),
  },
  {
    name: 'role of no such admin',
    status: 404,
    request: () => ({
      path: '/api/admin/admins/ffffffffffffffffffffffff/role',
      init: json('PATCH', { role: 'editor' }),
    }),
  },
  {
    name: 'status without enabled',
    status: 400,
    request: ({ adminId }) => ({ path: `/api/admin/admins/${adminId}/status`, init: json('PATCH', {}) }),
  },
  {
    name: "end no such admin's sessions",
    status: 404,
    request: () => ({
      path: '/api/admin/admins/ffffffffffffffffffffffff/sessions/end',
      init: { method: 'POST' },
    }),
  },
  {
    name: "reset no such admin's two-factor",
    status: 404,
    request: () => ({
      path: '/api/admin/admins/ffffffffffffffffffffffff/two-factor/reset',
      init: { method: 'POST' },
    }),
  },
  {
    name: "reset one's own two-factor",
    status: 409,
    request: ({ adminId }) => ({
      path: `/api/admin/admins/${adminId}/two-factor/reset`,
      init: { method: 'POST' },
    }),
  },
  {
    name: 'an unknown invitation',
    status: 404,
    request: () => ({ path: `/api/invitation/${'x'.repeat(43)}`, auth: false }),
  },
  {
    name: 'accept an unknown invitation',
    status: 404,
    request: () => ({
      path: '/api/invitation/accept',
      init: json('POST', { token: 'x'.repeat(43), password: 'Long-enough-1' }),
      auth: false,
    }),
  },
  {
    name: 'accept with a short password',
    status: 400,
    request: () => ({
      path: '/api/invitation/accept',
      init: json('POST', { token: 'x'.repeat(43), password: '123' }),
      auth: false,
    }),
  },
  {
    name: 'accept with the published default password',
    status: 400,
    request: () => ({
      path: '/api/invitation/accept',
      init: json('POST', { token: 'x'.repeat(43), password: 'Admin@123' }),
      auth: false,
    }),
  },
  {
    name: 'accept with one character repeated',
    status: 400,
    request: () => ({
      path: '/api/invitation/accept',
      init: json('POST', { token: 'x'.repeat(43), password: ' '.repeat(12) }),
      auth: false,
    }),
  },
  // The current password ('profile-current-password'); last, since a new password hands the caller a new token.
  {
    name: 'profile, new photo alone without a password',
    status: 200,
    request: () => ({
      path: '/api/admin/profile/update',
      init: form({ email: ADMIN.email, password: '', file: new Blob([PNG_BYTES]) }),
    }),
  },
  {
    name: 'profile, new e-mail without the current password',
    status: 400,
    request: () => ({ path: '/api/admin/profile/update', init: form({ email: 'boss@example.com' }) }),
  },
  {
    name: 'profile, new e-mail with a wrong current password',
    status: 400,
    request: () => ({
      path: '/api/admin/profile/update',
      init: form({ email: 'boss@example.com', currentPassword: 'guess-1234' }),
    }),
  },
  {
    name: 'profile, new e-mail with the current password',
    status: 200,
    request: () => ({
      path: '/api/admin/profile/update',
      init: form({ email: 'boss@example.com', currentPassword: ADMIN.password }),
    }),
  },
  {
    name: 'profile, new password without the current password',
    status: 400,
    request: () => ({
      path: '/api/admin/profile/update',
      init: form({ email: 'boss@example.com', password: 'n3w-password' }),
    }),
  },
  {
    name: 'profile, new password with a wrong current password',
    status: 400,
    request: () => ({
      path: '/api/admin/profile/update',
      init: form({ email: 'boss@example.com', password: 'n3w-password', currentPassword: 'guess-1234' }),
    }),
  },
  {
    name: 'profile, new password of 11 characters',
    status: 400,
    request: () => ({
      path: '/api/admin/profile/update',
      init: form({ email: 'boss@example.com', password: 'eleven-char', currentPassword: ADMIN.password }),
    }),
  },
  {
    name: 'profile, new password of one character repeated',
    status: 400,
    request: () => ({
      path: '/api/admin/profile/update',
      init: form({ email: 'boss@example.com', password: 'a'.repeat(12), currentPassword: ADMIN.password }),
    }),
  },
  {
    name: 'profile, new password with the current password',
    status: 200,
    request: () => ({
      path: '/api/admin/profile/update',
      init: form({ email: 'boss@example.com', password: 'n3w-password', currentPassword: ADMIN.password }),
    }),
  },
];

/** What a CSV answer must agree on: its headers (the count only as a number: the data differ) and its first line. */
type Answer = {
  status: number;
  body: unknown;
  csv?: { headers: Record<string, string | null>; headings: string };
  /** A CSV answer's X-Total-Count. */
  total?: string | null;
};

const csvOf = (response: Response, text: string): Answer['csv'] =>
  response.headers.get('content-type')?.startsWith('text/csv')
    ? {
        headers: {
          'content-type': response.headers.get('content-type'),
          'content-disposition': response.headers.get('content-disposition'),
          'x-total-count': /^\d+$/.test(response.headers.get('x-total-count') ?? '') ? 'a number' : null,
        },
        headings: text.slice(0, text.indexOf('\r\n') + 2),
      }
    : undefined;

describe('the API answers every case in its envelope (contract)', () => {
  const answers: Answer[] = [];

  async function run(send: (path: string, init: RequestInit) => Promise<Response>, into: Answer[]) {
    const signIn = async () =>
      ((await (await send('/api/login', json('POST', ADMIN))).json()) as { result: { token: string } }).result
        .token;
    const token = await signIn();
    const spareToken = await signIn();
    const otherToken = await signIn();
    const bearer = { Authorization: `Bearer ${token}` };
    const sessions = (await (
      await send('/api/admin/sessions?limit=100', { headers: { Authorization: `Bearer ${otherToken}` } })
    ).json()) as { result: { _id: string; current: boolean }[] };
    const users = (await (await send('/api/admin/list', { headers: bearer })).json()) as {
      result: { _id: string }[];
    };
    const faqs = (await (await send('/api/faq/listAll', { headers: bearer })).json()) as {
      result: { _id: string }[];
    };
    const firstId = async (path: string) =>
      (((await (await send(path, { headers: bearer })).json()) as { result?: { _id: string }[] }).result ??
        [])[0]?._id ?? 'ffffffffffffffffffffffff';
    const own = (await (await send('/api/user/read', { headers: bearer })).json()) as {
      result: { _id: string };
    };
    const context = {
      adminId: own.result._id,
      token,
      spareToken,
      otherSessionId: sessions.result.find((session) => session.current)!._id,
      userId: users.result[0]!._id,
      faqId: faqs.result[0]!._id,
      mailId: await firstId('/api/mail-send/list?page=1&limit=10'),
      eventId: await firstId('/api/event/list-admin?page=1&limit=10'),
      reportId: await firstId('/api/chat-report/list?page=1&limit=10'),
      queueItemId: await firstId('/api/review-queue/list?state=open'),
      policyId: await firstId('/api/reportelement/listAll'),
      contactId: await firstId('/api/contact-us/list?page=1&limit=10'),
    };
    for (const { request } of CASES) {
      const { path, init = {}, auth = true } = request(context);
      const headers = new Headers(init.headers);
      if (auth && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
      // A route one side does not have (MSW refuses an unhandled request) fails its own case, not the others.
      const response = await send(path, { ...init, headers }).catch(
        (error: unknown) => new Response(`No answer: ${String(error)}`, { status: 599 }),
      );
      // Decoded with any BOM kept, so a CSV answer's is compared too.
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        /* not JSON: compared as text */
      }
      into.push({
        status: response.status,
        body,
        csv: csvOf(response, text),
        total: response.headers.get('x-total-count'),
      });
    }
  }

  beforeAll(async () => {
    const real = await makeServer({ seedUsers: 30 });
    await run((path, init) => Promise.resolve(real.app.request(path, init)), answers);
    await real.close();
  }, 120_000);

  /** The export entries, each count checked against the one its export announced. */
  function checkExportEntries(body: unknown, exports: string[]) {
    const entries = (body as { result: Record<string, unknown>[] }).result;
    expect(entries).toHaveLength(exports.length);
    entries.forEach(({ action, recordType, summary }, index) => {
      const total = Number(answers[CASES.findIndex((c) => c.name === exports[index])]!.total);
      const counted = `Exported ${total.toLocaleString('en-US')} user${total === 1 ? '' : 's'} `;
      expect(String(summary).startsWith(counted), `${String(summary)} / ${counted}`).toBe(true);
      expect({ action, recordType }).toEqual({ action: 'export', recordType: 'user-list' });
    });
  }

  CASES.forEach(({ name, status, exportEntries: exports }, index) => {
    it(name, () => {
      const answer = answers[index]!;
      expect(answer.status, 'an answer, not a missing route').not.toBe(599);
      if (status) expect(answer.status, 'status expected').toBe(status);
      if (answer.csv) {
        expect(answer.csv.headings).toBe('\uFEFFName,Email,Phone Number,Gender,Status\r\n');
        expect(answer.csv.headers['content-disposition']).toMatch(/^attachment; filename=/);
        expect(answer.csv.headers['x-total-count']).toBe('a number');
      } else if (typeof answer.body === 'object' && answer.body !== null) {
        const { success, message } = answer.body as { success?: unknown; message?: unknown };
        expect(success, 'success').toBe(answer.status < 400);
        expect(typeof message, 'message').toBe('string');
        if (answer.status >= 400) expect(String(message).trim()).not.toBe('');
      } else
        expect.fail(`${name}: neither JSON nor CSV (${answer.status}): ${String(answer.body).slice(0, 80)}`);
      if (exports) checkExportEntries(answer.body, exports);
    });
  });
});

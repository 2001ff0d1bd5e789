import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/postgres/db';
import { FILE_COLUMNS } from '../db/uploads';
import { RESOURCES } from '../routes/resources';
import { makeServer, PNG_BYTES, sessionToken } from './harness';

/**
 * Every route of SPEC section 7, sent generated hostile input: wrong types, nulls, arrays, nested objects, huge and
 * unicode strings, built-in property names, NUL bytes, bad ids and broken multipart. No answer may be a 5xx, the app
 * must keep answering, and what is stored must still satisfy the rules.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

type Body = 'json' | 'form' | 'none';
type Route = {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  /** The table whose real ids fill `:id`, mixed with bad ones. */
  table?: string;
  body: Body;
  fields?: string[];
  files?: string[];
  query?: string[];
  public?: boolean;
};

const PAGING = ['page', 'limit', 'items'];

const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
/** A valid value for each field name, so mutating one or two fields of a valid body reaches the deeper rules. */
const VALID: Record<string, unknown> = {
  name: 'Sample',
  description: '<p>Text</p>',
  email: 'someone@example.com',
  enabled: 'true',
  question: 'Why?',
  answer: '<p>Because</p>',
  message: 'Spam',
  title: 'A title',
  slug: 'a-title',
  author: 'Ann',
  seoTitle: 'SEO',
  focusKeyword: 'key',
  shortDescription: 'Short',
  metaDescription: 'Meta',
  off: '10',
  minimumPurchaseAmount: '5',
  minimumMember: '2',
  expireDate: tomorrow,
  benefit: 'More',
  planType: 'gold',
  price: '19.99',
  productId: 'gold_monthly',
  isRecommended: 'false',
  privacy: '<p>Privacy</p>',
  termsCondition: '<p>Terms</p>',
  venue: 'Hall',
  startTime: '18:30',
  endTime: '21:00',
  date: tomorrow,
  numberOfParticipants: '20',
  body: 'Hello',
  password: 'Admin@123',
  isRole: 'admin',
  code: '123456',
  challenge: 'x'.repeat(43),
  twoFactorRequired: 'false',
  role: 'moderator',
  text: 'Asked about refunds',
  pinned: 'true',
  reference: 'R-ABCDEFGH',
  statement: 'Please look again',
  decision: 'uphold',
  note: 'The facts stand',
};

function routes(): Route[] {
  const out: Route[] = [];
  for (const def of RESOURCES) {
    const body: Body = def.uploads ? 'form' : 'json';
    const fields = Object.keys(def.fields);
    const files = Object.keys(def.uploads ?? {});
    const { routes: paths, table } = def;
    if (paths.listAll)
      out.push({ method: 'GET', path: paths.listAll, body: 'none', query: ['enabled', 'sortBy'] });
    if (paths.list) out.push({ method: 'GET', path: paths.list, body: 'none', query: PAGING });
    for (const path of paths.read ?? [])
      out.push({ method: 'GET', path: `${path}/:id`, table, body: 'none' });
    for (const path of paths.create ?? []) out.push({ method: 'POST', path, body, fields, files });
    for (const path of paths.update ?? [])
      out.push({ method: 'PATCH', path: `${path}/:id`, table, body, fields, files });
    if (paths.delete) out.push({ method: 'DELETE', path: `${paths.delete}/:id`, table, body: 'none' });
  }
  const event = [
    'name',
    'venue',
    'startTime',
    'endTime',
    'date',
    'numberOfParticipants',
    'category',
    'university',
  ];
  const post = ['name', 'userId'];
  const media = ['image1', 'image2', 'image3', 'video'];
  out.push(
    { method: 'POST', path: 'login', body: 'json', fields: ['email', 'password', 'isRole'], public: true },
    { method: 'GET', path: 'admin/dashboard', body: 'none' },
    {
      method: 'GET',
      path: 'admin/list',
      body: 'none',
      query: [...PAGING, 'q', 'fields', 'filter', 'equal', 'planFilter'],
    },
    { method: 'PATCH', path: 'admin/status/:id', table: 'users', body: 'none', query: ['enabled'] },
    { method: 'GET', path: 'user/read/:id', table: 'users', body: 'none' },
    { method: 'GET', path: 'user/read', body: 'none' },
    { method: 'DELETE', path: 'user/delete-account/:email', body: 'none', public: true },
    { method: 'GET', path: 'user/delete-account/confirm', body: 'none', query: ['token'], public: true },
    { method: 'POST', path: 'user/delete-account/confirm', body: 'form', fields: ['token'], public: true },
    { method: 'GET', path: 'setting/listAll', body: 'none' },
    { method: 'GET', path: 'setting/read/:id', table: 'settings', body: 'none' },
    { method: 'POST', path: 'setting/create', body: 'json', fields: ['privacy', 'termsCondition'] },
    {
      method: 'PATCH',
      path: 'setting/update-with-image/:id',
      table: 'settings',
      body: 'form',
      fields: ['privacy', 'termsCondition'],
      files: ['file'],
    },
    ...['contact-us/list', 'feedback/list', 'chat-report/list', 'chat-block/list', 'mail-send/list'].map(
      (path): Route => ({ method: 'GET', path, body: 'none', query: PAGING }),
    ),
    { method: 'GET', path: 'event/list-admin', body: 'none', query: PAGING },
    { method: 'GET', path: 'event/read/:id', table: 'events', body: 'none' },
    { method: 'POST', path: 'event/create', body: 'form', fields: event, files: ['file'] },
    {
      method: 'PATCH',
      path: 'event/update/:id',
      table: 'events',
      body: 'form',
      fields: event,
      files: ['file'],
    },
    { method: 'DELETE', path: 'event/delete/:id', table: 'events', body: 'none' },
    { method: 'GET', path: 'post/list', body: 'none', query: [...PAGING, 'q', 'fields'] },
    { method: 'GET', path: 'post/read/:id', table: 'posts', body: 'none' },
    { method: 'POST', path: 'post/create', body: 'form', fields: post, files: media },
    { method: 'PATCH', path: 'post/update/:id', table: 'posts', body: 'form', fields: post, files: media },
    { method: 'DELETE', path: 'post/delete/:id', table: 'posts', body: 'none' },
    { method: 'POST', path: 'mail-send/create', body: 'json', fields: ['title', 'body', 'users'] },
    { method: 'POST', path: 'mail-send/test', body: 'json', fields: ['title', 'body'] },
    {
      method: 'GET',
      path: 'mail-send/recipients/:id',
      table: 'mails',
      body: 'none',
      query: [...PAGING, 'q', 'state'],
    },
    { method: 'GET', path: 'event/joined/:id', table: 'events', body: 'none', query: [...PAGING, 'q'] },
    { method: 'GET', path: 'childsafetypolicy', body: 'none', public: true },
    // Sessions on the server ('sessions'): each request's token is a session of its own (token()), so signing out or
    // ending the others leaves the next request signed in.
    { method: 'POST', path: 'logout', body: 'none' },
    { method: 'GET', path: 'admin/sessions', body: 'none', query: PAGING },
    { method: 'POST', path: 'admin/sessions/end-others', body: 'none' },
    { method: 'DELETE', path: 'admin/sessions/:id', table: 'admin_sessions', body: 'none' },
    { method: 'POST', path: 'admin/step-up', body: 'json', fields: ['password'] },
    // Admin accounts ('admins'): `admins` stands for the admins' rows of users.
    { method: 'GET', path: 'admin/admins', body: 'none', query: [...PAGING, 'q'] },
    { method: 'POST', path: 'admin/admins/invite', body: 'json', fields: ['name', 'email', 'role'] },
    { method: 'PATCH', path: 'admin/admins/:id/role', table: 'admins', body: 'json', fields: ['role'] },
    { method: 'PATCH', path: 'admin/admins/:id/status', table: 'admins', body: 'json', fields: ['enabled'] },
    { method: 'POST', path: 'admin/admins/:id/sessions/end', table: 'admins', body: 'none' },
    { method: 'POST', path: 'admin/admins/:id/two-factor/reset', table: 'admins', body: 'none' },
    // Notes on a member ('member-notes'): hostile member ids and bodies; the note's id is one no note has.
    { method: 'GET', path: 'admin/notes/:id', table: 'users', body: 'none', query: PAGING },
    { method: 'POST', path: 'admin/notes/:id', table: 'users', body: 'json', fields: ['text'] },
    {
      method: 'PATCH',
      path: 'admin/notes/:id/ffffffffffffffffffffffff',
      table: 'users',
      body: 'json',
      fields: ['pinned'],
    },
    { method: 'DELETE', path: 'admin/notes/:id/ffffffffffffffffffffffff', table: 'users', body: 'none' },
    // The work dashboard's figures ('work-dashboard').
    { method: 'GET', path: 'admin/dashboard/figures', body: 'none' },
    // The review queue ('review-queue').
    {
      method: 'GET',
      path: 'review-queue/list',
      body: 'none',
      query: [...PAGING, 'kind', 'state', 'assignee'],
    },
    { method: 'GET', path: 'review-queue/count', body: 'none' },
    { method: 'POST', path: 'review-queue/claim-next', body: 'json', fields: ['kind'] },
    { method: 'POST', path: 'review-queue/:id/claim', table: 'review_items', body: 'none' },
    { method: 'POST', path: 'review-queue/:id/release', table: 'review_items', body: 'none' },
    // Contact Us messages' status and escalation ('contact-status').
    { method: 'GET', path: 'contact-us/list', body: 'none', query: [...PAGING, 'status'] },
    { method: 'PATCH', path: 'contact-us/:id/status', table: 'contacts', body: 'json', fields: ['status'] },
    {
      method: 'POST',
      path: 'contact-us/:id/escalate',
      table: 'contacts',
      body: 'json',
      fields: ['levelId', 'memberId'],
    },
    // Warning and notice templates ('notice-templates').
    { method: 'GET', path: 'notice-templates', body: 'none', query: ['kind', 'policy'] },
    { method: 'GET', path: 'notice-templates/:id', table: 'notice_templates', body: 'none' },
    {
      method: 'POST',
      path: 'notice-templates',
      body: 'json',
      fields: ['kind', 'policyId', 'name', 'subject', 'body'],
    },
    {
      method: 'PATCH',
      path: 'notice-templates/:id',
      table: 'notice_templates',
      body: 'json',
      fields: ['kind', 'policyId', 'name', 'subject', 'body'],
    },
    { method: 'DELETE', path: 'notice-templates/:id', table: 'notice_templates', body: 'none' },
    { method: 'GET', path: 'invitation/:token', body: 'none', public: true },
    { method: 'POST', path: 'invitation/accept', body: 'json', fields: ['token', 'password'], public: true },
    // Appeals ('appeals'): the public request and confirmation, and an admin's reading and decision.
    {
      method: 'POST',
      path: 'appeal',
      body: 'json',
      fields: ['email', 'reference', 'statement'],
      public: true,
    },
    { method: 'POST', path: 'appeal/confirm', body: 'json', fields: ['token'], public: true },
    { method: 'GET', path: 'admin/appeals/:id', table: 'appeals', body: 'none' },
    {
      method: 'POST',
      path: 'admin/appeals/:id/decide',
      table: 'appeals',
      body: 'json',
      fields: ['decision', 'note'],
    },
    {
      method: 'PATCH',
      path: 'admin/profile/update',
      body: 'form',
      fields: ['email', 'password', 'currentPassword'],
      files: ['file'],
    },
    // Two-factor ('two-factor'): the sign-in's second step, and the admin's own set-up.
    { method: 'POST', path: 'login/two-factor', body: 'json', fields: ['challenge', 'code'], public: true },
    { method: 'POST', path: 'login/two-factor/setup', body: 'json', fields: ['challenge'], public: true },
    {
      method: 'POST',
      path: 'login/two-factor/acknowledge',
      body: 'json',
      fields: ['challenge'],
      public: true,
    },
    { method: 'GET', path: 'admin/two-factor', body: 'none' },
    { method: 'POST', path: 'admin/two-factor/setup', body: 'none' },
    { method: 'POST', path: 'admin/two-factor/confirm', body: 'json', fields: ['code'] },
    { method: 'POST', path: 'admin/two-factor/recovery-codes', body: 'json', fields: ['code'] },
    { method: 'POST', path: 'admin/two-factor/disable', body: 'json', fields: ['password', 'code'] },
    { method: 'GET', path: 'admin/security', body: 'none' },
    { method: 'PATCH', path: 'admin/security', body: 'json', fields: ['twoFactorRequired'] },
  );
  // Deletions last, so the other routes meet real rows.
  return [
    ...out.filter((route) => route.method !== 'DELETE'),
    ...out.filter((route) => route.method === 'DELETE'),
  ];
}

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];
const NASTY = [
  ...PROTO_KEYS,
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '0x10',
  '1e3',
  '0o10',
  '-1',
  '1.5',
  'NaN',
  'Infinity',
  '99999999999999999999999',
  'true',
  'false',
  'null',
  'all',
  '18:30',
  '2030-01-01',
  'aaaaaaaaaaaaaaaaaaaaaaaa',
  '<script>alert(1)</script>',
  "'; DROP TABLE users; --",
  '"',
  '../../etc/passwd',
  'name,constructor',
  '%00',
  '\u202e\u0301😀',
];

/** Query values worth trying beside generated text. */
const QUERY_VALUES: Record<string, string[]> = {
  q: ['oli', 'ol', 'a\u0000b', '\u0000', '"', '%', '_', 'x'.repeat(101)],
  fields: [...PROTO_KEYS, 'name', 'name,constructor', 'surname,__proto__', ''],
  page: ['0x10', '1e3', '0o10', ' ', '1', '999999999', '9999999999', '-1'],
  limit: ['0x10', '1e3', '100', '101', '1.5'],
  items: ['0x10', '1e3', '100', '0'],
  enabled: ['true', 'false', 'TRUE', ''],
  filter: ['user.enabled', 'constructor'],
  equal: ['true', 'false', 'constructor'],
  planFilter: ['gold', 'constructor', '__proto__'],
  sortBy: ['enabled', 'constructor'],
  state: ['queued', 'sent', 'failed', 'constructor', ''],
  token: ['x', 'a'.repeat(43), 'a'.repeat(5000)],
};

const hugeText = fc
  .tuple(fc.constantFrom('x', 'é', '😀', '\u0000', ' '), fc.integer({ min: 300, max: 120_000 }))
  .map(([unit, times]) => unit.repeat(times));
const text = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 2, arbitrary: fc.string() },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme' }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary' }) },
  { weight: 1, arbitrary: hugeText },
);
const scalar = fc.oneof(
  text,
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, 1e300, -0, 2 ** 53 + 1),
);
const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('a', ...PROTO_KEYS), scalar, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 2, maxKeys: 3 }) },
);

const clip = readFileSync(new URL('../fixtures/demo-clip.webm', import.meta.url));
const fileArb = fc.oneof(
  fc.constant(() => pngFile()),
  fc.constant(() => clipFile()),
  fc.constant(() => new File([], 'empty.png')),
  fc.uint8Array({ maxLength: 4096 }).map((bytes) => () => new File([bytes], 'x.png', { type: 'image/png' })),
  fc
    .constantFrom('<svg onload=alert(1)>', '%PDF-1.4', 'GIF89a')
    .map((head) => () => new File([head], 'x.gif')),
);

/** A path segment: a real id, a well-formed unknown one, or junk. */
const idArb = (real: string[]) =>
  fc.oneof(
    { weight: real.length ? 3 : 0, arbitrary: fc.constantFrom(...(real.length ? real : ['x'])) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('ffffffffffffffffffffffff', '0', '%00', '..%2F..', 'a'.repeat(5000)),
    },
    { weight: 1, arbitrary: fc.string().map(encodeURIComponent) },
    { weight: 1, arbitrary: fc.constantFrom(...PROTO_KEYS) },
  );

type Request = { path: string; init: RequestInit };

const pngFile = () => new File([PNG_BYTES], 'a.png', { type: 'image/png' });
const clipFile = () => new File([clip], 'a.webm', { type: 'video/webm' });

/** Multipart sends text: arrays as repeated fields, everything else as its text. */
function appendField(form: FormData, name: string, item: unknown) {
  if (Array.isArray(item)) for (const each of item) form.append(name, String(each));
  else form.append(name, typeof item === 'string' ? item : (JSON.stringify(item) ?? 'undefined'));
}

/** JSON bodies carry booleans where multipart carries 'true' / 'false'. */
const jsonValues = (body: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(body).map(([key, item]) => [
      key,
      item === 'true' ? true : item === 'false' ? false : item,
    ]),
  );

function requestArb(route: Route, ids: string[], sample: Record<string, unknown>): fc.Arbitrary<Request> {
  const pathArb = route.path.includes(':id')
    ? idArb(ids).map((id) => route.path.replace(':id', id))
    : route.path.includes(':email')
      ? fc
          .oneof(text, fc.emailAddress())
          .map((email) =>
            route.path.replace(':email', encodeURIComponent(email.replace(/[\uD800-\uDFFF]/g, ''))),
          )
      : route.path.includes(':token')
        ? fc
            .oneof(text, fc.stringMatching(/^[\w-]{43}$/))
            .map((token) =>
              route.path.replace(':token', encodeURIComponent(token.replace(/[\uD800-\uDFFF]/g, ''))),
            )
        : fc.constant(route.path);
  const queryArb = fc
    .tuple(
      fc.record(
        Object.fromEntries(
          (route.query ?? []).map((key) => [
            key,
            fc.oneof(
              fc.constantFrom(...(QUERY_VALUES[key] ?? ['x'])),
              text.map((item) => item.slice(0, 3000)),
            ),
          ]),
        ),
        { requiredKeys: [] },
      ),
      fc.dictionary(
        fc.constantFrom(...PROTO_KEYS),
        text.map((item) => item.slice(0, 100)),
        { maxKeys: 2 },
      ),
    )
    .map(([known, extra]) => ({ ...extra, ...known }) as Record<string, string>);

  const fields = [...(route.fields ?? []), ...PROTO_KEYS];
  const valid = Object.fromEntries(
    (route.fields ?? []).map((field) => [field, sample[field] ?? VALID[field] ?? 'x']),
  );
  // A valid body with one or two fields replaced by hostile values, or left out.
  const mutated = fc
    .tuple(
      fc.subarray(fields, { minLength: 1, maxLength: 2 }),
      fc.array(value, { minLength: 2, maxLength: 2 }),
      fc.boolean(),
    )
    .map(([keys, values, drop]) => {
      const body: Record<string, unknown> = { ...valid };
      keys.forEach((key, i) => {
        if (drop && i === 0) delete body[key];
        else body[key] = values[i];
      });
      return body;
    });
  const validFiles = (route.files ?? []).map(
    (name) => [name, name === 'video' ? clipFile : pngFile] as const,
  );
  const randomForm = fc
    .tuple(
      fc.array(fc.tuple(fc.constantFrom(...fields), value), { maxLength: 10 }),
      fc.array(fc.tuple(fc.constantFrom(...(route.files ?? ['file']), ...fields), fileArb), { maxLength: 4 }),
    )
    .map(([entries, files]) => {
      const form = new FormData();
      for (const [name, item] of entries) appendField(form, name, item);
      for (const [name, file] of files) form.append(name, file());
      return { body: form };
    });
  const mutatedForm = fc
    .tuple(mutated, fc.subarray([...validFiles]), fc.subarray([...validFiles]))
    .map(([body, files, swapped]) => {
      const form = new FormData();
      for (const [name, item] of Object.entries(body)) appendField(form, name, item);
      for (const [name, file] of files) form.append(name, file());
      // A valid file of the wrong kind for its field.
      for (const [name, file] of swapped) form.append(name, file === pngFile ? clipFile() : pngFile());
      return { body: form };
    });
  const brokenForm = fc
    .tuple(text, fc.constantFrom('multipart/form-data', 'multipart/form-data; boundary=xyz'))
    .map(([body, type]) => ({
      body: `--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\n${body}`,
      headers: { 'Content-Type': type },
    }));
  const json = (arbitrary: fc.Arbitrary<unknown>) => arbitrary.map((body) => jsonInit(body));
  const bodyArb: fc.Arbitrary<RequestInit> =
    route.body === 'json'
      ? fc.oneof(
          { weight: 4, arbitrary: json(mutated.map(jsonValues)) },
          { weight: 3, arbitrary: json(fc.dictionary(fc.constantFrom(...fields), value, { maxKeys: 8 })) },
          { weight: 1, arbitrary: json(value) },
          {
            weight: 1,
            arbitrary: text.map((body) => ({ body, headers: { 'Content-Type': 'application/json' } })),
          },
        )
      : route.body === 'form'
        ? fc.oneof(
            { weight: 4, arbitrary: mutatedForm },
            { weight: 3, arbitrary: randomForm },
            { weight: 1, arbitrary: brokenForm },
            { weight: 1, arbitrary: json(fc.oneof(mutated.map(jsonValues), value)) },
          )
        : fc.constant({});
  return fc.tuple(pathArb, queryArb, bodyArb).map(([path, query, init]) => {
    const search = new URLSearchParams(
      Object.entries(query).map(([key, item]): [string, string] => [
        key,
        item.replace(/[\uD800-\uDFFF]/g, ''),
      ]),
    ).toString();
    return { path: `/api/${path}${search ? `?${search}` : ''}`, init: { ...init, method: route.method } };
  });
}

function jsonInit(body: unknown): RequestInit {
  // "__proto__" as an own key, as a hostile client would send it.
  const text = JSON.stringify(body) ?? 'null';
  return { body: text.replace(/^\{"a":/, '{"__proto__":'), headers: { 'Content-Type': 'application/json' } };
}

describe('hostile input on every route (fast-check)', () => {
  let server: Awaited<ReturnType<typeof makeServer>>;
  const ids: Record<string, string[]> = {};

  beforeAll(async () => {
    server = await makeServer({ seedUsers: 6 });
    // Live sessions for DELETE admin/sessions/:id to meet.
    for (let i = 0; i < 3; i += 1) await token();
    const tables = new Set(routes().flatMap((route) => (route.table ? [route.table] : [])));
    for (const table of tables)
      ids[table] = (
        await server.db.many<{ id: string }>(
          table === 'admins'
            ? "SELECT id FROM users WHERE role = 'admin'"
            : `SELECT id FROM ${table} ${table === 'users' ? "WHERE role = 'user'" : ''}`,
        )
      ).map((row) => row.id);
  });

  /** The attacks the hardening issue reported, always tried before the generated ones. */
  function examplesFor(route: Route): [Request][] {
    const json = (body: unknown): RequestInit => ({ ...jsonInit(body), method: route.method });
    const id = ids[route.table ?? '']?.[0];
    const university = { name: 'U', description: 'D', email: null, enabled: true };
    const plan = { ...jsonValues(VALID), description: null };
    const examples: Record<string, Request[]> = {
      'admin/list': ['constructor', '__proto__', 'toString'].map((field) => ({
        path: `/api/admin/list?q=oli&fields=${field}`,
        init: { method: 'GET' },
      })),
      'university/create': [{ path: '/api/university/create', init: json(university) }],
      'university/update/:id': [{ path: `/api/university/update/${id}`, init: json(university) }],
      'plan/create': [{ path: '/api/plan/create', init: json(plan) }],
      'plan/update/:id': [{ path: `/api/plan/update/${id}`, init: json(plan) }],
    };
    examples['admin/list']!.push({ path: '/api/admin/list?q=oli%00', init: { method: 'GET' } });
    examples['post/list'] = [{ path: '/api/post/list?q=%00%22', init: { method: 'GET' } }];
    return (examples[route.path] ?? []).map((example) => [example]);
  }

  /** Ids a valid body of this route refers to. */
  async function sampleFor(route: Route): Promise<Record<string, unknown>> {
    const first = async (table: string) =>
      (await server.db.maybeOne<{ id: string }>(`SELECT id FROM ${table} LIMIT 1`))?.id;
    if (route.path.startsWith('blog/')) return { category: await first('blog_categories') };
    if (route.path.startsWith('event/'))
      return { category: await first('event_categories'), university: await first('universities') };
    if (route.path === 'mail-send/create') return { users: [ids.users![0], ids.users![1], ids.users![0]] };
    if (route.path === 'login' || route.path === 'admin/profile/update')
      return { email: 'admin@example.com' };
    return {};
  }

  /** A token that still holds after the fuzzer changes the admin's password. */
  async function token() {
    const admin = await server.db.one<{ id: string; token_version: number }>(
      "SELECT id, token_version FROM users WHERE role = 'admin' ORDER BY rowid LIMIT 1",
    );
    return sessionToken(server.db, admin.id, { tokenVersion: admin.token_version });
  }

  for (const route of routes()) {
    it(`${route.method} /api/${route.path}`, async () => {
      await fc.assert(
        fc.asyncProperty(
          requestArb(route, ids[route.table ?? ''] ?? [], await sampleFor(route)),
          async ({ path, init }) => {
            const headers = new Headers(init.headers);
            if (!route.public) headers.set('Authorization', `Bearer ${await token()}`);
            const response = await server.app.request(path, { ...init, headers });
            const body = await response.text();
            expect(
              response.status,
              `${init.method} ${path.slice(0, 200)} → ${body.slice(0, 200)}`,
            ).toBeLessThan(500);
            if (response.status >= 400 && response.headers.get('content-type')?.includes('json'))
              expect(JSON.parse(body)).toMatchObject({ success: false, message: expect.any(String) });
          },
        ),
        { numRuns: RUNS, seed: SEED, endOnFailure: true, examples: examplesFor(route) },
      );
      await expectValidStore(server);
    });
  }

  it('still answers, and signs in, after all that', async () => {
    expect((await server.call('GET', '/api/admin/dashboard', { token: await token() })).status).toBe(200);
    expect((await server.app.request('/api/childsafetypolicy')).status).toBe(200);
  });
});

/** What the rules allow, checked on every stored row. */
async function expectValidStore({ db, dataDir }: { db: Db; dataDir: string }) {
  const rows = (table: string) => db.many<Record<string, unknown>>(`SELECT * FROM ${table}`);
  const sane = (value: unknown) => typeof value === 'string' && !value.includes('\u0000');
  for (const def of RESOURCES) {
    for (const row of await rows(def.table)) {
      for (const [name, field] of Object.entries(def.fields)) {
        const stored = row[field.column];
        const where = `${def.table}.${name} = ${JSON.stringify(stored)?.slice(0, 80)}`;
        switch (field.type) {
          case 'text':
            expect(sane(stored), where).toBe(true);
            expect((stored as string).length, where).toBeLessThanOrEqual(field.max ?? 50_000);
            expect(stored, where).toBe((stored as string).trim());
            if (field.required) expect((stored as string).length, where).toBeGreaterThan(0);
            if (field.oneOf) expect(field.oneOf, where).toContain(stored);
            break;
          case 'bool':
            expect([true, false], where).toContain(stored);
            break;
          case 'number':
            if (stored === null && !field.required) break;
            expect(typeof stored, where).toBe('number');
            expect(stored as number, where).toBeGreaterThanOrEqual(field.min ?? -Infinity);
            expect(stored as number, where).toBeLessThanOrEqual(field.max);
            if (field.integer) expect(Number.isInteger(stored), where).toBe(true);
            break;
          case 'date':
            expect(new Date(String(stored)).toISOString(), where).toBe(stored);
            break;
          case 'ref':
            if (stored !== null) expect(stored, where).toMatch(/^[0-9a-f]{24}$/);
            break;
        }
      }
    }
  }
  for (const event of await rows('events')) {
    for (const column of ['start_time', 'end_time'])
      expect(event[column]).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
    for (const column of ['name', 'venue'])
      expect(sane(event[column]) && String(event[column]).length <= 300).toBe(true);
    expect(
      Number.isInteger(event.number_of_participants) && (event.number_of_participants as number) >= 1,
    ).toBe(true);
  }
  for (const post of await rows('posts'))
    expect(sane(post.name) && String(post.name).trim().length > 0).toBe(true);
  // Each mail with its delivery rows counted in the same statement: the worker records outcomes meanwhile.
  const mails = await db.many<{
    title: string;
    sent_count: number;
    failed_count: number;
    recipient_count: number;
    expand_after: number | null;
    recipients: number;
    sent: number;
    failed: number;
  }>(
    `SELECT m.title, m.sent_count, m.failed_count, m.recipient_count, m.expand_after, count(d.user_id) AS recipients,
       count(*) FILTER (WHERE d.state = 'sent') AS sent, count(*) FILTER (WHERE d.state = 'failed') AS failed
     FROM mails m LEFT JOIN mail_deliveries d ON d.mail_id = m.id GROUP BY m.id`,
  );
  for (const mail of mails) {
    expect(sane(mail.title) && String(mail.title).length <= 300).toBe(true);
    // The counters the answers show agree with the delivery rows (once an All Users audience is expanded).
    expect({ sent: mail.sent_count, failed: mail.failed_count }).toEqual({
      sent: mail.sent,
      failed: mail.failed,
    });
    if (mail.expand_after === null) expect(mail.recipient_count).toBe(mail.recipients);
  }
  for (const setting of await rows('settings'))
    expect(sane(setting.privacy) && sane(setting.terms_condition)).toBe(true);
  const admin = await db.one<{ email: string }>("SELECT email FROM users WHERE role = 'admin'");
  expect(admin.email.length).toBeLessThanOrEqual(254);
  expect(admin.email).toMatch(/^[^\s@]+@[^\s@]+$/);

  // Every file a row names exists, and every stored file is named by a row.
  const named = new Set<string>();
  for (const [table, column] of FILE_COLUMNS)
    for (const row of await db.many<{ path: string }>(
      `SELECT ${column} AS path FROM ${table} WHERE ${column} IS NOT NULL`,
    ))
      named.add(row.path);
  for (const path of named) expect(existsSync(join(dataDir, path)), path).toBe(true);
  for (const name of readdirSync(join(dataDir, 'uploads'))) expect(named, name).toContain(`uploads/${name}`);
}

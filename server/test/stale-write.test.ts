import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RESOURCES } from '../routes/resources';
import { STALE_WRITE_MESSAGE } from '../lib/versions';
import { makeServer } from './harness';

type Server = Awaited<ReturnType<typeof makeServer>>;
type Loaded = { _id: string; updatedAt: string } & { [field: string]: unknown };

let server: Server;
beforeAll(async () => {
  server = await makeServer({ seedUsers: 2 });
});

/** A record's own values as an update body: what a form that changed nothing would send. */
function bodyOf(record: Loaded, fields: string[]) {
  const body: { [field: string]: unknown } = {};
  for (const field of fields) {
    const value = record[field];
    if (value === null || value === undefined) continue;
    body[field] = typeof value === 'object' && '_id' in value ? value._id : value;
  }
  return body;
}

/** One kind of record's update route, with a body that changes one text field to `text`. */
type Target = {
  name: string;
  table: string;
  read: string;
  update: string;
  body: (record: Loaded, text: string) => { json?: unknown; form?: FormData };
  changed: string;
};

const generic: Target[] = RESOURCES.filter((def) => def.routes.update && def.routes.read).flatMap((def) => {
  const changed = Object.entries(def.fields).find(([, field]) => field.type === 'text' && !field.oneOf)![0];
  return def.routes.update!.map((update) => ({
    name: `${def.label} (${update})`,
    table: def.table,
    read: def.routes.read![0]!,
    update,
    changed,
    body: (record: Loaded, text: string) => ({
      json: { ...bodyOf(record, Object.keys(def.fields)), [changed]: text },
    }),
  }));
});

const multipart = (fields: { [field: string]: string }) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
};

const handWritten: Target[] = [
  {
    name: 'Event',
    table: 'events',
    read: 'event/read',
    update: 'event/update',
    changed: 'name',
    body: (record, text) => ({
      form: multipart({
        name: text,
        venue: String(record.venue),
        date: String(record.date),
        startTime: String(record.startTime),
        endTime: String(record.endTime),
        numberOfParticipants: String(record.numberOfParticipants),
      }),
    }),
  },
  {
    name: 'Post',
    table: 'posts',
    read: 'post/read',
    update: 'post/update',
    changed: 'name',
    body: (_record, text) => ({ form: multipart({ name: text }) }),
  },
  {
    name: 'Setting',
    table: 'settings',
    read: 'setting/read',
    update: 'setting/update-with-image',
    changed: 'privacy',
    body: (record, text) => ({ json: { privacy: text, termsCondition: record.termsCondition } }),
  },
];

describe.each([...generic, ...handWritten])('$name: If-Match', (target) => {
  const firstId = async () =>
    (await server.db.one<{ id: string }>(`SELECT id FROM ${target.table} ORDER BY id LIMIT 1`)).id;
  const read = async (id: string) =>
    (await server.call('GET', `/api/${target.read}/${id}`)).body.result as Loaded;
  const save = (record: Loaded, text: string, headers?: { [name: string]: string }) =>
    server.call('PATCH', `/api/${target.update}/${record._id}`, { ...target.body(record, text), headers });

  it('saves with the version the client loaded, and gives the record a new one', async () => {
    const loaded = await read(await firstId());
    const saved = await save(loaded, 'Saved with the current version', {
      'If-Match': `"${loaded.updatedAt}"`,
    });
    expect(saved.status).toBe(200);
    const now = await read(loaded._id);
    expect(now[target.changed]).toBe('Saved with the current version');
    expect(now.updatedAt).not.toBe(loaded.updatedAt);
    expect(Date.parse(now.updatedAt)).toBeGreaterThan(Date.parse(loaded.updatedAt));
  });

  it("answers 409 to a save based on an older version, and keeps the other admin's change", async () => {
    const loaded = await read(await firstId());
    const theirs = await save(loaded, 'Their change', { 'If-Match': `"${loaded.updatedAt}"` });
    expect(theirs.status).toBe(200);
    const afterTheirs = await read(loaded._id);

    const mine = await save(loaded, 'My stale change', { 'If-Match': `"${loaded.updatedAt}"` });
    expect(mine.status).toBe(409);
    expect(mine.body).toEqual({ success: false, message: STALE_WRITE_MESSAGE });
    expect(await read(loaded._id)).toEqual(afterTheirs);
  });

  it('saves without If-Match as it always has, whatever changed meanwhile', async () => {
    const loaded = await read(await firstId());
    await save(loaded, 'Their change', { 'If-Match': `"${loaded.updatedAt}"` });
    const mine = await save(loaded, 'Saved without a version');
    expect(mine.status).toBe(200);
    expect((await read(loaded._id))[target.changed]).toBe('Saved without a version');
  });
});

describe('versions', () => {
  const faqs = RESOURCES.find((def) => def.table === 'faqs')!;
  const faqBody = { question: 'Q?', answer: '<p>A</p>', enabled: true };

  afterEach(() => {
    vi.useRealTimers();
  });

  it('differ for saves within the same millisecond', async () => {
    const { call } = await makeServer();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now());
    const created = await call('POST', `/api/${faqs.routes.create![0]}`, { json: faqBody });
    const { _id, updatedAt } = created.body.result as Loaded;
    const saves = await Promise.all(
      [1, 2, 3].map(() => call('PATCH', `/api/faq/update/${_id}`, { json: faqBody })),
    );
    const versions = [updatedAt, ...saves.map((saved) => (saved.body.result as Loaded).updatedAt)];
    expect(new Set(versions).size).toBe(4);
    // The three saves run concurrently and may be stamped in any order: the latest version is the greatest.
    const [, , older, latest] = versions.toSorted();
    const stale = await call('PATCH', `/api/faq/update/${_id}`, {
      json: faqBody,
      headers: { 'If-Match': `"${older}"` },
    });
    expect(stale.status).toBe(409);
    const current = await call('PATCH', `/api/faq/update/${_id}`, {
      json: faqBody,
      headers: { 'If-Match': `"${latest}"` },
    });
    expect(current.status).toBe(200);
  });

  it('accept a weak or unquoted tag, and * for any version', async () => {
    const { call } = await makeServer();
    const created = await call('POST', `/api/${faqs.routes.create![0]}`, { json: faqBody });
    let record = created.body.result as Loaded;
    for (const tag of [`W/"${record.updatedAt}"`, 'VERSION', '"1999-01-01T00:00:00.000Z", "VERSION"', '*']) {
      const saved = await call('PATCH', `/api/faq/update/${record._id}`, {
        json: faqBody,
        headers: { 'If-Match': tag.replace('VERSION', record.updatedAt) },
      });
      expect(saved.status).toBe(200);
      record = saved.body.result as Loaded;
    }
  });

  it('let exactly one of 50 saves that expect the same version win, however they interleave', async () => {
    const { call } = await makeServer();
    const created = await call('POST', `/api/${faqs.routes.create![0]}`, { json: faqBody });
    const { _id, updatedAt } = created.body.result as Loaded;
    const saves = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        call('PATCH', `/api/faq/update/${_id}`, {
          json: { ...faqBody, question: `Save ${index}?` },
          headers: { 'If-Match': `"${updatedAt}"` },
        }),
      ),
    );
    expect(saves.map((saved) => saved.status).toSorted()).toEqual([200, ...Array<number>(49).fill(409)]);
    const winner = saves.find((saved) => saved.status === 200)!.body.result as Loaded;
    const stored = (await call('GET', `/api/faq/read/${_id}`)).body.result as Loaded;
    expect(stored).toEqual(winner);
  });

  it('leave a record unknown to the server a 404, not a 409', async () => {
    const { call } = await makeServer();
    const missing = await call('PATCH', '/api/faq/update/0123456789abcdef01234567', {
      json: faqBody,
      headers: { 'If-Match': '"2020-01-01T00:00:00.000Z"' },
    });
    expect(missing.status).toBe(404);
  });
});

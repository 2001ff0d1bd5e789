import { describe, expect, it, vi } from 'vitest';
import type { Db, SqlValue } from '../db/postgres/db';
import { newId } from '../lib/ids';
import { userList } from '../db/user-list';
import { selectUsers } from '../lib/user-list';
import { makeServer } from './harness';

/**
 * 'list-sort' (sort=<field>&order=asc|desc on every server-paged list) and 'users-export' (the users list as CSV),
 * as an API client sees them.
 */

type Row = Record<string, unknown> & { _id: string };
type Value = string | number | null;

/** Text as the lists compare it: lower() under the database's C.UTF-8 collation, then code point by code point. */
const fold = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : null);
const rank = (value: Value) => (value === null ? 0 : typeof value === 'number' ? 1 : 2);
function compare(a: readonly Value[], b: readonly Value[]) {
  for (let i = 0; i < a.length; i += 1) {
    const [x, y] = [a[i]!, b[i]!];
    if (rank(x) !== rank(y)) return rank(x) - rank(y);
    if (x !== y) return (x as string) < (y as string) ? -1 : 1;
  }
  return 0;
}

type ListSpec = {
  path: string;
  /** The ties' order: the record's id, or for users their creation. */
  tie: (row: Row) => Value;
  fields: Record<string, (row: Row) => Value[]>;
};

const text = (field: string) => (row: Row) => [fold(row[field])];
const plain = (field: string) => (row: Row) => [row[field] as Value];
const status = (row: Row) => [row.enabled ? 1 : 0];
const byId = (row: Row) => row._id;

const LISTS: ListSpec[] = [
  {
    path: '/api/admin/list?items=100',
    tie: plain('createdAt') as unknown as (row: Row) => Value,
    fields: {
      name: (row) => [fold(row.name), fold(row.surname)],
      email: text('email'),
      created: plain('createdAt'),
      status,
    },
  },
  {
    path: '/api/offer/list?limit=100',
    tie: byId,
    fields: { title: text('title'), expireDate: plain('expireDate'), status },
  },
  { path: '/api/plan/list?limit=100', tie: byId, fields: { name: text('name'), status } },
  { path: '/api/blog/list?limit=100', tie: byId, fields: { title: text('title'), status } },
  { path: '/api/blog-category/list?limit=100', tie: byId, fields: { name: text('name'), status } },
  {
    path: '/api/event/list-admin?limit=100',
    tie: byId,
    fields: { name: text('name'), venue: text('venue'), date: plain('date'), created: plain('createdAt') },
  },
  {
    path: '/api/post/list?items=100',
    tie: byId,
    fields: {
      name: text('name'),
      created: plain('createdAt'),
      user: (row) => [fold((row.userId as { name?: string } | null)?.name ?? null)],
    },
  },
  {
    path: '/api/contact-us/list?limit=100',
    tie: byId,
    fields: { title: text('title'), email: text('email'), created: plain('createdAt') },
  },
  {
    path: '/api/feedback/list?limit=100',
    tie: byId,
    fields: { rating: plain('rating'), created: plain('createdAt') },
  },
  { path: '/api/chat-report/list?limit=100', tie: byId, fields: { created: plain('createdAt') } },
  { path: '/api/chat-block/list?limit=100', tie: byId, fields: { created: plain('createdAt') } },
  {
    path: '/api/mail-send/list?limit=100',
    tie: byId,
    fields: { title: text('title'), created: plain('createdAt') },
  },
];

/** Each row strictly after the one before it, by the field's values and then the tie-break, in `order`. */
function expectOrdered(
  rows: Row[],
  key: (row: Row) => Value[],
  tie: (row: Row) => Value,
  order: 'asc' | 'desc',
) {
  const misplaced = rows.slice(1).filter((row, index) => {
    const difference = compare([...key(rows[index]!), tie(rows[index]!)], [...key(row), tie(row)]);
    return order === 'asc' ? difference >= 0 : difference <= 0;
  });
  expect(misplaced).toEqual([]);
}

/** A user as the seed writes one, with what a test needs to control. */
async function insertUser(
  db: Db,
  user: {
    name: string;
    surname?: string;
    email: string;
    phone?: string;
    enabled?: boolean;
    bare?: boolean;
    at: string;
  },
) {
  await db.run(
    `INSERT INTO users (id, role, name, surname, email, phone_number, country_code, gender, enabled, created_at, updated_at)
     VALUES ($1, 'user', $2, $3, $4, $5, $6, $7, $8, $9, $9)`,
    [
      newId(),
      user.name,
      user.surname ?? '',
      user.email,
      user.phone ?? '7000000000',
      // `bare`: no country code and no gender, shown as dashes.
      user.bare ? '' : '+44',
      user.bare ? '' : 'Female',
      user.enabled !== false,
      user.at,
    ],
  );
}

/** A time after every seeded one, `step` seconds on, so inserted users keep creation order = rowid order. */
const later = (step: number) => new Date(Date.now() + 60_000 + step * 1000).toISOString();

type Get = (
  path: string,
) => Promise<{ status: number; body: Record<string, unknown>; text: string; headers: Headers }>;

/** Each list by each of its fields both ways: in order, ties in the tie-break's order, desc exactly asc reversed. */
async function expectListsSorted(get: Get, lists: ListSpec[]) {
  for (const list of lists) {
    const unsorted = (await get(list.path)).body.result as Row[];
    for (const [field, key] of Object.entries(list.fields)) {
      const asc = await get(`${list.path}&sort=${field}&order=asc`);
      const desc = await get(`${list.path}&sort=${field}&order=desc`);
      const ascRows = asc.body.result as Row[];
      const descRows = desc.body.result as Row[];
      expect({ list: list.path, field, status: asc.status }).toEqual({ list: list.path, field, status: 200 });
      expect(ascRows.length, list.path).toBeGreaterThan(3);
      expectOrdered(ascRows, key, list.tie, 'asc');
      expectOrdered(descRows, key, list.tie, 'desc');
      expect(descRows.map(byId)).toEqual(ascRows.map(byId).reverse());
      expect(ascRows.map(byId).sort()).toEqual(unsorted.map(byId).sort());
      expect(asc.body.pagination).toEqual(desc.body.pagination);
      // order defaults to asc.
      expect(((await get(`${list.path}&sort=${field}`)).body.result as Row[]).map(byId)).toEqual(
        ascRows.map(byId),
      );
    }
  }
}

describe('sort=<field>&order=asc|desc on every server-paged list', () => {
  it('orders every list by each of its fields both ways, ties in id order, desc exactly asc reversed', async () => {
    const { call, db } = await makeServer({ seedUsers: 40 });
    // Equal names in different cases: NOCASE makes them ties, broken by creation.
    await insertUser(db, { name: 'anna', surname: 'Lee', email: 'anna.lee.1@example.com', at: later(1) });
    await insertUser(db, { name: 'ANNA', surname: 'lee', email: 'Anna.Lee.2@example.com', at: later(2) });
    await insertUser(db, { name: 'Anna', surname: 'LEE', email: 'ANNA.lee.0@example.com', at: later(3) });
    await expectListsSorted((path) => call('GET', path), LISTS);
    const annas = (
      (await call('GET', '/api/admin/list?items=100&q=anna&sort=name')).body.result as Row[]
    ).map((row) => row.email);
    expect(annas).toEqual(['anna.lee.1@example.com', 'Anna.Lee.2@example.com', 'ANNA.lee.0@example.com']);
  });

  it('keeps today’s order without a sort: newest first', async () => {
    const { call } = await makeServer({ seedUsers: 30 });
    for (const [path, created] of [
      ['/api/admin/list?items=100', 'created'],
      ['/api/post/list?items=100', 'created'],
      ['/api/contact-us/list?limit=100', 'created'],
      ['/api/event/list-admin?limit=100', 'created'],
      ['/api/feedback/list?limit=100', 'created'],
      ['/api/chat-report/list?limit=100', 'created'],
      ['/api/chat-block/list?limit=100', 'created'],
      ['/api/mail-send/list?limit=100', 'created'],
    ] as const) {
      const plain = ((await call('GET', path)).body.result as Row[]).map(byId);
      const newest = ((await call('GET', `${path}&sort=${created}&order=desc`)).body.result as Row[]).map(
        byId,
      );
      expect(plain, path).toEqual(newest);
    }
  });

  it('refuses an unknown field or order, naming what it takes', async () => {
    const { call } = await makeServer({ seedUsers: 5 });
    const refusals: [string, string][] = [
      ['/api/admin/list?sort=phone', 'Sort must be one of name, email, created, status'],
      ['/api/admin/list?sort=constructor', 'Sort must be one of name, email, created, status'],
      ['/api/admin/list?sort=name&order=up', 'Order must be asc or desc'],
      ['/api/admin/list?order=DESC', 'Order must be asc or desc'],
      ['/api/offer/list?sort=off', 'Sort must be one of title, expireDate, status'],
      ['/api/plan/list?sort=price', 'Sort must be one of name, status'],
      ['/api/blog/list?sort=author', 'Sort must be one of title, status'],
      ['/api/blog-category/list?sort=description', 'Sort must be one of name, status'],
      ['/api/event/list-admin?sort=category', 'Sort must be one of name, venue, date, created'],
      ['/api/post/list?sort=media', 'Sort must be one of name, created, user'],
      ['/api/contact-us/list?sort=phoneNo', 'Sort must be one of title, email, created'],
      ['/api/feedback/list?sort=name', 'Sort must be one of rating, created'],
      ['/api/chat-report/list?sort=message', 'Sort must be one of created'],
      ['/api/chat-block/list?sort=__proto__', 'Sort must be one of created'],
      ['/api/mail-send/list?sort=body', 'Sort must be one of title, created'],
      ['/api/mail-send/list?sort=title&order=', 'Sort must be one of title, created'.slice(0, 0) || ''],
    ];
    for (const [path, message] of refusals.slice(0, -1)) {
      const answer = await call('GET', path);
      expect({ path, status: answer.status, body: answer.body }).toEqual({
        path,
        status: 400,
        body: { success: false, message },
      });
    }
    // Empty values count as absent, as paging's do.
    expect((await call('GET', '/api/mail-send/list?sort=title&order=')).status).toBe(200);
    expect((await call('GET', '/api/admin/list?sort=&order=')).status).toBe(200);
  });
});

async function allPages(get: Get, query: string) {
  const rows: Row[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await get(`/api/admin/list?items=100&page=${page}${query}`);
    rows.push(...(answer.body.result as Row[]));
    if (rows.length >= (answer.body.pagination as { count: number }).count)
      return { rows, count: rows.length };
  }
}

describe('the users list sorted, with its filters and search', () => {
  const FILTERS = [
    '',
    '&filter=user.enabled&equal=false',
    '&planFilter=gold',
    '&filter=user.enabled&equal=true&planFilter=silver',
  ];
  // None; the trigram index with few matches (sorted) and with every user matching (walked in sort order); a scan.
  const SEARCHES = [
    '',
    '&q=smith&fields=name,email,phoneNumber',
    '&q=example&fields=email',
    '&q=ia&fields=name',
    '&q=example%20ia&fields=name,email,phoneNumber',
  ];
  const SORTS: [string, (row: Row) => Value[]][] = [
    ['&sort=name&order=asc', (row) => [fold(row.name), fold(row.surname)]],
    ['&sort=email&order=desc', (row) => [fold(row.email)]],
    ['&sort=created&order=asc', (row) => [row.createdAt as string]],
    ['&sort=status&order=desc', (row) => [row.enabled ? 1 : 0]],
  ];

  it('sorts exactly the users each filter and search keeps, the same on every page size', async () => {
    const { call } = await makeServer({ seedUsers: 150 });
    let checked = 0;
    for (const filter of FILTERS)
      for (const search of SEARCHES) {
        const kept = await allPages((path) => call('GET', path), `${filter}${search}`);
        const keptIds = kept.rows.map(byId).sort();
        expect(keptIds.length, `${filter}${search}`).toBeGreaterThan(0);
        checked += keptIds.length;
        for (const [sort, key] of SORTS) {
          const query = `${filter}${search}${sort}`;
          const { rows } = await allPages((path) => call('GET', path), query);
          expect(rows.map(byId).sort(), query).toEqual(keptIds);
          expectOrdered(rows, key, (row) => row.createdAt as string, sort.includes('desc') ? 'desc' : 'asc');
          // Pages of 13, from the first to past the last (the deep ones are read from the other end).
          const paged: Row[] = [];
          for (let page = 1; page <= Math.ceil(rows.length / 13) + 1; page += 1) {
            const answer = await call('GET', `/api/admin/list?items=13&page=${page}${query}`);
            expect(answer.body.pagination, query).toEqual({ count: rows.length, page, items: 13 });
            paged.push(...(answer.body.result as Row[]));
          }
          expect(paged.map(byId), query).toEqual(rows.map(byId));
        }
      }
    expect(checked).toBeGreaterThan(400);
  });
});

/** The SQL `db` is sent through `method` from now on (until vi.restoreAllMocks), in order. */
function recordQueries(db: Db, method: 'many' | 'one') {
  const queried: string[] = [];
  const send = db[method].bind(db) as (sql: string, values?: readonly SqlValue[]) => Promise<never>;
  vi.spyOn(db, method).mockImplementation((sql: string, values?: readonly SqlValue[]) => {
    queried.push(sql);
    return send(sql, values);
  });
  return queried;
}

describe('a searched and sorted users page', () => {
  it('reads the same rows whether it sorts its matches or walks the index keeping them', async () => {
    const { db } = await makeServer({ seedUsers: 150 });
    const queried = recordQueries(db, 'many');
    const sorting = userList(db, { plan: 'sort' });
    const walking = userList(db, { plan: 'walk' });
    let compared = 0;
    for (const filter of [{}, { filter: 'user.enabled', equal: 'false' }, { planFilter: 'gold' }])
      for (const q of ['example', 'smith', 'son', 'smith example', 'ia son'])
        for (const sort of ['name', 'email', 'created', 'status'])
          for (const order of ['asc', 'desc']) {
            const selection = selectUsers({ ...filter, q, fields: 'name,email', sort, order });
            const total = await sorting.count(selection);
            // Every page of 7, the deep ones read from the other end, and one past the last.
            for (let offset = 0; offset <= total; offset += 7) {
              const sorted = await sorting.page(selection, offset, 7);
              const walked = await walking.page(selection, offset, 7);
              expect(walked, `${q} ${sort} ${order} ${JSON.stringify(filter)} at ${offset}`).toEqual(sorted);
              compared += sorted.rowids.length;
            }
          }
    expect(compared).toBeGreaterThan(1000);
    // The two plans are not one: the walk reads the matches as a set beside the sort's index, the other sorts them.
    const pages = queried.filter((sql) => sql.includes('LIMIT'));
    expect(
      pages.filter((sql) => sql.includes('u.rowid IN (SELECT s.rowid FROM users s')).length,
    ).toBeGreaterThan(0);
    expect(pages.filter((sql) => sql.includes('WITH matches AS MATERIALIZED')).length).toBeGreaterThan(0);

    // A search every user matches (their e-mails' shared domain) reads the unsearched page: no match is read.
    const everyone = selectUsers({ q: 'example', fields: 'email', sort: 'name' });
    expect(await sorting.count(everyone)).toBe(await sorting.count(selectUsers({ sort: 'name' })));
    const unsearched = await sorting.page(selectUsers({ sort: 'name' }), 140, 7);
    queried.length = 0;
    expect(await sorting.page(everyone, 140, 7)).toEqual(unsearched);
    expect(unsearched.rowids).toHaveLength(7);
    expect(queried.filter((sql) => sql.includes('LIMIT') && sql.includes('ILIKE'))).toEqual([]);
    vi.restoreAllMocks();
  });

  it('counts a search again after any write to users or 10 s, and uses its count meanwhile', async () => {
    const { db } = await makeServer({ seedUsers: 150 });
    const queried = recordQueries(db, 'one');
    const countsSent = () => queried.filter((sql) => sql.includes('count(*)')).length;
    const list = userList(db);
    const smith = selectUsers({ q: 'smith', fields: 'name,email' });
    const before = await list.count(smith);
    expect(before).toBeGreaterThan(0);
    expect(countsSent()).toBe(1);
    expect(await list.count(smith)).toBe(before);
    expect(countsSent()).toBe(1);
    // Another search is counted on its own.
    await list.count(selectUsers({ q: 'son', fields: 'name,email' }));
    expect(countsSent()).toBe(2);
    // A write to users, by any process: the next count sees it.
    await db.run(
      `UPDATE users SET name = 'Smithson' WHERE rowid = (SELECT min(rowid) FROM users
       WHERE role = 'user' AND name NOT ILIKE '%smith%' AND email NOT ILIKE '%smith%')`,
    );
    expect(await list.count(smith)).toBe(before + 1);
    expect(countsSent()).toBe(3);
    expect(await list.count(smith)).toBe(before + 1);
    expect(countsSent()).toBe(3);
    // Past 10 s it is counted again, written or not.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 10_001 });
    try {
      expect(await list.count(smith)).toBe(before + 1);
      expect(countsSent()).toBe(4);
    } finally {
      vi.useRealTimers();
      vi.restoreAllMocks();
    }
  });

  it('sorts the matches where a walk would read more rows, and walks where it reads fewer', async () => {
    const { db } = await makeServer({ seedUsers: 150 });
    const queried = recordQueries(db, 'many');
    // Every search past the first threshold, so that the choice is made on the rows each plan reads.
    const list = userList(db, { sortedMatchesUpTo: 0 });
    const users = await list.count(selectUsers({}));
    const planOf = async (query: Record<string, string>, offset: number) => {
      queried.length = 0;
      const page = await list.page(selectUsers({ fields: 'name,email', ...query }), offset, 5);
      expect(page.rowids.length, JSON.stringify(query)).toBeGreaterThan(0);
      const sql = queried.find((text) => text.includes('LIMIT'))!;
      return sql.includes('WITH matches AS MATERIALIZED') ? 'sort' : 'walk';
    };
    const share = async (q: string) => (await list.count(selectUsers({ q, fields: 'name,email' }))) / users;
    // A few matches among many users (a sixth here), in e-mail or name order, which a search on them gathers:
    // sorted, page 1 too.
    const sparse = 'smith';
    expect(await share(sparse)).toBeLessThan(0.2);
    expect(await planOf({ q: sparse, sort: 'email', order: 'desc' }, 0)).toBe('sort');
    expect(await planOf({ q: sparse, sort: 'name' }, 0)).toBe('sort');
    // More than a fifth of the users: walked in those orders.
    const dense = 'ma';
    expect(await share(dense)).toBeGreaterThan(0.2);
    expect(await share(dense)).toBeLessThan(1);
    expect(await planOf({ q: dense, sort: 'email', order: 'desc' }, 0)).toBe('walk');
    // In the order of creation the matches are spread out: page 1 is near for a walk, the middle page is not.
    expect(await planOf({ q: dense, sort: 'created' }, 0)).toBe('walk');
    expect(await planOf({ q: dense }, 0)).toBe('walk');
    const matches = await list.count(selectUsers({ q: dense, fields: 'name,email' }));
    expect(await planOf({ q: dense, sort: 'created' }, Math.floor(matches / 2) - 3)).toBe('sort');
    vi.restoreAllMocks();
  });
});

/** RFC 4180 records; each must end with CRLF. */
function parseCsv(csv: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let i = 0;
  while (i < csv.length) {
    if (csv[i] === '"') {
      i += 1;
      for (;;) {
        if (csv[i] === '"' && csv[i + 1] === '"') {
          cell += '"';
          i += 2;
        } else if (csv[i] === '"') {
          i += 1;
          break;
        } else if (i >= csv.length) throw new Error('unterminated quote');
        else cell += csv[i++];
      }
    } else {
      while (i < csv.length && csv[i] !== ',' && csv[i] !== '\r' && csv[i] !== '\n') cell += csv[i++];
    }
    if (csv[i] === ',') {
      record.push(cell);
      cell = '';
      i += 1;
    } else if (csv.startsWith('\r\n', i)) {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i += 2;
    } else throw new Error(`expected , or CRLF at ${i}: ${JSON.stringify(csv.slice(i, i + 20))}`);
  }
  expect(record).toEqual([]);
  return records;
}

const HEADINGS = ['Name', 'Email', 'Phone Number', 'Gender', 'Status'];

/** The cells the users list shows for a row of its answer. */
const shown = (row: Row) => [
  [row.name, row.surname].filter(Boolean).join(' '),
  String(row.email),
  [row.countryCode, row.phoneNumber].filter(Boolean).join(' ') || '-',
  String(row.gender || '-'),
  row.enabled ? 'Active' : 'Inactive',
];
/** The same, as the export writes a cell a spreadsheet could run. */
const escaped = (cells: string[]) => cells.map((cell) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell));

const EXPORT_QUERIES = [
  '&filter=user.enabled&equal=false&sort=name&order=desc',
  '&planFilter=platinum&sort=email',
  '&q=example&fields=email&sort=status&order=desc',
  '&q=oli&fields=name&sort=created',
  '&q=ma&fields=name,surname',
  '&planFilter=gold&filter=user.enabled&equal=true',
];

/** The export of `query`: the list's rows (every page) as the list shows them, as many as it counts. */
async function expectExportAsListed(get: Get, query: string) {
  const { rows, count } = await allPages(get, query);
  expect(count, query).toBeGreaterThan(0);
  const answer = await get(`/api/admin/list/export?${query.slice(1)}`);
  expect(answer.headers.get('x-total-count'), query).toBe(String(count));
  const records = parseCsv(answer.text).slice(1);
  expect(records.length, query).toBe(count);
  expect(records, query).toEqual(rows.map((row) => escaped(shown(row))));
}

describe('GET /api/admin/list/export', () => {
  it('answers CSV with a BOM, the list’s headings and cells, and its count up front', async () => {
    const { app, call, token } = await makeServer({ seedUsers: 12 });
    const bytes = new Uint8Array(
      await (
        await app.request('/api/admin/list/export', { headers: { Authorization: `Bearer ${token}` } })
      ).arrayBuffer(),
    );
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(0, 40)).toBe(
      '\uFEFFName,Email,Phone Number,Gender,Status\r\n',
    );
    // Response.text() reads past the BOM, as any UTF-8 reader does.
    const answer = await call('GET', '/api/admin/list/export');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename="users-${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    expect(answer.headers.get('x-total-count')).toBe('12');
    const [headings, ...records] = parseCsv(answer.text);
    expect(headings).toEqual(HEADINGS);
    const { rows } = await allPages((path) => call('GET', path), '');
    expect(records).toEqual(rows.map((row) => escaped(shown(row))));
    // The phone number with its country code, as the list shows it; a formula-like start gets its apostrophe.
    expect(records[0]![2]).toMatch(/^'\+44 \d+$/);
    expect(records.map((record) => record[4])).toContain('Inactive');
  });

  it('quotes commas, quotes and line breaks, and disarms cells a spreadsheet would run', async () => {
    const { call, db } = await makeServer();
    const names = [
      'Smith, Jr.',
      'Say "hi"',
      'Two\nlines',
      'Carriage\rreturn',
      '=HYPERLINK("x")',
      '+1',
      '-2',
      '@SUM(A1)',
      '\tTabbed',
      '\rReturned',
      'Plain',
    ];
    for (const [index, name] of names.entries())
      await insertUser(db, {
        name,
        email: `user${String(index).padStart(2, '0')}@example.com`,
        at: later(index),
      });
    await insertUser(db, {
      name: 'No',
      surname: 'Phone',
      email: 'nophone@example.com',
      phone: '',
      at: later(20),
    });
    await insertUser(db, {
      name: 'Nothing',
      email: 'nothing@example.com',
      phone: '',
      bare: true,
      at: later(21),
    });
    const answer = await call('GET', '/api/admin/list/export?sort=email');
    expect(answer.text.split('\r\n').slice(0, 9)).toEqual([
      'Name,Email,Phone Number,Gender,Status',
      "No Phone,nophone@example.com,'+44,Female,Active",
      "Nothing,nothing@example.com,'-,'-,Active",
      `"Smith, Jr.",user00@example.com,'+44 7000000000,Female,Active`,
      `"Say ""hi""",user01@example.com,'+44 7000000000,Female,Active`,
      `"Two\nlines",user02@example.com,'+44 7000000000,Female,Active`,
      `"Carriage\rreturn",user03@example.com,'+44 7000000000,Female,Active`,
      `"'=HYPERLINK(""x"")",user04@example.com,'+44 7000000000,Female,Active`,
      "'+1,user05@example.com,'+44 7000000000,Female,Active",
    ]);
    const records = parseCsv(answer.text).slice(1);
    expect(records.map((record) => record[0])).toEqual([
      'No Phone',
      'Nothing',
      ...names.map((name) => (/^[=+\-@\t\r]/.test(name) ? `'${name}` : name)),
    ]);
    expect(answer.text).toContain('"\'\rReturned"');
  });

  it('honours the filters, search and sort, with as many rows as the list counts', async () => {
    const { call } = await makeServer({ seedUsers: 80 });
    for (const query of EXPORT_QUERIES) await expectExportAsListed((path) => call('GET', path), query);
    expect((await call('GET', '/api/admin/list/export?sort=phone')).body).toEqual({
      success: false,
      message: 'Sort must be one of name, email, created, status',
    });
    expect((await call('GET', '/api/admin/list/export?planFilter=diamond')).status).toBe(400);
  });

  it('writes more users than one batch completely and in order', async () => {
    const { call, db } = await makeServer();
    await db.transaction(async (tx) => {
      for (let i = 0; i < 2_600; i += 1)
        await insertUser(tx, {
          name: ['Zoe', 'adam', 'Mia', 'liam'][i % 4]!,
          surname: `S${(i * 7919) % 2_600}`,
          email: `u${(i * 104_729) % 2_600}@example.com`,
          enabled: i % 5 !== 0,
          at: later(i),
        });
    });
    for (const query of [
      '',
      '&sort=name',
      '&sort=email&order=desc',
      '&sort=status',
      '&q=example&sort=name',
      '&q=u12&sort=email',
    ]) {
      const { rows, count } = await allPages((path) => call('GET', path), query);
      const answer = await call('GET', `/api/admin/list/export?${query.slice(1)}`);
      const emails = parseCsv(answer.text)
        .slice(1)
        .map((record) => record[1]);
      expect(emails.length, query).toBe(count);
      expect(emails, query).toEqual(rows.map((row) => row.email));
    }
  });

  it('reads each batch only when the client asks for it', async () => {
    const { app, db, token } = await makeServer();
    await db.transaction(async (tx) => {
      for (let i = 0; i < 2_500; i += 1)
        await insertUser(tx, { name: `N${i}`, email: `u${i}@example.com`, at: later(i) });
    });
    const response = await app.request('/api/admin/list/export?sort=created', {
      headers: { Authorization: `Bearer ${token}` },
    });
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toContain('N0,u0@example.com');
    // A change to the last user after the first batch was sent shows in the rest of the export.
    await db.run("UPDATE users SET name = 'Renamed' WHERE email = 'u2499@example.com'");
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      rest += new TextDecoder().decode(chunk.value);
    expect(rest).toContain('Renamed,u2499@example.com');
    expect(rest.trimEnd().split('\r\n')).toHaveLength(2_500 - 1_000);
  });

  it('answers nothing without a token', async () => {
    const { call } = await makeServer({ seedUsers: 3 });
    const answer = await call('GET', '/api/admin/list/export', { token: null });
    expect(answer.status).toBe(401);
    expect(answer.body.success).toBe(false);
    expect(answer.text).not.toContain('Name,Email');
  });
});

describe('features in the sign-in answer', () => {
  it("names 'list-sort' and 'users-export'", async () => {
    const { call } = await makeServer();
    const answer = await call('POST', '/api/login', {
      json: { email: 'admin@example.com', password: 'Admin@123', isRole: 'admin' },
      token: null,
    });
    expect(answer.status).toBe(200);
    expect((answer.body.result as { features: string[] }).features).toEqual(
      expect.arrayContaining(['list-sort', 'users-export']),
    );
  });
});

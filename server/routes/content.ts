import type { Hono } from 'hono';
import type { Db } from '../db/connection';
import { CATALOGUE_API } from '../../contract/catalogues';
import { TEXT_MAX } from '../../contract/limits';
import { activityLog, summarise, type Change } from '../lib/activity';
import { formBody, formOrJsonBody, jsonBody, jsonLimit, uploadLimit } from '../lib/body';
import type { AppEnv } from '../lib/env';
import { HttpError, notFound } from '../lib/errors';
import { newId, now, parseId } from '../lib/ids';
import { memberColumns, memberPage, memberRef, type MemberSet } from '../lib/members';
import { pageBody, paging } from '../lib/paging';
import { orderBy, unsorted, type ListSort, type SortFields } from '../lib/sort';
import { fileField, type CheckedFile, type FileKeeper } from '../lib/uploads';
import { checkVersion, expectedVersions, nextVersion } from '../lib/versions';
import { date, fields, number, ref as refRule, searchText, text, TIME_OF_DAY } from '../lib/validate';

type Deps = { db: Db; keeper: FileKeeper };

const ref = (id: unknown, name: unknown) => (id ? { _id: id, name: name ?? '' } : null);

/** Events, posts, the setting record, the child safety policy and read-only lists (SPEC 7.6, 7.9-7.11, 7.13). */
export function registerContentRoutes(app: Hono<AppEnv>, { db, keeper }: Deps) {
  const { uploads } = keeper;
  const log = activityLog(db);
  // ----- Events
  const eventSelect = `SELECT e.*, c.name AS category_name, un.name AS university_name, ${memberColumns('u', 'user')}
    FROM events e LEFT JOIN event_categories c ON c.id = e.category_id LEFT JOIN universities un ON un.id = e.university_id
    LEFT JOIN users u ON u.id = e.user_id`;
  const joinedCountOf = db.prepare<[string], { n: number }>(
    'SELECT count(*) AS n FROM event_participants WHERE event_id = ?',
  );
  /** An event's joined users as a member set (lib/members.ts): paged in name order without sorting them all. */
  const joined = (eventId: string, columns: string): MemberSet => ({
    table: 'event_participants',
    ownerColumn: 'event_id',
    owner: eventId,
    columns,
    expected: joinedCountOf.get(eventId)!.n,
  });
  // At most the first 50 joined users by name, with the total; the joined route pages through all (announced).
  const joinedOf = (eventId: string) => {
    const members = joined(eventId, 'u.id AS _id, u.name, u.surname');
    return {
      joinedUsers: memberPage(db, members, { limit: 50, offset: 0 }).rows,
      joinedCount: members.expected,
    };
  };
  const serializeEvent = (row: Record<string, unknown>) => ({
    _id: row.id,
    name: row.name,
    venue: row.venue,
    category: ref(row.category_id, row.category_name),
    university: ref(row.university_id, row.university_name),
    date: row.date,
    startTime: row.start_time,
    endTime: row.end_time,
    numberOfParticipants: row.number_of_participants,
    image: row.image,
    userId: memberRef(row.user_id, row.user_name, row.user_surname),
    ...joinedOf(String(row.id)),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
  const eventRow = (id: string) => {
    const row = db.prepare(`${eventSelect} WHERE e.id = ?`).get(id) as Record<string, unknown> | undefined;
    if (!row) throw notFound('Event');
    return row;
  };
  const findEvent = (id: string) => serializeEvent(eventRow(id));
  /** What an event's update changed, for the activity log. */
  const eventChanges = (before: Record<string, unknown>, after: Record<string, unknown>): Change[] => [
    { name: 'name', kind: 'text', before: before.name, after: after.name },
    { name: 'venue', kind: 'text', before: before.venue, after: after.venue },
    { name: 'category', kind: 'text', before: before.category_name, after: after.category_name },
    { name: 'university', kind: 'text', before: before.university_name, after: after.university_name },
    { name: 'date', kind: 'date', before: before.date, after: after.date },
    { name: 'startTime', kind: 'text', before: before.start_time, after: after.start_time },
    { name: 'endTime', kind: 'text', before: before.end_time, after: after.end_time },
    {
      name: 'numberOfParticipants',
      kind: 'number',
      before: before.number_of_participants,
      after: after.number_of_participants,
    },
    ...(before.image !== after.image ? [{ name: 'image', kind: 'file' } as const] : []),
  ];
  const idIn = (table: string) => {
    const statement = db.prepare(`SELECT 1 FROM ${table} WHERE id = ?`);
    return (id: string) => Boolean(statement.get(id));
  };
  // The event's fields and file as contract/catalogues.ts declares them.
  const EVENT = CATALOGUE_API.events.fields;
  const eventBody = fields({
    name: text(EVENT.name.label, EVENT.name),
    venue: text(EVENT.venue.label, EVENT.venue),
    startTime: text(EVENT.startTime.label, { required: true, max: 5, format: TIME_OF_DAY }),
    endTime: text(EVENT.endTime.label, { required: true, max: 5, format: TIME_OF_DAY }),
    date: date(EVENT.date.label, EVENT.date),
    numberOfParticipants: number(EVENT.numberOfParticipants.label, EVENT.numberOfParticipants),
    category: refRule(EVENT.category.label, idIn('event_categories')),
    university: refRule(EVENT.university.label, idIn('universities')),
  });
  /** An event's fields, checked; it ends after it starts, on its day. */
  const eventInput = (body: Record<string, unknown>) => {
    const data = eventBody.parse(body);
    if (data.endTime <= data.startTime)
      throw new HttpError(400, EVENT.endTime.after.message, { field: 'endTime' });
    return data;
  };
  const EVENT_FILES = CATALOGUE_API.events.files;
  const eventImage = async (body: Record<string, unknown>) => {
    const file = fileField(body, 'file');
    return file ? { image: await uploads.check(EVENT_FILES.file.label, file, EVENT_FILES.file.kind) } : {};
  };

  app.get('/api/event/list-admin', (c) => {
    const query = c.req.query();
    const { page, size, offset } = paging(query);
    const order = orderBy(
      query,
      {
        name: 'e.name COLLATE NOCASE',
        venue: 'e.venue COLLATE NOCASE',
        date: 'e.date',
        created: 'e.created_at',
      } satisfies ListSort<'events'>,
      { tieBreak: 'e.id', otherwise: 'e.created_at DESC, e.id DESC' },
    );
    const rows = db.prepare(`${eventSelect} ORDER BY ${order} LIMIT ? OFFSET ?`).all(size, offset) as Record<
      string,
      unknown
    >[];
    const count = (db.prepare('SELECT count(*) AS n FROM events').get() as { n: number }).n;
    return c.json(pageBody(rows.map(serializeEvent), count, page, size));
  });
  app.get('/api/event/read/:id', (c) =>
    c.json({ success: true, message: 'Success', result: findEvent(parseId(c.req.param('id'))) }),
  );
  app.get('/api/event/joined/:eventId', (c) => {
    const id = parseId(c.req.param('eventId'));
    const query = c.req.query();
    const { page, size, offset } = paging(query);
    unsorted(query, 'in name order');
    const q = searchText.parse(query.q);
    if (!db.prepare('SELECT 1 FROM events WHERE id = ?').get(id)) throw notFound('Event');
    const { rows, count } = memberPage(db, joined(id, 'u.id AS _id, u.name, u.surname, u.email'), {
      q,
      limit: size,
      offset,
    });
    return c.json(pageBody(rows, count, page, size));
  });
  app.post('/api/event/create', uploadLimit, async (c) => {
    const body = await formBody(c, EVENT_FILES);
    const data = eventInput(body);
    const files = await eventImage(body);
    if (!files.image) throw new HttpError(400, EVENT_FILES.file.requiredOnCreate, { field: 'file' });
    const id = newId();
    const stamp = now();
    await keeper.commit(files, (paths) => {
      db.prepare(
        `INSERT INTO events (id, name, venue, category_id, university_id, date, start_time, end_time, number_of_participants, image, user_id, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        id,
        data.name,
        data.venue,
        data.category ?? null,
        data.university ?? null,
        data.date,
        data.startTime,
        data.endTime,
        data.numberOfParticipants,
        paths.image,
        c.get('adminId'),
        stamp,
        stamp,
      );
      log.record(c.get('adminId'), {
        action: 'create',
        recordType: 'event',
        recordId: id,
        recordName: data.name,
        summary: 'Created',
      });
      return { result: id };
    });
    return c.json({ success: true, message: 'Event created successfully', result: findEvent(id) });
  });
  app.patch('/api/event/update/:id', uploadLimit, async (c) => {
    const id = parseId(c.req.param('id'));
    findEvent(id);
    const body = await formBody(c, EVENT_FILES);
    const data = eventInput(body);
    const files = await eventImage(body);
    const expected = expectedVersions(c);
    // Read again inside the write: the event may have been deleted while the body was read.
    const event = await keeper.commit(files, (paths) => {
      const before = eventRow(id);
      checkVersion(expected, String(before.updated_at));
      db.prepare(
        `UPDATE events SET name = ?, venue = ?, category_id = COALESCE(?, category_id), university_id = COALESCE(?, university_id), date = ?,
         start_time = ?, end_time = ?, number_of_participants = ?, image = COALESCE(?, image), updated_at = ? WHERE id = ?`,
      ).run(
        data.name,
        data.venue,
        data.category ?? null,
        data.university ?? null,
        data.date,
        data.startTime,
        data.endTime,
        data.numberOfParticipants,
        paths.image ?? null,
        nextVersion(String(before.updated_at)),
        id,
      );
      const after = eventRow(id);
      log.record(c.get('adminId'), {
        action: 'update',
        recordType: 'event',
        recordId: id,
        recordName: String(after.name),
        summary: summarise(eventChanges(before, after), 'event'),
      });
      return { result: serializeEvent(after), replaced: paths.image ? [before.image as string | null] : [] };
    });
    return c.json({ success: true, message: 'Event updated successfully', result: event });
  });
  app.delete('/api/event/delete/:id', async (c) => {
    const id = parseId(c.req.param('id'));
    await keeper.commit({}, () => {
      const before = db.prepare('SELECT name, image FROM events WHERE id = ?').get(id) as
        { name: string; image: string | null } | undefined;
      if (!before) throw notFound('Event');
      db.prepare('DELETE FROM events WHERE id = ?').run(id);
      log.record(c.get('adminId'), {
        action: 'delete',
        recordType: 'event',
        recordId: id,
        recordName: before.name,
        summary: 'Deleted',
      });
      return { result: id, replaced: [before.image] };
    });
    return c.json({ success: true, message: 'Event deleted successfully' });
  });

  // ----- Posts
  const postSelect = `SELECT p.*, ${memberColumns('u', 'user')} FROM posts p LEFT JOIN users u ON u.id = p.user_id`;
  const serializePost = (row: Record<string, unknown>) => ({
    _id: row.id,
    name: row.name,
    image1: row.image1,
    image2: row.image2,
    image3: row.image3,
    video: row.video,
    userId: memberRef(row.user_id, row.user_name, row.user_surname),
    created: row.created_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
  const findPost = (id: string) => {
    const row = db.prepare(`${postSelect} WHERE p.id = ?`).get(id) as Record<string, unknown> | undefined;
    if (!row) throw notFound('Post');
    return serializePost(row);
  };
  const postName = fields({ name: text('Name', { required: true, max: TEXT_MAX.posts.name }) });
  const POST_MEDIA = [
    ['image1', 'Image 1', 'image'],
    ['image2', 'Image 2', 'image'],
    ['image3', 'Image 3', 'image'],
    ['video', 'Video', 'video'],
  ] as const;
  const POST_FILES = Object.fromEntries(POST_MEDIA.map(([field, label, kind]) => [field, { label, kind }]));
  const postMedia = async (body: Record<string, unknown>) => {
    const out: Record<string, CheckedFile> = {};
    for (const [field, label, kind] of POST_MEDIA) {
      const file = fileField(body, field);
      if (file) out[field] = await uploads.check(label, file, kind);
    }
    return out;
  };

  app.get('/api/post/list', (c) => {
    const query = c.req.query();
    const { page, size, offset } = paging(query);
    const q = searchText.parse(query.q);
    const where = q ? " WHERE p.name LIKE ? ESCAPE '\\'" : '';
    const params = q ? [`%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`] : [];
    const order = orderBy(
      query,
      {
        name: 'p.name COLLATE NOCASE',
        created: 'p.created_at',
        user: 'u.name COLLATE NOCASE',
      } satisfies ListSort<'posts'>,
      { tieBreak: 'p.id', otherwise: 'p.created_at DESC, p.id DESC' },
    );
    const rows = db
      .prepare(`${postSelect}${where} ORDER BY ${order} LIMIT ? OFFSET ?`)
      .all(...params, size, offset) as Record<string, unknown>[];
    const count = (db.prepare(`SELECT count(*) AS n FROM posts p${where}`).get(...params) as { n: number }).n;
    return c.json(pageBody(rows.map(serializePost), count, page, size));
  });
  app.get('/api/post/read/:id', (c) =>
    c.json({ success: true, message: 'Success', result: findPost(parseId(c.req.param('id'))) }),
  );
  app.post('/api/post/create', uploadLimit, async (c) => {
    const body = await formBody(c, POST_FILES);
    const { name } = postName.parse(body);
    const media = await postMedia(body);
    const id = newId();
    const stamp = now();
    await keeper.commit(media, (paths) => {
      db.prepare(
        'INSERT INTO posts (id, name, image1, image2, image3, video, user_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      ).run(
        id,
        name,
        paths.image1 ?? null,
        paths.image2 ?? null,
        paths.image3 ?? null,
        paths.video ?? null,
        c.get('adminId'),
        stamp,
        stamp,
      );
      log.record(c.get('adminId'), {
        action: 'create',
        recordType: 'post',
        recordId: id,
        recordName: name,
        summary: 'Created',
      });
      return { result: id };
    });
    return c.json({ success: true, message: 'Post created successfully', result: findPost(id) });
  });
  app.patch('/api/post/update/:id', uploadLimit, async (c) => {
    const id = parseId(c.req.param('id'));
    findPost(id);
    const body = await formBody(c, POST_FILES);
    const { name } = postName.parse(body);
    const media = await postMedia(body);
    const expected = expectedVersions(c);
    // Read again inside the write: the post may have been deleted while the body was read.
    const post = await keeper.commit(media, (paths) => {
      const before = db.prepare('SELECT * FROM posts WHERE id = ?').get(id) as
        Record<string, string | null> | undefined;
      if (!before) throw notFound('Post');
      checkVersion(expected, before.updated_at!);
      db.prepare(
        'UPDATE posts SET name = ?, image1 = COALESCE(?, image1), image2 = COALESCE(?, image2), image3 = COALESCE(?, image3), video = COALESCE(?, video), updated_at = ? WHERE id = ?',
      ).run(
        name,
        paths.image1 ?? null,
        paths.image2 ?? null,
        paths.image3 ?? null,
        paths.video ?? null,
        nextVersion(before.updated_at!),
        id,
      );
      log.record(c.get('adminId'), {
        action: 'update',
        recordType: 'post',
        recordId: id,
        recordName: name,
        summary: summarise(
          [
            { name: 'name', kind: 'text', before: before.name, after: name },
            ...Object.keys(paths).map((field): Change => ({ name: field, kind: 'file' })),
          ],
          'post',
        ),
      });
      return { result: findPost(id), replaced: Object.keys(paths).map((field) => before[field]) };
    });
    return c.json({ success: true, message: 'Post updated successfully', result: post });
  });
  app.delete('/api/post/delete/:id', async (c) => {
    const id = parseId(c.req.param('id'));
    await keeper.commit({}, () => {
      const before = db.prepare('SELECT * FROM posts WHERE id = ?').get(id) as
        Record<string, string | null> | undefined;
      if (!before) throw notFound('Post');
      db.prepare('DELETE FROM posts WHERE id = ?').run(id);
      log.record(c.get('adminId'), {
        action: 'delete',
        recordType: 'post',
        recordId: id,
        recordName: before.name ?? '',
        summary: 'Deleted',
      });
      return { result: id, replaced: POST_MEDIA.map(([field]) => before[field]) };
    });
    return c.json({ success: true, message: 'Post deleted successfully' });
  });

  // ----- Setting: a single record
  const serializeSetting = (row: Record<string, unknown>) => ({
    _id: row.id,
    privacy: row.privacy,
    termsCondition: row.terms_condition,
    image: row.image ?? null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
  const SETTING = CATALOGUE_API.setting.fields;
  const settingBody = fields({
    privacy: text(SETTING.privacy.label, SETTING.privacy),
    termsCondition: text(SETTING.termsCondition.label, SETTING.termsCondition),
  });
  const SETTING_FILES = CATALOGUE_API.setting.files;
  const findSetting = (id: string) => {
    const row = db.prepare('SELECT * FROM settings WHERE id = ?').get(id) as
      Record<string, unknown> | undefined;
    if (!row) throw notFound('Setting');
    return serializeSetting(row);
  };
  app.get('/api/setting/listAll', (c) => {
    const rows = (db.prepare('SELECT * FROM settings').all() as Record<string, unknown>[]).map(
      serializeSetting,
    );
    return c.json({ success: true, message: 'Success', result: rows, pagination: { count: rows.length } });
  });
  app.get('/api/setting/read/:id', (c) =>
    c.json({ success: true, message: 'Success', result: findSetting(parseId(c.req.param('id'))) }),
  );
  app.post('/api/setting/create', jsonLimit, async (c) => {
    const data = settingBody.parse(await jsonBody(c));
    if (db.prepare('SELECT 1 FROM settings').get())
      throw new HttpError(409, 'A setting record already exists; update it instead');
    const id = newId();
    const stamp = now();
    db.transaction(() => {
      db.prepare(
        'INSERT INTO settings (id, privacy, terms_condition, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
      ).run(id, data.privacy, data.termsCondition, stamp, stamp);
      log.record(c.get('adminId'), {
        action: 'create',
        recordType: 'setting',
        recordId: id,
        recordName: '',
        summary: 'Created',
      });
    })();
    return c.json({ success: true, message: 'Setting created successfully', result: findSetting(id) });
  });
  app.patch('/api/setting/update-with-image/:id', uploadLimit, async (c) => {
    const id = parseId(c.req.param('id'));
    findSetting(id);
    const body = await formOrJsonBody(c, SETTING_FILES);
    const data = settingBody.parse(body);
    const file = fileField(body, 'file');
    const files = file
      ? { image: await uploads.check(SETTING_FILES.file.label, file, SETTING_FILES.file.kind) }
      : {};
    const expected = expectedVersions(c);
    const setting = await keeper.commit(files, (paths) => {
      const before = db
        .prepare('SELECT privacy, terms_condition, image, updated_at FROM settings WHERE id = ?')
        .get(id) as
        { privacy: string; terms_condition: string; image: string | null; updated_at: string } | undefined;
      if (!before) throw notFound('Setting');
      checkVersion(expected, before.updated_at);
      db.prepare(
        'UPDATE settings SET privacy = ?, terms_condition = ?, image = COALESCE(?, image), updated_at = ? WHERE id = ?',
      ).run(data.privacy, data.termsCondition, paths.image ?? null, nextVersion(before.updated_at), id);
      const changes: Change[] = [];
      if (before.privacy !== data.privacy) changes.push({ name: 'privacy', kind: 'html' });
      if (before.terms_condition !== data.termsCondition)
        changes.push({ name: 'termsCondition', kind: 'html' });
      if (paths.image) changes.push({ name: 'image', kind: 'file' });
      log.record(c.get('adminId'), {
        action: 'update',
        recordType: 'setting',
        recordId: id,
        recordName: '',
        summary: summarise(changes, 'setting'),
      });
      return { result: findSetting(id), replaced: paths.image ? [before.image] : [] };
    });
    return c.json({ success: true, message: 'Setting updated successfully', result: setting });
  });

  // ----- Read-only lists
  const readOnlyList = (
    path: string,
    table: string,
    select: string,
    sort: SortFields,
    serialize: (row: Record<string, unknown>) => unknown,
  ) =>
    app.get(`/api/${path}`, (c) => {
      const query = c.req.query();
      const { page, size, offset } = paging(query);
      const order = orderBy(query, sort, { tieBreak: 't.id', otherwise: 't.created_at DESC, t.id DESC' });
      const rows = db.prepare(`${select} ORDER BY ${order} LIMIT ? OFFSET ?`).all(size, offset) as Record<
        string,
        unknown
      >[];
      const count = (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
      return c.json(pageBody(rows.map(serialize), count, page, size));
    });

  readOnlyList(
    'contact-us/list',
    'contacts',
    'SELECT * FROM contacts t',
    {
      title: 't.title COLLATE NOCASE',
      email: 't.email COLLATE NOCASE',
      created: 't.created_at',
    } satisfies ListSort<'contactUs'>,
    (row) => ({
      _id: row.id,
      title: row.title,
      email: row.email,
      phoneNo: row.phone_no,
      description: row.description,
      created: row.created_at,
      createdAt: row.created_at,
    }),
  );
  readOnlyList(
    'feedback/list',
    'feedbacks',
    'SELECT t.*, u.name, u.surname, u.email, u.country_code, u.phone_number FROM feedbacks t LEFT JOIN users u ON u.id = t.user_id',
    { rating: 't.rating', created: 't.created_at' } satisfies ListSort<'feedbacks'>,
    (row) => ({
      _id: row.id,
      user: memberRef(row.user_id, row.name, row.surname, {
        email: row.email,
        countryCode: row.country_code,
        phoneNumber: row.phone_number,
      }),
      rating: row.rating,
      description: row.description,
      createdAt: row.created_at,
    }),
  );
  // chat-report/list: routes/moderation.ts (reports are cases there).
  readOnlyList(
    'chat-block/list',
    'chat_blocks',
    `SELECT t.*, ${memberColumns('a', 'by')}, ${memberColumns('b', 'blocked')} FROM chat_blocks t LEFT JOIN users a ON a.id = t.block_by LEFT JOIN users b ON b.id = t.blocked_user`,
    { created: 't.created_at' } satisfies ListSort<'chatBlock'>,
    (row) => ({
      _id: row.id,
      blockBy: memberRef(row.block_by, row.by_name, row.by_surname),
      blockedUser: memberRef(row.blocked_user, row.blocked_name, row.blocked_surname),
      message: row.message,
      created: row.created_at,
      createdAt: row.created_at,
    }),
  );
}

export function registerPolicyRoute(app: Hono<AppEnv>, db: Db) {
  app.get('/api/childsafetypolicy', (c) => {
    const row = db.prepare("SELECT html FROM policies WHERE key = 'childsafetypolicy'").get() as
      { html: string } | undefined;
    return c.json({ success: true, message: 'Success', result: { childsafetypolicy: row?.html ?? '' } });
  });
}

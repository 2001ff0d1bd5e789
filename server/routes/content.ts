import type { Hono } from 'hono';
import {
  allSettings,
  anySetting,
  childSafetyPolicy,
  deleteEvent,
  deletePost,
  eventExists,
  findEvent as findEventRow,
  findPost as findPostRow,
  findSetting as findSettingRow,
  insertEvent,
  insertPost,
  insertSetting,
  joinedMembers,
  pageOfEvents,
  pageOfPosts,
  pageOfReadOnly,
  POST_MEDIA_COLUMNS,
  updateEvent,
  updatePost,
  updateSetting,
  type EventRow,
  type PostRow,
  type ReadOnlyList,
  type SettingRow,
} from '../db/content';
import { isUniqueViolation, type Db } from '../db/postgres/db';
import { foreignKeyViolation } from '../db/resources';
import { CATALOGUE_API } from '../../contract/catalogues';
import { TEXT_MAX } from '../../contract/limits';
import { activityLog, summarise, type Change } from '../lib/activity';
import { formBody, formOrJsonBody, jsonBody, jsonLimit, uploadLimit } from '../lib/body';
import type { AppEnv } from '../lib/env';
import { HttpError, notFound } from '../lib/errors';
import { newId, now, parseId } from '../lib/ids';
import { memberPage } from '../db/members';
import { memberRef } from '../lib/members';
import { existingRefs } from '../lib/resource';
import { pageBody, paging } from '../lib/paging';
import { containsPattern } from '../lib/search';
import { orderBy, unsorted, type ListSort, type SortFields } from '../lib/sort';
import { fileField, type CheckedFile, type FileKeeper } from '../lib/uploads';
import { checkVersion, expectedVersions, nextVersion } from '../lib/versions';
import { date, fields, number, ref as refRule, searchText, text, TIME_OF_DAY } from '../lib/validate';
import { can } from '../../contract/roles';

type Deps = { db: Db; keeper: FileKeeper };

const ref = (id: unknown, name: unknown) => (id ? { _id: id, name: name ?? '' } : null);

/** Events, posts, the setting record, the child safety policy and read-only lists (SPEC 7.6, 7.9-7.11, 7.13). */
export function registerContentRoutes(app: Hono<AppEnv>, { db, keeper }: Deps) {
  const { uploads } = keeper;
  const log = activityLog(db);
  // ----- Events
  // At most the first 50 joined users by name, with the total; the joined route pages through all (announced). A
  // role that may not read who joined ('roles': events.joined) gets the count alone.
  const joinedOf = async (eventId: string, names: boolean) => {
    const members = await joinedMembers(db, eventId);
    return {
      joinedUsers: names ? (await memberPage(db, members, { limit: 50, offset: 0 })).rows : [],
      joinedCount: members.expected,
    };
  };
  const serializeEvent = async (row: EventRow, names = true) => ({
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
    ...(await joinedOf(row.id, names)),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
  const findEvent = async (id: string, names = true) => {
    const row = await findEventRow(db, id);
    if (!row) throw notFound('Event');
    return serializeEvent(row, names);
  };
  /** What an event's update changed, for the activity log. */
  const eventChanges = (before: EventRow, after: EventRow): Change[] => [
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
  // The event's fields and file as contract/catalogues.ts declares them.
  const EVENT = CATALOGUE_API.events.fields;
  const EVENT_REFS = {
    category: { table: 'event_categories', label: EVENT.category.label },
    university: { table: 'universities', label: EVENT.university.label },
  } as const;
  const eventBody = (known: ReadonlySet<string>) => {
    const refField = (name: keyof typeof EVENT_REFS) =>
      refRule(EVENT_REFS[name].label, (id) => known.has(`${EVENT_REFS[name].table}:${id}`));
    return fields({
      name: text(EVENT.name.label, EVENT.name),
      venue: text(EVENT.venue.label, EVENT.venue),
      startTime: text(EVENT.startTime.label, { required: true, max: 5, format: TIME_OF_DAY }),
      endTime: text(EVENT.endTime.label, { required: true, max: 5, format: TIME_OF_DAY }),
      date: date(EVENT.date.label, EVENT.date),
      numberOfParticipants: number(EVENT.numberOfParticipants.label, EVENT.numberOfParticipants),
      category: refField('category'),
      university: refField('university'),
    });
  };
  /** An event's fields, checked; it ends after it starts, on its day. */
  const eventInput = async (body: Record<string, unknown>) => {
    const data = eventBody(await existingRefs(db, body, EVENT_REFS)).parse(body);
    if (data.endTime <= data.startTime)
      throw new HttpError(400, EVENT.endTime.after.message, { field: 'endTime' });
    return data;
  };
  /** A category or university deleted between the body's check and the write: refused as the check refuses it. */
  const refusingLostRefs = async <T>(write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (error) {
      const constraint = foreignKeyViolation(error);
      if (constraint === 'events_category_id_fkey')
        throw new HttpError(400, 'Event category not found', { field: 'category' });
      if (constraint === 'events_university_id_fkey')
        throw new HttpError(400, 'University not found', { field: 'university' });
      throw error;
    }
  };
  const EVENT_FILES = CATALOGUE_API.events.files;
  const eventImage = async (body: Record<string, unknown>) => {
    const file = fileField(body, 'file');
    return file ? { image: await uploads.check(EVENT_FILES.file.label, file, EVENT_FILES.file.kind) } : {};
  };

  app.get('/api/event/list-admin', async (c) => {
    const query = c.req.query();
    const { page, size, offset } = paging(query);
    const order = orderBy(
      query,
      {
        name: 'lower(e.name)',
        venue: 'lower(e.venue)',
        date: 'e.date',
        created: 'e.created_at',
      } satisfies ListSort<'events'>,
      { tieBreak: 'e.id', otherwise: 'e.created_at DESC, e.id DESC' },
    );
    const { rows, count } = await pageOfEvents(db, order, { limit: size, offset });
    const names = can(c.get('adminRole'), 'events.joined');
    return c.json(
      pageBody(await Promise.all(rows.map((row) => serializeEvent(row, names))), count, page, size),
    );
  });
  app.get('/api/event/read/:id', async (c) =>
    c.json({
      success: true,
      message: 'Success',
      result: await findEvent(parseId(c.req.param('id')), can(c.get('adminRole'), 'events.joined')),
    }),
  );
  app.get('/api/event/joined/:eventId', async (c) => {
    const id = parseId(c.req.param('eventId'));
    const query = c.req.query();
    const { page, size, offset } = paging(query);
    unsorted(query, 'in name order');
    const q = searchText.parse(query.q);
    if (!(await eventExists(db, id))) throw notFound('Event');
    const { rows, count } = await memberPage(db, await joinedMembers(db, id, { email: true }), {
      q,
      limit: size,
      offset,
    });
    return c.json(pageBody(rows, count, page, size));
  });
  app.post('/api/event/create', uploadLimit, async (c) => {
    const body = await formBody(c, EVENT_FILES);
    const data = await eventInput(body);
    const files = await eventImage(body);
    if (!files.image) throw new HttpError(400, EVENT_FILES.file.requiredOnCreate, { field: 'file' });
    const id = newId();
    await refusingLostRefs(() =>
      keeper.commit(files, async (paths, tx) => {
        await insertEvent(tx, {
          ...data,
          id,
          image: paths.image!,
          userId: c.get('adminId'),
          stamp: now(),
        });
        await log.record(tx, c.get('adminId'), {
          action: 'create',
          recordType: 'event',
          recordId: id,
          recordName: data.name,
          summary: 'Created',
        });
        return { result: id };
      }),
    );
    return c.json({ success: true, message: 'Event created successfully', result: await findEvent(id) });
  });
  app.patch('/api/event/update/:id', uploadLimit, async (c) => {
    const id = parseId(c.req.param('id'));
    await findEvent(id);
    const body = await formBody(c, EVENT_FILES);
    const data = await eventInput(body);
    const files = await eventImage(body);
    const expected = expectedVersions(c);
    // Read again under the event's lock: it may have been saved or deleted while the body was read.
    const after = await refusingLostRefs(() =>
      keeper.commit(files, async (paths, tx) => {
        const before = await findEventRow(tx, id, { lock: true });
        if (!before) throw notFound('Event');
        checkVersion(expected, before.updated_at);
        await updateEvent(tx, id, { ...data, image: paths.image, version: nextVersion(before.updated_at) });
        const after = (await findEventRow(tx, id))!;
        await log.record(tx, c.get('adminId'), {
          action: 'update',
          recordType: 'event',
          recordId: id,
          recordName: after.name,
          summary: summarise(eventChanges(before, after), 'event'),
        });
        return { result: after, replaced: paths.image ? [before.image] : [] };
      }),
    );
    return c.json({
      success: true,
      message: 'Event updated successfully',
      result: await serializeEvent(after),
    });
  });
  app.delete('/api/event/delete/:id', async (c) => {
    const id = parseId(c.req.param('id'));
    await keeper.commit({}, async (_paths, tx) => {
      const before = await deleteEvent(tx, id);
      if (!before) throw notFound('Event');
      await log.record(tx, c.get('adminId'), {
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
  const serializePost = (row: PostRow) => ({
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
  const findPost = async (id: string) => {
    const row = await findPostRow(db, id);
    if (!row) throw notFound('Post');
    return serializePost(row);
  };
  const postName = fields({ name: text('Name', { required: true, max: TEXT_MAX.posts.name }) });
  const POST_MEDIA = [
    ['image1', 'Image 1', 'image'],
    ['image2', 'Image 2', 'image'],
    ['image3', 'Image 3', 'image'],
    ['video', 'Video', 'video'],
  ] as const satisfies readonly (readonly [(typeof POST_MEDIA_COLUMNS)[number], string, string])[];
  const POST_FILES = Object.fromEntries(POST_MEDIA.map(([field, label, kind]) => [field, { label, kind }]));
  const postMedia = async (body: Record<string, unknown>) => {
    const out: Record<string, CheckedFile> = {};
    for (const [field, label, kind] of POST_MEDIA) {
      const file = fileField(body, field);
      if (file) out[field] = await uploads.check(label, file, kind);
    }
    return out;
  };

  app.get('/api/post/list', async (c) => {
    const query = c.req.query();
    const { page, size, offset } = paging(query);
    const q = searchText.parse(query.q);
    const order = orderBy(
      query,
      {
        name: 'lower(p.name)',
        created: 'p.created_at',
        user: 'lower(u.name)',
      } satisfies ListSort<'posts'>,
      { tieBreak: 'p.id', otherwise: 'p.created_at DESC, p.id DESC' },
    );
    const { rows, count } = await pageOfPosts(db, order, q ? containsPattern(q) : undefined, {
      limit: size,
      offset,
    });
    return c.json(pageBody(rows.map(serializePost), count, page, size));
  });
  app.get('/api/post/read/:id', async (c) =>
    c.json({ success: true, message: 'Success', result: await findPost(parseId(c.req.param('id'))) }),
  );
  app.post('/api/post/create', uploadLimit, async (c) => {
    const body = await formBody(c, POST_FILES);
    const { name } = postName.parse(body);
    const media = await postMedia(body);
    const id = newId();
    await keeper.commit(media, async (paths, tx) => {
      await insertPost(tx, { id, name, media: paths, userId: c.get('adminId'), stamp: now() });
      await log.record(tx, c.get('adminId'), {
        action: 'create',
        recordType: 'post',
        recordId: id,
        recordName: name,
        summary: 'Created',
      });
      return { result: id };
    });
    return c.json({ success: true, message: 'Post created successfully', result: await findPost(id) });
  });
  app.patch('/api/post/update/:id', uploadLimit, async (c) => {
    const id = parseId(c.req.param('id'));
    await findPost(id);
    const body = await formBody(c, POST_FILES);
    const { name } = postName.parse(body);
    const media = await postMedia(body);
    const expected = expectedVersions(c);
    // Read again under the post's lock: it may have been saved or deleted while the body was read.
    const post = await keeper.commit(media, async (paths, tx) => {
      const before = await findPostRow(tx, id, { lock: true });
      if (!before) throw notFound('Post');
      checkVersion(expected, before.updated_at);
      await updatePost(tx, id, { name, media: paths, version: nextVersion(before.updated_at) });
      await log.record(tx, c.get('adminId'), {
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
      return {
        result: serializePost((await findPostRow(tx, id))!),
        replaced: POST_MEDIA_COLUMNS.filter((column) => column in paths).map((column) => before[column]),
      };
    });
    return c.json({ success: true, message: 'Post updated successfully', result: post });
  });
  app.delete('/api/post/delete/:id', async (c) => {
    const id = parseId(c.req.param('id'));
    await keeper.commit({}, async (_paths, tx) => {
      const before = await deletePost(tx, id);
      if (!before) throw notFound('Post');
      await log.record(tx, c.get('adminId'), {
        action: 'delete',
        recordType: 'post',
        recordId: id,
        recordName: before.name ?? '',
        summary: 'Deleted',
      });
      return { result: id, replaced: POST_MEDIA_COLUMNS.map((column) => before[column]) };
    });
    return c.json({ success: true, message: 'Post deleted successfully' });
  });

  // ----- Setting: a single record
  const serializeSetting = (row: SettingRow) => ({
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
  const SETTING_EXISTS = 'A setting record already exists; update it instead';
  const findSetting = async (id: string) => {
    const row = await findSettingRow(db, id);
    if (!row) throw notFound('Setting');
    return serializeSetting(row);
  };
  app.get('/api/setting/listAll', async (c) => {
    const rows = (await allSettings(db)).map(serializeSetting);
    return c.json({ success: true, message: 'Success', result: rows, pagination: { count: rows.length } });
  });
  app.get('/api/setting/read/:id', async (c) =>
    c.json({ success: true, message: 'Success', result: await findSetting(parseId(c.req.param('id'))) }),
  );
  app.post('/api/setting/create', jsonLimit, async (c) => {
    const data = settingBody.parse(await jsonBody(c));
    if (await anySetting(db)) throw new HttpError(409, SETTING_EXISTS);
    const id = newId();
    try {
      await db.transaction(async (tx) => {
        await insertSetting(tx, { id, ...data, stamp: now() });
        await log.record(tx, c.get('adminId'), {
          action: 'create',
          recordType: 'setting',
          recordId: id,
          recordName: '',
          summary: 'Created',
        });
      });
    } catch (error) {
      // Two creates at once: the singleton key keeps the first.
      if (isUniqueViolation(error)) throw new HttpError(409, SETTING_EXISTS);
      throw error;
    }
    return c.json({ success: true, message: 'Setting created successfully', result: await findSetting(id) });
  });
  app.patch('/api/setting/update-with-image/:id', uploadLimit, async (c) => {
    const id = parseId(c.req.param('id'));
    await findSetting(id);
    const body = await formOrJsonBody(c, SETTING_FILES);
    const data = settingBody.parse(body);
    const file = fileField(body, 'file');
    const files = file
      ? { image: await uploads.check(SETTING_FILES.file.label, file, SETTING_FILES.file.kind) }
      : {};
    const expected = expectedVersions(c);
    const setting = await keeper.commit(files, async (paths, tx) => {
      const before = await findSettingRow(tx, id, { lock: true });
      if (!before) throw notFound('Setting');
      checkVersion(expected, before.updated_at);
      const after = await updateSetting(tx, id, {
        ...data,
        image: paths.image,
        version: nextVersion(before.updated_at),
      });
      const changes: Change[] = [];
      if (before.privacy !== data.privacy) changes.push({ name: 'privacy', kind: 'html' });
      if (before.terms_condition !== data.termsCondition)
        changes.push({ name: 'termsCondition', kind: 'html' });
      if (paths.image) changes.push({ name: 'image', kind: 'file' });
      await log.record(tx, c.get('adminId'), {
        action: 'update',
        recordType: 'setting',
        recordId: id,
        recordName: '',
        summary: summarise(changes, 'setting'),
      });
      return { result: serializeSetting(after), replaced: paths.image ? [before.image] : [] };
    });
    return c.json({ success: true, message: 'Setting updated successfully', result: setting });
  });

  // ----- Read-only lists
  const readOnlyList = (
    path: string,
    list: ReadOnlyList,
    sort: SortFields,
    serialize: (row: Record<string, unknown>) => unknown,
  ) =>
    app.get(`/api/${path}`, async (c) => {
      const query = c.req.query();
      const { page, size, offset } = paging(query);
      const order = orderBy(query, sort, { tieBreak: 't.id', otherwise: 't.created_at DESC, t.id DESC' });
      const { rows, count } = await pageOfReadOnly(db, list, order, { limit: size, offset });
      return c.json(pageBody(rows.map(serialize), count, page, size));
    });

  // contact-us/list: routes/contact-us.ts (messages have a status there).
  readOnlyList(
    'feedback/list',
    'feedbacks',
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
  app.get('/api/childsafetypolicy', async (c) =>
    c.json({ success: true, message: 'Success', result: { childsafetypolicy: await childSafetyPolicy(db) } }),
  );
}

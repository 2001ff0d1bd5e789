import { memberColumns, type MemberSet } from './members';
import type { Db } from './postgres/db';
import { countedRows, type CountedTable } from './row-counts';

/** Events, posts, the setting record, the child safety policy and the read-only lists (routes/content.ts). */

type Page = { limit: number; offset: number };

// ----- Events

export type EventRow = {
  id: string;
  name: string;
  venue: string;
  category_id: string | null;
  university_id: string | null;
  date: string;
  start_time: string;
  end_time: string;
  number_of_participants: number;
  image: string | null;
  user_id: string | null;
  created_at: string;
  updated_at: string;
  category_name: string | null;
  university_name: string | null;
  user_name: string | null;
  user_surname: string | null;
};

const eventSelect = `SELECT e.*, c.name AS category_name, un.name AS university_name, ${memberColumns('u', 'user')}
  FROM events e LEFT JOIN event_categories c ON c.id = e.category_id
  LEFT JOIN universities un ON un.id = e.university_id LEFT JOIN users u ON u.id = e.user_id`;

/** An event with its category's, university's and creator's names; `lock` takes the event's row lock. */
export function findEvent(db: Db, id: string, { lock = false } = {}): Promise<EventRow | undefined> {
  return db.maybeOne<EventRow>(`${eventSelect} WHERE e.id = $1${lock ? ' FOR UPDATE OF e' : ''}`, [id]);
}

export async function eventExists(db: Db, id: string): Promise<boolean> {
  return (await db.maybeOne('SELECT 1 FROM events WHERE id = $1', [id])) !== undefined;
}

/** A page of events in `order` (the list's ORDER BY over `e`), and how many there are. */
export async function pageOfEvents(db: Db, order: string, { limit, offset }: Page) {
  const rows = await db.many<EventRow>(`${eventSelect} ORDER BY ${order} LIMIT $1 OFFSET $2`, [
    limit,
    offset,
  ]);
  return { rows, count: await countedRows(db, 'events') };
}

/** How many users joined an event: one event's participants, counted on their key. */
export async function joinedCount(db: Db, eventId: string): Promise<number> {
  return (
    await db.one<{ n: number }>('SELECT count(*) AS n FROM event_participants WHERE event_id = $1', [eventId])
  ).n;
}

/**
 * An event's joined users as a member set (db/members.ts), paged in name order without sorting them all: id, name
 * and surname, and with `email` their e-mail.
 */
export async function joinedMembers(db: Db, eventId: string, { email = false } = {}): Promise<MemberSet> {
  return {
    table: 'event_participants',
    ownerColumn: 'event_id',
    owner: eventId,
    columns: `u.id AS _id, u.name, u.surname${email ? ', u.email' : ''}`,
    expected: await joinedCount(db, eventId),
  };
}

export type EventInput = {
  name: string;
  venue: string;
  category: string | undefined;
  university: string | undefined;
  date: string;
  startTime: string;
  endTime: string;
  numberOfParticipants: number;
};

export async function insertEvent(
  db: Db,
  event: EventInput & { id: string; image: string; userId: string; stamp: string },
): Promise<void> {
  await db.run(
    `INSERT INTO events (id, name, venue, category_id, university_id, date, start_time, end_time,
       number_of_participants, image, user_id, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)`,
    [
      event.id,
      event.name,
      event.venue,
      event.category ?? null,
      event.university ?? null,
      event.date,
      event.startTime,
      event.endTime,
      event.numberOfParticipants,
      event.image,
      event.userId,
      event.stamp,
    ],
  );
}

/** An update keeps the category, university and image that the body does not name. */
export async function updateEvent(
  db: Db,
  id: string,
  event: EventInput & { image: string | undefined; version: string },
): Promise<void> {
  await db.run(
    `UPDATE events SET name = $2, venue = $3, category_id = COALESCE($4, category_id),
       university_id = COALESCE($5, university_id), date = $6, start_time = $7, end_time = $8,
       number_of_participants = $9, image = COALESCE($10, image), updated_at = $11
     WHERE id = $1`,
    [
      id,
      event.name,
      event.venue,
      event.category ?? null,
      event.university ?? null,
      event.date,
      event.startTime,
      event.endTime,
      event.numberOfParticipants,
      event.image ?? null,
      event.version,
    ],
  );
}

export function deleteEvent(db: Db, id: string) {
  return db.maybeOne<{ name: string; image: string | null }>(
    'DELETE FROM events WHERE id = $1 RETURNING name, image',
    [id],
  );
}

// ----- Posts

export type PostRow = {
  id: string;
  name: string;
  image1: string | null;
  image2: string | null;
  image3: string | null;
  video: string | null;
  user_id: string | null;
  created_at: string;
  updated_at: string;
  user_name: string | null;
  user_surname: string | null;
};

export const POST_MEDIA_COLUMNS = ['image1', 'image2', 'image3', 'video'] as const;
export type PostMedia = Partial<Record<(typeof POST_MEDIA_COLUMNS)[number], string>>;

const postSelect = `SELECT p.*, ${memberColumns('u', 'user')} FROM posts p LEFT JOIN users u ON u.id = p.user_id`;

export function findPost(db: Db, id: string, { lock = false } = {}): Promise<PostRow | undefined> {
  return db.maybeOne<PostRow>(`${postSelect} WHERE p.id = $1${lock ? ' FOR UPDATE OF p' : ''}`, [id]);
}

/**
 * A page of posts in `order`, those whose name contains `pattern` (a LIKE pattern, case-insensitive) when given;
 * the count of all posts is kept by trigger, a searched one is counted.
 */
export async function pageOfPosts(
  db: Db,
  order: string,
  pattern: string | undefined,
  { limit, offset }: Page,
) {
  const where = pattern ? 'WHERE p.name ILIKE $3' : '';
  const rows = await db.many<PostRow>(
    `${postSelect} ${where} ORDER BY ${order} LIMIT $1 OFFSET $2`,
    pattern ? [limit, offset, pattern] : [limit, offset],
  );
  const count = pattern
    ? (await db.one<{ n: number }>('SELECT count(*) AS n FROM posts p WHERE p.name ILIKE $1', [pattern])).n
    : await countedRows(db, 'posts');
  return { rows, count };
}

export async function insertPost(
  db: Db,
  post: { id: string; name: string; media: PostMedia; userId: string; stamp: string },
): Promise<void> {
  await db.run(
    `INSERT INTO posts (id, name, image1, image2, image3, video, user_id, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
    [
      post.id,
      post.name,
      ...POST_MEDIA_COLUMNS.map((column) => post.media[column] ?? null),
      post.userId,
      post.stamp,
    ],
  );
}

/** Renames a post and replaces the media the update sent, keeping the rest. */
export async function updatePost(
  db: Db,
  id: string,
  post: { name: string; media: PostMedia; version: string },
): Promise<void> {
  await db.run(
    `UPDATE posts SET name = $2, image1 = COALESCE($3, image1), image2 = COALESCE($4, image2),
       image3 = COALESCE($5, image3), video = COALESCE($6, video), updated_at = $7
     WHERE id = $1`,
    [id, post.name, ...POST_MEDIA_COLUMNS.map((column) => post.media[column] ?? null), post.version],
  );
}

export function deletePost(db: Db, id: string) {
  return db.maybeOne<PostRow>('DELETE FROM posts WHERE id = $1 RETURNING *', [id]);
}

// ----- The setting record

export type SettingRow = {
  id: string;
  privacy: string;
  terms_condition: string;
  image: string | null;
  created_at: string;
  updated_at: string;
};

const settingColumns = 'id, privacy, terms_condition, image, created_at, updated_at';

export function allSettings(db: Db): Promise<SettingRow[]> {
  return db.many<SettingRow>(`SELECT ${settingColumns} FROM settings`);
}

export function findSetting(db: Db, id: string, { lock = false } = {}): Promise<SettingRow | undefined> {
  return db.maybeOne<SettingRow>(
    `SELECT ${settingColumns} FROM settings WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
}

export async function anySetting(db: Db): Promise<boolean> {
  return (await db.maybeOne('SELECT 1 FROM settings')) !== undefined;
}

/** Stores the setting record; a second one is refused by its singleton key (a unique violation). */
export async function insertSetting(
  db: Db,
  setting: { id: string; privacy: string; termsCondition: string; stamp: string },
): Promise<void> {
  await db.run(
    `INSERT INTO settings (id, privacy, terms_condition, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)`,
    [setting.id, setting.privacy, setting.termsCondition, setting.stamp],
  );
}

export function updateSetting(
  db: Db,
  id: string,
  setting: { privacy: string; termsCondition: string; image: string | undefined; version: string },
): Promise<SettingRow> {
  return db.one<SettingRow>(
    `UPDATE settings SET privacy = $2, terms_condition = $3, image = COALESCE($4, image), updated_at = $5
     WHERE id = $1 RETURNING ${settingColumns}`,
    [id, setting.privacy, setting.termsCondition, setting.image ?? null, setting.version],
  );
}

// ----- The child safety policy

export async function childSafetyPolicy(db: Db): Promise<string> {
  return (
    (await db.maybeOne<{ html: string }>("SELECT html FROM policies WHERE key = 'childsafetypolicy'"))
      ?.html ?? ''
  );
}

// ----- Read-only lists: feedbacks, chat blocks (contact messages: db/contact-us.ts)

const READ_ONLY_SELECTS = {
  feedbacks: `SELECT t.*, u.name, u.surname, u.email, u.country_code, u.phone_number
    FROM feedbacks t LEFT JOIN users u ON u.id = t.user_id`,
  chat_blocks: `SELECT t.*, ${memberColumns('a', 'by')}, ${memberColumns('b', 'blocked')}
    FROM chat_blocks t LEFT JOIN users a ON a.id = t.block_by LEFT JOIN users b ON b.id = t.blocked_user`,
} as const satisfies Partial<Record<CountedTable, string>>;

export type ReadOnlyList = keyof typeof READ_ONLY_SELECTS;

/** A page of a read-only list in `order` (over `t`), and how many rows it has. */
export async function pageOfReadOnly(db: Db, list: ReadOnlyList, order: string, { limit, offset }: Page) {
  const rows = await db.many<Record<string, unknown>>(
    `${READ_ONLY_SELECTS[list]} ORDER BY ${order} LIMIT $1 OFFSET $2`,
    [limit, offset],
  );
  return { rows, count: await countedRows(db, list) };
}

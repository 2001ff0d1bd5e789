import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER_COUNT } from '../seed/demo';
import { makeServer } from './harness';

/**
 * The demo data as an admin meets it on a first start: believable (no two messages alike, no numbered titles) and
 * consistent (the activity log agrees with the records it names, people appear only after they joined).
 */

type Server = Awaited<ReturnType<typeof makeServer>>;
type Row = Record<string, unknown>;
type Entry = {
  createdAt: string;
  action: string;
  recordType: string;
  recordId: string | null;
  recordName: string;
  summary: string;
  exists: boolean;
};

let s: Server;
beforeAll(async () => {
  s = await makeServer({ seedUsers: DEMO_USER_COUNT });
}, 60_000);

/** Every row of a paged list, page by page as the console reads it. */
async function everything<T = Row>(path: string): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await s.call(
      'GET',
      `${path}${path.includes('?') ? '&' : '?'}page=${page}&limit=100&items=100`,
    );
    expect(answer.status, path).toBe(200);
    const result = answer.body.result as T[];
    rows.push(...result);
    if (result.length < 100) return rows;
  }
}

const TABLES: Record<string, string> = {
  user: 'users',
  mail: 'mails',
  'chat-report': 'chat_reports',
  hobbies: 'hobbies',
  language: 'languages',
  'food-preference': 'food_preferences',
  'religious-belief': 'religious_beliefs',
  'event-category': 'event_categories',
  'looking-for': 'looking_for',
  'report-element': 'report_elements',
  university: 'universities',
  faq: 'faqs',
  offer: 'offers',
  blog: 'blogs',
  'blog-category': 'blog_categories',
  plan: 'plans',
  event: 'events',
  post: 'posts',
  setting: 'settings',
};

const recordOf = (entry: Entry) =>
  s.db.one<Row>(`SELECT * FROM ${TABLES[entry.recordType]} WHERE id = $1`, [entry.recordId]);

/** The name the console shows for a record: a member's full name, or the record's name, title, question or message. */
const nameOf = (type: string, row: Row) =>
  type === 'user'
    ? `${String(row.name)} ${String(row.surname)}`.trim()
    : String(
        [row.name, row.title, row.question, row.message].find((value) => typeof value === 'string') ?? '',
      );

/** The state a record is in now, as a status entry would name it. */
const stateOf = (type: string, row: Row) =>
  type === 'chat-report' ? String(row.status) : row.enabled === true ? 'Active' : 'Inactive';

/** The state an entry says its record went from and to, when it changed one. */
function transition(entry: Entry): [string, string] | undefined {
  if (entry.action === 'case') {
    const [, from, to] = /^(\w+) → (\w+)$/.exec(entry.summary) ?? [];
    return from && to ? [from, to] : undefined;
  }
  const [, from, to] =
    /(?:^|; )(?:enabled|Status): (Active|Inactive) → (Active|Inactive)/.exec(entry.summary) ?? [];
  return from && to ? [from, to] : undefined;
}

const endsInNumber = (text: string) => /\d\s*$/.test(text);

describe('the demo data', () => {
  it('has an activity log that agrees with every record it names', async () => {
    const entries = (await everything<Entry>('/api/activity/list')).reverse();
    expect(entries.length).toBeGreaterThan(10);
    const statuses = new Map<string, { entry: Entry; state: string }>();
    for (const entry of entries) {
      const where = `${entry.action} ${entry.recordType} "${entry.recordName}" at ${entry.createdAt}`;
      expect(entry.exists, where).toBe(true);
      const row = await recordOf(entry);
      expect(entry.recordName, where).toBe(nameOf(entry.recordType, row));
      expect(entry.createdAt >= String(row.created_at), `${where}: before the record was created`).toBe(true);
      const change = transition(entry);
      if (!change) continue;
      const key = `${entry.recordType} ${entry.recordId}`;
      const before = statuses.get(key);
      if (before) expect(change[0], `${where} follows ${before.entry.summary}`).toBe(before.state);
      statuses.set(key, { entry, state: change[1] });
    }
    expect(statuses.size).toBeGreaterThan(5);
    for (const { entry, state } of statuses.values())
      expect(
        stateOf(entry.recordType, await recordOf(entry)),
        `${entry.recordType} "${entry.recordName}" now`,
      ).toBe(state);

    // Every inactive member and every handled case has the entry that put it there.
    const inactive = await s.db.many<Row>("SELECT id FROM users WHERE role = 'user' AND NOT enabled");
    const handled = await s.db.many<Row>("SELECT id FROM chat_reports WHERE status <> 'Open'");
    expect(inactive.length).toBeGreaterThan(0);
    expect(handled.length).toBeGreaterThan(0);
    for (const { id } of inactive)
      expect(statuses.get(`user ${String(id)}`)?.state, String(id)).toBe('Inactive');
    for (const { id } of handled) expect(statuses.has(`chat-report ${String(id)}`), String(id)).toBe(true);
  });

  it('has no two contact messages, feedbacks, reports or block reasons alike', async () => {
    const contacts = await everything<{ title: string; description: string }>('/api/contact-us/list');
    expect(contacts).toHaveLength(42);
    expect(new Set(contacts.map((contact) => contact.description)).size).toBe(contacts.length);
    expect(new Set(contacts.map((contact) => contact.title)).size).toBe(contacts.length);
    const feedbacks = await everything<{ description: string }>('/api/feedback/list');
    expect(new Set(feedbacks.map((feedback) => feedback.description)).size).toBe(feedbacks.length);
    const reports = await everything<{ message: string }>('/api/chat-report/list');
    expect(new Set(reports.map((report) => report.message)).size).toBe(reports.length);
    const reasons = (await everything<{ message: string }>('/api/chat-block/list'))
      .map((block) => block.message)
      .filter(Boolean);
    expect(reasons.length).toBeGreaterThan(0);
    expect(new Set(reasons).size).toBe(reasons.length);
  });

  it('names offers, articles, events, posts, mails and messages without numbers, each once', async () => {
    const titles = {
      offers: (await everything<{ title: string }>('/api/offer/list')).map((row) => row.title),
      blogs: (await everything<{ title: string }>('/api/blog/list')).map((row) => row.title),
      events: (await everything<{ name: string }>('/api/event/list-admin')).map((row) => row.name),
      posts: (await everything<{ name: string }>('/api/post/list')).map((row) => row.name),
      mails: (await everything<{ title: string }>('/api/mail-send/list')).map((row) => row.title),
      contacts: (await everything<{ title: string }>('/api/contact-us/list')).map((row) => row.title),
    };
    for (const [list, names] of Object.entries(titles)) {
      expect(names.length, list).toBeGreaterThan(3);
      expect(names.filter(endsInNumber), list).toEqual([]);
      expect(new Set(names).size, list).toBe(names.length);
    }
  });

  it('has events that end after they start, with no more guests than places', async () => {
    const events = await everything<{
      name: string;
      startTime: string;
      endTime: string;
      numberOfParticipants: number;
      joinedCount: number;
    }>('/api/event/list-admin');
    for (const event of events) {
      expect(event.endTime > event.startTime, `${event.name}: ${event.startTime} - ${event.endTime}`).toBe(
        true,
      );
      expect(event.joinedCount, event.name).toBeLessThanOrEqual(event.numberOfParticipants);
    }
  });

  it('has nobody report or block themselves, and nobody act before they joined', async () => {
    const reports = await everything<{ user: string; thread: { user_id: { _id: string }[] } }>(
      '/api/chat-report/list',
    );
    for (const report of reports)
      expect(new Set(report.thread.user_id.map((person) => person._id)).size).toBe(
        report.thread.user_id.length,
      );
    const blocks = await everything<{ blockBy: { _id: string } | null; blockedUser: { _id: string } | null }>(
      '/api/chat-block/list',
    );
    for (const block of blocks) expect(block.blockBy?._id).not.toBe(block.blockedUser?._id);

    const early = async (table: string, column: string, at = 'created_at') =>
      (
        await s.db.one<{ n: number }>(
          `SELECT count(*) AS n FROM ${table} t JOIN users u ON u.id = t.${column} WHERE t.${at} < u.created_at`,
        )
      ).n;
    expect({
      posts: await early('posts', 'user_id'),
      events: await early('events', 'user_id'),
      feedbacks: await early('feedbacks', 'user_id'),
      reporters: await early('chat_reports', 'reporter_id'),
      reported: await early('chat_reports', 'reported_id'),
      blockers: await early('chat_blocks', 'block_by'),
      blocked: await early('chat_blocks', 'blocked_user'),
      mailed: await early('mail_deliveries', 'user_id', 'updated_at'),
    }).toEqual({
      posts: 0,
      events: 0,
      feedbacks: 0,
      reporters: 0,
      reported: 0,
      blockers: 0,
      blocked: 0,
      mailed: 0,
    });
  });

  it('reads as lived in: days differ, the newest members have many surnames, icons are pictures', async () => {
    /** How many rows of `table` were created on each of the last `days` days (UTC), today last. */
    const perDay = async (table: string, days: number, where = 'true') => {
      const rows = await s.db.many<{ created_at: string }>(`SELECT created_at FROM ${table} WHERE ${where}`);
      const today = Math.floor(Date.now() / 86_400_000);
      const counts = Array.from({ length: days }, () => 0);
      for (const { created_at } of rows) {
        const age = today - Math.floor(new Date(created_at).getTime() / 86_400_000);
        if (age >= 0 && age < days) counts[days - 1 - age]! += 1;
      }
      return counts;
    };
    const joined = await perDay('users', 30, "role = 'user'");
    expect(new Set(joined).size, `new members a day: ${joined.join(' ')}`).toBeGreaterThan(3);
    expect(Math.min(...joined), `new members a day: ${joined.join(' ')}`).toBe(0);
    const reported = await perDay('chat_reports', 20);
    expect(Math.min(...reported), `reports a day: ${reported.join(' ')}`).toBe(0);
    expect(Math.max(...reported), `reports a day: ${reported.join(' ')}`).toBeGreaterThan(2);

    const newest = await s.call('GET', '/api/admin/list?page=1&items=20');
    const surnames = (newest.body.result as { surname: string }[]).map((member) => member.surname);
    expect(surnames).toHaveLength(20);
    expect(new Set(surnames).size, surnames.join(', ')).toBeGreaterThanOrEqual(12);

    // Each hobby's icon is its own picture: the light strokes on its tile differ in shape, not only in colour.
    const icons = await s.db.many<{ name: string; icon: string }>(
      'SELECT name, icon FROM hobbies WHERE icon IS NOT NULL',
    );
    expect(icons.length).toBeGreaterThan(5);
    const shapes = icons.map(({ icon }) => {
      const png = PNG.sync.read(readFileSync(join(s.dataDir, icon)));
      let shape = '';
      for (let i = 0; i < png.data.length; i += 4)
        shape += png.data[i]! > 200 && png.data[i + 1]! > 200 ? '1' : '0';
      return shape;
    });
    expect(new Set(shapes).size).toBe(icons.length);
  });

  it('keeps what the README promises: 300 users with photos, a video and audio prompts', async () => {
    const count = async (sql: string) => (await s.db.one<{ n: number }>(sql)).n;
    expect(await count("SELECT count(*) AS n FROM users WHERE role = 'user'")).toBe(300);
    expect(
      await count("SELECT count(*) AS n FROM users WHERE image1 IS NOT NULL AND role = 'user'"),
    ).toBeGreaterThan(200);
    expect(await count("SELECT count(*) AS n FROM users WHERE image3 LIKE '%.webm'")).toBeGreaterThan(0);
    expect(await count('SELECT count(*) AS n FROM users WHERE audio_prompt IS NOT NULL')).toBeGreaterThan(0);
  });
});

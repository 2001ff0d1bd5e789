import { describe, expect, it } from 'vitest';
import { DASHBOARD_DAYS } from '../../contract/dashboard';
import { newId } from '../lib/ids';
import { lastDays } from '../routes/dashboard';
import { adminWithRole, makeServer } from './harness';

/** The work dashboard's figures ('work-dashboard'): per day from the kept counts, and the latest mails' delivery. */

type Server = Awaited<ReturnType<typeof makeServer>>;
type Day = { day: string; reports: number; restrictions: number; members: number };

const DAY = 86_400_000;
/** Noon (UTC) `ago` days before today. */
const daysAgo = (ago: number) => {
  const today = new Date();
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), 12) - ago * DAY);
};

async function addMembers(s: Server, at: Date, count: number, role: 'user' | 'admin' = 'user') {
  const ids = Array.from({ length: count }, () => newId());
  await s.db.run(
    `INSERT INTO users (id, role, name, email, created_at, updated_at)
     SELECT id, $2, 'M', id || '@example.com', $3, $3 FROM unnest($1::text[]) AS id`,
    [ids, role, at.toISOString()],
  );
  return ids;
}

async function addReports(s: Server, at: Date, count: number) {
  for (let index = 0; index < count; index += 1)
    await s.db.run('INSERT INTO chat_reports (id, message, created_at, updated_at) VALUES ($1, $2, $3, $3)', [
      newId(),
      'Rude',
      at.toISOString(),
    ]);
}

/** Restrictions as the restrictions' routes will log them: activity entries of the action 'restrict'. */
async function addRestrictions(s: Server, at: Date, count: number) {
  await s.db.run("INSERT INTO activity_actions (action) VALUES ('restrict') ON CONFLICT DO NOTHING");
  for (let index = 0; index < count; index += 1)
    await s.db.run(
      `INSERT INTO activity (id, created_at, admin_id, action, record_type, record_id, summary)
       VALUES ($1, $2, $3, 'restrict', 'user', NULL, 'Restricted')`,
      [newId(), at.toISOString(), s.adminId],
    );
}

const figures = async (s: Server) => {
  const answer = await s.call('GET', '/api/admin/dashboard/figures');
  expect(answer.status).toBe(200);
  return answer.body.result as { days: Day[]; mails: Record<string, unknown>[]; openQueueByAge?: unknown };
};

describe('the dashboard figures', () => {
  it('counts reports, restrictions and new members per day over the last 30 days, zero where none', async () => {
    const s = await makeServer();
    // The seed's members and admin were made today: the counts below are on top of them.
    const before = await figures(s);
    const today = before.days.at(-1)!;

    await addMembers(s, daysAgo(0), 3);
    await addMembers(s, daysAgo(2), 5);
    await addMembers(s, daysAgo(29), 1);
    await addMembers(s, daysAgo(30), 7); // a day before the window
    await addMembers(s, daysAgo(2), 2, 'admin'); // no members
    await addReports(s, daysAgo(1), 4);
    await addReports(s, daysAgo(40), 2);
    await addRestrictions(s, daysAgo(2), 2);
    await addRestrictions(s, daysAgo(0), 1);

    const { days, openQueueByAge } = await figures(s);
    expect(days.map((day) => day.day)).toEqual(lastDays(new Date(), DASHBOARD_DAYS));
    expect(days).toHaveLength(30);
    const at = (ago: number) => days[29 - ago]!;
    expect(at(0)).toEqual({
      day: today.day,
      reports: today.reports,
      restrictions: 1,
      members: today.members + 3,
    });
    expect(at(1)).toEqual({ day: at(1).day, reports: 4, restrictions: 0, members: 0 });
    expect(at(2)).toEqual({ day: at(2).day, reports: 0, restrictions: 2, members: 5 });
    expect(at(29)).toEqual({ day: at(29).day, reports: 0, restrictions: 0, members: 1 });
    for (const ago of [3, 10, 28]) expect(at(ago)).toMatchObject({ reports: 0, restrictions: 0, members: 0 });
    expect(openQueueByAge).toBeDefined();
  });

  it("counts the review queue's items not done by age: under 12 h, 12-24 h, over 24 h", async () => {
    const s = await makeServer();
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    const base = (await figures(s)).openQueueByAge as { label: string; count: number }[];
    await addReports(s, hoursAgo(1), 3);
    await addReports(s, hoursAgo(13), 2);
    await addReports(s, hoursAgo(30), 4);
    await addReports(s, daysAgo(40), 1);
    // A decided report's item is done, and no longer counted.
    const decided = newId();
    await s.db.run(
      "INSERT INTO chat_reports (id, message, created_at, updated_at) VALUES ($1, 'Rude', $2, $2)",
      [decided, hoursAgo(2).toISOString()],
    );
    await s.db.run("UPDATE chat_reports SET status = 'Dismissed' WHERE id = $1", [decided]);
    const { openQueueByAge } = await figures(s);
    expect(openQueueByAge).toEqual([
      { label: 'Under 12 h', count: base[0]!.count + 3 },
      { label: '12–24 h', count: base[1]!.count + 2 },
      { label: 'Over 24 h', count: base[2]!.count + 5 },
    ]);
  });

  it('follows deletions, and the counts kept equal a count of the rows', async () => {
    const s = await makeServer();
    const gone = await addMembers(s, daysAgo(3), 4);
    await addMembers(s, daysAgo(3), 2);
    await s.db.run('DELETE FROM users WHERE id = ANY($1::text[])', [gone.slice(0, 3)]);
    // A member who becomes an admin is no new member of that day any more.
    await s.db.run("UPDATE users SET role = 'admin' WHERE id = $1", [gone[3]!]);
    expect((await figures(s)).days[26]).toMatchObject({ members: 2 });
    const counted = await s.db.many<{ day: string; n: number }>(
      `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS n FROM users
       WHERE role = 'user' GROUP BY 1 ORDER BY 1`,
    );
    const kept = await s.db.many<{ day: string; n: number }>(
      "SELECT day, n::int AS n FROM day_counts WHERE series = 'members' AND n <> 0 ORDER BY day",
    );
    expect(kept).toEqual(counted);
  });

  it('answers the latest mails with their delivery state from the mail queue', async () => {
    const s = await makeServer({ queue: { start: false } });
    const users = await addMembers(s, daysAgo(0), 3);
    for (const title of ['One', 'Two'])
      expect(
        (
          await s.call('POST', '/api/mail-send/create', {
            json: { title, body: '<p>Hi</p>', users },
          })
        ).status,
      ).toBe(200);
    const { mails } = await figures(s);
    expect(mails).toMatchObject([
      { title: 'Two', recipientCount: 3, sentCount: 0, failedCount: 0, queuedCount: 3 },
      { title: 'One', recipientCount: 3, sentCount: 0, failedCount: 0, queuedCount: 3 },
    ]);
    await s.queue.drain();
    expect((await figures(s)).mails).toMatchObject([
      { title: 'Two', sentCount: 3, queuedCount: 0 },
      { title: 'One', sentCount: 3, queuedCount: 0 },
    ]);
  });

  it('is every role’s (dashboard.read)', async () => {
    const s = await makeServer();
    const editor = await adminWithRole(s.db, 'editor');
    expect((await s.call('GET', '/api/admin/dashboard/figures', { token: editor.token })).status).toBe(200);
  });
});

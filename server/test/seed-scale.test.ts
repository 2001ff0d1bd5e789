import { describe, expect, it } from 'vitest';
import { dbOver } from '../db/postgres/db';
import { seedScale } from '../seed/scale';
import { ADMIN, makeServer } from './harness';
import { freshDatabase } from './postgres/database';

type Row = Record<string, unknown>;
const countOf = (body: Row) => (body.pagination as { count: number }).count;

describe('seed:scale', () => {
  it('adds members and an event they joined to an empty database, after the admin and policy of a first start', async () => {
    const target = await freshDatabase();
    const db = dbOver(target.pool);
    const seeded = await seedScale(db, { users: 2000, eventJoined: 500, admin: ADMIN });
    expect(seeded.users).toBe(2000);
    expect(seeded.rowids[1] - seeded.rowids[0]).toBe(1999);

    const server = await makeServer({ databaseUrl: target.url, queue: { start: false } });
    expect(
      await db.one("SELECT count(*) FILTER (WHERE role = 'admin') AS admins, count(*) AS users FROM users"),
    ).toEqual({ admins: 1, users: 2001 });
    expect((await server.call('GET', '/api/childsafetypolicy')).status).toBe(200);

    const list = await server.call('GET', '/api/admin/list?page=1&items=20');
    expect(countOf(list.body)).toBe(2000);
    const dashboard = await server.call('GET', '/api/admin/dashboard');
    expect((dashboard.body.result as { userCount: number }).userCount).toBe(2000);
    // Counts kept by the triggers are the rows' own.
    expect(
      await db.one(
        `SELECT (SELECT sum(n) FROM user_counts WHERE enabled AND role = 'user')::bigint AS kept,
           (SELECT count(*) FROM users WHERE enabled AND role = 'user') AS counted`,
      ),
    ).toSatisfy((row: { kept: number; counted: number }) => row.kept === row.counted && row.kept < 2000);

    // A seeded member is found by a word of their name and by their address.
    const member = await db.one<{ id: string; name: string; surname: string; email: string }>(
      "SELECT id, name, surname, email FROM users WHERE role = 'user' ORDER BY rowid OFFSET 1234 LIMIT 1",
    );
    const byEmail = await server.call(
      'GET',
      `/api/admin/list?page=1&items=20&q=${encodeURIComponent(member.email)}`,
    );
    expect((byEmail.body.result as Row[]).map((user) => user._id)).toEqual([member.id]);
    const byName = await server.call(
      'GET',
      `/api/admin/list?page=1&items=100&q=${encodeURIComponent(`${member.name} ${member.surname}`)}&fields=name,surname`,
    );
    expect(countOf(byName.body)).toBeGreaterThan(0);
    expect(countOf(byName.body)).toBeLessThan(2000);

    // The list varies as a real one does: filters, sorts and more than a few names.
    const inactive = await server.call(
      'GET',
      '/api/admin/list?page=1&items=1&filter=user.enabled&equal=false',
    );
    expect(countOf(inactive.body)).toBeGreaterThan(100);
    const gold = await server.call('GET', '/api/admin/list?page=1&items=1&planFilter=gold');
    expect(countOf(gold.body)).toBeGreaterThan(200);
    const variety = await db.one<{ names: number; emails: number; years: number; genders: number }>(
      `SELECT count(DISTINCT name || ' ' || surname) AS names, count(DISTINCT lower(email)) AS emails,
         count(DISTINCT extract(year FROM created_at)) AS years, count(DISTINCT gender) AS genders
       FROM users WHERE role = 'user'`,
    );
    expect(variety.names).toBeGreaterThan(500);
    expect(variety.emails).toBe(2000);
    expect(variety.years).toBeGreaterThanOrEqual(5);
    expect(variety.genders).toBe(3);

    // The event: its joined users, counted.
    const joined = await server.call('GET', `/api/event/joined/${seeded.event!.id}?page=1&items=10`);
    expect(joined.status).toBe(200);
    expect(countOf(joined.body)).toBe(500);
    const events = await server.call('GET', '/api/event/list-admin?page=1&items=10');
    expect(countOf(events.body)).toBe(1);

    // A second run adds others: addresses stay unique.
    await seedScale(db, { users: 300, admin: ADMIN });
    const after = await server.call('GET', '/api/admin/list?page=1&items=1');
    expect(countOf(after.body)).toBe(2300);
  }, 60_000);
});

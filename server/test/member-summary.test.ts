import { describe, expect, it } from 'vitest';
import { makeServer } from './harness';

type Server = Awaited<ReturnType<typeof makeServer>>;

const read = async (s: Server, userId: string) => {
  const answer = await s.call('GET', `/api/user/read/${userId}`);
  expect(answer.status).toBe(200);
  return answer.body.result as Record<string, unknown>;
};

/** A seeded member with none of their own records: joined on `joined`, nothing done since. */
async function quietMember(s: Server, joined: string) {
  const list = await s.call('GET', '/api/admin/list?page=1&items=10');
  const { _id: id, email } = (list.body.result as { _id: string; email: string }[])[0]!;
  await s.db.run('UPDATE users SET created_at = $2 WHERE id = $1', [id, joined]);
  for (const [table, column] of [
    ['posts', 'user_id'],
    ['events', 'user_id'],
    ['feedbacks', 'user_id'],
    ['chat_reports', 'reporter_id'],
    ['chat_blocks', 'block_by'],
    ['appeals', 'user_id'],
  ] as const)
    await s.db.run(`DELETE FROM ${table} WHERE ${column} = $1`, [id]);
  await s.db.run('DELETE FROM contacts WHERE lower(email) = lower($1)', [email]);
  return { id, email };
}

describe("a member's summary ('member-summary')", () => {
  it('is announced at sign-in', async () => {
    const s = await makeServer({ seedUsers: 1 });
    const signIn = await s.call('POST', '/api/login', {
      json: { email: 'admin@example.com', password: 'Admin@123' },
      token: null,
    });
    expect((signIn.body.result as { features: string[] }).features).toContain('member-summary');
  });

  it('answers last active as the newest of what the member did, their sign-up at the least', async () => {
    const s = await makeServer({ seedUsers: 3 });
    const member = await quietMember(s, '2026-01-10T09:00:00.000Z');
    expect(await read(s, member.id)).toMatchObject({
      createdAt: '2026-01-10T09:00:00.000Z',
      lastActiveAt: '2026-01-10T09:00:00.000Z',
      restriction: null,
    });

    // A post, then a report they made later, then a Contact Us message under their address in another case.
    await s.db.run(
      `INSERT INTO posts (id, name, user_id, created_at, updated_at) VALUES ('p1', 'Hello', $1, $2, $2)`,
      [member.id, '2026-02-01T10:00:00.000Z'],
    );
    expect((await read(s, member.id)).lastActiveAt).toBe('2026-02-01T10:00:00.000Z');
    const other = (
      await s.db.one<{ id: string }>("SELECT id FROM users WHERE role = 'user' AND id <> $1 LIMIT 1", [
        member.id,
      ])
    ).id;
    await s.db.run(
      `INSERT INTO chat_reports (id, message, reporter_id, reported_id, created_at, updated_at)
       VALUES ('r1', 'Rude', $1, $2, $3, $3)`,
      [member.id, other, '2026-03-05T11:30:00.000Z'],
    );
    expect((await read(s, member.id)).lastActiveAt).toBe('2026-03-05T11:30:00.000Z');
    await s.db.run(
      `INSERT INTO contacts (id, title, email, description, created_at, updated_at)
       VALUES ('c1', 'Help', upper($1), 'Please', $2, $2)`,
      [member.email, '2026-04-01T08:00:00.000Z'],
    );
    expect((await read(s, member.id)).lastActiveAt).toBe('2026-04-01T08:00:00.000Z');
    // Being reported is not the member's doing; an admin's change of their status is not either.
    await s.db.run(
      `INSERT INTO chat_reports (id, message, reporter_id, reported_id, created_at, updated_at)
       VALUES ('r2', 'Spam', $1, $2, $3, $3)`,
      [other, member.id, '2026-05-01T08:00:00.000Z'],
    );
    await s.db.run('UPDATE users SET updated_at = $2 WHERE id = $1', [member.id, '2026-06-01T08:00:00.000Z']);
    expect((await read(s, member.id)).lastActiveAt).toBe('2026-04-01T08:00:00.000Z');
  });

  it('answers the restriction in force with its reference, policy and end, and null once it ends', async () => {
    const s = await makeServer({ seedUsers: 3 });
    const member = await quietMember(s, '2026-01-10T09:00:00.000Z');
    const made = await s.call('POST', '/api/reportelement/create', {
      json: { message: 'Spam or scam', enabled: true },
    });
    const policyId = (made.body.result as { _id: string })._id;
    const endsAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const restricted = await s.call('PATCH', `/api/admin/status/${member.id}?enabled=false`, {
      json: { restriction: { policyId, facts: 'Links to a fake shop', endsAt } },
    });
    expect(restricted.status).toBe(200);
    const { reference } = restricted.body.result as { reference: string };

    const profile = await read(s, member.id);
    expect(profile).toMatchObject({
      enabled: false,
      strikes: 1,
      strikesReversed: 0,
      restriction: { reference, policy: { name: 'Spam or scam' }, endsAt },
    });
    expect(reference).toMatch(/^R-[0-9A-Z]{8}$/);

    // An admin's activation ends it: the member is no longer restricted, the strike stays.
    expect((await s.call('PATCH', `/api/admin/status/${member.id}?enabled=true`)).status).toBe(200);
    expect(await read(s, member.id)).toMatchObject({ enabled: true, strikes: 1, restriction: null });
  });
});

import { describe, expect, it, vi } from 'vitest';
import { makeServer, restrictionBody } from './harness';

/**
 * Writes that share rows (the kept counts, a mail and its deliveries), run at the same moment: none is answered 5xx
 * (DECISIONS: shared rows are taken in one order, and a transaction that still meets a deadlock is run again).
 */

const ROUNDS = 6;

describe('concurrent writes on shared rows', () => {
  it('restrictions and mails created at the same moment, eight at once, are all answered without a 5xx', async () => {
    const s = await makeServer({ seedUsers: ROUNDS * 4 + 4 });
    const members = (
      await s.db.many<{ id: string }>("SELECT id FROM users WHERE role = 'user' AND enabled ORDER BY rowid")
    ).map((row) => row.id);
    const warn = vi.spyOn(console, 'warn');
    const statuses: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const calls = await Promise.all(
        Array.from({ length: 4 }, async (_, index) => {
          const member = members[round * 4 + index]!;
          const body = await restrictionBody(s.db);
          return [
            () => s.call('PATCH', `/api/admin/status/${member}?enabled=false`, { json: body }),
            () =>
              s.call('POST', '/api/mail-send/create', {
                json: { title: `News ${round}.${index}`, body: 'Hello', users: [members.at(-1)] },
              }),
          ];
        }),
      );
      const answers = await Promise.all(calls.flat().map((call) => call()));
      statuses.push(...answers.map((answer) => answer.status));
    }
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.every((status) => status === 200)).toBe(true);
    // Taken in one order, the shared rows made no deadlock that had to be run again.
    expect(warn.mock.calls.flat().join('\n')).not.toContain('40P01');
  }, 60_000);

  it('re-inviting an address while the worker records its invitation mail meets no deadlock', async () => {
    const s = await makeServer({ queue: { start: false } });
    const invite = () =>
      s.call('POST', '/api/admin/admins/invite', {
        json: { name: 'Mia Moderator', email: 'mia@example.com', role: 'moderator' },
      });
    expect((await invite()).status).toBe(200);
    const { mail_id: mailId } = await s.db.one<{ mail_id: string }>(
      'SELECT mail_id FROM mail_deliveries d JOIN mails m ON m.id = d.mail_id WHERE m.kind = $1',
      ['invitation'],
    );
    const warn = vi.spyOn(console, 'warn');
    // The worker's order as it records an outcome: the delivery's row, then (its trigger) the mail's.
    const worker = await s.pool.connect();
    try {
      await worker.query('BEGIN');
      await worker.query('SELECT 1 FROM mail_deliveries WHERE mail_id = $1 FOR UPDATE', [mailId]);
      const again = invite();
      await vi.waitFor(async () => {
        const { n } = await s.db.one<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock'",
        );
        expect(n).toBe(1);
      });
      await worker.query("UPDATE mail_deliveries SET state = 'sent' WHERE mail_id = $1", [mailId]);
      await worker.query('COMMIT');
      expect((await again).status).toBe(200);
    } finally {
      worker.release();
    }
    expect(warn.mock.calls.flat().join('\n')).not.toContain('40P01');
  });
});

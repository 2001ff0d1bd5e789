import { describe, expect, it, vi } from 'vitest';
import { newId } from '../lib/ids';
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

  it("a review case decided while its reports are decided one by one meets no deadlock ('review-cases')", async () => {
    const s = await makeServer();
    const warn = vi.spyOn(console, 'warn');
    const statuses: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const member = newId();
      await s.db.run(
        `INSERT INTO users (id, role, name, surname, email, created_at, updated_at)
         VALUES ($1, 'user', 'Round', $2, $3, now(), now())`,
        [member, String(round), `round-${round}-${member}@example.com`],
      );
      const reports = [newId(), newId(), newId()];
      for (const report of reports)
        await s.db.run(
          `INSERT INTO chat_reports (id, message, reported_id, created_at, updated_at)
           VALUES ($1, 'Rude', $2, now(), now())`,
          [report, member],
        );
      const { case_id: caseId } = await s.db.one<{ case_id: string }>(
        'SELECT case_id FROM chat_reports WHERE id = $1',
        [reports[0]!],
      );
      // The case as a whole, and each of its reports on its own, at the same moment.
      const answers = await Promise.all([
        s.call('POST', `/api/review-queue/${caseId}/decide`, {
          json: { action: 'dismiss', reason: 'Not against the rules' },
        }),
        ...reports.map((report) =>
          s.call('PATCH', `/api/chat-report/case/${report}`, { json: { status: 'Actioned' } }),
        ),
      ]);
      statuses.push(...answers.map((answer) => answer.status));
    }
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
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

import { describe, expect, it } from 'vitest';
import { newId } from '../lib/ids';
import { adminWithRole, makeServer } from './harness';

/** Contact Us messages' status and escalation ('contact-status'). */

type Server = Awaited<ReturnType<typeof makeServer>>;
type Contact = {
  _id: string;
  title: string;
  status: string;
  handledBy: { _id: string; name: string } | null;
  handledAt: string | null;
  sender: { _id: string; name: string; surname: string; email: string } | null;
  caseId: string | null;
};

async function addContact(
  s: Server,
  title: string,
  { email = 'someone@example.com', at = '2026-01-01T10:00:00.000Z' } = {},
) {
  const id = newId();
  await s.db.run(
    `INSERT INTO contacts (id, title, email, phone_no, description, created_at, updated_at)
     VALUES ($1, $2, $3, '', $4, $5, $5)`,
    [id, title, email, `About ${title}`, at],
  );
  return id;
}

async function addMember(s: Server, name: string, email: string) {
  const id = newId();
  await s.db.run(
    "INSERT INTO users (id, role, name, surname, email, created_at, updated_at) VALUES ($1, 'user', $2, 'Doe', $3, now(), now())",
    [id, name, email],
  );
  return id;
}

const list = async (s: Server, query = '') => {
  const answer = await s.call('GET', `/api/contact-us/list?page=1&limit=50${query}`);
  expect(answer.status).toBe(200);
  return answer.body as { result: Contact[]; pagination: { count: number } };
};

const setStatus = (s: Server, id: string, status: unknown, token?: string) =>
  s.call('PATCH', `/api/contact-us/${id}/status`, { json: { status }, token });

const entries = async (s: Server) =>
  (await s.call('GET', '/api/activity/list?limit=100')).body.result as Record<string, unknown>[];

describe('a contact message’s status', () => {
  it('is Open at first, with SPEC’s fields as they were', async () => {
    const s = await makeServer();
    const id = await addContact(s, 'Hello');
    const { result, pagination } = await list(s);
    expect(pagination.count).toBe(1);
    expect(result[0]).toEqual({
      _id: id,
      title: 'Hello',
      email: 'someone@example.com',
      phoneNo: '',
      description: 'About Hello',
      created: '2026-01-01T10:00:00.000Z',
      createdAt: '2026-01-01T10:00:00.000Z',
      status: 'Open',
      handledBy: null,
      handledAt: null,
      sender: null,
      caseId: null,
    });
  });

  it('is marked Handled by the admin, now, and reopened; each change is in the activity log', async () => {
    const s = await makeServer();
    const id = await addContact(s, 'Refund please');
    const before = Date.now();
    const handled = await setStatus(s, id, 'Handled');
    expect(handled.status).toBe(200);
    expect(handled.body).toMatchObject({
      success: true,
      message: 'Contact message updated successfully',
      result: { _id: id, status: 'Handled', handledBy: { _id: s.adminId, name: expect.any(String) } },
    });
    const at = Date.parse((handled.body.result as Contact).handledAt!);
    expect(at).toBeGreaterThanOrEqual(before - 5);
    expect(at).toBeLessThanOrEqual(Date.now() + 5);
    expect((await list(s)).result[0]).toMatchObject({ status: 'Handled', handledBy: { _id: s.adminId } });

    const reopened = await setStatus(s, id, 'Open');
    expect(reopened.body).toMatchObject({ result: { status: 'Open', handledBy: null, handledAt: null } });
    expect(await entries(s)).toMatchObject([
      {
        action: 'contact-status',
        recordType: 'contact',
        recordId: id,
        recordName: 'Refund please',
        summary: 'Handled → Open',
      },
      { action: 'contact-status', recordType: 'contact', recordId: id, summary: 'Open → Handled' },
    ]);
  });

  it('filters the list by status, counting each status', async () => {
    const s = await makeServer();
    const first = await addContact(s, 'First', { at: '2026-01-01T10:00:00.000Z' });
    const second = await addContact(s, 'Second', { at: '2026-01-02T10:00:00.000Z' });
    const third = await addContact(s, 'Third', { at: '2026-01-03T10:00:00.000Z' });
    await setStatus(s, second, 'Handled');
    const open = await list(s, '&status=Open');
    expect(open.result.map((row) => row._id)).toEqual([third, first]);
    expect(open.pagination.count).toBe(2);
    const done = await list(s, '&status=Handled');
    expect(done.result.map((row) => row._id)).toEqual([second]);
    expect(done.pagination.count).toBe(1);
    // Sorted within a status ('list-sort'), and unfiltered when the filter is sent empty.
    expect((await list(s, '&status=Open&sort=title&order=desc')).result.map((row) => row.title)).toEqual([
      'Third',
      'First',
    ]);
    expect((await list(s, '&status=')).pagination.count).toBe(3);
    // A deleted message leaves its status's count (kept by trigger, as the list's total is).
    await s.db.run('DELETE FROM contacts WHERE id = $1', [third]);
    expect((await list(s, '&status=Open')).pagination.count).toBe(1);
    expect((await list(s)).pagination.count).toBe(2);
  });

  it('refuses an unknown status, on the list and the change, and an unknown message', async () => {
    const s = await makeServer();
    const id = await addContact(s, 'Hello');
    const badFilter = await s.call('GET', '/api/contact-us/list?status=Closed');
    expect(badFilter.status).toBe(400);
    expect(badFilter.body.message).toBe('Status must be one of Open, Handled');
    const badStatus = await setStatus(s, id, 'Closed');
    expect(badStatus.status).toBe(400);
    expect(badStatus.body).toMatchObject({ success: false, field: 'status' });
    expect((await setStatus(s, id, undefined)).status).toBe(400);
    const missing = await setStatus(s, newId(), 'Handled');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Contact message not found');
    expect((await list(s)).result[0]!.status).toBe('Open');
    expect(await entries(s)).toEqual([]);
  });

  it('names the member whose e-mail the message’s is, whatever its case', async () => {
    const s = await makeServer();
    const member = await addMember(s, 'Ann', 'ann@example.com');
    await addContact(s, 'From Ann', { email: 'Ann@Example.com' });
    await addContact(s, 'From a stranger', { email: 'nobody@example.com', at: '2025-01-01T00:00:00.000Z' });
    const [fromAnn, fromStranger] = (await list(s)).result;
    expect(fromAnn!.sender).toEqual({ _id: member, name: 'Ann', surname: 'Doe', email: 'ann@example.com' });
    expect(fromStranger!.sender).toBeNull();
  });

  it('is changed by a role that handles contact messages, and refused to one that does not', async () => {
    const s = await makeServer();
    const id = await addContact(s, 'Hello');
    const support = await adminWithRole(s.db, 'support');
    const editor = await adminWithRole(s.db, 'editor');
    const moderator = await adminWithRole(s.db, 'moderator');
    expect((await setStatus(s, id, 'Handled', support.token)).status).toBe(200);
    for (const refused of [editor, moderator]) {
      const answer = await setStatus(s, id, 'Open', refused.token);
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ permission: 'contacts.handle' });
    }
    expect((await list(s)).result[0]).toMatchObject({ status: 'Handled', handledBy: { _id: support.id } });
  });
});

describe('escalating a contact message', () => {
  const escalate = (s: Server, id: string, json: unknown, token?: string) =>
    s.call('POST', `/api/contact-us/${id}/escalate`, { json, token });
  type Level = { _id: string; name: string; rank: number };
  const levels = async (s: Server) =>
    ((await s.call('GET', '/api/review-queue/levels')).body.result as { levels: Level[] }).levels;
  const highest = async (s: Server) => (await levels(s)).reduce((a, b) => (a.rank <= b.rank ? a : b));
  const caseOf = async (s: Server, caseId: string) => {
    const answer = await s.call('GET', `/api/review-queue/${caseId}/case`);
    expect(answer.status).toBe(200);
    return answer.body.result as {
      item: {
        _id: string;
        kind: string;
        state: string;
        subject: { _id: string } | null;
        level: Level | null;
      };
      reports: { _id: string }[];
      contacts: { _id: string; title: string }[];
    };
  };

  it('puts the message in a case of the member it names, at the level chosen, logged', async () => {
    const s = await makeServer();
    const member = await addMember(s, 'Ann', 'ann@example.com');
    const id = await addContact(s, 'I think this member is a minor', { email: 'worried@example.com' });
    const critical = await highest(s);
    const answer = await escalate(s, id, { levelId: critical._id, memberId: member });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Contact message escalated to the review queue');
    const { caseId, status } = answer.body.result as Contact;
    expect(caseId).toMatch(/^[0-9a-f]{24}$/);
    // The message stays as it was (Open) until an admin marks it; the list names its case.
    expect(status).toBe('Open');
    expect((await list(s)).result[0]).toMatchObject({ _id: id, caseId });
    const view = await caseOf(s, caseId!);
    expect(view.item).toMatchObject({ kind: 'case', subject: { _id: member }, level: { _id: critical._id } });
    expect(view.contacts.map((contact) => contact._id)).toEqual([id]);
    expect(await entries(s)).toMatchObject([
      {
        action: 'contact-escalate',
        recordType: 'contact',
        recordId: id,
        recordName: 'I think this member is a minor',
        summary: `Escalated to the review queue at ${critical.name}, on Ann Doe (case ${caseId})`,
      },
    ]);
  });

  it('joins the open case the member already has, and raises its level to the one chosen', async () => {
    const s = await makeServer();
    const member = await addMember(s, 'Ann', 'ann@example.com');
    const reporter = await addMember(s, 'Bob', 'bob@example.com');
    const report = newId();
    await s.db.run(
      `INSERT INTO chat_reports (id, message, reporter_id, reported_id, created_at, updated_at)
       VALUES ($1, 'Rude', $2, $3, now(), now())`,
      [report, reporter, member],
    );
    const id = await addContact(s, 'She asked me for money', { email: 'bob@example.com' });
    const sender = (await list(s)).result.find((row) => row._id === id)!.sender;
    expect(sender?._id).toBe(reporter);
    const critical = await highest(s);
    const answer = await escalate(s, id, { levelId: critical._id, memberId: member });
    expect(answer.status).toBe(200);
    const view = await caseOf(s, (answer.body.result as Contact).caseId!);
    expect(view.reports.map((row) => row._id)).toEqual([report]);
    expect(view.contacts.map((row) => row._id)).toEqual([id]);
    expect(view.item.level?._id).toBe(critical._id);
  });

  it('makes a case of its own for a message that names no member, at the rules’ level when none is chosen', async () => {
    const s = await makeServer();
    const id = await addContact(s, 'Your app crashed');
    const answer = await escalate(s, id, {});
    expect(answer.status).toBe(200);
    const view = await caseOf(s, (answer.body.result as Contact).caseId!);
    expect(view.item).toMatchObject({ kind: 'case', subject: null });
    expect(view.item.level).not.toBeNull();
    expect(view.contacts.map((row) => row._id)).toEqual([id]);
    expect((await entries(s))[0]).toMatchObject({
      action: 'contact-escalate',
      summary: expect.stringMatching(/^Escalated to the review queue, on no member \(case [0-9a-f]{24}\)$/),
    });
  });

  it('refuses a message already in an open case', async () => {
    const s = await makeServer();
    const id = await addContact(s, 'Hello');
    expect((await escalate(s, id, {})).status).toBe(200);
    const again = await escalate(s, id, {});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This message is already in the review queue');
    expect(await entries(s)).toHaveLength(1);
  });

  it('refuses an unknown or malformed level, member or message, writing nothing', async () => {
    const s = await makeServer();
    const id = await addContact(s, 'I think this member is a minor');
    const badLevel = await escalate(s, id, { levelId: 'critical' });
    expect(badLevel.status).toBe(400);
    expect(badLevel.body).toMatchObject({ message: 'Priority level must be an id', field: 'levelId' });
    const unknownLevel = await escalate(s, id, { levelId: newId() });
    expect(unknownLevel.status).toBe(400);
    expect(unknownLevel.body).toMatchObject({ field: 'levelId' });
    const badMember = await escalate(s, id, { memberId: 'ann' });
    expect(badMember.status).toBe(400);
    expect(badMember.body).toMatchObject({ message: 'Member must be an id', field: 'memberId' });
    const unknownMember = await escalate(s, id, { memberId: newId() });
    expect(unknownMember.status).toBe(400);
    expect(unknownMember.body).toMatchObject({ message: 'Member not found', field: 'memberId' });
    const admin = await escalate(s, id, { memberId: s.adminId });
    expect(admin.body).toMatchObject({ message: 'Member not found', field: 'memberId' });
    const missing = await escalate(s, newId(), {});
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Contact message not found');
    expect((await list(s)).result[0]!.caseId).toBeNull();
    expect(await entries(s)).toEqual([]);
  });

  it('is refused to a role that does not handle contact messages', async () => {
    const s = await makeServer();
    const id = await addContact(s, 'Hello');
    const editor = await adminWithRole(s.db, 'editor');
    const answer = await escalate(s, id, {}, editor.token);
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ permission: 'contacts.handle' });
  });
});

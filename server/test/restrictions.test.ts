import { describe, expect, it, vi } from 'vitest';
import { REFERENCE_PATTERN, RESTRICTION_MESSAGES } from '../../contract/restrictions';
import { newId } from '../lib/ids';
import { makeServer } from './harness';

type Server = Awaited<ReturnType<typeof makeServer>>;

/** A member of the seeded users, by its list position. */
async function member(s: Server, index = 0) {
  const list = await s.call('GET', '/api/admin/list?page=1&items=10');
  const users = list.body.result as { _id: string; email: string }[];
  return users[index]!;
}

/** A policy: a Report Element with a member-facing explanation. */
async function policy(
  s: Server,
  message = 'Harassment',
  explanation = 'Members treat each other with respect.',
) {
  const made = await s.call('POST', '/api/reportelement/create', {
    json: { message, enabled: true, explanation },
  });
  expect(made.status).toBe(200);
  return (made.body.result as { _id: string })._id;
}

const restrict = (s: Server, userId: string, restriction: unknown) =>
  s.call('PATCH', `/api/admin/status/${userId}?enabled=false`, { json: { restriction } });

const enabledOf = async (s: Server, userId: string) =>
  (await s.db.one<{ enabled: boolean }>('SELECT enabled FROM users WHERE id = $1', [userId])).enabled;

describe('restrictions', () => {
  it('refuses a restriction without a policy or without facts, and changes nothing', async () => {
    const s = await makeServer({ seedUsers: 3 });
    const user = await member(s);
    const policyId = await policy(s);

    const noPolicy = await restrict(s, user._id, {
      facts: 'Abusive messages to three members',
      endsAt: null,
    });
    expect(noPolicy.status).toBe(400);
    expect(noPolicy.body.message).toBe(RESTRICTION_MESSAGES.policyRequired);

    const noFacts = await restrict(s, user._id, { policyId, facts: '   ', endsAt: null });
    expect(noFacts.status).toBe(400);
    expect(noFacts.body.message).toBe(RESTRICTION_MESSAGES.factsRequired);

    const unknown = await restrict(s, user._id, { policyId: 'a'.repeat(24), facts: 'x', endsAt: null });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(RESTRICTION_MESSAGES.policyUnknown);

    const past = await restrict(s, user._id, { policyId, facts: 'x', endsAt: '2020-01-01T00:00:00Z' });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe(RESTRICTION_MESSAGES.endsAtPast);

    const withheldBlank = await restrict(s, user._id, {
      policyId,
      facts: 'x',
      endsAt: null,
      withheldReason: ' ',
    });
    expect(withheldBlank.status).toBe(400);
    expect(withheldBlank.body.message).toBe(RESTRICTION_MESSAGES.withheldReasonRequired);

    expect(await enabledOf(s, user._id)).toBe(true);
    expect((await s.db.one<{ n: number }>('SELECT count(*)::int AS n FROM restrictions')).n).toBe(0);
  });

  it('refuses a deactivation without a restriction, with or without a reason, and still activates without one', async () => {
    const s = await makeServer({ seedUsers: 3 });
    const user = await member(s);
    const entries = async () => (await s.db.one<{ n: number }>('SELECT count(*)::int AS n FROM activity')).n;
    const before = await entries();
    for (const init of [{}, { json: {} }, { json: { reason: 'Spam links' } }]) {
      const bare = await s.call('PATCH', `/api/admin/status/${user._id}?enabled=false`, init);
      expect(bare.status).toBe(400);
      expect(bare.body).toEqual({
        success: false,
        message: RESTRICTION_MESSAGES.policyRequired,
        field: 'policyId',
      });
    }
    const query = await s.call('PATCH', `/api/admin/status/${user._id}?enabled=false&reason=Spam`);
    expect(query.status).toBe(400);
    expect(await enabledOf(s, user._id)).toBe(true);
    expect(await entries()).toBe(before);

    const policyId = await policy(s);
    expect((await restrict(s, user._id, { policyId, facts: 'Spam links', endsAt: null })).status).toBe(200);
    expect(await enabledOf(s, user._id)).toBe(false);
    const on = await s.call('PATCH', `/api/admin/status/${user._id}?enabled=true`);
    expect(on.body).toEqual({ success: true, message: 'User activated successfully' });
    expect(await enabledOf(s, user._id)).toBe(true);
  });

  it("mails the member a statement of reasons with every Art. 17(3) field and the appeal's reference", async () => {
    const s = await makeServer({ seedUsers: 3 });
    const user = await member(s);
    const policyId = await policy(
      s,
      'Harassment',
      'Members treat each other with respect, in words and images.',
    );
    const endsAt = '2099-03-05T14:30:00.000Z';
    const mailCount = async () =>
      ((await s.call('GET', '/api/mail-send/list?page=1&limit=10')).body.pagination as { count: number })
        .count;
    const mailsBefore = await mailCount();
    const answer = await restrict(s, user._id, {
      policyId,
      facts: 'Sent threatening messages to two members on 3 May.',
      endsAt,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('User deactivated successfully');
    expect(await enabledOf(s, user._id)).toBe(false);
    const { reference } = await s.db.one<{ reference: string }>(
      'SELECT reference FROM restrictions WHERE user_id = $1',
      [user._id],
    );
    expect(reference).toMatch(REFERENCE_PATTERN);

    const mail = await vi.waitFor(() => {
      const found = s.outbox().find((message) => message.includes(reference));
      if (!found) throw new Error('not yet in the outbox');
      return found;
    });
    // Quoted-printable may wrap long lines: read the body as one text.
    const text = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(text).toContain(`To: ${user.email}`);
    expect(text).toContain(`Subject: Your account has been restricted (${reference})`);
    expect(text).toContain(`Reference: ${reference}`);
    // (a) the restriction and its duration
    expect(text).toContain('1. The restriction and its duration');
    // In the console's date format (contract/dates.ts), in UTC and saying so.
    expect(text).toContain('Your account is suspended until 5 Mar 2099, 14:30 UTC.');
    // (b) the facts and circumstances
    expect(text).toContain('2. Facts and circumstances');
    expect(text).toContain('Sent threatening messages to two members on 3 May.');
    // (c) automated means: none
    expect(text).toContain('3. Automated means');
    expect(text).toContain('No automated means were used');
    // (d, e) the ground: the policy and its explanation
    expect(text).toContain('4. Ground for the decision');
    expect(text).toContain('Policy: Harassment');
    expect(text).toContain('Members treat each other with respect, in words and images.');
    // (f) redress: the appeal with the reference, out-of-court settlement, a court
    expect(text).toContain('5. How to seek redress');
    expect(text).toContain(
      `http://console.test/appeal and give your e-mail address and the reference ${reference}`,
    );
    expect(text).toContain('out-of-court dispute settlement body');
    expect(text).toContain('before a court');

    // The statement is no mail of Send Mail's list.
    const mails = await s.call('GET', '/api/mail-send/list?page=1&limit=10');
    expect(JSON.stringify(mails.body)).not.toContain(reference);
    expect(await mailCount()).toBe(mailsBefore);

    // The activity log and the moderation history say what was done.
    const history = await s.call('GET', `/api/admin/history/${user._id}?page=1&limit=10`);
    const items = (history.body.result ?? []) as { action?: string; summary?: string; reason?: string }[];
    expect(items[0]).toMatchObject({ action: 'restrict', enabled: false });
    expect(items[0]!.summary).toContain(reference);
    expect(items[0]!.reason).toBe('Sent threatening messages to two members on 3 May.');
  });

  it('withholds the statement only with a reason, which is stored and logged', async () => {
    const s = await makeServer({ seedUsers: 3 });
    const user = await member(s);
    const policyId = await policy(s);
    const answer = await restrict(s, user._id, {
      policyId,
      facts: 'Fraud ring',
      endsAt: null,
      withheldReason: 'Police asked us not to alert the suspect',
    });
    expect(answer.status).toBe(200);
    const row = await s.db.one<{ withheld_reason: string; mail_id: string | null; reference: string }>(
      'SELECT withheld_reason, mail_id, reference FROM restrictions WHERE user_id = $1',
      [user._id],
    );
    expect(row).toMatchObject({ withheld_reason: 'Police asked us not to alert the suspect', mail_id: null });
    const { n } = await s.db.one<{ n: number }>(
      "SELECT count(*)::int AS n FROM mails WHERE kind = 'restriction'",
    );
    expect(n).toBe(0);
    const entry = await s.db.one<{ summary: string }>(
      "SELECT summary FROM activity WHERE action = 'restrict' AND record_id = $1",
      [user._id],
    );
    expect(entry.summary).toContain('statement withheld: Police asked us not to alert the suspect');
    expect(entry.summary).toContain('Deactivated permanently');
  });

  it('ends a suspension when its time is up, across a restart, and logs it', async () => {
    const first = await makeServer({ seedUsers: 3 });
    const user = await member(first);
    const policyId = await policy(first);
    const endsAt = Date.now() + 60_000;
    expect(
      (await restrict(first, user._id, { policyId, facts: 'Spam', endsAt: new Date(endsAt).toISOString() }))
        .status,
    ).toBe(200);
    await first.close();
    expect(await enabledOf(first, user._id).catch(() => 'closed')).toBe('closed');

    // Started again an hour later (a fake clock): the sweep at start ends the suspension.
    const later = await makeServer({
      databaseUrl: first.databaseUrl,
      dataDir: first.dataDir,
      restrictions: { clock: () => endsAt + 3_600_000 },
    });
    await vi.waitFor(async () => expect(await enabledOf(later, user._id)).toBe(true));
    const entry = await later.db.one<{ admin_id: string | null; summary: string }>(
      "SELECT admin_id, summary FROM activity WHERE action = 'restriction-end' AND record_id = $1",
      [user._id],
    );
    expect(entry.admin_id).toBeNull();
    expect(entry.summary).toMatch(/^Suspension R-\w{8} ended: its time was up/);
    const history = await later.call('GET', `/api/admin/history/${user._id}?page=1&limit=10`);
    expect((history.body.result as { action?: string; enabled: boolean }[])[0]).toMatchObject({
      action: 'restriction-end',
      enabled: true,
    });
    // A second sweep (another process) finds nothing left to end.
    expect(await later.sweeper.sweep()).toBe(0);
  });

  it('leaves a suspension alone before its time, and two sweeps end it once', async () => {
    let clock = Date.now();
    const s = await makeServer({ seedUsers: 3, restrictions: { clock: () => clock } });
    const user = await member(s);
    const policyId = await policy(s);
    const endsAt = Date.now() + 3_600_000;
    await restrict(s, user._id, { policyId, facts: 'Spam', endsAt: new Date(endsAt).toISOString() });
    expect(await s.sweeper.sweep()).toBe(0);
    expect(await enabledOf(s, user._id)).toBe(false);
    clock = endsAt + 1;
    const other = await makeServer({
      databaseUrl: s.databaseUrl,
      dataDir: s.dataDir,
      restrictions: { clock: () => clock, intervalMs: 3_600_000 },
    });
    const ended = await Promise.all([s.sweeper.sweep(), other.sweeper.sweep()]);
    expect(ended[0] + ended[1]).toBeLessThanOrEqual(1);
    expect(await enabledOf(s, user._id)).toBe(true);
    const { n } = await s.db.one<{ n: number }>(
      "SELECT count(*)::int AS n FROM activity WHERE action = 'restriction-end' AND record_id = $1",
      [user._id],
    );
    expect(n).toBe(1);
  });

  it("an admin's activation ends the suspension: the sweep does not log an end later", async () => {
    let clock = Date.now();
    const s = await makeServer({ seedUsers: 3, restrictions: { clock: () => clock } });
    const user = await member(s);
    const policyId = await policy(s);
    const endsAt = Date.now() + 3_600_000;
    await restrict(s, user._id, { policyId, facts: 'Spam', endsAt: new Date(endsAt).toISOString() });
    expect((await s.call('PATCH', `/api/admin/status/${user._id}?enabled=true`)).status).toBe(200);
    clock = endsAt + 1;
    expect(await s.sweeper.sweep()).toBe(0);
    const { n } = await s.db.one<{ n: number }>(
      "SELECT count(*)::int AS n FROM activity WHERE action = 'restriction-end'",
    );
    expect(n).toBe(0);
  });

  it("counts a member's strikes within the window only, on the list and the profile", async () => {
    const s = await makeServer({ seedUsers: 3 });
    const user = await member(s);
    const policyId = await policy(s);
    // Each after the last one ended: an admin activated the member in between.
    for (const facts of ['First', 'Second', 'Third']) {
      expect((await restrict(s, user._id, { policyId, facts, endsAt: null })).status).toBe(200);
      if (facts !== 'Third')
        expect((await s.call('PATCH', `/api/admin/status/${user._id}?enabled=true`)).status).toBe(200);
    }
    // The first restriction was 181 days ago: out of the 180-day window.
    await s.db.run("UPDATE restrictions SET created_at = now() - interval '181 days' WHERE facts = 'First'");
    const strikesOnList = async (server: Server) => {
      const list = await server.call('GET', '/api/admin/list?page=1&items=10');
      return ((list.body.result ?? []) as { _id: string; strikes: number }[]).map(
        (row) => [row._id, row.strikes] as const,
      );
    };
    const listed = new Map(await strikesOnList(s));
    expect(listed.get(user._id)).toBe(2);
    expect([...listed.values()].filter((n) => n !== 0)).toEqual([2]);
    const profile = await s.call('GET', `/api/user/read/${user._id}`);
    expect((profile.body.result as { strikes: number }).strikes).toBe(2);

    // STRIKE_DAYS=365 counts the older one too.
    const longer = await makeServer({ databaseUrl: s.databaseUrl, dataDir: s.dataDir, strikeDays: 365 });
    expect(new Map(await strikesOnList(longer)).get(user._id)).toBe(3);
  });

  it('keeps the explanation of a policy a SPEC update leaves out', async () => {
    const s = await makeServer();
    const id = await policy(s, 'Spam', 'No unsolicited advertising.');
    const updated = await s.call('PATCH', `/api/reportelement/update/${id}`, {
      json: { message: 'Spam and scams', enabled: true },
    });
    expect(updated.status).toBe(200);
    const read = await s.call('GET', `/api/reportelement/read/${id}`);
    expect(read.body.result).toMatchObject({
      message: 'Spam and scams',
      explanation: 'No unsolicited advertising.',
    });
  });
});

/** `n` Open chat reports about `reported`, an hour apart; their ids, oldest first. */
async function reportsAbout(s: Server, reported: string, n: number) {
  const ids: string[] = [];
  for (let i = 0; i < n; i += 1) {
    const id = newId();
    await s.db.run(
      'INSERT INTO chat_reports (id, message, reported_id, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)',
      [id, `Spam ${i}`, reported, new Date(Date.UTC(2026, 0, 1, i)).toISOString()],
    );
    ids.push(id);
  }
  return ids;
}

/** A member of no seeded report. */
async function freshMember(s: Server, name: string) {
  const id = newId();
  await s.db.run(
    "INSERT INTO users (id, role, name, surname, email, created_at, updated_at) VALUES ($1, 'user', $2, 'Doe', $3, now(), now())",
    [id, name, `${name.toLowerCase()}-${id}@example.com`],
  );
  return { _id: id };
}

const mailsOfKind = async (s: Server, kind: string) =>
  (await s.db.one<{ n: number }>('SELECT count(*)::int AS n FROM mails WHERE kind = $1', [kind])).n;

describe('one incident, one restriction', () => {
  it('restricting a member closes their Open reports as Actioned under the reference, and their queue items are done', async () => {
    const s = await makeServer({ seedUsers: 3 });
    const user = await freshMember(s, 'Ann');
    const other = await freshMember(s, 'Bea');
    const policyId = await policy(s);
    const reports = await reportsAbout(s, user._id, 2);
    const elsewhere = (await reportsAbout(s, other._id, 1))[0]!;

    const before = await s.call('GET', `/api/admin/restrictions/member/${user._id}`);
    expect(before.status).toBe(200);
    const look = before.body.result as {
      inForce: unknown;
      openReports: { count: number; items: { _id: string; item: { state: string } | null }[] };
    };
    expect(look.inForce).toBeNull();
    expect(look.openReports.count).toBe(2);
    expect(look.openReports.items.map((item) => item._id)).toEqual([...reports].reverse());
    expect(look.openReports.items.map((item) => item.item?.state)).toEqual(['open', 'open']);

    const answer = await restrict(s, user._id, { policyId, facts: 'Spam links', endsAt: null });
    expect(answer.status).toBe(200);
    const { reference, closed } = answer.body.result as { reference: string; closed: number };
    expect(answer.body.message).toBe('User deactivated successfully');
    expect(closed).toBe(2);

    const row = async (id: string) =>
      ((await s.call('GET', `/api/chat-report/list?report=${id}`)).body.result as unknown[])[0];
    for (const id of reports)
      expect(await row(id)).toMatchObject({
        status: 'Actioned',
        note: `Actioned under ${reference}`,
        actionedUnder: reference,
        reportedRestriction: { reference },
      });
    expect(await row(elsewhere)).toMatchObject({
      status: 'Open',
      actionedUnder: null,
      reportedRestriction: null,
    });
    const items = await s.db.many<{ ref_id: string; state: string }>(
      // Each report's review case ('review-cases'): the member's one case holds them all.
      'SELECT t.id AS ref_id, i.state FROM chat_reports t JOIN review_items i ON i.id = t.case_id ORDER BY t.id',
    );
    expect(items.filter((item) => reports.includes(item.ref_id)).map((item) => item.state)).toEqual([
      'done',
      'done',
    ]);
    expect(items.find((item) => item.ref_id === elsewhere)?.state).toBe('open');
    const entries = await s.db.many<{ summary: string }>(
      "SELECT summary FROM activity WHERE action = 'case' AND record_id = ANY($1::text[])",
      [reports],
    );
    expect(entries.map((entry) => entry.summary)).toEqual([
      `Open → Actioned (under ${reference})`,
      `Open → Actioned (under ${reference})`,
    ]);

    const after = await s.call('GET', `/api/admin/restrictions/member/${user._id}`);
    expect(after.body.result).toMatchObject({
      inForce: { reference, policy: { name: 'Harassment' }, endsAt: null },
      openReports: { count: 0, items: [] },
    });
  });

  it('leaves the reports open when the restriction says closeReports: false', async () => {
    const s = await makeServer({ seedUsers: 3 });
    const user = await member(s);
    const policyId = await policy(s);
    const report = (await reportsAbout(s, user._id, 1))[0]!;
    const answer = await restrict(s, user._id, {
      policyId,
      facts: 'Spam links',
      endsAt: null,
      closeReports: false,
    });
    expect(answer.body.result).toMatchObject({ closed: 0 });
    expect(await s.db.one('SELECT status FROM chat_reports WHERE id = $1', [report])).toEqual({
      status: 'Open',
    });
  });

  it('refuses a second restriction while one is in force (409 naming it, no mail), and replaces it only when told', async () => {
    const s = await makeServer({ seedUsers: 3 });
    const user = await member(s);
    const policyId = await policy(s);
    const first = await restrict(s, user._id, { policyId, facts: 'Spam links', endsAt: null });
    const { reference } = first.body.result as { reference: string };
    // The statement (its reporters are told too, 'reporter-outcome', in mails that never name the reference).
    await vi.waitFor(() =>
      expect(s.outbox().filter((message) => message.includes(reference))).toHaveLength(1),
    );
    const report = (await reportsAbout(s, user._id, 1))[0]!;

    const again = await restrict(s, user._id, { policyId, facts: 'More spam', endsAt: null });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      success: false,
      message: `This member is already restricted under ${reference}`,
      inForce: { reference, policy: { name: 'Harassment' }, endsAt: null },
    });
    const wrong = await restrict(s, user._id, {
      policyId,
      facts: 'More spam',
      endsAt: null,
      replaces: 'R-00000000',
    });
    expect(wrong.status).toBe(409);
    expect(wrong.body).toMatchObject({
      message: 'R-00000000 is not the restriction in force',
      inForce: { reference },
    });
    // Nothing changed: one restriction, one statement, the report still Open, no strike more.
    expect(await mailsOfKind(s, 'restriction')).toBe(1);
    expect((await s.db.one<{ n: number }>('SELECT count(*)::int AS n FROM restrictions')).n).toBe(1);
    expect(await s.db.one('SELECT status FROM chat_reports WHERE id = $1', [report])).toEqual({
      status: 'Open',
    });
    const profile = await s.call('GET', `/api/user/read/${user._id}`);
    expect(profile.body.result).toMatchObject({ strikes: 1, strikesReversed: 0 });

    const replacing = await restrict(s, user._id, {
      policyId,
      facts: 'Spam links again, after a warning',
      endsAt: null,
      replaces: reference.toLowerCase(),
    });
    expect(replacing.status).toBe(200);
    const next = (replacing.body.result as { reference: string }).reference;
    expect(next).not.toBe(reference);
    expect(await s.db.many('SELECT reference, ended_reason FROM restrictions ORDER BY created_at')).toEqual([
      { reference, ended_reason: 'replaced' },
      { reference: next, ended_reason: null },
    ]);
    const statement = await s.db.one<{ statement: string }>(
      'SELECT statement FROM restrictions WHERE reference = $1',
      [next],
    );
    expect(statement.statement).toContain(`This restriction replaces ${reference}.`);
    expect(await mailsOfKind(s, 'restriction')).toBe(2);
    expect(await s.db.one('SELECT note FROM chat_reports WHERE id = $1', [report])).toEqual({
      note: `Actioned under ${next}`,
    });
  });

  it("marks a report Actioned under the reported member's restriction in force, with no new restriction or mail", async () => {
    const s = await makeServer({ seedUsers: 3 });
    const user = await member(s);
    const policyId = await policy(s);
    const first = await restrict(s, user._id, { policyId, facts: 'Spam links', endsAt: null });
    const { reference } = first.body.result as { reference: string };
    const report = (await reportsAbout(s, user._id, 1))[0]!;

    const wrong = await s.call('PATCH', `/api/chat-report/case/${report}`, {
      json: { status: 'Actioned', underRestriction: 'R-00000000' },
    });
    expect(wrong.status).toBe(409);
    expect(wrong.body.message).toBe('R-00000000 is not the restriction in force');

    const marked = await s.call('PATCH', `/api/chat-report/case/${report}`, {
      json: { status: 'Actioned', underRestriction: reference },
    });
    expect(marked.status).toBe(200);
    expect(marked.body.result).toMatchObject({
      status: 'Actioned',
      note: `Actioned under ${reference}`,
      actionedUnder: reference,
      reportedRestriction: { reference },
    });
    expect(
      await s.db.one(
        'SELECT i.state FROM chat_reports t JOIN review_items i ON i.id = t.case_id WHERE t.id = $1',
        [report],
      ),
    ).toEqual({
      state: 'done',
    });
    expect(
      await s.db.one("SELECT summary FROM activity WHERE action = 'case' AND record_id = $1", [report]),
    ).toEqual({ summary: `Open → Actioned (under ${reference})` });
    expect((await s.db.one<{ n: number }>('SELECT count(*)::int AS n FROM restrictions')).n).toBe(1);
    expect(await mailsOfKind(s, 'restriction')).toBe(1);

    // Opened again, the report is no longer Actioned under it.
    const reopened = await s.call('PATCH', `/api/chat-report/case/${report}`, { json: { status: 'Open' } });
    expect(reopened.body.result).toMatchObject({ status: 'Open', actionedUnder: null });
  });
});

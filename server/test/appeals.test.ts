import { describe, expect, it, vi } from 'vitest';
import { APPEAL_MESSAGES, APPEAL_STATEMENT_MAX } from '../../contract/appeals';
import { utcDateTimeText } from '../../contract/dates';
import { adminWithRole, makeServer } from './harness';

type Server = Awaited<ReturnType<typeof makeServer>>;

/** A seeded member, restricted for 7 days by the harness's admin citing a new policy; its reference. */
async function restricted(s: Server, index = 0) {
  const list = await s.call('GET', '/api/admin/list?page=1&items=10');
  const user = (list.body.result as { _id: string; email: string; name: string }[])[index]!;
  const made = await s.call('POST', '/api/reportelement/create', {
    json: {
      message: `Harassment ${index}`,
      enabled: true,
      explanation: 'Members treat each other with respect.',
    },
  });
  const policyId = (made.body.result as { _id: string })._id;
  const answer = await s.call('PATCH', `/api/admin/status/${user._id}?enabled=false`, {
    json: {
      restriction: {
        policyId,
        facts: 'Sent threatening messages to two members.',
        endsAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      },
    },
  });
  expect(answer.status).toBe(200);
  const { reference } = await s.db.one<{ reference: string }>(
    'SELECT reference FROM restrictions WHERE user_id = $1',
    [user._id],
  );
  return { user, reference };
}

const request = (s: Server, body: Record<string, unknown>, remote = '198.51.100.7') =>
  s.call('POST', '/api/appeal', { json: body, token: null, remote });

/** The outbox's message whose text has `needle`, read as one text (quoted-printable's soft breaks undone). */
async function mailWith(s: Server, needle: string) {
  return vi.waitFor(() => {
    const found = s
      .outbox()
      .map((message) => message.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
      .find((message) => message.includes(needle));
    if (!found) throw new Error(`no mail with ${needle} yet`);
    return found;
  });
}

/** Asks for an appeal and confirms it with the mailed link's token; the appeal's id. */
async function openAppeal(s: Server, email: string, reference: string, statement = 'I did not send them.') {
  expect((await request(s, { email, reference, statement })).status).toBe(200);
  const mail = await mailWith(s, `Confirm your appeal (${reference})`);
  const token = /appeal\/confirm\?token=([\w-]+)/.exec(mail)![1]!;
  const confirmed = await s.call('POST', '/api/appeal/confirm', { json: { token }, token: null });
  expect(confirmed.status, confirmed.text).toBe(200);
  return {
    token,
    id: (await s.db.one<{ id: string }>('SELECT id FROM appeals WHERE email = $1', [email])).id,
  };
}

const decide = (s: Server, id: string, body: unknown, token?: string) =>
  s.call('POST', `/api/admin/appeals/${id}/decide`, { json: body, token });

describe('appeals', () => {
  it('answers every well-formed request the same, and mails a link only for a restriction of that address', async () => {
    const s = await makeServer({ seedUsers: 3 });
    const { user, reference } = await restricted(s);
    const statement = 'I did not send those messages.';
    const answers = await Promise.all([
      request(s, { email: 'nobody@example.com', reference, statement }, '198.51.100.1'),
      request(s, { email: user.email, reference: 'R-ZZZZZZZZ', statement }, '198.51.100.2'),
      request(
        s,
        { email: user.email.toUpperCase(), reference: reference.toLowerCase(), statement },
        '198.51.100.3',
      ),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ success: true, message: APPEAL_MESSAGES.requested });
    }
    const mail = await mailWith(s, `Confirm your appeal (${reference})`);
    expect(mail).toContain(`To: ${user.email}`);
    expect(mail).toContain('http://console.test/appeal/confirm?token=');
    // One request matched: one appeal, unconfirmed, with the token kept only as its digest.
    const rows = await s.db.many<{ state: string; token_hash: string; statement: string }>(
      'SELECT state, token_hash, statement FROM appeals',
    );
    expect(rows).toEqual([
      { state: 'unconfirmed', token_hash: expect.stringMatching(/^[0-9a-f]{64}$/), statement },
    ]);
    expect(mail).not.toContain(rows[0]!.token_hash);
    // Not yet confirmed: no review item, no activity entry.
    expect((await s.db.many("SELECT 1 FROM review_items WHERE kind = 'appeal'")).length).toBe(0);
  });

  it('refuses a malformed request with the field at fault', async () => {
    const s = await makeServer({ seedUsers: 1 });
    const good = { email: 'member@example.com', reference: 'R-ABCDEFGH', statement: 'Please look again.' };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...good, email: '' }, 'email', APPEAL_MESSAGES.emailRequired],
      [{ ...good, email: 'not-an-address' }, 'email', APPEAL_MESSAGES.emailInvalid],
      [{ ...good, reference: undefined }, 'reference', APPEAL_MESSAGES.referenceRequired],
      [{ ...good, reference: 'R-ABC' }, 'reference', APPEAL_MESSAGES.referenceInvalid],
      [{ ...good, reference: 'R-ABCDEFGI' }, 'reference', APPEAL_MESSAGES.referenceInvalid],
      [{ ...good, statement: '   ' }, 'statement', APPEAL_MESSAGES.statementRequired],
      [
        { ...good, statement: 'x'.repeat(APPEAL_STATEMENT_MAX + 1) },
        'statement',
        APPEAL_MESSAGES.statementTooLong,
      ],
    ];
    for (const [body, field, message] of cases) {
      const answer = await request(s, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toMatchObject({ success: false, field, message });
    }
    const badToken = await s.call('POST', '/api/appeal/confirm', {
      json: { token: 'x'.repeat(43) },
      token: null,
    });
    expect(badToken.status).toBe(400);
    expect(badToken.body.message).toBe(APPEAL_MESSAGES.linkInvalid);
  });

  it('opens the appeal by its link; the restricting admin is refused; a second admin reverses it', async () => {
    const s = await makeServer({ seedUsers: 3 });
    const { user, reference } = await restricted(s);
    const { token, id } = await openAppeal(s, user.email, reference, 'Someone else used my phone.');

    // The link works once.
    const again = await s.call('POST', '/api/appeal/confirm', { json: { token }, token: null });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(APPEAL_MESSAGES.linkInvalid);

    // Its review item is open, and the activity log has the member's appeal (no admin).
    const queue = await s.call('GET', '/api/review-queue/list?kind=appeal');
    expect(queue.body.result).toEqual([
      expect.objectContaining({
        kind: 'appeal',
        state: 'open',
        ref: id,
        subject: expect.objectContaining({ _id: user._id }),
        appeal: { _id: id, reference },
      }),
    ]);
    const opened = await s.db.one<{ admin_id: string | null; summary: string; reason: string }>(
      "SELECT admin_id, summary, reason FROM activity WHERE action = 'appeal' AND record_id = $1",
      [user._id],
    );
    expect(opened.admin_id).toBeNull();
    expect(opened.summary).toContain(`Appeal of ${reference} opened by the member`);
    expect(opened.reason).toBe('Someone else used my phone.');

    // The appeal as an admin reads it: the restriction and the member's words.
    const read = await s.call('GET', `/api/admin/appeals/${id}`);
    expect(read.status).toBe(200);
    expect(read.body.result).toMatchObject({
      _id: id,
      state: 'open',
      statement: 'Someone else used my phone.',
      member: { _id: user._id, enabled: false },
      restriction: {
        reference,
        policy: { name: 'Harassment 0' },
        facts: 'Sent threatening messages to two members.',
        restrictedBy: { _id: s.adminId },
      },
      restrictedByYou: true,
      decision: null,
    });

    // The admin who restricted may not decide it.
    const own = await decide(s, id, { decision: 'reverse', note: 'My mistake.' });
    expect(own.status).toBe(403);
    expect(own.body.message).toBe(APPEAL_MESSAGES.ownRestriction);

    // A decision needs its choice and a note.
    const moderator = await adminWithRole(s.db, 'moderator');
    const noNote = await decide(s, id, { decision: 'reverse', note: ' ' }, moderator.token);
    expect(noNote.status).toBe(400);
    expect(noNote.body).toMatchObject({ field: 'note', message: APPEAL_MESSAGES.noteRequired });
    const noChoice = await decide(s, id, { decision: 'maybe', note: 'x' }, moderator.token);
    expect(noChoice.body).toMatchObject({ field: 'decision', message: APPEAL_MESSAGES.decisionRequired });

    const reversed = await decide(
      s,
      id,
      { decision: 'reverse', note: 'The messages came from a shared device.' },
      moderator.token,
    );
    expect(reversed.status, reversed.text).toBe(200);
    expect(reversed.body.message).toBe(APPEAL_MESSAGES.reversed);

    expect(
      (await s.db.one<{ enabled: boolean }>('SELECT enabled FROM users WHERE id = $1', [user._id])).enabled,
    ).toBe(true);
    expect(await s.db.one('SELECT ended_reason FROM restrictions WHERE reference = $1', [reference])).toEqual(
      { ended_reason: 'reversed' },
    );
    expect(
      await s.db.one("SELECT state FROM review_items WHERE kind = 'appeal' AND ref_id = $1", [id]),
    ).toEqual({ state: 'done' });
    const outcome = await mailWith(s, `Your appeal has been decided (${reference})`);
    expect(outcome).toContain(`To: ${user.email}`);
    expect(outcome).toContain('We have reversed the decision');
    expect(outcome).toContain('The messages came from a shared device.');

    const entry = await s.db.one<{ admin_id: string; summary: string; reason: string }>(
      "SELECT admin_id, summary, reason FROM activity WHERE action = 'appeal-reverse' AND record_id = $1",
      [user._id],
    );
    expect(entry).toEqual({
      admin_id: moderator.id,
      summary: `Appeal of ${reference} reversed: the restriction ended; Inactive → Active; the member is told by mail`,
      reason: 'The messages came from a shared device.',
    });

    // The moderation history: the restriction, the appeal opened, and its reversal (the member active again).
    const history = await s.call('GET', `/api/admin/history/${user._id}?kind=status`);
    expect(
      (history.body.result as { action?: string; enabled: boolean }[])
        .filter(({ action }) => action)
        .map(({ action, enabled }) => [action, enabled]),
    ).toEqual([
      ['appeal-reverse', true],
      ['appeal', false],
      ['restrict', false],
    ]);

    // Decided once: a second decision is refused, and a new request for it mails nothing.
    const twice = await decide(s, id, { decision: 'uphold', note: 'Again' }, moderator.token);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(APPEAL_MESSAGES.alreadyDecided);
    const renewed = await request(s, { email: user.email, reference, statement: 'Again' });
    expect(renewed.body.message).toBe(APPEAL_MESSAGES.requested);
    expect(
      (await s.db.one<{ n: number }>("SELECT count(*)::int AS n FROM mails WHERE kind = 'appeal'")).n,
    ).toBe(2);
  });

  it('upholds: the member stays restricted and is told so, with the redress still open', async () => {
    const s = await makeServer({ seedUsers: 3 });
    const { user, reference } = await restricted(s, 1);
    const { id } = await openAppeal(s, user.email, reference);
    const owner = await adminWithRole(s.db, 'owner');
    const upheld = await decide(s, id, { decision: 'uphold', note: 'The messages are clear.' }, owner.token);
    expect(upheld.status).toBe(200);
    expect(upheld.body.message).toBe(APPEAL_MESSAGES.upheld);
    expect(
      (await s.db.one<{ enabled: boolean }>('SELECT enabled FROM users WHERE id = $1', [user._id])).enabled,
    ).toBe(false);
    expect(await s.db.one('SELECT ended_at FROM restrictions WHERE reference = $1', [reference])).toEqual({
      ended_at: null,
    });
    const mail = await mailWith(s, `Your appeal has been decided (${reference})`);
    expect(mail).toContain('We have upheld the decision');
    expect(mail).toContain('out-of-court dispute settlement body');
    const read = await s.call('GET', `/api/admin/appeals/${id}`, { token: owner.token });
    expect(read.body.result).toMatchObject({
      state: 'upheld',
      decision: {
        decision: 'uphold',
        note: 'The messages are clear.',
        admin: { _id: owner.id, name: 'Owner Admin' },
      },
      restrictedByYou: false,
    });
    const entry = await s.db.one<{ summary: string }>(
      "SELECT summary FROM activity WHERE action = 'appeal-uphold' AND record_id = $1",
      [user._id],
    );
    expect(entry.summary).toContain(`Appeal of ${reference} upheld: the restriction stands (Suspended until`);
  });

  it('refuses a decision to a role without appeals.decide, and of an appeal not yet confirmed', async () => {
    const s = await makeServer({ seedUsers: 3 });
    const { user, reference } = await restricted(s);
    expect((await request(s, { email: user.email, reference, statement: 'Please' })).status).toBe(200);
    const { id } = await s.db.one<{ id: string }>('SELECT id FROM appeals');
    const moderator = await adminWithRole(s.db, 'moderator');
    const unconfirmed = await decide(s, id, { decision: 'reverse', note: 'x' }, moderator.token);
    expect(unconfirmed.status).toBe(409);
    expect(unconfirmed.body.message).toBe(APPEAL_MESSAGES.notOpen);

    const support = await adminWithRole(s.db, 'support');
    expect((await s.call('GET', `/api/admin/appeals/${id}`, { token: support.token })).status).toBe(200);
    const refused = await decide(s, id, { decision: 'reverse', note: 'x' }, support.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message: 'Your role (Support) cannot decide appeals.' });
    const missing = await s.call('GET', '/api/admin/appeals/ffffffffffffffffffffffff');
    expect(missing.status).toBe(404);
  });

  it('the appeal of a replaced restriction shows the one in force; a reversal leaves the member restricted under it and says so', async () => {
    const s = await makeServer({ seedUsers: 3 });
    const { user, reference } = await restricted(s);
    const { policyId } = await s.db.one<{ policyId: string }>(
      'SELECT policy_id AS "policyId" FROM restrictions WHERE reference = $1',
      [reference],
    );
    const replacing = await s.call('PATCH', `/api/admin/status/${user._id}?enabled=false`, {
      json: {
        restriction: { policyId, facts: 'Threatened a third member.', endsAt: null, replaces: reference },
      },
    });
    expect(replacing.status).toBe(200);
    const second = (replacing.body.result as { reference: string }).reference;

    // The replaced restriction is appealed like any other.
    const { id } = await openAppeal(s, user.email, reference);
    const owner = await adminWithRole(s.db, 'owner');
    const read = await s.call('GET', `/api/admin/appeals/${id}`, { token: owner.token });
    expect(read.body.result).toMatchObject({
      restriction: { reference, endedReason: 'replaced' },
      inForce: { reference: second, policy: { name: 'Harassment 0' }, endsAt: null },
    });

    const reversed = await decide(
      s,
      id,
      { decision: 'reverse', note: 'The first report was mistaken.' },
      owner.token,
    );
    expect(reversed.status).toBe(200);
    expect(reversed.body.message).toBe(
      `Appeal decided: the restriction is reversed; the member is still restricted under ${second}`,
    );
    expect(await s.db.one('SELECT enabled FROM users WHERE id = $1', [user._id])).toEqual({ enabled: false });
    expect(await s.db.one('SELECT ended_at FROM restrictions WHERE reference = $1', [second])).toEqual({
      ended_at: null,
    });
    const mail = await mailWith(s, `Your appeal has been decided (${reference})`);
    expect(mail).toContain(`Your account is still restricted under ${second} permanently.`);
    expect(mail).not.toContain('active again');
    // The member's history does not show the reversal as an activation.
    const history = await s.call('GET', `/api/admin/history/${user._id}?kind=status`);
    expect(
      (history.body.result as { action?: string; enabled: boolean; summary?: string }[]).find(
        (item) => item.action === 'appeal-reverse',
      ),
    ).toMatchObject({ enabled: false, summary: expect.stringContaining(`still restricted under ${second}`) });

    // The reversed restriction is no strike; the one in force is.
    const profile = await s.call('GET', `/api/user/read/${user._id}`);
    expect(profile.body.result).toMatchObject({ strikes: 1, strikesReversed: 1 });
    const listed = (
      (await s.call('GET', '/api/admin/list?page=1&items=10')).body.result as {
        _id: string;
        strikes: number;
        strikesReversed: number;
      }[]
    ).find((row) => row._id === user._id);
    expect(listed).toMatchObject({ strikes: 1, strikesReversed: 1 });
  });

  it('a reversal with liftInForce ends the restriction in force too: the member is active and told so', async () => {
    const s = await makeServer({ seedUsers: 3 });
    const { user, reference } = await restricted(s);
    const { policyId } = await s.db.one<{ policyId: string }>(
      'SELECT policy_id AS "policyId" FROM restrictions WHERE reference = $1',
      [reference],
    );
    const replacing = await s.call('PATCH', `/api/admin/status/${user._id}?enabled=false`, {
      json: {
        restriction: {
          policyId,
          facts: 'Threatened a third member.',
          endsAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
          replaces: reference,
        },
      },
    });
    const second = (replacing.body.result as { reference: string }).reference;
    const { id } = await openAppeal(s, user.email, reference);
    const owner = await adminWithRole(s.db, 'owner');

    const upholdAndLift = await decide(
      s,
      id,
      { decision: 'uphold', note: 'Stands.', liftInForce: true },
      owner.token,
    );
    expect(upholdAndLift.status).toBe(400);
    expect(upholdAndLift.body).toMatchObject({
      message: 'Only a reversal can lift the restriction in force',
      field: 'liftInForce',
    });

    const reversed = await decide(
      s,
      id,
      { decision: 'reverse', note: 'Both reports were one misunderstanding.', liftInForce: true },
      owner.token,
    );
    expect(reversed.status).toBe(200);
    expect(reversed.body.message).toBe(APPEAL_MESSAGES.reversed);
    expect(await s.db.one('SELECT enabled FROM users WHERE id = $1', [user._id])).toEqual({ enabled: true });
    expect(await s.db.one('SELECT ended_reason FROM restrictions WHERE reference = $1', [second])).toEqual({
      ended_reason: 'reversed',
    });
    const mail = await mailWith(s, `Your appeal has been decided (${reference})`);
    expect(mail).toContain('Your account is active again.');
    expect(mail).not.toContain('still restricted');
    const profile = await s.call('GET', `/api/user/read/${user._id}`);
    expect(profile.body.result).toMatchObject({ strikes: 0, strikesReversed: 2 });
  });

  it('an upheld appeal mails the member when the restriction in force ends', async () => {
    const s = await makeServer({ seedUsers: 3 });
    const { user, reference } = await restricted(s, 2);
    const { id } = await openAppeal(s, user.email, reference);
    const owner = await adminWithRole(s.db, 'owner');
    await decide(s, id, { decision: 'uphold', note: 'The messages are clear.' }, owner.token);
    const { ends_at: endsAt } = await s.db.one<{ ends_at: string }>(
      'SELECT ends_at FROM restrictions WHERE reference = $1',
      [reference],
    );
    const until = utcDateTimeText(endsAt);
    expect(until).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC$/);
    const mail = await mailWith(s, `Your appeal has been decided (${reference})`);
    expect(mail).toContain(`Your account is still restricted under ${reference} until ${until}.`);
  });

  it("requests with made-up references cannot use up a member's own allowance; the per-address limit still holds", async () => {
    const s = await makeServer({ seedUsers: 3 });
    const { user, reference } = await restricted(s);
    const statement = 'I did not send those messages.';
    // Six made-up references for the member's address, each from its own client address.
    const madeUp = await Promise.all(
      ['R-AAAAAAAA', 'R-BBBBBBBB', 'R-CCCCCCCC', 'R-DDDDDDDD', 'R-EEEEEEEE', 'R-FFFFFFFF'].map(
        (guess, index) =>
          request(s, { email: user.email, reference: guess, statement }, `203.0.113.${index + 1}`),
      ),
    );
    const real = await request(s, { email: user.email, reference, statement }, '198.51.100.50');
    for (const answer of [...madeUp, real]) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ success: true, message: APPEAL_MESSAGES.requested });
    }
    const mail = await mailWith(s, `Confirm your appeal (${reference})`);
    expect(mail).toContain(`To: ${user.email}`);
    expect(await s.db.many('SELECT state FROM appeals')).toEqual([{ state: 'unconfirmed' }]);

    // One client address still gets five requests an hour, whatever they name.
    const fromOne = [];
    for (let i = 0; i < 6; i += 1)
      fromOne.push(await request(s, { email: `someone${i}@example.com`, reference, statement }, '192.0.2.9'));
    expect(fromOne.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

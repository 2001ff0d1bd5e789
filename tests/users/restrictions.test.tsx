import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FACTS_MAX, RESTRICTION_MESSAGES } from '@contract/restrictions';
import { api, resetData, signInAs, testDb } from '../support/api-server';
import { server } from '../support/msw';
import { apiCalls } from '../support/request-log';
import { renderApp, specOnlyApi, withoutFeatures } from '../support/render';
import { confirmAppeal, policyNamed, quietMember, restrictMember } from '../support/restrictions';

type Member = { _id: string; name: string; surname: string; email: string; enabled: boolean };
type Report = {
  _id: string;
  message: string;
  status: string;
  thread: { user_id: { _id: string }[] };
  user: string;
};
type MemberRestrictions = {
  inForce: { reference: string } | null;
  openReports: { count: number; items: { _id: string; message: string }[] };
};

/** The demo's policy (Report Element) a restriction cites in these tests, beside 'Fake profile'. */
const MESSAGES_POLICY = 'Inappropriate messages';

const firstMembers = (query = '') => api.get<Member[]>(`/api/admin/list?page=1&items=10${query}`);
const memberOf = (id: string) => api.get<Member>(`/api/user/read/${id}`);
const restrictionsOf = (userId: string) =>
  api.get<MemberRestrictions>(`/api/admin/restrictions/member/${userId}`);
const reportOf = async (id: string) => (await api.get<Report[]>(`/api/chat-report/list?report=${id}`))[0]!;

/** An active member and their profile's header card. */
async function openProfile() {
  const person = await quietMember();
  const app = renderApp(`/users/${person._id}`);
  const header = (await screen.findByRole('heading', { level: 1 })).closest(
    '.mantine-Card-root',
  ) as HTMLElement;
  return { person, header, ...app };
}

async function choosePolicy(user: UserEvent, dialog: HTMLElement, name: string) {
  await user.click(within(dialog).getAllByLabelText(/^Policy/)[0]!);
  await user.click(await screen.findByRole('option', { name }));
}

const statusWrites = async (userId: string) =>
  (await apiCalls(`/api/admin/status/${userId}`)).filter((call) => call.method === 'PATCH');

/**
 * Another admin (a Moderator) for what happens meanwhile, while the console stays the Owner's: their token. Call it
 * before renderApp.
 */
async function anotherAdmin() {
  const { token } = await signInAs('moderator');
  await signInAs('owner');
  return token;
}

/** A restriction of `userId` made through the API by the admin of `token` (permanent unless `endsAt`): its reference. */
const restrict = (userId: string, token: string, endsAt: string | null = null) =>
  restrictMember(userId, { policy: MESSAGES_POLICY, facts: 'Threats', endsAt, token });

/**
 * The member's appeal of the restriction `reference`, made as they would on /appeal and confirmed from the link the
 * server mailed them, then reversed by the signed-in admin.
 */
async function appealReversed(member: Member, reference: string) {
  await confirmAppeal({ email: member.email, reference, statement: 'It was not me.' });
  const items = await api.get<{ ref: string; subject: { _id: string } | null }[]>(
    '/api/review-queue/list?kind=appeal',
  );
  const appeal = items.find((item) => item.subject?._id === member._id)!;
  await api.post(`/api/admin/appeals/${appeal.ref}/decide`, { decision: 'reverse', note: 'Not the member.' });
}

// Each test starts from the demo data: most restrict a member.
beforeEach(resetData);

describe("deactivating as a restriction ('restrictions')", () => {
  it('needs a policy and the facts, and a reason to withhold the statement; then sends them in the body', async () => {
    const { person, header, user } = await openProfile();
    await user.click(within(header).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', {
      name: `Deactivate ${person.name} ${person.surname} (${person.email})?`,
    });
    // Nothing chosen: both are required, and nothing is sent.
    await user.click(within(dialog).getByRole('radio', { name: 'Permanent' }));
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(within(dialog).getByText(RESTRICTION_MESSAGES.policyRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(RESTRICTION_MESSAGES.factsRequired)).toBeInTheDocument();
    expect(await statusWrites(person._id)).toEqual([]);

    await choosePolicy(user, dialog, MESSAGES_POLICY);
    await user.type(
      within(dialog).getByRole('textbox', { name: /^Facts and circumstances/ }),
      'Threats in chat',
    );
    // Withholding the statement needs its reason.
    await user.click(
      within(dialog).getByRole('checkbox', { name: 'Withhold the statement from the member' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(within(dialog).getByText(RESTRICTION_MESSAGES.withheldReasonRequired)).toBeInTheDocument();
    expect(await statusWrites(person._id)).toEqual([]);
    await user.type(
      within(dialog).getByRole('textbox', { name: /^Reason for withholding/ }),
      'Police request',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));

    expect(await screen.findByText('User deactivated successfully')).toBeInTheDocument();
    const [call] = await statusWrites(person._id);
    expect(call?.query).toEqual({ enabled: 'false' });
    expect(call?.body).toEqual({
      restriction: {
        policyId: (await policyNamed(MESSAGES_POLICY))._id,
        facts: 'Threats in chat',
        endsAt: null,
        withheldReason: 'Police request',
      },
    });
    expect((await memberOf(person._id)).enabled).toBe(false);
    // The profile counts the strike, and the history says what was done.
    expect(await screen.findByText('Strikes')).toBeInTheDocument();
    const history = await screen.findByRole('table', { name: 'Moderation history' });
    expect(
      await within(history).findByText(
        /Restricted by .*Deactivated permanently, citing "Inappropriate messages"/,
      ),
    ).toBeInTheDocument();
  });

  it("speaks the moderator's language: Policy broken, only active policies, and the list stays closed until asked", async () => {
    const { header, user } = await openProfile();
    await user.click(within(header).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog');
    const policy = within(dialog).getAllByLabelText(/^Policy broken/)[0]!;
    await waitFor(() => expect(policy).toHaveFocus());
    expect(within(dialog).queryByText('The Report Element the restriction cites')).toBeNull();
    // Focused, the list does not open by itself.
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.click(policy);
    const listbox = await screen.findByRole('listbox');
    // The policies come from the server: the list fills once they have.
    await waitFor(() =>
      expect(
        within(listbox)
          .queryAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Fake profile', 'Inappropriate messages', 'Spam or scam', 'Underage user']),
    );
  });

  it('offers 24 h, 3 days, 7 days, 30 days, a custom end and Permanent, from the keyboard, and sends a preset counted from now', async () => {
    const { person, header, user } = await openProfile();
    await user.click(within(header).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog');
    const howLong = within(dialog).getByRole('radiogroup', { name: 'How long' });
    expect(
      within(howLong)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['24h', '3d', '7d', '30d', 'custom', 'permanent']);
    for (const name of ['24 h', '3 days', '7 days', '30 days', 'Custom end', 'Permanent'])
      expect(within(howLong).getByRole('radio', { name })).toBeInTheDocument();
    await choosePolicy(user, dialog, 'Fake profile');
    await user.type(
      within(dialog).getByRole('textbox', { name: /^Facts and circumstances/ }),
      'Stolen photos',
    );
    // Nothing chosen yet: how long is asked.
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(within(dialog).getByText('Please choose how long the restriction lasts')).toBeInTheDocument();
    expect(await statusWrites(person._id)).toEqual([]);
    // The arrow keys move through the presets.
    within(howLong).getByRole('radio', { name: '24 h' }).focus();
    await user.click(within(howLong).getByRole('radio', { name: '24 h' }));
    await user.keyboard('{ArrowRight}');
    expect(within(howLong).getByRole('radio', { name: '3 days' })).toBeChecked();
    expect(
      within(dialog).getByText(/^Ends \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} [A-Z][A-Za-z0-9+:-]*$/),
    ).toBeInTheDocument();
    const before = Date.now();
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('User deactivated successfully')).toBeInTheDocument();
    const after = Date.now();
    const [call] = await statusWrites(person._id);
    const { endsAt } = (call?.body as { restriction: { endsAt: string } }).restriction;
    const end = Date.parse(endsAt);
    expect(end).toBeGreaterThanOrEqual(before + 72 * 3_600_000);
    expect(end).toBeLessThanOrEqual(after + 72 * 3_600_000);
  });

  it("takes a custom end from Mantine's picker in the console's date format and the admin's time zone, and refuses a past one", async () => {
    const { person, header, user } = await openProfile();
    await user.click(within(header).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog');
    await choosePolicy(user, dialog, 'Fake profile');
    await user.type(
      within(dialog).getByRole('textbox', { name: /^Facts and circumstances/ }),
      'Stolen photos',
    );
    await user.click(within(dialog).getByRole('radio', { name: 'Custom end' }));
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(within(dialog).getByText('Please choose when the suspension ends')).toBeInTheDocument();
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(within(dialog).getByText(`Date and time in your time zone (${zone})`)).toBeInTheDocument();

    // Today, at the first time the picker offers; the admin lingers an hour before sending: refused, nothing sent.
    const today = new Date();
    const monthOf = (date: Date) => new Intl.DateTimeFormat('en-US', { month: 'long' }).format(date);
    await user.click(within(dialog).getByRole('button', { name: /^Ends at/ }));
    await user.click(
      await screen.findByRole('button', {
        name: `${today.getDate()} ${monthOf(today)} ${today.getFullYear()}`,
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Done' }));
    vi.setSystemTime(Date.now() + 3_600_000);
    try {
      await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
      expect(await within(dialog).findByText(RESTRICTION_MESSAGES.endsAtPast)).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
    expect(await statusWrites(person._id)).toEqual([]);

    // The 15th of next month, at the time the picker starts from.
    await user.click(within(dialog).getByRole('button', { name: /^Ends at/ }));
    await user.click(await screen.findByRole('button', { name: 'Next month' }));
    const next = new Date();
    next.setDate(1);
    next.setMonth(next.getMonth() + 1);
    next.setDate(15);
    const month = monthOf(next);
    await user.click(screen.getByRole('button', { name: `15 ${month} ${next.getFullYear()}` }));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    const picked = within(dialog).getByRole('button', { name: /^Ends at/ });
    // The console's date format (src/lib/format.ts): '15 Dec 2026, 14:05'.
    const short = new Intl.DateTimeFormat('en-US', { month: 'short' }).format(next);
    expect(picked).toHaveTextContent(new RegExp(`^15 ${short} ${next.getFullYear()}, \\d{2}:\\d{2}$`));
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('User deactivated successfully')).toBeInTheDocument();
    const [call] = await statusWrites(person._id);
    const end = new Date((call?.body as { restriction: { endsAt: string } }).restriction.endsAt);
    expect([end.getFullYear(), end.getMonth(), end.getDate()]).toEqual([
      next.getFullYear(),
      next.getMonth(),
      15,
    ]);
  });

  it('puts the focus on the first field in error, and keeps the dialog and what was typed on a refusal of a field', async () => {
    const { person, header, user } = await openProfile();
    await user.click(within(header).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog');
    await choosePolicy(user, dialog, MESSAGES_POLICY);
    await user.click(within(dialog).getByRole('radio', { name: 'Permanent' }));
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    const facts = within(dialog).getByRole('textbox', { name: /^Facts and circumstances/ });
    expect(await within(dialog).findByText(RESTRICTION_MESSAGES.factsRequired)).toBeInTheDocument();
    await waitFor(() => expect(facts).toHaveFocus());
    await user.type(facts, 'Threats in chat');

    // The policy is deleted meanwhile: the API refuses it by its field, said under the Policy.
    await api.delete(`/api/reportelement/delete/${(await policyNamed(MESSAGES_POLICY))._id}`);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await within(dialog).findByText(RESTRICTION_MESSAGES.policyUnknown)).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getAllByLabelText(/^Policy/)[0]).toHaveFocus());
    expect(facts).toHaveValue('Threats in chat');
    expect((await memberOf(person._id)).enabled).toBe(true);

    // Another policy, and the same dialog saves.
    await choosePolicy(user, dialog, 'Fake profile');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('User deactivated successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const writes = await statusWrites(person._id);
    expect(writes.at(-1)?.body).toEqual({
      restriction: {
        policyId: (await policyNamed('Fake profile'))._id,
        facts: 'Threats in chat',
        endsAt: null,
      },
    });
    expect((await memberOf(person._id)).enabled).toBe(false);
  });

  it('goes to sign in, the dialog closed, when the save is answered by an ended session', async () => {
    server.use(
      http.patch('*/api/admin/status/:userId', () =>
        HttpResponse.json({ success: false, message: 'jwt expired' }, { status: 401 }),
      ),
    );
    const { header, user, router } = await openProfile();
    await user.click(within(header).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog');
    await choosePolicy(user, dialog, MESSAGES_POLICY);
    await user.type(
      within(dialog).getByRole('textbox', { name: /^Facts and circumstances/ }),
      'Threats in chat',
    );
    await user.click(within(dialog).getByRole('radio', { name: 'Permanent' }));
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('counts the facts near their limit, and takes no more', async () => {
    const { header, user } = await openProfile();
    await user.click(within(header).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog');
    const facts = within(dialog).getByRole('textbox', { name: /^Facts and circumstances/ });
    expect(facts).toHaveAttribute('maxlength', String(FACTS_MAX));
    await user.click(facts);
    await user.paste('x'.repeat(FACTS_MAX));
    expect(
      within(dialog).getByText(
        `What the member did, as the statement tells them · ${FACTS_MAX.toLocaleString('en-US')} / ${FACTS_MAX.toLocaleString('en-US')}`,
      ),
    ).toBeInTheDocument();
  });

  it('shows the strikes as "N strikes" in the users list and the profile, and the ones reversed on appeal beside them', async () => {
    const person = await quietMember();
    // A Moderator's restriction, reversed on the member's appeal by the Owner; then the Owner's, in force.
    const moderator = await anotherAdmin();
    await appealReversed(person, await restrict(person._id, moderator));
    await restrict(person._id, (await signInAs('owner')).token);
    const { user } = renderApp('/users');
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(within(table).getByRole('columnheader', { name: 'Strikes' })).toBeInTheDocument();
    const row = (
      await within(table).findByRole('link', { name: `${person.name} ${person.surname}` })
    ).closest('tr')!;
    const cell = within(row).getByRole('cell', { name: /strike/ });
    expect(cell).toHaveTextContent(/^1 strike · 1 reversed$/);
    // Another member's, with none.
    const other = within(table).getAllByRole('row')[1]!;
    if (other !== row)
      expect(within(other).getByRole('cell', { name: /strike/ })).toHaveTextContent(/^0 strikes$/);

    // The profile's header ('member-summary') gives them with the reversed one apart.
    await user.click(within(row).getByRole('link', { name: `${person.name} ${person.surname}` }));
    const summary = await screen.findByRole('region', { name: 'Member summary' });
    expect(within(summary).getByText('Strikes', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      /^1 strike \(1 reversed\)$/,
    );
  });

  it("shows the Report Element's explanation field", async () => {
    renderApp('/report-element/add');
    expect(await screen.findByRole('textbox', { name: /Explanation for members/ })).toBeInTheDocument();
  });
});

describe("without 'restrictions'", () => {
  it("asks the reason's dialog as before: no policy, no facts, no Strikes column", async () => {
    withoutFeatures('restrictions');
    const { header, user } = await openProfile();
    expect(screen.queryByText('Strikes')).toBeNull();
    await user.click(within(header).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('textbox', { name: 'Reason (optional)' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: /^Policy/ })).toBeNull();
    expect(within(dialog).queryByRole('textbox', { name: /^Facts/ })).toBeNull();
    // Nothing of the restrictions' calls.
    expect((await apiCalls()).filter((call) => call.path.includes('/restrictions/'))).toEqual([]);
  });

  it('against a SPEC-only API: one click, no dialog, no strikes, and the form has no explanation', async () => {
    specOnlyApi();
    // SPEC's API deactivates on this call alone. The reference server refuses it (DECISIONS: a deactivation is a
    // restriction, citing a policy and the facts), so SPEC's answer stands in for it here.
    server.use(
      http.patch('*/api/admin/status/:userId', () =>
        HttpResponse.json({ success: true, message: 'User deactivated successfully' }),
      ),
    );
    const { person, header, user } = await openProfile();
    await user.click(within(header).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('User deactivated successfully')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    const [call] = await statusWrites(person._id);
    expect(call?.body).toBeUndefined();
    expect(screen.queryByText('Strikes')).toBeNull();
  });

  it('against a SPEC-only API the Report Element form is SPEC’s', async () => {
    specOnlyApi();
    renderApp('/report-element/add');
    expect(await screen.findByRole('textbox', { name: /Message/ })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('textbox', { name: /Explanation/ })).toBeNull());
  });
});

describe("one incident, one restriction ('restrictions')", () => {
  /** An active member with Open chat reports about them (and no restriction in force), and those reports. */
  const reportedMember = async () => {
    const open = await api.get<Report[]>('/api/chat-report/list?page=1&limit=50&status=Open');
    const reported = (report: Report) =>
      report.thread.user_id.find((person) => person._id !== report.user)?._id;
    for (const id of new Set(open.map(reported))) {
      if (!id) continue;
      const person = await memberOf(id);
      const { inForce, openReports } = await restrictionsOf(id);
      if (person.enabled && !inForce) return { person, reports: openReports.items };
    }
    throw new Error('The demo holds no open report about an active member');
  };
  /** The reference of the member's restriction in force (made meanwhile by another admin, `token`'s). */
  const restrictedMeanwhile = (userId: string, token: string, endsAt: string | null = null) =>
    restrict(userId, token, endsAt);
  const memberCalls = (userId: string) => apiCalls(`/api/admin/restrictions/member/${userId}`);

  async function fill(user: UserEvent, dialog: HTMLElement) {
    await choosePolicy(user, dialog, MESSAGES_POLICY);
    await user.type(
      within(dialog).getByRole('textbox', { name: /^Facts and circumstances/ }),
      'Threats in chat',
    );
    await user.click(within(dialog).getByRole('radio', { name: 'Permanent' }));
  }

  it("lists the member's open reports and closes them as actioned under the new restriction; the queue's count follows", async () => {
    const { person, reports } = await reportedMember();
    const openItems = async () => (await api.get<{ open: number }>('/api/review-queue/count')).open;
    const openBefore = await openItems();
    const { user } = renderApp(`/users/${person._id}`);
    const menuLink = () =>
      within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('link', {
        name: 'Review queue',
      });
    await waitFor(() => expect(menuLink()).toHaveAccessibleDescription(`${openBefore} open items`));
    const header = (await screen.findByRole('heading', { level: 1 })).closest(
      '.mantine-Card-root',
    ) as HTMLElement;
    await user.click(within(header).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog');
    const listed = await within(dialog).findByRole('region', {
      name:
        reports.length === 1
          ? '1 open report on this member'
          : `${reports.length} open reports on this member`,
    });
    for (const report of reports) expect(within(listed).getByText(report.message)).toBeInTheDocument();
    const close = within(dialog).getByRole('checkbox', {
      name: 'Close these reports as actioned under the new restriction',
    });
    expect(close).toBeChecked();
    await fill(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));

    const reference = await waitFor(async () => {
      const { inForce } = await restrictionsOf(person._id);
      expect(inForce).not.toBeNull();
      return inForce!.reference;
    });
    const closed = reports.length === 1 ? '1 open report' : `${reports.length} open reports`;
    expect(
      await screen.findByText(
        `User deactivated successfully. ${closed} closed as actioned under ${reference}.`,
      ),
    ).toBeInTheDocument();
    const [call] = await statusWrites(person._id);
    expect(call?.body).toEqual({
      restriction: {
        policyId: (await policyNamed(MESSAGES_POLICY))._id,
        facts: 'Threats in chat',
        endsAt: null,
        closeReports: true,
      },
    });
    for (const report of reports) expect((await reportOf(report._id)).status).toBe('Actioned');
    // The menu's count follows without a reload: the closed reports' items are done.
    const openAfter = await openItems();
    expect(openAfter).toBeLessThan(openBefore);
    await waitFor(() => expect(menuLink()).toHaveAccessibleDescription(`${openAfter} open items`));
  });

  it('leaves the open reports open when the admin unticks the box', async () => {
    const { person, reports } = await reportedMember();
    const { user } = renderApp(`/users/${person._id}`);
    const header = (await screen.findByRole('heading', { level: 1 })).closest(
      '.mantine-Card-root',
    ) as HTMLElement;
    await user.click(within(header).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(
      await within(dialog).findByRole('checkbox', {
        name: 'Close these reports as actioned under the new restriction',
      }),
    );
    await fill(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('User deactivated successfully')).toBeInTheDocument();
    const [call] = await statusWrites(person._id);
    expect((call?.body as { restriction: { closeReports: boolean } }).restriction.closeReports).toBe(false);
    for (const report of reports) expect((await reportOf(report._id)).status).toBe('Open');
  });

  it('says a restriction already in force, and replaces it only when the admin says so', async () => {
    const moderator = await anotherAdmin();
    const { person, header, user } = await openProfile();
    // Another admin restricted the member while this profile was open.
    const until = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const meanwhile = await restrictedMeanwhile(person._id, moderator, until);
    await user.click(within(header).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog');
    const note = await within(dialog).findByRole('note');
    expect(note).toHaveTextContent(
      new RegExp(
        `^Already restricted under ${meanwhile} until \\d{1,2} [A-Z][a-z]{2} \\d{4}, \\d{2}:\\d{2} [A-Z][A-Za-z0-9+:-]*\\.`,
      ),
    );
    await fill(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(
      await within(dialog).findByText(`${meanwhile} is in force: choose to replace it, or cancel`),
    ).toBeInTheDocument();
    expect(await statusWrites(person._id)).toEqual([]);
    await user.click(
      within(dialog).getByRole('checkbox', { name: `Replace ${meanwhile} with this restriction` }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('User deactivated successfully')).toBeInTheDocument();
    const [call] = await statusWrites(person._id);
    expect((call?.body as { restriction: { replaces?: string } }).restriction.replaces).toBe(meanwhile);
    // No API reads an ended restriction's reason: the stored row says it.
    const ended = await testDb().one<{ ended_reason: string | null }>(
      'SELECT ended_reason FROM restrictions WHERE reference = $1',
      [meanwhile],
    );
    expect(ended.ended_reason).toBe('replaced');
  });

  it("shows a 409 in the dialog in the server's words, keeps what was typed, and then offers to replace", async () => {
    const moderator = await anotherAdmin();
    const { person, header, user } = await openProfile();
    await user.click(within(header).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(async () => expect(await memberCalls(person._id)).toHaveLength(1));
    await fill(user, dialog);
    const meanwhile = await restrictedMeanwhile(person._id, moderator);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(
      await within(dialog)
        .findByRole('alert')
        .then((alert) => alert.textContent),
    ).toBe(RESTRICTION_MESSAGES.alreadyRestricted(meanwhile));
    expect(within(dialog).getByRole('textbox', { name: /^Facts and circumstances/ })).toHaveValue(
      'Threats in chat',
    );
    // The member is inactive under the other admin's restriction; this dialog's was not made.
    expect((await restrictionsOf(person._id)).inForce?.reference).toBe(meanwhile);
    // The dialog read the member again: the restriction in force is said, and can be replaced.
    expect(await within(dialog).findByRole('note')).toHaveTextContent(
      `Already restricted under ${meanwhile} permanently.`,
    );
    await user.click(
      within(dialog).getByRole('checkbox', { name: `Replace ${meanwhile} with this restriction` }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('User deactivated successfully')).toBeInTheDocument();
  });

  it("counts a member restricted meanwhile as failed in the users list's bulk action, with the server's words", async () => {
    const moderator = await anotherAdmin();
    const [first, second] = await firstMembers('&filter=user.enabled&equal=true');
    const { user } = renderApp('/users?status=true');
    const table = await screen.findByRole('table', { name: 'Users' });
    const rowName = (person: typeof first) => `Select ${person!.name} ${person!.surname}`;
    await user.click(await within(table).findByRole('checkbox', { name: rowName(first) }));
    await user.click(within(table).getByRole('checkbox', { name: rowName(second) }));
    const meanwhile = await restrictedMeanwhile(second!._id, moderator);
    await user.click(screen.getByRole('button', { name: 'Deactivate selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate 2 users?' });
    const close = within(dialog).getByRole('checkbox', {
      name: 'Close each member’s open reports as actioned under their new restriction',
    });
    expect(close).toBeChecked();
    await fill(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    const summary = `1 user deactivated, 1 failed: ${RESTRICTION_MESSAGES.alreadyRestricted(meanwhile)}`;
    expect(
      await screen.findByText(summary, { selector: '.mantine-Notification-description' }),
    ).toBeInTheDocument();
    expect(await memberCalls(first!._id)).toEqual([]);
  });
});

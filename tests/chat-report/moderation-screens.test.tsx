import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { MockActivity } from '@mocks/activity';
import { db, nextId } from '@mocks/db';
import { server } from '@mocks/node';
import { formatDateTime } from '@/lib/format';
import { chooseDay } from '../support/day-input';
import { apiCalls } from '../support/request-log';
import { renderApp, specOnlyApi, withoutFeatures } from '../support/render';

/**
 * The moderation screens (DECISIONS, "Moderation"): /activity with its filters in the URL and the call, and the chat
 * reports as cases (status, filter, Dismiss, "Deactivate reported user"), with the features the mock API announces;
 * against a SPEC-only API, no Activity anywhere and SPEC's chat-report list exactly.
 */

const ME = () => ({ _id: db.admin._id, name: 'Admin User', email: db.admin.email });
const SAM = { _id: 'a0000000000000000000005a', name: 'Sam Moderator', email: 'sam@example.com' };
const at = (day: number, hour = 12) => new Date(Date.UTC(2026, 10, day, hour)).toISOString();

/**
 * Twelve entries, one a day from 1 to 12 November, stored newest first: the newest a deactivation of an existing user
 * with a reason by Sam, then a deleted FAQ, a mail (no screen of its own), and nine hobby renames by the admin.
 */
function seedActivity() {
  const user = db.users[0]!;
  const entry = (day: number, fields: Partial<MockActivity>): MockActivity => ({
    _id: nextId(),
    createdAt: at(day),
    admin: ME(),
    action: 'update',
    recordType: 'hobbies',
    recordId: 'gone-hobby',
    recordName: `Hobby ${day}`,
    summary: `name: "Old ${day}" → "Hobby ${day}"`,
    reason: null,
    ...fields,
  });
  db.activity = [
    entry(12, {
      admin: SAM,
      action: 'deactivate',
      recordType: 'user',
      recordId: user._id,
      recordName: `${user.name} ${user.surname}`,
      summary: 'Deactivated',
      reason: 'Spam links',
    }),
    entry(11, {
      action: 'delete',
      recordType: 'faq',
      recordId: 'deleted-faq',
      recordName: 'Is the app free?',
      summary: 'Deleted',
    }),
    entry(10, {
      action: 'send',
      recordType: 'mail',
      recordId: db.mails[0]!._id,
      recordName: 'Welcome',
      summary: 'Sent to 3 users',
    }),
    ...Array.from({ length: 9 }, (_, index) => entry(9 - index, {})),
  ];
  return { user };
}

const table = (name: string) => screen.findByRole('table', { name }, { timeout: 5000 });

/** The data rows of a table. */
const rowsOf = (element: HTMLElement) => within(element).getAllByRole('row').slice(1);

/** The cells' text under `header`, row by row. */
function column(element: HTMLElement, header: string) {
  const index = within(element)
    .getAllByRole('columnheader')
    .findIndex((th) => th.textContent === header);
  expect(index).toBeGreaterThanOrEqual(0);
  return rowsOf(element).map((row) => (row as HTMLTableRowElement).cells[index]!.textContent);
}

const headers = (element: HTMLElement) =>
  within(element)
    .getAllByRole('columnheader')
    .map((th) => th.textContent);

async function notification(text: string) {
  return screen.findByText(text, { selector: '.mantine-Notification-description' });
}

const activityCalls = async () => (await apiCalls('/api/activity/list')).map((call) => call.query);
const reportCalls = async () => (await apiCalls('/api/chat-report/list')).map((call) => call.query);

describe('/activity (activity-log)', () => {
  it('lists the log newest first under its title and menu entry, linking records that still exist, and pages', async () => {
    const { user: target } = seedActivity();
    const { user, router } = renderApp('/activity');
    expect(await screen.findByRole('heading', { name: 'Activity', level: 1 })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: 'Activity' })).toHaveAttribute('href', '/activity');
    expect(within(menu).getByRole('link', { name: 'Activity' })).toHaveAttribute('aria-current', 'page');

    const log = await table('Activity');
    await waitFor(() => expect(rowsOf(log)).toHaveLength(10));
    expect(headers(log)).toEqual(['When', 'Admin', 'Action', 'Record', 'Summary', 'Reason']);
    expect(column(log, 'When').slice(0, 3)).toEqual([at(12), at(11), at(10)].map(formatDateTime));
    const [deactivation, deletion, mail, rename] = rowsOf(log);
    expect([...(deactivation as HTMLTableRowElement).cells].map((cell) => cell.textContent)).toEqual([
      formatDateTime(at(12)),
      'Sam Moderator',
      'Deactivated',
      `User${target.name} ${target.surname}`,
      'Deactivated',
      'Spam links',
    ]);
    expect(
      within(deactivation!).getByRole('link', { name: `${target.name} ${target.surname}` }),
    ).toHaveAttribute('href', `/users/${target._id}`);
    // A deleted FAQ, a mail (no screen of its own) and a hobby that is gone: their names, with nothing to open.
    expect(within(deletion!).getByText('Is the app free?')).toBeInTheDocument();
    expect(within(mail!).getByText('Welcome')).toBeInTheDocument();
    for (const row of [deletion!, mail!, rename!]) expect(within(row).queryByRole('link')).toBeNull();
    expect(column(log, 'Reason').slice(1)).toEqual(Array(9).fill('-'));
    expect(column(log, 'Admin')[1]).toBe('Admin User');
    expect(screen.getByText('Showing 1–10 of 12')).toBeInTheDocument();
    expect(await activityCalls()).toEqual([{ page: '1', limit: '10' }]);

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(rowsOf(log)).toHaveLength(2));
    expect(column(log, 'When')).toEqual([at(2), at(1)].map(formatDateTime));
    expect(router.state.location.search).toBe('?page=2');
    expect((await activityCalls()).at(-1)).toEqual({ page: '2', limit: '10' });
    // No sort: the log's only order is newest first.
    expect(within(log).queryAllByRole('button', { name: 'When' })).toEqual([]);
  });

  it('puts each filter in the URL and the call: action, record type, admin, and whole local days', async () => {
    seedActivity();
    const { user, router } = renderApp('/activity?page=2');
    const log = await table('Activity');
    await waitFor(() => expect(rowsOf(log)).toHaveLength(2));
    const admin = screen.getByRole('combobox', { name: 'Admin' });
    await within(admin).findByRole('option', { name: 'Sam Moderator' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Deactivated');
    await waitFor(() => expect(router.state.location.search).toBe('?action=deactivate'));
    await waitFor(() => expect(rowsOf(log)).toHaveLength(1));
    expect((await activityCalls()).at(-1)).toEqual({ page: '1', limit: '10', action: 'deactivate' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Record type' }), 'User');
    await user.selectOptions(admin, 'Sam Moderator');
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        action: 'deactivate',
        recordType: 'user',
        admin: SAM._id,
      }),
    );
    await waitFor(async () =>
      expect((await activityCalls()).at(-1)).toEqual({
        page: '1',
        limit: '10',
        action: 'deactivate',
        recordType: 'user',
        admin: SAM._id,
      }),
    );
    expect(column(log, 'Admin')).toEqual(['Sam Moderator']);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'All actions');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Record type' }), 'All record types');
    await user.selectOptions(admin, 'All admins');
    await chooseDay(user, 'From', '3 Nov 2026');
    await chooseDay(user, 'To', '5 Nov 2026');
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-11-03&to=2026-11-05'));
    await waitFor(async () =>
      expect((await activityCalls()).at(-1)).toEqual({
        page: '1',
        limit: '10',
        from: new Date(2026, 10, 3).toISOString(),
        to: new Date(2026, 10, 6).toISOString(),
      }),
    );
    await waitFor(() => expect(column(log, 'When')).toEqual([at(5), at(4), at(3)].map(formatDateTime)));
  });

  it('reads its filters from the URL, and says when nothing matches', async () => {
    seedActivity();
    renderApp('/activity?action=password&admin=' + SAM._id);
    expect(await screen.findByText('No activity')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Action' })).toHaveValue('password');
    expect(await activityCalls()).toEqual([{ page: '1', limit: '10', action: 'password', admin: SAM._id }]);
  });

  it("shows a failed read in the server's words, and Try again reads it", async () => {
    seedActivity();
    server.use(
      http.get(
        '*/api/activity/list',
        () => HttpResponse.json({ success: false, message: 'The activity log is busy' }, { status: 429 }),
        { once: true },
      ),
    );
    const { user } = renderApp('/activity');
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 5000 });
    expect(
      within(retry.closest<HTMLElement>('[role="alert"]')!).getByText('The activity log is busy'),
    ).toBeInTheDocument();
    await user.click(retry);
    const log = await table('Activity');
    await waitFor(() => expect(rowsOf(log)).toHaveLength(10));
    expect(await activityCalls()).toHaveLength(2);
  });

  it('shows a write made on another screen as soon as it is opened again', async () => {
    seedActivity();
    const menuLink = (name: string) =>
      within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('link', { name });
    const { user } = renderApp('/activity');
    await waitFor(async () => expect(rowsOf(await table('Activity'))).toHaveLength(10));

    await user.click(menuLink('FAQ'));
    const faq = db.faqs[0]!;
    const row = (await within(await table('FAQ')).findByText(faq.question)).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    const ask = await screen.findByRole('dialog', { name: 'Are you sure you want to delete this item?' });
    await user.click(within(ask).getByRole('button', { name: 'Yes' }));
    expect(await notification('Faq deleted successfully!')).toBeInTheDocument();

    await user.click(menuLink('Activity'));
    const log = await table('Activity');
    await waitFor(() =>
      expect([...(rowsOf(log)[0] as HTMLTableRowElement).cells].map((cell) => cell.textContent)).toEqual([
        expect.any(String),
        'Admin User',
        'Deleted',
        `FAQ${faq.question}`,
        expect.any(String),
        '-',
      ]),
    );
    expect(screen.getByText('Showing 1–10 of 13')).toBeInTheDocument();
  });

  it('is found by the Search (jump to) as a screen', async () => {
    const { user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Search Ctrl K' }));
    await user.type(await screen.findByRole('textbox', { name: 'Search screens and users' }), 'Activ');
    expect(await screen.findByRole('button', { name: 'Activity' })).toBeInTheDocument();
  });
});

describe('chat report cases (report-cases)', () => {
  /** The first Open report with both participants, and its row's reported user. */
  const openReport = () => {
    const report = db.chatReports.find(
      (candidate) => candidate.status === 'Open' && candidate.thread.user_id.length === 2,
    )!;
    return { report, reported: report.thread.user_id.find((person) => person._id !== report.user)! };
  };
  const rowOf = async (message: string) =>
    (await screen.findAllByText(message)).map((cell) => cell.closest('tr')!)[0]!;

  it('shows each case with its note, and filters by status in the URL and the call', async () => {
    const { user, router } = renderApp('/chat-report');
    const list = await table('Chat Report');
    await waitFor(() => expect(rowsOf(list)).toHaveLength(10));
    expect(headers(list)).toEqual([
      'Reported By',
      'Reported To',
      'Report Message',
      'Reported At',
      'Status',
      'Action',
    ]);
    const statuses = column(list, 'Status');
    expect(statuses[1]).toBe('DismissedPhotos reviewed: within the rules');
    expect(statuses[6]).toBe('ActionedFake profile: the photos are a model’s');
    expect(statuses[0]).toBe('Open');
    // Each row offers what changes its case.
    expect(within(rowsOf(list)[1]!).queryByRole('button', { name: 'Dismiss' })).toBeNull();
    expect(within(rowsOf(list)[6]!).queryByRole('button', { name: 'Deactivate reported user' })).toBeNull();
    expect(within(rowsOf(list)[0]!).getByRole('button', { name: 'Dismiss' })).toBeInTheDocument();

    const filter = screen.getByRole('combobox', { name: 'Status' });
    expect(
      within(filter)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All', 'Open', 'Actioned', 'Dismissed']);
    await user.selectOptions(filter, 'Dismissed');
    await waitFor(() => expect(router.state.location.search).toBe('?status=Dismissed'));
    await waitFor(() =>
      expect(column(list, 'Status')).toEqual(['DismissedPhotos reviewed: within the rules']),
    );
    expect(await reportCalls()).toEqual([
      { page: '1', limit: '10' },
      { page: '1', limit: '10', status: 'Dismissed' },
    ]);
    await user.selectOptions(filter, 'All');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(rowsOf(list)).toHaveLength(10));
  });

  it('dismisses a report with a note: one call, and the row shows it after one refetch', async () => {
    const { report } = openReport();
    const { user } = renderApp('/chat-report');
    const list = await table('Chat Report');
    await waitFor(() => expect(rowsOf(list)).toHaveLength(10));
    const row = await rowOf(report.message);
    const before = (await reportCalls()).length;
    await user.click(within(row).getByRole('button', { name: 'Dismiss' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss this report?' });
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Note (optional)' }),
      'Banter between friends',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));

    expect(await notification('Report dismissed')).toBeInTheDocument();
    await waitFor(() =>
      expect(column(list, 'Status')[db.chatReports.indexOf(report)]).toBe('DismissedBanter between friends'),
    );
    const calls = await apiCalls(`/api/chat-report/case/${report._id}`);
    expect(calls.map(({ method, body }) => ({ method, body }))).toEqual([
      { method: 'PATCH', body: { status: 'Dismissed', note: 'Banter between friends' } },
    ]);
    expect(await reportCalls()).toHaveLength(before + 1);
    expect(
      within(rowsOf(list)[db.chatReports.indexOf(report)]!).queryByRole('button', { name: 'Dismiss' }),
    ).toBeNull();
  });

  it("restricts the reported user ('restrictions'): a policy and the facts, one call that closes the report under the new restriction, and the row reads Actioned", async () => {
    const { report, reported } = openReport();
    const policy = db.catalogues.reportelement!.find((element) => element.message === 'Fake profile')!;
    const { user } = renderApp('/chat-report');
    const list = await table('Chat Report');
    await waitFor(() => expect(rowsOf(list)).toHaveLength(10));
    const row = await rowOf(report.message);
    await user.click(within(row).getByRole('button', { name: 'Deactivate reported user' }));
    const dialog = await screen.findByRole('dialog', {
      name: `Deactivate ${reported.name} ${reported.surname} (${reported.email})?`,
    });
    // Neither the policy nor the facts given: nothing is sent.
    await user.click(within(dialog).getByRole('radio', { name: 'Permanent' }));
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate reported user' }));
    expect(within(dialog).getByText('Please choose the policy the restriction cites')).toBeInTheDocument();
    expect((await apiCalls()).filter((call) => call.method !== 'GET')).toEqual([]);
    await user.click(within(dialog).getAllByLabelText(/^Policy/)[0]!);
    await user.click(await screen.findByRole('option', { name: 'Fake profile' }));
    await user.type(
      within(dialog).getByRole('textbox', { name: /^Facts and circumstances/ }),
      'Stolen photos',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate reported user' }));

    expect(await notification('User deactivated and report marked Actioned')).toBeInTheDocument();
    const writes = (await apiCalls()).filter((call) => call.method !== 'GET');
    expect(writes.map(({ path, query, body }) => ({ path, query, body }))).toEqual([
      {
        path: `/api/admin/status/${reported._id}`,
        query: { enabled: 'false' },
        body: {
          restriction: { policyId: policy._id, facts: 'Stolen photos', endsAt: null, closeReports: true },
        },
      },
    ]);
    // The list is read again: the report reads Actioned under the new restriction, with no action left but Dismiss.
    const made = db.restrictions.find((restriction) => restriction.userId === reported._id)!;
    const after = await rowOf(report.message);
    expect(await within(after).findByText(`Actioned under ${made.reference}`)).toBeInTheDocument();
    expect(within(after).queryByRole('button', { name: 'Deactivate reported user' })).toBeNull();
  });

  it('deactivates the reported user with a reason: both calls, and the case reads Actioned', async () => {
    // A reason's dialog, as without 'restrictions' (its own dialog: tests/users/restrictions.test.tsx).
    withoutFeatures('restrictions');
    const { report, reported } = openReport();
    const { user } = renderApp('/chat-report');
    const list = await table('Chat Report');
    await waitFor(() => expect(rowsOf(list)).toHaveLength(10));
    const row = await rowOf(report.message);
    await user.click(within(row).getByRole('button', { name: 'Deactivate reported user' }));
    // Named by name, surname and e-mail: two members of the same name are told apart.
    const dialog = await screen.findByRole('dialog', {
      name: `Deactivate ${reported.name} ${reported.surname} (${reported.email})?`,
    });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Fake profile');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate reported user' }));

    expect(await notification('User deactivated and report marked Actioned')).toBeInTheDocument();
    await waitFor(() =>
      expect(column(list, 'Status')[db.chatReports.indexOf(report)]).toBe('ActionedFake profile'),
    );
    const writes = (await apiCalls()).filter((call) => call.method !== 'GET');
    expect(writes.map(({ path, query, body }) => ({ path, query, body }))).toEqual([
      {
        path: `/api/admin/status/${reported._id}`,
        query: { enabled: 'false' },
        body: { reason: 'Fake profile' },
      },
      {
        path: `/api/chat-report/case/${report._id}`,
        query: {},
        body: { status: 'Actioned', note: 'Fake profile' },
      },
    ]);
    expect(db.users.find((candidate) => candidate._id === reported._id)!.enabled).toBe(false);
  });

  it("shows a refused case change in the server's words, and the case stays Open", async () => {
    const { report } = openReport();
    server.use(
      http.patch('*/api/chat-report/case/:reportId', () =>
        HttpResponse.json(
          { success: false, message: 'Note must be at most 1000 characters' },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderApp('/chat-report');
    const list = await table('Chat Report');
    await waitFor(() => expect(rowsOf(list)).toHaveLength(10));
    await user.click(within(await rowOf(report.message)).getByRole('button', { name: 'Dismiss' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Dismiss this report?' })).getByRole('button', {
        name: 'Dismiss',
      }),
    );
    expect(await notification('Note must be at most 1000 characters')).toBeInTheDocument();
    expect(screen.queryByText('Report dismissed')).toBeNull();
    expect(column(list, 'Status')[db.chatReports.indexOf(report)]).toBe('Open');
    expect(db.chatReports.find((candidate) => candidate._id === report._id)!.status).toBe('Open');
  });
});

describe('against a SPEC-only API', () => {
  it('has no Activity: not in the menu nor the Search, and /activity is not found and calls nothing', async () => {
    specOnlyApi();
    const { user } = renderApp('/activity');
    expect(await screen.findByRole('heading', { name: 'Page not found', level: 1 })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: 'Chat Block' })).toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Activity' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Search Ctrl K' }));
    await user.type(await screen.findByRole('textbox', { name: 'Search screens and users' }), 'Chat');
    await screen.findByRole('button', { name: 'Chat Block' });
    await user.clear(screen.getByRole('textbox', { name: 'Search screens and users' }));
    await user.type(screen.getByRole('textbox', { name: 'Search screens and users' }), 'Activ');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Chat Block' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Activity' })).toBeNull();
    expect((await apiCalls()).filter((call) => call.path.startsWith('/api/activity'))).toEqual([]);
  });

  it("shows SPEC's chat-report list exactly: four columns, no filter or actions, SPEC's call alone", async () => {
    specOnlyApi();
    renderApp('/chat-report?status=Dismissed');
    const list = await table('Chat Report');
    await waitFor(() => expect(rowsOf(list)).toHaveLength(10));
    expect(headers(list)).toEqual(['Reported By', 'Reported To', 'Report Message', 'Reported At']);
    expect(screen.queryByRole('combobox', { name: 'Status' })).toBeNull();
    expect(within(list).queryByRole('button', { name: /Dismiss|Deactivate/ })).toBeNull();
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent)
        .filter((label) => ['Feedbacks', 'Chat Report', 'Chat Block'].includes(label ?? '')),
    ).toEqual(['Feedbacks', 'Chat Report', 'Chat Block']);
    expect((await apiCalls()).map(({ path, query }) => ({ path, query }))).toEqual([
      { path: '/api/chat-report/list', query: { page: '1', limit: '10' } },
    ]);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { api, callApi, resetData, signInAs } from '../support/api-server';
import { server } from '../support/msw';
import { chooseDay } from '../support/day-input';
import { apiCalls } from '../support/request-log';
import { renderApp, specOnlyApi, withoutFeatures } from '../support/render';
import { policyNamed, restrictMember } from '../support/restrictions';

/**
 * The moderation screens (DECISIONS, "Moderation"): /activity with its filters in the URL and the call, and the chat
 * reports as cases (status, filter, Dismiss, "Deactivate reported user"), with the features the server announces;
 * against a SPEC-only API, no Activity anywhere and SPEC's chat-report list exactly.
 */

type Member = { _id: string; name: string; surname: string; email: string };
type Entry = {
  _id: string;
  createdAt: string;
  admin: { _id: string; name: string } | null;
  action: string;
  recordType: string;
  recordName: string;
  summary: string;
  reason: string | null;
};
type Report = {
  _id: string;
  message: string;
  user: string;
  status: 'Open' | 'Actioned' | 'Dismissed';
  note: string;
  thread: { user_id: Member[] };
};
type Listed<T> = { result: T[]; pagination: { count: number } };

/** A page of a list of the server, as the console asks for it (`query`: its filters). */
const listed = async <T,>(path: string, query = '') =>
  (await callApi<Listed<T>>('GET', `${path}?page=1&limit=10${query}`)).body;

/** The Moderator of the arranged log, as its entries name them (name and surname). */
const MODERATOR = 'Moderator Admin';
/** The seed's Owner, the console's signed-in admin, as the log names them. */
const OWNER = 'Admin User';

/**
 * Writes the newest entries of the log through the API, newest last: a language added and renamed nine times by the Owner,
 * then deleted; a mail sent; a FAQ deleted; and a Moderator's deactivation of a member (a restriction citing a policy,
 * with the facts as its reason). The log's first page is then these, newest first, over the demo's own entries.
 */
async function arrangeLog() {
  const [target] = await api.get<Member[]>('/api/admin/list?page=1&items=1&filter=user.enabled&equal=true');
  const language = await api.post<{ _id: string }>('/api/language/create', {
    name: 'Esperanto 0',
    enabled: true,
  });
  for (let n = 1; n <= 9; n += 1)
    await api.patch(`/api/language/update/${language._id}`, { name: `Esperanto ${n}`, enabled: true });
  await api.delete(`/api/language/delete/${language._id}`);
  const [recipient] = await api.get<Member[]>(
    '/api/admin/list?page=1&items=1&filter=user.enabled&equal=true',
  );
  await api.post('/api/mail-send/create', {
    title: 'Welcome',
    body: '<p>Hello</p>',
    users: [recipient!._id],
  });
  const faq = (await api.get<{ _id: string; question: string }[]>('/api/faq/listAll')).find(
    (candidate) => candidate.question === 'Can I pause my account?',
  )!;
  await api.delete(`/api/faq/delete/${faq._id}`);
  const moderator = await signInAs('moderator');
  await restrictMember(target!._id, { policy: 'Spam or scam', facts: 'Spam links', closeReports: false });
  await signInAs('owner');
  return { target: target!, moderator: moderator.admin, faq };
}

/** The log as the server lists it (`query`: its page and filters). */
const logPage = (query = '') => listed<Entry>('/api/activity/list', query);

// Each test starts from the demo data: they write the log's entries, decide cases and restrict members.
beforeEach(resetData);

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
    const { target } = await arrangeLog();
    const { result: newest, pagination } = await logPage();
    const second = (await callApi<Listed<Entry>>('GET', '/api/activity/list?page=2&limit=10')).body;
    expect(pagination.count).toBeGreaterThan(20);
    const { user, router } = renderApp('/activity');
    expect(await screen.findByRole('heading', { name: 'Activity', level: 1 })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: 'Activity' })).toHaveAttribute('href', '/activity');
    expect(within(menu).getByRole('link', { name: 'Activity' })).toHaveAttribute('aria-current', 'page');

    const log = await table('Activity');
    await waitFor(() => expect(rowsOf(log)).toHaveLength(10));
    expect(headers(log)).toEqual(['When', 'Admin', 'Action', 'Record', 'Summary', 'Reason']);
    expect(column(log, 'When')).toEqual(newest.map((entry) => formatDateTime(entry.createdAt)));
    const [deactivation, deletion, mail, gone, rename] = rowsOf(log);
    expect([...(deactivation as HTMLTableRowElement).cells].map((cell) => cell.textContent)).toEqual([
      formatDateTime(newest[0]!.createdAt),
      MODERATOR,
      'Restricted',
      `User${target.name} ${target.surname}`,
      newest[0]!.summary,
      'Spam links',
    ]);
    expect(
      within(deactivation!).getByRole('link', { name: `${target.name} ${target.surname}` }),
    ).toHaveAttribute('href', `/users/${target._id}`);
    // A deleted FAQ, a mail (no screen of its own) and a language that is gone: their names, with nothing to open.
    expect(within(deletion!).getByText('Can I pause my account?')).toBeInTheDocument();
    expect(within(mail!).getByText('Welcome')).toBeInTheDocument();
    expect(within(gone!).getByText('Esperanto 9')).toBeInTheDocument();
    expect(within(rename!).getByText('Esperanto 9')).toBeInTheDocument();
    for (const row of [deletion!, mail!, gone!, rename!]) expect(within(row).queryByRole('link')).toBeNull();
    expect(column(log, 'Action').slice(1, 5)).toEqual(['Deleted', 'Mail sent', 'Deleted', 'Updated']);
    expect(column(log, 'Reason').slice(1)).toEqual(Array(9).fill('-'));
    expect(column(log, 'Admin')[1]).toBe(OWNER);
    expect(screen.getByText(`Showing 1–10 of ${pagination.count}`)).toBeInTheDocument();
    expect(await activityCalls()).toEqual([{ page: '1', limit: '10' }]);

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() =>
      expect(column(log, 'When')).toEqual(second.result.map((entry) => formatDateTime(entry.createdAt))),
    );
    expect(rowsOf(log)).toHaveLength(10);
    // The language's first renames: the log's second page starts with them.
    expect(column(log, 'Record').slice(0, 2)).toEqual(['LanguageEsperanto 3', 'LanguageEsperanto 2']);
    expect(router.state.location.search).toBe('?page=2');
    expect((await activityCalls()).at(-1)).toEqual({ page: '2', limit: '10' });
    // No sort: the log's only order is newest first.
    expect(within(log).queryAllByRole('button', { name: 'When' })).toEqual([]);
  });

  // The day inputs load the date picker's code when first used: over 10 s on a busy machine's first run.
  it(
    'puts each filter in the URL and the call: action, record type, admin, and whole local days',
    { timeout: 45_000 },
    async () => {
      const { moderator } = await arrangeLog();
      const { user, router } = renderApp('/activity?page=2');
      const log = await table('Activity');
      await waitFor(() => expect(rowsOf(log)).toHaveLength(10));
      const admin = screen.getByRole('combobox', { name: 'Admin' });
      await within(admin).findByRole('option', { name: MODERATOR });

      await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Restricted');
      await waitFor(() => expect(router.state.location.search).toBe('?action=restrict'));
      await waitFor(() => expect(rowsOf(log)).toHaveLength(1));
      expect((await activityCalls()).at(-1)).toEqual({ page: '1', limit: '10', action: 'restrict' });

      await user.selectOptions(screen.getByRole('combobox', { name: 'Record type' }), 'User');
      await user.selectOptions(admin, MODERATOR);
      await waitFor(() =>
        expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
          action: 'restrict',
          recordType: 'user',
          admin: moderator._id,
        }),
      );
      await waitFor(async () =>
        expect((await activityCalls()).at(-1)).toEqual({
          page: '1',
          limit: '10',
          action: 'restrict',
          recordType: 'user',
          admin: moderator._id,
        }),
      );
      expect(column(log, 'Admin')).toEqual([MODERATOR]);

      // Three whole local days of the demo's log, a week ago.
      const day = (daysAgo: number) => {
        const today = new Date();
        return new Date(today.getFullYear(), today.getMonth(), today.getDate() - daysAgo);
      };
      const [from, to] = [day(9), day(7)];
      const typed = (date: Date) =>
        `${date.getDate()} ${date.toLocaleString('en-GB', { month: 'short' })} ${date.getFullYear()}`;
      const iso = (date: Date) =>
        `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
      const range = { from: from.toISOString(), to: day(6).toISOString() };
      const inRange = await logPage(`&from=${range.from}&to=${range.to}`);
      expect(inRange.result.length).toBeGreaterThan(0);

      await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'All actions');
      await user.selectOptions(screen.getByRole('combobox', { name: 'Record type' }), 'All record types');
      await user.selectOptions(admin, 'All admins');
      await chooseDay(user, 'From', typed(from));
      await chooseDay(user, 'To', typed(to));
      await waitFor(() => expect(router.state.location.search).toBe(`?from=${iso(from)}&to=${iso(to)}`));
      await waitFor(async () =>
        expect((await activityCalls()).at(-1)).toEqual({ page: '1', limit: '10', ...range }),
      );
      await waitFor(() =>
        expect(column(log, 'When')).toEqual(inRange.result.map((entry) => formatDateTime(entry.createdAt))),
      );
    },
  );

  it('reads its filters from the URL, and says when nothing matches', async () => {
    const { moderator } = await arrangeLog();
    renderApp('/activity?action=password&admin=' + moderator._id);
    expect(await screen.findByText('No activity')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Action' })).toHaveValue('password');
    expect(await activityCalls()).toEqual([
      { page: '1', limit: '10', action: 'password', admin: moderator._id },
    ]);
  });

  it("shows a failed read in the server's words, and Try again reads it", async () => {
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
    const before = (await logPage()).pagination.count;
    const menuLink = (name: string) =>
      within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('link', { name });
    const { user } = renderApp('/activity');
    await waitFor(async () => expect(rowsOf(await table('Activity'))).toHaveLength(10));
    expect(screen.getByText(`Showing 1–10 of ${before}`)).toBeInTheDocument();

    await user.click(menuLink('FAQ'));
    const question = 'How do I reset my password?';
    const row = (await within(await table('FAQ')).findByText(question)).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    const ask = await screen.findByRole('dialog', { name: 'Are you sure you want to delete this item?' });
    await user.click(within(ask).getByRole('button', { name: 'Yes' }));
    expect(await notification('Faq deleted successfully!')).toBeInTheDocument();

    await user.click(menuLink('Activity'));
    const log = await table('Activity');
    await waitFor(() =>
      expect([...(rowsOf(log)[0] as HTMLTableRowElement).cells].map((cell) => cell.textContent)).toEqual([
        expect.any(String),
        OWNER,
        'Deleted',
        `FAQ${question}`,
        expect.any(String),
        '-',
      ]),
    );
    expect(screen.getByText(`Showing 1–10 of ${before + 1}`)).toBeInTheDocument();
  });

  it('is found by the Search (jump to) as a screen', async () => {
    const { user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Search Ctrl K' }));
    await user.type(await screen.findByRole('textbox', { name: 'Search screens and users' }), 'Activ');
    expect(await screen.findByRole('button', { name: 'Activity' })).toBeInTheDocument();
  });
});

describe('chat report cases (report-cases)', () => {
  /** The demo's reports on the list's first page, newest first. */
  const firstPage = async () => (await listed<Report>('/api/chat-report/list')).result;
  /** The newest Open report with both participants, its index on the first page, and its reported member. */
  const openReport = async () => {
    const reports = await firstPage();
    const index = reports.findIndex(
      (candidate) => candidate.status === 'Open' && candidate.thread.user_id.length === 2,
    );
    expect(index).toBeGreaterThanOrEqual(0);
    const report = reports[index]!;
    return { report, index, reported: report.thread.user_id.find((person) => person._id !== report.user)! };
  };
  /** A case's Status cell as the list shows it: the status, and its note under it. */
  const statusText = (report: Report) => `${report.status}${report.note}`;
  const rowOf = async (message: string) =>
    (await screen.findAllByText(message)).map((cell) => cell.closest('tr')!)[0]!;

  it('shows each case with its note, and filters by status in the URL and the call', async () => {
    // Two cases of the first page decided through the API, each with its note: the second Dismissed, the seventh
    // Actioned.
    const page = await firstPage();
    await api.patch(`/api/chat-report/case/${page[1]!._id}`, {
      status: 'Dismissed',
      note: 'Photos reviewed: within the rules',
    });
    await api.patch(`/api/chat-report/case/${page[6]!._id}`, {
      status: 'Actioned',
      note: 'Fake profile: the photos are a model’s',
    });
    const reports = await firstPage();
    const open = reports.findIndex((report) => report.status === 'Open');
    expect(open).toBeGreaterThanOrEqual(0);
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
    expect(statuses).toEqual(reports.map(statusText));
    expect(statuses[1]).toBe('DismissedPhotos reviewed: within the rules');
    expect(statuses[6]).toBe('ActionedFake profile: the photos are a model’s');
    expect(statuses[open]).toBe('Open');
    // Each row offers what changes its case.
    expect(within(rowsOf(list)[1]!).queryByRole('button', { name: 'Dismiss' })).toBeNull();
    expect(within(rowsOf(list)[6]!).queryByRole('button', { name: 'Deactivate reported user' })).toBeNull();
    expect(within(rowsOf(list)[open]!).getByRole('button', { name: 'Dismiss' })).toBeInTheDocument();

    const filter = screen.getByRole('combobox', { name: 'Status' });
    expect(
      within(filter)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All', 'Open', 'Actioned', 'Dismissed']);
    const allDismissed = (await listed<Report>('/api/chat-report/list', '&status=Dismissed')).result;
    expect(allDismissed.map(statusText)).toContain('DismissedPhotos reviewed: within the rules');
    await user.selectOptions(filter, 'Dismissed');
    await waitFor(() => expect(router.state.location.search).toBe('?status=Dismissed'));
    await waitFor(() => expect(column(list, 'Status')).toEqual(allDismissed.map(statusText)));
    expect(await reportCalls()).toEqual([
      { page: '1', limit: '10' },
      { page: '1', limit: '10', status: 'Dismissed' },
    ]);
    await user.selectOptions(filter, 'All');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(rowsOf(list)).toHaveLength(10));
  });

  it('dismisses a report with a note: one call, and the row shows it after one refetch', async () => {
    const { report, index } = await openReport();
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
    await waitFor(() => expect(column(list, 'Status')[index]).toBe('DismissedBanter between friends'));
    const calls = await apiCalls(`/api/chat-report/case/${report._id}`);
    expect(calls.map(({ method, body }) => ({ method, body }))).toEqual([
      { method: 'PATCH', body: { status: 'Dismissed', note: 'Banter between friends' } },
    ]);
    expect(await reportCalls()).toHaveLength(before + 1);
    expect(within(rowsOf(list)[index]!).queryByRole('button', { name: 'Dismiss' })).toBeNull();
    expect((await firstPage())[index]).toMatchObject({
      _id: report._id,
      status: 'Dismissed',
      note: 'Banter between friends',
    });
  });

  it("restricts the reported user ('restrictions'): a policy and the facts, one call that closes the report under the new restriction, and the row reads Actioned", async () => {
    const { report, reported } = await openReport();
    const fakeProfile = await policyNamed('Fake profile');
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
          restriction: {
            policyId: fakeProfile._id,
            facts: 'Stolen photos',
            endsAt: null,
            closeReports: true,
          },
        },
      },
    ]);
    // The list is read again: the report reads Actioned under the new restriction, with no action left but Dismiss.
    const { inForce } = await api.get<{ inForce: { reference: string } | null }>(
      `/api/admin/restrictions/member/${reported._id}`,
    );
    expect(inForce?.reference).toMatch(/^R-/);
    const after = await rowOf(report.message);
    expect(await within(after).findByText(`Actioned under ${inForce!.reference}`)).toBeInTheDocument();
    expect(within(after).queryByRole('button', { name: 'Deactivate reported user' })).toBeNull();
  });

  it('deactivates the reported user with a reason: both calls, and the case reads Actioned', async () => {
    // A reason's dialog, as without 'restrictions' (its own dialog: tests/users/restrictions.test.tsx).
    withoutFeatures('restrictions');
    // Such an API deactivates on the reason alone; the reference server refuses a deactivation that cites no policy
    // (DECISIONS: a restriction cites a policy and the facts), so that API's answer stands in for it. The case's
    // change goes to the server.
    server.use(
      http.patch('*/api/admin/status/:userId', () =>
        HttpResponse.json({ success: true, message: 'User deactivated successfully' }),
      ),
    );
    const { report, reported, index } = await openReport();
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
    await waitFor(() => expect(column(list, 'Status')[index]).toBe('ActionedFake profile'));
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
    expect((await firstPage())[index]).toMatchObject({
      _id: report._id,
      status: 'Actioned',
      note: 'Fake profile',
    });
  });

  it("shows a refused case change in the server's words, and the case stays Open", async () => {
    const { report, index } = await openReport();
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
    expect(column(list, 'Status')[index]).toBe('Open');
    expect((await firstPage())[index]).toMatchObject({ _id: report._id, status: 'Open' });
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

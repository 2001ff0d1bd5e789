import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { ACTIVITY_ACTIONS } from '@contract/moderation';
import { RESTRICTION_MESSAGES } from '@contract/restrictions';
import { recordTypeOf } from '@mocks/activity';
import { db, nextId, type MockUser } from '@mocks/db';
import { collectionOf } from '@mocks/handlers/catalogues';
import { server } from '@mocks/node';
import { AppProviders } from '@/app/providers';
import { loadCatalogues } from '@/features/catalogues/registry';
import {
  ActivityFilters,
  activityQueryOf,
  NO_ACTIVITY_FILTERS,
  type ActivityFilterValues,
} from '@/features/activity/activity-filters';
import { CaseActions, CaseStatusBadge, type ReportCase } from '@/features/chat-report/case-actions';
import { recordLink } from '@/features/activity/record-links';
import { askDeactivationReason } from '@/features/users/deactivation-reason';
import { createQueryClient } from '@/lib/query-client';
import { chooseDay } from '../support/day-input';
import { apiCalls } from '../support/request-log';
import { renderApp, signIn, specOnlyApi, TEST_TOKEN, withoutFeatures } from '../support/render';

const CATALOGUES = await loadCatalogues();

/**
 * Moderation in the console (DECISIONS, "Moderation"): a deactivation's reason, the profile's Moderation history,
 * a chat report's case actions and the activity screen's filters, with the features the mock API announces, and
 * none of it against a SPEC-only API.
 */

const fullName = (user: MockUser) => `${user.name} ${user.surname}`;
/** How a confirmation that acts on a member names them. */
const named = (user: { name: string; surname?: string; email?: string }) =>
  `${[user.name, user.surname].join(' ')} (${user.email})`;
const activeUser = () => db.users.find((user) => user.enabled)!;
const inactiveUser = () => db.users.find((user) => !user.enabled)!;

async function notification(text: string) {
  return screen.findByText(text, { selector: '.mantine-Notification-description' });
}

/** The profile's header card, where the status button is. */
async function profileHeader() {
  return (await screen.findByRole('heading', { level: 1 })).closest('.mantine-Card-root') as HTMLElement;
}

/** The rows of a table, as their text, the header row left out. */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);

/** Renders one component with the app's providers (query client, Mantine, dialogs, notifications), signed in. */
function renderWithProviders(ui: React.ReactNode) {
  signIn();
  const user = userEvent.setup();
  render(
    <MemoryRouter>
      <AppProviders queryClient={createQueryClient({ queries: { retryDelay: 0 } })} mantineEnv="test">
        {ui}
      </AppProviders>
    </MemoryRouter>,
  );
  return { user };
}

/** An answer of the mock API: the envelope, with the list's rows. */
type Answer = {
  success: boolean;
  message: string;
  result: Record<string, unknown>[];
  pagination?: Record<string, number>;
};

/** The mock API as a client calls it. */
const get = (path: string) =>
  fetch(`http://localhost/api/${path}`, { headers: { Authorization: `Bearer ${TEST_TOKEN}` } }).then(
    async (response) => ({ status: response.status, body: (await response.json()) as Answer }),
  );

describe('deactivating with a reason (status-reason)', () => {
  it('asks for an optional reason, sends it, and the history and the log show it', async () => {
    // A reason's dialog, as without 'restrictions' (its own dialog: tests/users/restrictions.test.tsx).
    withoutFeatures('restrictions');
    const target = activeUser();
    const { user } = renderApp(`/users/${target._id}`);
    await user.click(within(await profileHeader()).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: `Deactivate ${named(target)}?` });
    const reason = within(dialog).getByRole('textbox', { name: 'Reason (optional)' });
    await user.type(reason, '  Spam links in every chat ');
    expect(within(dialog).getByText('24 / 500')).toBeInTheDocument();
    expect(await apiCalls(`/api/admin/status/${target._id}`)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));

    expect(await notification('User deactivated successfully')).toBeInTheDocument();
    const [call, ...more] = await apiCalls(`/api/admin/status/${target._id}`);
    expect(more).toEqual([]);
    expect(call?.method).toBe('PATCH');
    // The reason travels in the body, out of URLs and access logs.
    expect(call?.query).toEqual({ enabled: 'false' });
    expect(call?.body).toEqual({ reason: 'Spam links in every chat' });
    expect(
      await within(await profileHeader()).findByRole('button', { name: 'Activate' }),
    ).toBeInTheDocument();

    const history = screen.getByRole('table', { name: 'Moderation history' });
    await within(history).findByText('Deactivated by Admin User: Spam links in every chat');
    const log = await get('activity/list?action=deactivate&recordType=user&limit=1');
    expect(log.body.result[0]).toMatchObject({
      recordId: target._id,
      recordName: fullName(target),
      reason: 'Spam links in every chat',
      admin: { _id: db.admin._id, name: 'Admin User', email: db.admin.email },
      exists: true,
    });
  });

  it('sends no reason when none is given', async () => {
    // A reason's dialog, as without 'restrictions' (its own dialog: tests/users/restrictions.test.tsx).
    withoutFeatures('restrictions');
    const target = activeUser();
    const { user } = renderApp(`/users/${target._id}`);
    await user.click(within(await profileHeader()).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: `Deactivate ${named(target)}?` });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await notification('User deactivated successfully')).toBeInTheDocument();
    const calls = await apiCalls(`/api/admin/status/${target._id}`);
    expect(calls.map((call) => call.query)).toEqual([{ enabled: 'false' }]);
  });

  it('sends nothing when cancelled, and the user stays active', async () => {
    // A reason's dialog, as without 'restrictions' (its own dialog: tests/users/restrictions.test.tsx).
    withoutFeatures('restrictions');
    const target = activeUser();
    const { user } = renderApp(`/users/${target._id}`);
    await user.click(within(await profileHeader()).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: `Deactivate ${named(target)}?` });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), 'Second thoughts');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(await profileHeader()).getByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
    expect(await apiCalls(`/api/admin/status/${target._id}`)).toEqual([]);
    expect(db.users.find((user) => user._id === target._id)!.enabled).toBe(true);
  });

  it('refuses a reason over 500 characters, and sends nothing', async () => {
    // A reason's dialog, as without 'restrictions' (its own dialog: tests/users/restrictions.test.tsx).
    withoutFeatures('restrictions');
    const target = activeUser();
    const { user } = renderApp(`/users/${target._id}`);
    await user.click(within(await profileHeader()).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: `Deactivate ${named(target)}?` });
    await user.click(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }));
    await user.paste('x'.repeat(501));
    expect(within(dialog).getByText('Reason must be at most 500 characters')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(screen.getByRole('dialog', { name: `Deactivate ${named(target)}?` })).toBeInTheDocument();
    expect(await apiCalls(`/api/admin/status/${target._id}`)).toEqual([]);
  });

  it('keeps Activate one click, with no reason', async () => {
    const target = inactiveUser();
    const { user } = renderApp(`/users/${target._id}`);
    await user.click(within(await profileHeader()).getByRole('button', { name: 'Activate' }));
    expect(await notification('User activated successfully')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    const calls = await apiCalls(`/api/admin/status/${target._id}`);
    expect(calls.map((call) => call.query)).toEqual([{ enabled: 'true' }]);
  });

  it('asks one reason for several users (for the list’s bulk Deactivate): the reason, none, or cancelled', async () => {
    const { user } = renderApp('/users');
    await screen.findAllByRole('button', { name: 'Activate' });

    const given = askDeactivationReason({ count: 3 });
    let dialog = await screen.findByRole('dialog', { name: 'Deactivate 3 users?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), 'Spam ring');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await expect(given).resolves.toBe('Spam ring');

    const none = askDeactivationReason({ count: 1 });
    dialog = await screen.findByRole('dialog', { name: 'Deactivate 1 user?' });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await expect(none).resolves.toBeNull();

    const cancelled = askDeactivationReason({ name: 'Olivia Smith' });
    dialog = await screen.findByRole('dialog', { name: 'Deactivate Olivia Smith?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await expect(cancelled).resolves.toBeUndefined();
    expect((await apiCalls()).filter((call) => call.method !== 'GET')).toEqual([]);
  });
});

/**
 * A user with fifteen history items: eleven status changes (1-11 November) and, newer, a report about them, one by
 * them, a block by someone else and one by them.
 */
function userWithHistory() {
  const [target, reporter, reported, blocker, blocked] = [1, 6, 7, 8, 9].map((index) => db.users[index]!);
  const ref = (user: MockUser) => ({ _id: user._id, name: user.name, surname: user.surname });
  const at = (day: number) => new Date(Date.UTC(2026, 10, day, 12)).toISOString();
  db.activity = [];
  db.chatBlocks = [];
  db.chatReports = [];
  for (let day = 1; day <= 11; day += 1) {
    db.activity.unshift({
      _id: nextId(),
      createdAt: at(day),
      admin: { _id: db.admin._id, name: 'Admin User', email: db.admin.email },
      action: day % 2 ? 'deactivate' : 'activate',
      recordType: 'user',
      recordId: target!._id,
      recordName: fullName(target!),
      summary: day % 2 ? 'Deactivated' : 'Activated',
      reason: day === 11 ? 'Spam links' : null,
    });
  }
  const report = (from: MockUser, about: MockUser, day: number, message: string) => ({
    _id: nextId(),
    message,
    user: from._id,
    created: at(day),
    createdAt: at(day),
    thread: { user_id: [from, about].map((person) => ({ ...ref(person), email: person.email })) },
    status: 'Open' as const,
    note: '',
    handledBy: null,
    handledAt: null,
  });
  db.chatReports.push(
    { ...report(target!, reported!, 21, 'Asked for money.'), status: 'Dismissed', note: 'No proof' },
    report(reporter!, target!, 20, 'Sent offensive photos.'),
  );
  const block = (by: MockUser, whom: MockUser, day: number, message: string) => ({
    _id: nextId(),
    blockBy: ref(by),
    blockedUser: ref(whom),
    message,
    created: at(day),
    createdAt: at(day),
  });
  db.chatBlocks.push(block(target!, blocked!, 23, ''), block(blocker!, target!, 22, 'Rude messages'));
  return { target: target!, reporter: reporter!, reported: reported!, blocker: blocker!, blocked: blocked! };
}

describe("the profile's Moderation history (user-history)", () => {
  it('shows every kind newest first, ten a page, filtered by kind, with links to the other users', async () => {
    const { target, reporter, reported, blocker, blocked } = userWithHistory();
    const { user } = renderApp(`/users/${target._id}`);
    const section = await screen.findByRole('region', { name: 'Moderation history' });
    const table = await within(section).findByRole('table', { name: 'Moderation history' });
    await within(table).findByText(/^Blocked by/);
    const rows = rowsOf(table);
    expect(rows).toHaveLength(10);
    expect(rows.slice(0, 5)).toEqual([
      expect.stringContaining(`Blocked ${fullName(blocked)}`),
      expect.stringContaining(`Blocked by ${fullName(blocker)}: Rude messages`),
      expect.stringContaining(`Reported ${fullName(reported)}: Asked for money. · Dismissed: No proof`),
      expect.stringContaining(`Reported by ${fullName(reporter)}: Sent offensive photos. · Open`),
      expect.stringContaining('Deactivated by Admin User: Spam links'),
    ]);
    expect(rows[5]).toContain('Activated by Admin User');
    expect(rows[0]).toMatch(/^23 Nov 2026, \d{2}:\d{2} \S+/);
    expect(within(section).getByText('Showing 1–10 of 15')).toBeInTheDocument();
    for (const other of [blocked, blocker, reported, reporter]) {
      expect(within(table).getByRole('link', { name: fullName(other) })).toHaveAttribute(
        'href',
        `/users/${other._id}`,
      );
    }
    const [first] = await apiCalls(`/api/admin/history/${target._id}`);
    expect(first?.query).toEqual({ page: '1', limit: '10' });
    expect(first?.headers.get('authorization')).toBe(`Bearer ${TEST_TOKEN}`);

    await user.click(within(section).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(rowsOf(table)).toHaveLength(5));
    expect(rowsOf(table).every((row) => /(Activated|Deactivated) by Admin User$/.test(row ?? ''))).toBe(true);
    expect((await apiCalls(`/api/admin/history/${target._id}`)).at(-1)?.query).toEqual({
      page: '2',
      limit: '10',
    });

    await user.selectOptions(within(section).getByRole('combobox', { name: 'Show' }), 'Reported');
    await waitFor(() => expect(rowsOf(table)).toHaveLength(1));
    expect(rowsOf(table)[0]).toContain(`Reported by ${fullName(reporter)}: Sent offensive photos. · Open`);
    expect((await apiCalls(`/api/admin/history/${target._id}`)).at(-1)?.query).toEqual({
      page: '1',
      limit: '10',
      kind: 'reported',
    });
    expect(
      within(within(section).getByRole('combobox', { name: 'Show' }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All', 'Status changes', 'Reported', 'Reports made', 'Blocked by others', 'Blocks made']);
  });

  /** An IntersectionObserver that never reports: whatever is below the first view is never scrolled into it. */
  const neverScrolled = () =>
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
        takeRecords() {
          return [];
        }
      },
    );

  it('loads with the profile, with no scrolling and no button to press', async () => {
    const { target } = userWithHistory();
    neverScrolled();
    try {
      renderApp(`/users/${target._id}`);
      const section = await screen.findByRole('region', { name: 'Moderation history' });
      const table = await within(section).findByRole('table', { name: 'Moderation history' });
      await waitFor(() => expect(rowsOf(table)).toHaveLength(10));
      expect(await apiCalls(`/api/admin/history/${target._id}`)).toHaveLength(1);
      expect(within(section).queryByRole('button', { name: /moderation history/i })).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('says when there is no history', async () => {
    db.activity = [];
    db.chatReports = [];
    db.chatBlocks = [];
    renderApp(`/users/${db.users[0]!._id}`);
    const section = await screen.findByRole('region', { name: 'Moderation history' });
    expect(await within(section).findByText('No moderation history')).toBeInTheDocument();
  });

  it('shows a failed read as an error state with the server’s words, and Try again reads it', async () => {
    const { target } = userWithHistory();
    let resting = true;
    server.use(
      http.get('*/api/admin/history/:userId', () =>
        resting
          ? HttpResponse.json({ success: false, message: 'History is resting' }, { status: 503 })
          : undefined,
      ),
    );
    const { user } = renderApp(`/users/${target._id}`);
    const section = await screen.findByRole('region', { name: 'Moderation history' });
    const retry = await within(section).findByRole('button', { name: 'Try again' });
    const state = retry.closest<HTMLElement>('[role="alert"]')!;
    expect(within(state).getByText('History is resting')).toBeInTheDocument();
    // The rest of the profile is there.
    expect(screen.getByRole('region', { name: 'Basic Information' })).toBeInTheDocument();
    resting = false;
    await user.click(retry);
    const table = await within(section).findByRole('table', { name: 'Moderation history' });
    await waitFor(() => expect(rowsOf(table)).toHaveLength(10));
    // The read and its two retries, then Try again.
    expect(await apiCalls(`/api/admin/history/${target._id}`)).toHaveLength(4);
  });
});

describe('chat report case actions (report-cases)', () => {
  const openCase = (): ReportCase => {
    const report = db.chatReports.find(
      (candidate) => candidate.status === 'Open' && candidate.thread.user_id.length === 2,
    )!;
    const reported = report.thread.user_id.find((person) => person._id !== report.user)!;
    return { _id: report._id, status: 'Open', reported };
  };
  const caseCalls = (reportId: string) => apiCalls(`/api/chat-report/case/${reportId}`);

  it('dismisses a report with a note, and the log records it', async () => {
    const report = openCase();
    const { user } = renderWithProviders(<CaseActions report={report} />);
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss this report?' });
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Note (optional)' }),
      'Banter between friends',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));

    expect(await notification('Report dismissed')).toBeInTheDocument();
    const [call, ...more] = await caseCalls(report._id);
    expect(more).toEqual([]);
    expect(call?.method).toBe('PATCH');
    expect(call?.body).toEqual({ status: 'Dismissed', note: 'Banter between friends' });
    expect(db.chatReports.find((candidate) => candidate._id === report._id)).toMatchObject({
      status: 'Dismissed',
      note: 'Banter between friends',
      handledBy: { _id: db.admin._id, name: 'Admin User' },
    });
    expect((await get('activity/list?action=case&limit=1')).body.result[0]).toMatchObject({
      recordType: 'chat-report',
      recordId: report._id,
      summary: 'Open → Dismissed',
      reason: 'Banter between friends',
    });
  });

  it('dismisses without a note, and sends nothing when cancelled', async () => {
    const report = openCase();
    const { user } = renderWithProviders(<CaseActions report={report} />);
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Dismiss this report?' })).getByRole('button', {
        name: 'Cancel',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await caseCalls(report._id)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Dismiss this report?' })).getByRole('button', {
        name: 'Dismiss',
      }),
    );
    expect(await notification('Report dismissed')).toBeInTheDocument();
    expect((await caseCalls(report._id)).map((call) => call.body)).toEqual([{ status: 'Dismissed' }]);
  });

  it("shows a refused case change in the server's words", async () => {
    const report = openCase();
    server.use(
      http.patch('*/api/chat-report/case/:reportId', () =>
        HttpResponse.json(
          { success: false, message: 'Report was changed by another admin' },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderWithProviders(<CaseActions report={report} />);
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Dismiss this report?' })).getByRole('button', {
        name: 'Dismiss',
      }),
    );
    expect(await notification('Report was changed by another admin')).toBeInTheDocument();
    expect(screen.queryByText('Report dismissed')).toBeNull();
  });

  it('deactivates the reported user with a reason, then marks the case Actioned with it', async () => {
    // A reason's dialog, as without 'restrictions' (its own dialog: tests/users/restrictions.test.tsx).
    withoutFeatures('restrictions');
    const report = openCase();
    const { user } = renderWithProviders(<CaseActions report={report} />);
    await user.click(screen.getByRole('button', { name: 'Deactivate reported user' }));
    const dialog = await screen.findByRole('dialog', { name: `Deactivate ${named(report.reported!)}?` });
    // A reason is needed here: it becomes the case's note.
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate reported user' }));
    expect(within(dialog).getByText('Reason is required')).toBeInTheDocument();
    expect(await apiCalls()).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Fake profile');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate reported user' }));

    expect(await notification('User deactivated and report marked Actioned')).toBeInTheDocument();
    const writes = (await apiCalls()).filter((call) => call.method !== 'GET');
    expect(writes.map(({ method, path, query, body }) => ({ method, path, query, body }))).toEqual([
      {
        method: 'PATCH',
        path: `/api/admin/status/${report.reported!._id}`,
        query: { enabled: 'false' },
        body: { reason: 'Fake profile' },
      },
      {
        method: 'PATCH',
        path: `/api/chat-report/case/${report._id}`,
        query: {},
        body: { status: 'Actioned', note: 'Fake profile' },
      },
    ]);
    expect(db.users.find((candidate) => candidate._id === report.reported!._id)!.enabled).toBe(false);
    expect(db.chatReports.find((candidate) => candidate._id === report._id)!.status).toBe('Actioned');
  });

  it('says exactly what happened when the user was deactivated but the case change failed', async () => {
    // A reason's dialog, as without 'restrictions' (its own dialog: tests/users/restrictions.test.tsx).
    withoutFeatures('restrictions');
    const report = openCase();
    server.use(
      http.patch('*/api/chat-report/case/:reportId', () =>
        HttpResponse.json({ success: false, message: 'Report not found' }, { status: 404 }),
      ),
    );
    const { user } = renderWithProviders(<CaseActions report={report} />);
    await user.click(screen.getByRole('button', { name: 'Deactivate reported user' }));
    const dialog = await screen.findByRole('dialog', { name: `Deactivate ${named(report.reported!)}?` });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Fake profile');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate reported user' }));

    const message = await notification(
      'The user was deactivated, but the report is still open: Report not found',
    );
    expect(
      within(message.closest('.mantine-Notification-root') as HTMLElement).getByText('Error'),
    ).toBeInTheDocument();
    expect(screen.queryByText('User deactivated and report marked Actioned')).toBeNull();
    expect(db.users.find((candidate) => candidate._id === report.reported!._id)!.enabled).toBe(false);
    expect(await caseCalls(report._id)).toHaveLength(1);
  });

  it('makes no case change when the deactivation is refused', async () => {
    // A reason's dialog, as without 'restrictions' (its own dialog: tests/users/restrictions.test.tsx).
    withoutFeatures('restrictions');
    const report = openCase();
    server.use(
      http.patch('*/api/admin/status/:userId', () =>
        HttpResponse.json({ success: false, message: 'User not found' }, { status: 404 }),
      ),
    );
    const { user } = renderWithProviders(<CaseActions report={report} />);
    await user.click(screen.getByRole('button', { name: 'Deactivate reported user' }));
    const dialog = await screen.findByRole('dialog', { name: `Deactivate ${named(report.reported!)}?` });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Fake profile');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate reported user' }));
    expect(await notification('User not found')).toBeInTheDocument();
    expect(await caseCalls(report._id)).toEqual([]);
  });

  it("restricts the reported user in the restriction's dialog, which closes the report (and the member's others) under the new restriction ('restrictions')", async () => {
    const report = openCase();
    const policy = db.catalogues.reportelement!.find((element) => element.message === 'Fake profile')!;
    const { user } = renderWithProviders(<CaseActions report={report} />);
    await user.click(screen.getByRole('button', { name: 'Deactivate reported user' }));
    const dialog = await screen.findByRole('dialog', { name: `Deactivate ${named(report.reported!)}?` });
    // This report is among the member's open reports the restriction closes.
    const listed = await within(dialog).findByRole('region', { name: /open reports? on this member$/ });
    const stored = db.chatReports.find((candidate) => candidate._id === report._id)!;
    expect(within(listed).getByText(stored.message)).toBeInTheDocument();
    await user.click(within(dialog).getAllByLabelText(/^Policy/)[0]!);
    await user.click(await screen.findByRole('option', { name: 'Fake profile' }));
    await user.type(
      within(dialog).getByRole('textbox', { name: /^Facts and circumstances/ }),
      'Stolen photos',
    );
    await user.click(within(dialog).getByRole('radio', { name: 'Permanent' }));
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate reported user' }));

    expect(await notification('User deactivated and report marked Actioned')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await apiCalls(`/api/admin/status/${report.reported!._id}`)).map((call) => call.body)).toEqual([
      { restriction: { policyId: policy._id, facts: 'Stolen photos', endsAt: null, closeReports: true } },
    ]);
    // One restriction, and no second call: the report closed with it.
    const made = db.restrictions.filter((restriction) => restriction.userId === report.reported!._id);
    expect(made).toHaveLength(1);
    expect(await caseCalls(report._id)).toEqual([]);
    expect(stored).toMatchObject({ status: 'Actioned', note: `Actioned under ${made[0]!.reference}` });
  });

  it('marks the report actioned under the new restriction when the admin keeps the member’s other reports open', async () => {
    const report = openCase();
    const { user } = renderWithProviders(<CaseActions report={report} />);
    await user.click(screen.getByRole('button', { name: 'Deactivate reported user' }));
    const dialog = await screen.findByRole('dialog', { name: `Deactivate ${named(report.reported!)}?` });
    await user.click(
      await within(dialog).findByRole('checkbox', {
        name: 'Close these reports as actioned under the new restriction',
      }),
    );
    await user.click(within(dialog).getAllByLabelText(/^Policy/)[0]!);
    await user.click(await screen.findByRole('option', { name: 'Fake profile' }));
    await user.type(
      within(dialog).getByRole('textbox', { name: /^Facts and circumstances/ }),
      'Stolen photos',
    );
    await user.click(within(dialog).getByRole('radio', { name: '7 days' }));
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate reported user' }));
    expect(await notification('User deactivated and report marked Actioned')).toBeInTheDocument();
    const made = db.restrictions.find((restriction) => restriction.userId === report.reported!._id)!;
    expect((await caseCalls(report._id)).map((call) => call.body)).toEqual([
      { status: 'Actioned', underRestriction: made.reference },
    ]);
  });

  it('actions a dismissed report with the new reference as its note when its reported user is restricted', async () => {
    const open = openCase();
    const stored = db.chatReports.find((candidate) => candidate._id === open._id)!;
    stored.status = 'Dismissed';
    const report: ReportCase = { ...open, status: 'Dismissed' };
    const { user } = renderWithProviders(<CaseActions report={report} />);
    await user.click(screen.getByRole('button', { name: 'Deactivate reported user' }));
    const dialog = await screen.findByRole('dialog', { name: `Deactivate ${named(report.reported!)}?` });
    await user.click(within(dialog).getAllByLabelText(/^Policy/)[0]!);
    await user.click(await screen.findByRole('option', { name: 'Fake profile' }));
    await user.type(
      within(dialog).getByRole('textbox', { name: /^Facts and circumstances/ }),
      'Stolen photos',
    );
    await user.click(within(dialog).getByRole('radio', { name: 'Permanent' }));
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate reported user' }));
    expect(await notification('User deactivated and report marked Actioned')).toBeInTheDocument();
    const made = db.restrictions.find((restriction) => restriction.userId === report.reported!._id)!;
    expect((await caseCalls(report._id)).map((call) => call.body)).toEqual([
      { status: 'Actioned', note: `Actioned under ${made.reference}` },
    ]);
    expect(stored.status).toBe('Actioned');
  });

  it("offers 'Mark actioned under R-…' instead of a second restriction when the reported member is already restricted", async () => {
    const report = openCase();
    db.restrictions.push({
      _id: 'r-in-force',
      reference: 'R-ENF0RCE1',
      userId: report.reported!._id,
      policyId: db.catalogues.reportelement![0]!._id,
      policyName: 'Fake profile',
      facts: 'Earlier report',
      createdAt: new Date().toISOString(),
      endsAt: null,
      endedAt: null,
      withheldReason: null,
    });
    const { user } = renderApp('/chat-report?status=Open');
    const table = await screen.findByRole('table', { name: 'Chat Report' });
    const button = await within(table).findByRole('button', { name: 'Mark actioned under R-ENF0RCE1' });
    const row = button.closest('tr')!;
    expect(within(row).queryByRole('button', { name: 'Deactivate reported user' })).toBeNull();
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Mark this report actioned under R-ENF0RCE1?' });
    expect(dialog).toHaveTextContent(
      'The reported member is already restricted under R-ENF0RCE1 permanently. The report is closed as actioned under it: no second restriction, and no second statement is mailed.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Mark actioned' }));
    expect(await notification('Report marked Actioned under R-ENF0RCE1')).toBeInTheDocument();
    const reports = db.chatReports.filter((candidate) =>
      candidate.thread.user_id.some((person) => person._id === report.reported!._id),
    );
    const calls = (await Promise.all(reports.map((candidate) => caseCalls(candidate._id)))).flat();
    expect(calls.map((call) => call.body)).toEqual([{ status: 'Actioned', underRestriction: 'R-ENF0RCE1' }]);
    expect(await apiCalls(`/api/admin/status/${report.reported!._id}`)).toEqual([]);
    expect(db.restrictions.filter((restriction) => restriction.userId === report.reported!._id)).toHaveLength(
      1,
    );
  });

  it("keeps the restriction's dialog open on a refusal that names a field, says it there, and changes no case", async () => {
    const report = openCase();
    const { user } = renderWithProviders(<CaseActions report={report} />);
    await user.click(screen.getByRole('button', { name: 'Deactivate reported user' }));
    const dialog = await screen.findByRole('dialog', { name: `Deactivate ${named(report.reported!)}?` });
    await user.click(within(dialog).getAllByLabelText(/^Policy/)[0]!);
    await user.click(await screen.findByRole('option', { name: 'Fake profile' }));
    await user.type(
      within(dialog).getByRole('textbox', { name: /^Facts and circumstances/ }),
      'Stolen photos',
    );
    await user.click(within(dialog).getByRole('radio', { name: 'Permanent' }));
    // The policy is deleted meanwhile: the API refuses it by its field.
    const elements = db.catalogues.reportelement!;
    elements.splice(
      elements.findIndex((element) => element.message === 'Fake profile'),
      1,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate reported user' }));

    expect(await within(dialog).findByText(RESTRICTION_MESSAGES.policyUnknown)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /^Facts and circumstances/ })).toHaveValue(
      'Stolen photos',
    );
    expect(
      screen.queryByText(RESTRICTION_MESSAGES.policyUnknown, {
        selector: '.mantine-Notification-description',
      }),
    ).toBeNull();
    expect(await caseCalls(report._id)).toEqual([]);
    expect(db.users.find((candidate) => candidate._id === report.reported!._id)!.enabled).toBe(true);
  });

  it('offers only what changes the case, and badges its status', () => {
    renderWithProviders(
      <>
        <CaseActions report={{ _id: 'a', status: 'Dismissed', reported: { _id: 'b', name: 'Mia' } }} />
        <CaseActions report={{ _id: 'c', status: 'Actioned', reported: { _id: 'd', name: 'Leo' } }} />
        <CaseActions report={{ _id: 'e', status: 'Open', reported: null }} />
        <CaseStatusBadge status="Dismissed" />
      </>,
    );
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Deactivate reported user',
      'Dismiss',
      'Dismiss',
    ]);
    expect(screen.getByText('Dismissed')).toBeInTheDocument();
  });
});

describe('the activity screen’s pieces (activity-log)', () => {
  function Filters({ onChange }: { onChange: (values: ActivityFilterValues) => void }) {
    const [value, setValue] = useState(NO_ACTIVITY_FILTERS);
    return (
      <ActivityFilters
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
    );
  }

  it('filters by what the facets offer, and by a range of whole days', async () => {
    const changes: ActivityFilterValues[] = [];
    const { user } = renderWithProviders(<Filters onChange={(next) => changes.push(next)} />);
    const admin = screen.getByRole('combobox', { name: 'Admin' });
    await within(admin).findByRole('option', { name: 'Sam Moderator' });
    expect(
      within(admin)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All admins', 'Admin User', 'Sam Moderator']);
    // "All actions" and every action the log names.
    expect(within(screen.getByRole('combobox', { name: 'Action' })).getAllByRole('option')).toHaveLength(
      ACTIVITY_ACTIONS.length + 1,
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Deactivated');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Record type' }), 'Chat report');
    await user.selectOptions(admin, 'Sam Moderator');
    await chooseDay(user, 'From', '18 Nov 2026');
    await chooseDay(user, 'To', '20 Nov 2026');
    expect(await apiCalls('/api/activity/facets')).toHaveLength(1);
    const sam = db.activity.find((entry) => entry.admin?.name === 'Sam Moderator')!.admin!;
    expect(changes.at(-1)).toEqual({
      action: 'deactivate',
      recordType: 'chat-report',
      admin: sam._id,
      from: '2026-11-18',
      to: '2026-11-20',
    });
    expect(activityQueryOf(changes.at(-1)!)).toEqual({
      action: 'deactivate',
      recordType: 'chat-report',
      admin: sam._id,
      from: new Date(2026, 10, 18).toISOString(),
      to: new Date(2026, 10, 21).toISOString(),
    });
  });

  it('links an entry to its record’s screen, the catalogues’ own update routes included', () => {
    for (const catalogue of CATALOGUES) {
      const link = recordLink({
        recordType: recordTypeOf(collectionOf(catalogue)),
        recordId: 'r1',
        exists: true,
      });
      // Two screens share the languages' calls; the log links to one of them.
      const sharing = CATALOGUES.filter((other) => collectionOf(other) === collectionOf(catalogue));
      expect(sharing.map((other) => other.routes.update.replace(/:[^/]+$/, 'r1'))).toContain(link);
    }
    expect(recordLink({ recordType: 'user', recordId: 'u1', exists: true })).toBe('/users/u1');
    expect(recordLink({ recordType: 'faq', recordId: 'f1', exists: true })).toBe('/faq/update/f1');
    expect(recordLink({ recordType: 'post', recordId: 'p1', exists: true })).toBe('/post/update/p1');
    expect(recordLink({ recordType: 'user', recordId: 'u1', exists: false })).toBeNull();
    expect(recordLink({ recordType: 'mail', recordId: 'm1', exists: true })).toBeNull();
    expect(recordLink({ recordType: 'constructor', recordId: 'x', exists: true })).toBeNull();
  });
});

describe('the mock activity API, as a client sees it', () => {
  it('pages newest first and filters by action, record type, admin and dates; refuses bad values', async () => {
    signIn();
    const all = await get('activity/list?page=1&limit=5');
    expect(all.status).toBe(200);
    expect(all.body.pagination).toEqual({ count: db.activity.length, page: 1, items: 5 });
    const times = all.body.result.map((entry) => String(entry.createdAt));
    expect(times).toEqual([...times].sort().reverse());

    const sam = db.activity.find((entry) => entry.admin?.name === 'Sam Moderator')!.admin!;
    const filtered = await get(
      `activity/list?action=deactivate&recordType=user&admin=${sam._id}&from=2026-11-18T00:00:00.000Z&to=2026-11-19T00:00:00.000Z`,
    );
    expect(filtered.body.result).toEqual([
      expect.objectContaining({
        action: 'deactivate',
        admin: sam,
        reason: 'Spam links in every chat',
        exists: true,
      }),
    ]);
    const deleted = (await get('activity/list?action=delete&recordType=faq')).body.result[0];
    expect(deleted).toMatchObject({ recordName: 'Is the app free?', exists: false });

    expect((await get('activity/list?action=erase')).body.message).toMatch(
      /^Action must be one of create, update/,
    );
    expect((await get('activity/list?from=yesterday')).body).toEqual({
      success: false,
      message: 'From must be a date',
    });
    expect((await get('activity/list?recordType=users')).status).toBe(400);
  });

  it('announces none of it to a SPEC-only console: no routes, and SPEC-shaped chat reports', async () => {
    specOnlyApi();
    signIn();
    expect((await get('activity/list')).status).toBe(404);
    expect((await get('activity/facets')).status).toBe(404);
    expect((await get(`admin/history/${db.users[0]!._id}`)).status).toBe(404);
    const reports = await get('chat-report/list?page=1&limit=10');
    expect(Object.keys(reports.body.result[0]!).sort()).toEqual([
      '_id',
      'created',
      'createdAt',
      'message',
      'thread',
      'user',
    ]);
  });
});

describe('against a SPEC-only API', () => {
  it('deactivates in one click with SPEC’s call, and the profile has no history and asks for none', async () => {
    specOnlyApi();
    const target = activeUser();
    const { user } = renderApp(`/users/${target._id}`);
    const header = await profileHeader();
    await screen.findByRole('region', { name: 'Basic Information' });
    expect(screen.queryByRole('region', { name: 'Moderation history' })).toBeNull();
    await user.click(within(header).getByRole('button', { name: 'Deactivate' }));
    expect(await notification('User deactivated successfully')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    const calls = await apiCalls(`/api/admin/status/${target._id}`);
    expect(calls.map((call) => call.query)).toEqual([{ enabled: 'false' }]);
    expect(await within(header).findByRole('button', { name: 'Activate' })).toBeInTheDocument();
    const paths = (await apiCalls()).map((call) => call.path);
    expect(paths.filter((path) => /\/api\/(admin\/history|activity|chat-report\/case)/.test(path))).toEqual(
      [],
    );
  });
});

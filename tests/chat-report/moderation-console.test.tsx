import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RecordType } from '@contract/activity';
import { ACTIVITY_ACTIONS } from '@contract/moderation';
import { RESTRICTION_MESSAGES } from '@contract/restrictions';
import { newId } from '../../server/lib/ids';
import { RESOURCES } from '../../server/routes/resources';
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
import { api, callApi, resetData, signedInNow, signInAs, testDb } from '../support/api-server';
import { server } from '../support/msw';
import { chooseDay } from '../support/day-input';
import { apiCalls } from '../support/request-log';
import { renderApp, signIn, specOnlyApi, withoutFeatures } from '../support/render';
import { policyNamed, restrictMember } from '../support/restrictions';

const CATALOGUES = await loadCatalogues();

/**
 * Moderation in the console (DECISIONS, "Moderation"): a deactivation's reason, the profile's Moderation history,
 * a chat report's case actions and the activity screen's filters, with the features the server announces, and
 * none of it against a SPEC-only API.
 */

type Member = { _id: string; name: string; surname: string; email: string; enabled: boolean };
type Report = {
  _id: string;
  message: string;
  user: string;
  status: 'Open' | 'Actioned' | 'Dismissed';
  note: string;
  handledBy: { _id: string; name: string } | null;
  thread: { user_id: { _id: string; name: string; surname: string; email: string }[] };
};
type Entry = {
  _id: string;
  createdAt: string;
  admin: { _id: string; name: string; email: string } | null;
  action: string;
  recordType: string;
  recordId: string | null;
  recordName: string;
  summary: string;
  reason: string | null;
  exists: boolean;
};

const fullName = (user: { name: string; surname: string }) => `${user.name} ${user.surname}`;
/** How a confirmation that acts on a member names them. */
const named = (user: { name: string; surname?: string; email?: string }) =>
  `${[user.name, user.surname].join(' ')} (${user.email})`;
/** The demo's members, newest first (`query`: the list's filters). */
const members = (query = '') => api.get<Member[]>(`/api/admin/list?page=1&items=20${query}`);
const activeUser = async () => (await members('&filter=user.enabled&equal=true'))[0]!;
const inactiveUser = async () => (await members('&filter=user.enabled&equal=false'))[0]!;
/** A member as the server has them now. */
const memberNow = async (member: { _id: string; email: string }) =>
  (await api.get<Member[]>(`/api/admin/list?page=1&items=10&q=${encodeURIComponent(member.email)}`)).find(
    (found) => found._id === member._id,
  )!;
/** The seed's Owner, the console's signed-in admin, as the server names them. */
const OWNER = 'Admin User';
/** A report as the server lists it now. */
const reportNow = async (id: string) =>
  (await api.get<Report[]>('/api/chat-report/list?page=1&limit=100')).find((report) => report._id === id)!;
/** The reported member's restriction in force, if any. */
const inForceOf = async (userId: string) =>
  (await api.get<{ inForce: { reference: string } | null }>(`/api/admin/restrictions/member/${userId}`))
    .inForce;

/**
 * SPEC's answer to a deactivation, for an API without 'restrictions' (SPEC's, or one announcing 'status-reason'
 * alone): the reference server refuses a deactivation that cites no policy (DECISIONS: a restriction cites a policy
 * and the facts), so the answer such an API gives stands in for it.
 */
function deactivationAsWithoutRestrictions() {
  server.use(
    http.patch('*/api/admin/status/:userId', ({ request }) =>
      new URL(request.url).searchParams.get('enabled') === 'false'
        ? HttpResponse.json({ success: true, message: 'User deactivated successfully' })
        : undefined,
    ),
  );
}

// Each test starts from the demo data: they deactivate, restrict and decide.
beforeEach(resetData);

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

/** An answer of the API: the envelope, with the list's rows. */
type Answer = {
  success: boolean;
  message: string;
  result: Record<string, unknown>[];
  pagination?: Record<string, number>;
};

/** The API as the console's client calls it (through MSW, so a SPEC-only test meets its handlers). */
const get = (path: string) =>
  fetch(`http://localhost/api/${path}`, {
    headers: { Authorization: `Bearer ${signedInNow().token}` },
  }).then(async (response) => ({ status: response.status, body: (await response.json()) as Answer }));

describe('deactivating with a reason (status-reason)', () => {
  it('asks for an optional reason and sends it in the body', async () => {
    // A reason's dialog, as without 'restrictions' (its own dialog: tests/users/restrictions.test.tsx).
    withoutFeatures('restrictions');
    deactivationAsWithoutRestrictions();
    const target = await activeUser();
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
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('sends no reason when none is given', async () => {
    // A reason's dialog, as without 'restrictions' (its own dialog: tests/users/restrictions.test.tsx).
    withoutFeatures('restrictions');
    deactivationAsWithoutRestrictions();
    const target = await activeUser();
    const { user } = renderApp(`/users/${target._id}`);
    await user.click(within(await profileHeader()).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: `Deactivate ${named(target)}?` });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await notification('User deactivated successfully')).toBeInTheDocument();
    const calls = await apiCalls(`/api/admin/status/${target._id}`);
    expect(calls.map((call) => call.query)).toEqual([{ enabled: 'false' }]);
    expect(calls[0]?.body).toBeUndefined();
  });

  it('sends nothing when cancelled, and the user stays active', async () => {
    // A reason's dialog, as without 'restrictions' (its own dialog: tests/users/restrictions.test.tsx).
    withoutFeatures('restrictions');
    const target = await activeUser();
    const { user } = renderApp(`/users/${target._id}`);
    await user.click(within(await profileHeader()).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: `Deactivate ${named(target)}?` });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), 'Second thoughts');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(await profileHeader()).getByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
    expect(await apiCalls(`/api/admin/status/${target._id}`)).toEqual([]);
    expect((await memberNow(target)).enabled).toBe(true);
  });

  it('refuses a reason over 500 characters, and sends nothing', async () => {
    // A reason's dialog, as without 'restrictions' (its own dialog: tests/users/restrictions.test.tsx).
    withoutFeatures('restrictions');
    const target = await activeUser();
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
    const target = await inactiveUser();
    const { user } = renderApp(`/users/${target._id}`);
    await user.click(within(await profileHeader()).getByRole('button', { name: 'Activate' }));
    expect(await notification('User activated successfully')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    const calls = await apiCalls(`/api/admin/status/${target._id}`);
    expect(calls.map((call) => call.query)).toEqual([{ enabled: 'true' }]);
    expect((await memberNow(target)).enabled).toBe(true);
  });

  it('asks one reason for several users (for the list’s bulk Deactivate): the reason, none, or cancelled', async () => {
    const { user } = renderApp('/users');
    await screen.findAllByRole('button', { name: 'Activate' }, { timeout: 10_000 });

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

/** The number of items in a member's Moderation history. */
const historyCount = async (userId: string) =>
  (await callApi<{ pagination: { count: number } }>('GET', `/api/admin/history/${userId}?page=1&limit=10`))
    .body.pagination.count;

/** An active member of the demo with no moderation history at all (no status change, report or block). */
async function memberWithoutHistory(not: string[] = []) {
  for (const member of await members('&filter=user.enabled&equal=true'))
    if (!not.includes(member._id) && (await historyCount(member._id)) === 0) return member;
  throw new Error('No member of the first page is without history');
}

/**
 * A user with fifteen history items: eleven status changes (1-11 November) and, newer, a report about them, one by
 * them, a block by someone else and one by them. The status changes are entries of the log as the reason-only
 * deactivations before restrictions left them (as the demo's own are), dated then; the reports and blocks are the
 * members' own doing in the app: no admin API writes any of them, so they are written with SQL.
 */
async function userWithHistory() {
  const target = await memberWithoutHistory();
  const others = (await members('&filter=user.enabled&equal=true')).filter(
    (member) => member._id !== target._id,
  );
  const [reporter, reported, blocker, blocked] = others;
  const owner = signedInNow().admin;
  const at = (day: number) => new Date(Date.UTC(2026, 10, day, 12)).toISOString();
  const db = testDb();
  for (let day = 1; day <= 11; day += 1)
    await db.run(
      `INSERT INTO activity (id, created_at, admin_id, admin_name, admin_email, action, record_type, record_id,
         record_name, summary, reason)
       VALUES ($1, $2, $3, $4, $5, $6, 'user', $7, $8, $9, $10)`,
      [
        newId(new Date(at(day))),
        at(day),
        owner._id,
        OWNER,
        owner.email,
        day % 2 ? 'deactivate' : 'activate',
        target._id,
        fullName(target),
        day % 2 ? 'Status: Active → Inactive' : 'Status: Inactive → Active',
        day === 11 ? 'Spam links' : null,
      ],
    );
  const report = (from: Member, about: Member, day: number, message: string, decided?: string) =>
    db.run(
      `INSERT INTO chat_reports (id, message, reporter_id, reported_id, created_at, updated_at, status, note,
         handled_by, handled_at)
       VALUES ($1, $2, $3, $4, $5, $5, $6, $7, $8, $9)`,
      [
        newId(),
        message,
        from._id,
        about._id,
        at(day),
        decided ? 'Dismissed' : 'Open',
        decided ?? '',
        decided ? owner._id : null,
        decided ? at(day + 1) : null,
      ],
    );
  await report(target, reported!, 21, 'Asked for money.', 'No proof');
  await report(reporter!, target, 20, 'Sent offensive photos.');
  const block = (by: Member, whom: Member, day: number, message: string) =>
    db.run(
      `INSERT INTO chat_blocks (id, block_by, blocked_user, message, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $5)`,
      [newId(), by._id, whom._id, message, at(day)],
    );
  await block(target, blocked!, 23, '');
  await block(blocker!, target, 22, 'Rude messages');
  expect(await historyCount(target._id)).toBe(15);
  return { target, reporter: reporter!, reported: reported!, blocker: blocker!, blocked: blocked! };
}

describe("the profile's Moderation history (user-history)", () => {
  it('shows every kind newest first, ten a page, filtered by kind, with links to the other users', async () => {
    const { target, reporter, reported, blocker, blocked } = await userWithHistory();
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
      expect.stringContaining(`Deactivated by ${OWNER}: Spam links`),
    ]);
    expect(rows[5]).toContain(`Activated by ${OWNER}`);
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
    expect(first?.headers.get('authorization')).toBe(`Bearer ${signedInNow().token}`);

    await user.click(within(section).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(rowsOf(table)).toHaveLength(5));
    expect(
      rowsOf(table).every((row) => new RegExp(`(Activated|Deactivated) by ${OWNER}$`).test(row ?? '')),
    ).toBe(true);
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
    const { target } = await userWithHistory();
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
    const member = await memberWithoutHistory();
    renderApp(`/users/${member._id}`);
    const section = await screen.findByRole('region', { name: 'Moderation history' });
    expect(await within(section).findByText('No moderation history')).toBeInTheDocument();
  });

  it('shows a failed read as an error state with the server’s words, and Try again reads it', async () => {
    const { target } = await userWithHistory();
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
  /** The newest Open report of the demo with both participants, as a case, with the report itself. */
  const openCase = async (): Promise<ReportCase & { report: Report }> => {
    const open = await api.get<Report[]>('/api/chat-report/list?page=1&limit=10&status=Open');
    const report = open.find((candidate) => candidate.thread.user_id.length === 2)!;
    const reported = report.thread.user_id.find((person) => person._id !== report.user)!;
    return { _id: report._id, status: 'Open', reported, report };
  };
  const caseCalls = (reportId: string) => apiCalls(`/api/chat-report/case/${reportId}`);

  it('dismisses a report with a note, and the log records it', async () => {
    const { report: _, ...report } = await openCase();
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
    expect(await reportNow(report._id)).toMatchObject({
      status: 'Dismissed',
      note: 'Banter between friends',
      handledBy: { _id: signedInNow().admin._id, name: 'Admin' },
    });
    expect((await get('activity/list?action=case&limit=1')).body.result[0]).toMatchObject({
      recordType: 'chat-report',
      recordId: report._id,
      summary: 'Open → Dismissed',
      reason: 'Banter between friends',
    });
  });

  it('dismisses without a note, and sends nothing when cancelled', async () => {
    const { report: _, ...report } = await openCase();
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
    expect(await reportNow(report._id)).toMatchObject({ status: 'Dismissed', note: '' });
  });

  it("shows a refused case change in the server's words", async () => {
    const { report: _, ...report } = await openCase();
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
    deactivationAsWithoutRestrictions();
    const { report: _, ...report } = await openCase();
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
    expect(await reportNow(report._id)).toMatchObject({ status: 'Actioned', note: 'Fake profile' });
  });

  it('says exactly what happened when the user was deactivated but the case change failed', async () => {
    // A reason's dialog, as without 'restrictions' (its own dialog: tests/users/restrictions.test.tsx).
    withoutFeatures('restrictions');
    deactivationAsWithoutRestrictions();
    const { report: _, ...report } = await openCase();
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
    expect(await apiCalls(`/api/admin/status/${report.reported!._id}`)).toHaveLength(1);
    expect(await caseCalls(report._id)).toHaveLength(1);
    expect((await reportNow(report._id)).status).toBe('Open');
  });

  it('makes no case change when the deactivation is refused', async () => {
    // A reason's dialog, as without 'restrictions' (its own dialog: tests/users/restrictions.test.tsx).
    withoutFeatures('restrictions');
    const { report: _, ...report } = await openCase();
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
    const { report: stored, ...report } = await openCase();
    const fakeProfile = await policyNamed('Fake profile');
    const { user } = renderWithProviders(<CaseActions report={report} />);
    await user.click(screen.getByRole('button', { name: 'Deactivate reported user' }));
    const dialog = await screen.findByRole('dialog', { name: `Deactivate ${named(report.reported!)}?` });
    // This report is among the member's open reports the restriction closes.
    const listed = await within(dialog).findByRole('region', { name: /open reports? on this member$/ });
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
      {
        restriction: { policyId: fakeProfile._id, facts: 'Stolen photos', endsAt: null, closeReports: true },
      },
    ]);
    // One restriction, and no second call: the report closed with it.
    const made = await inForceOf(report.reported!._id);
    expect(made?.reference).toMatch(/^R-/);
    expect(await caseCalls(report._id)).toEqual([]);
    expect(await reportNow(report._id)).toMatchObject({
      status: 'Actioned',
      note: `Actioned under ${made!.reference}`,
    });
    expect((await memberNow(report.reported! as { _id: string; email: string })).enabled).toBe(false);
  });

  it('marks the report actioned under the new restriction when the admin keeps the member’s other reports open', async () => {
    const { report: _, ...report } = await openCase();
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
    const made = await inForceOf(report.reported!._id);
    expect((await caseCalls(report._id)).map((call) => call.body)).toEqual([
      { status: 'Actioned', underRestriction: made!.reference },
    ]);
    expect((await reportNow(report._id)).status).toBe('Actioned');
  });

  it('actions a dismissed report with the new reference as its note when its reported user is restricted', async () => {
    const { report: _, ...open } = await openCase();
    await api.patch(`/api/chat-report/case/${open._id}`, { status: 'Dismissed' });
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
    const made = await inForceOf(report.reported!._id);
    expect((await caseCalls(report._id)).map((call) => call.body)).toEqual([
      { status: 'Actioned', note: `Actioned under ${made!.reference}` },
    ]);
    expect((await reportNow(report._id)).status).toBe('Actioned');
  });

  it("offers 'Mark actioned under R-…' instead of a second restriction when the reported member is already restricted", async () => {
    const { report: _, ...report } = await openCase();
    // Another admin restricted the member already, leaving their reports open.
    await signInAs('moderator');
    await restrictMember(report.reported!._id, {
      policy: 'Fake profile',
      facts: 'Earlier report',
      closeReports: false,
    });
    await signInAs('owner');
    const { reference } = (await inForceOf(report.reported!._id))!;
    const { user } = renderApp('/chat-report?status=Open');
    const table = await screen.findByRole('table', { name: 'Chat Report' }, { timeout: 10_000 });
    const [button] = await within(table).findAllByRole('button', {
      name: `Mark actioned under ${reference}`,
    });
    const row = button!.closest('tr')!;
    expect(within(row).queryByRole('button', { name: 'Deactivate reported user' })).toBeNull();
    const reportId = (await api.get<Report[]>('/api/chat-report/list?page=1&limit=10&status=Open')).find(
      (candidate) => within(row).queryByText(candidate.message),
    )!._id;
    await user.click(button!);
    const dialog = await screen.findByRole('dialog', {
      name: `Mark this report actioned under ${reference}?`,
    });
    expect(dialog).toHaveTextContent(
      `The reported member is already restricted under ${reference} permanently. The report is closed as actioned under it: no second restriction, and no second statement is mailed.`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Mark actioned' }));
    expect(await notification(`Report marked Actioned under ${reference}`)).toBeInTheDocument();
    const calls = (await apiCalls()).filter((call) => call.path.startsWith('/api/chat-report/case/'));
    expect(calls.map(({ path, body }) => ({ path, body }))).toEqual([
      {
        path: `/api/chat-report/case/${reportId}`,
        body: { status: 'Actioned', underRestriction: reference },
      },
    ]);
    expect(await apiCalls(`/api/admin/status/${report.reported!._id}`)).toEqual([]);
    expect(await inForceOf(report.reported!._id)).toMatchObject({ reference });
    expect((await reportNow(reportId)).status).toBe('Actioned');
  });

  it("keeps the restriction's dialog open on a refusal that names a field, says it there, and changes no case", async () => {
    const { report: _, ...report } = await openCase();
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
    await api.delete(`/api/reportelement/delete/${(await policyNamed('Fake profile'))._id}`);
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
    expect((await memberNow(report.reported! as { _id: string; email: string })).enabled).toBe(true);
    expect((await reportNow(report._id)).status).toBe('Open');
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
    // A Moderator's write: the log names a second admin.
    const moderator = await signInAs('moderator');
    const [report] = await api.get<Report[]>('/api/chat-report/list?page=1&limit=1&status=Open');
    await api.patch(`/api/chat-report/case/${report!._id}`, { status: 'Dismissed', note: 'Banter' });
    await signInAs('owner');
    const changes: ActivityFilterValues[] = [];
    const { user } = renderWithProviders(<Filters onChange={(next) => changes.push(next)} />);
    const admin = screen.getByRole('combobox', { name: 'Admin' });
    await within(admin).findByRole('option', { name: 'Moderator Admin' });
    expect(
      within(admin)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All admins', OWNER, 'Moderator Admin']);
    // "All actions" and every action the log names.
    expect(within(screen.getByRole('combobox', { name: 'Action' })).getAllByRole('option')).toHaveLength(
      ACTIVITY_ACTIONS.length + 1,
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Deactivated');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Record type' }), 'Chat report');
    await user.selectOptions(admin, 'Moderator Admin');
    await chooseDay(user, 'From', '18 Nov 2026');
    await chooseDay(user, 'To', '20 Nov 2026');
    expect(await apiCalls('/api/activity/facets')).toHaveLength(1);
    expect(changes.at(-1)).toEqual({
      action: 'deactivate',
      recordType: 'chat-report',
      admin: moderator.admin._id,
      from: '2026-11-18',
      to: '2026-11-20',
    });
    expect(activityQueryOf(changes.at(-1)!)).toEqual({
      action: 'deactivate',
      recordType: 'chat-report',
      admin: moderator.admin._id,
      from: new Date(2026, 10, 18).toISOString(),
      to: new Date(2026, 10, 21).toISOString(),
    });
  });

  it('links an entry to its record’s screen, the catalogues’ own update routes included', () => {
    /** The calls' collection ('foodpreference', from its list path) of a catalogue screen. */
    const collectionOf = (catalogue: { api: { list: string } }) => catalogue.api.list.split('/')[0]!;
    /** The record types of the screens server/routes/content.ts serves, as its log entries name them. */
    const CONTENT_TYPES: Record<string, RecordType> = {
      'event/list-admin': 'event',
      'setting/listAll': 'setting',
    };
    for (const catalogue of CATALOGUES) {
      // The record type the server's log names the catalogue's records by (server/routes/resources.ts).
      const list = catalogue.api.list.split('?')[0]!;
      const recordType =
        RESOURCES.find((def) =>
          [def.routes.listAll, def.routes.list].some((path) => path?.replace(/^\//, '') === list),
        )?.recordType ?? CONTENT_TYPES[list];
      expect(recordType, list).toBeDefined();
      const link = recordLink({ recordType: recordType!, recordId: 'r1', exists: true });
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

describe('the activity API, as a client sees it', () => {
  it('pages newest first and filters by action, record type, admin and dates; refuses bad values', async () => {
    // A Moderator's restriction of a member, its facts as the entry's reason, and a FAQ the Owner deletes.
    const target = await activeUser();
    const moderator = await signInAs('moderator');
    await restrictMember(target._id, {
      policy: 'Spam or scam',
      facts: 'Spam links in every chat',
      closeReports: false,
    });
    await signInAs('owner');
    const faq = (await api.get<{ _id: string; question: string }[]>('/api/faq/listAll')).find(
      (candidate) => candidate.question === 'Can I pause my account?',
    )!;
    await api.delete(`/api/faq/delete/${faq._id}`);
    signIn();

    const all = await get('activity/list?page=1&limit=5');
    expect(all.status).toBe(200);
    expect(all.body.pagination).toEqual({ count: expect.any(Number), page: 1, items: 5 });
    expect(all.body.pagination!.count).toBeGreaterThan(5);
    const times = all.body.result.map((entry) => String(entry.createdAt));
    expect(times).toEqual([...times].sort().reverse());

    const today = new Date();
    const from = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
    const to = new Date(from.getTime() + 86_400_000);
    const filtered = await get(
      `activity/list?action=restrict&recordType=user&admin=${moderator.admin._id}&from=${from.toISOString()}&to=${to.toISOString()}`,
    );
    expect(filtered.body.result).toEqual([
      expect.objectContaining({
        action: 'restrict',
        recordId: target._id,
        recordName: fullName(target),
        admin: { _id: moderator.admin._id, name: 'Moderator Admin', email: moderator.admin.email },
        reason: 'Spam links in every chat',
        exists: true,
      }),
    ]);
    const deleted = (await get('activity/list?action=delete&recordType=faq')).body.result[0] as Entry;
    expect(deleted).toMatchObject({ recordName: 'Can I pause my account?', exists: false });

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
    const member = await activeUser();
    expect((await get('activity/list')).status).toBe(404);
    expect((await get('activity/facets')).status).toBe(404);
    expect((await get(`admin/history/${member._id}`)).status).toBe(404);
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
    deactivationAsWithoutRestrictions();
    const target = await activeUser();
    const { user } = renderApp(`/users/${target._id}`);
    const header = await profileHeader();
    await screen.findByRole('region', { name: 'Basic Information' });
    expect(screen.queryByRole('region', { name: 'Moderation history' })).toBeNull();
    await user.click(within(header).getByRole('button', { name: 'Deactivate' }));
    expect(await notification('User deactivated successfully')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    const calls = await apiCalls(`/api/admin/status/${target._id}`);
    expect(calls.map((call) => call.query)).toEqual([{ enabled: 'false' }]);
    expect(calls[0]?.body).toBeUndefined();
    const paths = (await apiCalls()).map((call) => call.path);
    expect(paths.filter((path) => /\/api\/(admin\/history|activity|chat-report\/case)/.test(path))).toEqual(
      [],
    );
  });
});

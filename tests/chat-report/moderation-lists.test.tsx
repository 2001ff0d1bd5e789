import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { newId } from '../../server/lib/ids';
import { api, callApi, resetData, signedInNow, testDb } from '../support/api-server';
import { apiCalls } from '../support/request-log';
import { renderApp } from '../support/render';

/** Feedbacks, chat reports and chat blocks (SPEC 2.19-2.21, 7.9): read-only pages over the declared list screen. */

const rows = async (name: string) =>
  within(await screen.findByRole('table', { name }, { timeout: 5000 }))
    .getAllByRole('row')
    .slice(1);
/** A member as the lists name them: name and surname, as the API gives both. */
const fullName = (person: { name: string; surname: string }) => `${person.name} ${person.surname}`;
const loaded = async (name: string) => waitFor(async () => expect(await rows(name)).toHaveLength(10));

type Person = { _id: string; name: string; surname: string; email?: string };
type Feedback = { _id: string; user: Person | null; rating: number; description: string };
type ChatReport = { _id: string; message: string; createdAt: string; thread: { user_id: Person[] } };
type ChatBlock = {
  _id: string;
  blockBy: Person | null;
  blockedUser: Person | null;
  message: string;
  createdAt: string;
};

/** How many rows a list of the server has. */
const countOf = async (path: string) =>
  (await callApi<{ pagination: { count: number } }>('GET', `${path}?page=1&limit=10`)).body.pagination.count;
/** The first page of a list of the server, newest first as the console asks for it. */
const firstPage = <T,>(path: string) => api.get<T[]>(`${path}?page=1&limit=10`);

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const two = (n: number) => String(n).padStart(2, '0');
/** A moment in the console's format, in the admin's (the test process's) time zone: '21 Nov 2026, 09:15'. */
function consoleDateTime(iso: string) {
  const at = new Date(iso);
  return `${at.getDate()} ${MONTHS[at.getMonth()]!.slice(0, 3)} ${at.getFullYear()}, ${two(at.getHours())}:${two(at.getMinutes())}`;
}
/** A moment in SPEC 9's format: 'November 21, 2026 09:15 AM'. */
function specDateTime(iso: string) {
  const at = new Date(iso);
  const hours = at.getHours() % 12 || 12;
  return `${MONTHS[at.getMonth()]} ${two(at.getDate())}, ${at.getFullYear()} ${two(hours)}:${two(at.getMinutes())} ${at.getHours() < 12 ? 'AM' : 'PM'}`;
}

// Each test starts from the demo data: the feedbacks' test adds a feedback and deletes a member.
beforeEach(resetData);

describe.each([
  [
    '/feedbacks',
    'Feedbacks',
    '/api/feedback/list',
    ['Name', 'Email', 'Rating', 'Message'],
    () => countOf('/api/feedback/list'),
  ],
  [
    '/chat-report',
    'Chat Report',
    '/api/chat-report/list',
    // SPEC's four, and the case's two as the server announces report-cases (moderation-screens.test.tsx: none
    // without it).
    ['Reported By', 'Reported To', 'Report Message', 'Reported At', 'Status', 'Action'],
    () => countOf('/api/chat-report/list'),
  ],
  [
    '/chat-block',
    'Chat Block',
    '/api/chat-block/list',
    ['Blocked By', 'Blocked User', 'Message', 'Created At'],
    () => countOf('/api/chat-block/list'),
  ],
] as const)('%s', (route, title, call, headers, counted) => {
  it('shows the first page under its title, asked with page and limit and the token, and pages on', async () => {
    const count = await counted();
    // More than a page, fewer than three: the demo's 35 feedbacks, 24 reports, 24 blocks.
    expect(count).toBeGreaterThan(10);
    const { user, router } = renderApp(route);
    expect(await screen.findByRole('heading', { name: title, level: 1 })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: title })).toHaveAttribute('href', route);
    await loaded(title);
    expect(
      within(screen.getByRole('table', { name: title }))
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(headers);
    expect(screen.getByText(`Showing 1–10 of ${count}`)).toBeInTheDocument();
    const [first] = await apiCalls(call);
    expect(first?.method).toBe('GET');
    expect(first?.query).toEqual({ page: '1', limit: '10' });
    expect(first?.headers.get('authorization')).toBe(`Bearer ${signedInNow().token}`);

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(async () => expect(await rows(title)).toHaveLength(Math.min(10, count - 10)));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    expect((await apiCalls(call)).at(-1)?.query).toEqual({ page: '2', limit: '10' });
  });
});

describe('feedbacks', () => {
  it("shows the author's name and e-mail, the rating, and the message in a dialog; dashes for a deleted author", async () => {
    // A member's new feedback, written in the app (no admin API writes one), its message with some markup.
    const [author] = await api.get<Person[]>('/api/admin/list?page=1&items=1&filter=user.enabled&equal=true');
    await testDb().run(
      `INSERT INTO feedbacks (id, user_id, rating, description, created_at, updated_at)
       VALUES ($1, $2, 5, '<p>Met my partner here. <strong>Thank you!</strong></p>', now(), now())`,
      [newId(), author!._id],
    );
    // The author of an older feedback on the first page deletes their account in the app.
    const older = (await firstPage<Feedback>('/api/feedback/list'))[7]!;
    await testDb().run("DELETE FROM users WHERE id = $1 AND role = 'user'", [older.user!._id]);
    const feedbacks = await firstPage<Feedback>('/api/feedback/list');
    const feedback = feedbacks[0]!;
    expect(feedback.user?._id).toBe(author!._id);
    expect(feedbacks[7]!.user).toBeNull();

    const { user } = renderApp('/feedbacks');
    await loaded('Feedbacks');
    const [first] = await rows('Feedbacks');
    expect(within(first!).getByText(fullName(feedback.user!))).toBeInTheDocument();
    expect(within(first!).getByRole('link', { name: feedback.user!.email })).toHaveAttribute(
      'href',
      `mailto:${feedback.user!.email}`,
    );
    expect(within(first!).getByText(String(feedback.rating))).toBeInTheDocument();
    await user.click(within(first!).getByRole('button', { name: 'View Message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Message' });
    expect(within(dialog).getByText(/Met my partner here/)).toBeInTheDocument();
    expect(within(dialog).getByText('Thank you!').tagName).toBe('STRONG');

    const orphan = (await rows('Feedbacks'))[7]!;
    expect(within(orphan).getAllByText('-')).toHaveLength(2);
    expect(within(orphan).getByText(String(older.rating))).toBeInTheDocument();
  });
});

describe('chat reports', () => {
  it('links the reporter and the other participant, and says Unknown when the thread lost them', async () => {
    const reports = await firstPage<ChatReport>('/api/chat-report/list');
    // The demo's newest report is about a member who has since deleted their account: its thread has the reporter alone.
    const lonelyAt = reports.findIndex((report) => report.thread.user_id.length === 1);
    const fullAt = reports.findIndex((report) => report.thread.user_id.length === 2);
    expect(lonelyAt).toBeGreaterThanOrEqual(0);
    expect(fullAt).toBeGreaterThanOrEqual(0);
    const report = reports[fullAt]!;
    const [reporter, reported] = report.thread.user_id;

    renderApp('/chat-report');
    await loaded('Chat Report');
    const full = (await rows('Chat Report'))[fullAt]!;
    expect(within(full).getByRole('link', { name: fullName(reporter!) })).toHaveAttribute(
      'href',
      `/users/${reporter!._id}`,
    );
    expect(within(full).getByRole('link', { name: fullName(reported!) })).toHaveAttribute(
      'href',
      `/users/${reported!._id}`,
    );
    expect(within(full).getByText(report.message)).toBeInTheDocument();
    // Reported At in the console's date format (SPEC gives this column none; Chat Block keeps SPEC's, below).
    expect(within(full).getByText(consoleDateTime(report.createdAt))).toBeInTheDocument();

    const lonely = (await rows('Chat Report'))[lonelyAt]!;
    expect(within(lonely).getByText('Unknown')).toBeInTheDocument();
    expect(within(lonely).getAllByRole('link')).toHaveLength(1);
  });
});

describe('chat blocks', () => {
  it('links who blocked whom, cuts the message with its whole text on hover, a dash when there is none', async () => {
    const blocks = await firstPage<ChatBlock>('/api/chat-block/list');
    const withMessage = blocks.findIndex((block) => block.message !== '');
    const without = blocks.findIndex((block) => block.message === '');
    expect(withMessage).toBeGreaterThanOrEqual(0);
    expect(without).toBeGreaterThanOrEqual(0);
    const block = blocks[withMessage]!;

    const { user } = renderApp('/chat-block');
    await loaded('Chat Block');
    const shown = await rows('Chat Block');
    const first = shown[withMessage]!;
    expect(within(first).getByRole('link', { name: fullName(block.blockBy!) })).toHaveAttribute(
      'href',
      `/users/${block.blockBy!._id}`,
    );
    expect(within(first).getByRole('link', { name: fullName(block.blockedUser!) })).toHaveAttribute(
      'href',
      `/users/${block.blockedUser!._id}`,
    );
    await user.hover(within(first).getByText(block.message));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(block.message);
    expect(within(shown[without]!).getByText('-')).toBeInTheDocument();
    expect(within(first).getByText(specDateTime(block.createdAt))).toBeInTheDocument();
  });
});

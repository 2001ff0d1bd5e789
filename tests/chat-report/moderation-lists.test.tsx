import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { db } from '@mocks/db';
import { apiCalls } from '../support/request-log';
import { renderApp, TEST_TOKEN } from '../support/render';

/** Feedbacks, chat reports and chat blocks (SPEC 2.19-2.21, 7.9): read-only pages over the declared list screen. */

const rows = async (name: string) =>
  within(await screen.findByRole('table', { name }, { timeout: 5000 }))
    .getAllByRole('row')
    .slice(1);
/** A member as the lists name them: name and surname, as the API gives both. */
const fullName = (person: { name: string; surname: string }) => `${person.name} ${person.surname}`;
const loaded = async (name: string) => waitFor(async () => expect(await rows(name)).toHaveLength(10));

describe.each([
  [
    '/feedbacks',
    'Feedbacks',
    '/api/feedback/list',
    ['Name', 'Email', 'Rating', 'Message'],
    () => db.feedbacks,
  ],
  [
    '/chat-report',
    'Chat Report',
    '/api/chat-report/list',
    // SPEC's four, and the case's two as the mock API announces report-cases (moderation-screens.test.tsx: none
    // without it).
    ['Reported By', 'Reported To', 'Report Message', 'Reported At', 'Status', 'Action'],
    () => db.chatReports,
  ],
  [
    '/chat-block',
    'Chat Block',
    '/api/chat-block/list',
    ['Blocked By', 'Blocked User', 'Message', 'Created At'],
    () => db.chatBlocks,
  ],
] as const)('%s', (route, title, call, headers, records) => {
  it('shows the first page under its title, asked with page and limit and the token, and pages on', async () => {
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
    expect(screen.getByText(`Showing 1–10 of ${records().length}`)).toBeInTheDocument();
    const [first] = await apiCalls(call);
    expect(first?.method).toBe('GET');
    expect(first?.query).toEqual({ page: '1', limit: '10' });
    expect(first?.headers.get('authorization')).toBe(`Bearer ${TEST_TOKEN}`);

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(async () => expect(await rows(title)).toHaveLength(records().length - 10));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    expect((await apiCalls(call)).at(-1)?.query).toEqual({ page: '2', limit: '10' });
  });
});

describe('feedbacks', () => {
  it("shows the author's name and e-mail, the rating, and the message in a dialog; dashes for a deleted author", async () => {
    const { user } = renderApp('/feedbacks');
    await loaded('Feedbacks');
    const [first] = await rows('Feedbacks');
    const feedback = db.feedbacks[0]!;
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
  });
});

describe('chat reports', () => {
  it('links the reporter and the other participant, and says Unknown when the thread lost them', async () => {
    renderApp('/chat-report');
    await loaded('Chat Report');
    const report = db.chatReports[0]!;
    const [reporter, reported] = report.thread.user_id;
    const first = (await rows('Chat Report'))[0]!;
    expect(within(first).getByRole('link', { name: fullName(reporter!) })).toHaveAttribute(
      'href',
      `/users/${reporter!._id}`,
    );
    expect(within(first).getByRole('link', { name: fullName(reported!) })).toHaveAttribute(
      'href',
      `/users/${reported!._id}`,
    );
    expect(within(first).getByText(report.message)).toBeInTheDocument();
    // Reported At in the console's date format (SPEC gives this column none; Chat Block keeps SPEC's, below).
    expect(within(first).getByText('21 Nov 2026, 09:15')).toBeInTheDocument();

    const lonely = (await rows('Chat Report'))[3]!;
    expect(within(lonely).getByText('Unknown')).toBeInTheDocument();
    expect(within(lonely).getAllByRole('link')).toHaveLength(1);
  });
});

describe('chat blocks', () => {
  it('links who blocked whom, cuts the message with its whole text on hover, a dash when there is none', async () => {
    const { user } = renderApp('/chat-block');
    await loaded('Chat Block');
    const block = db.chatBlocks[0]!;
    const [first, second] = await rows('Chat Block');
    expect(within(first!).getByRole('link', { name: fullName(block.blockBy!) })).toHaveAttribute(
      'href',
      `/users/${block.blockBy!._id}`,
    );
    expect(within(first!).getByRole('link', { name: fullName(block.blockedUser!) })).toHaveAttribute(
      'href',
      `/users/${block.blockedUser!._id}`,
    );
    await user.hover(within(first!).getByText(block.message));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(block.message);
    expect(within(second!).getByText('-')).toBeInTheDocument();
    expect(within(first!).getByText('November 21, 2026 09:15 AM')).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '@mocks/db';
import { setMockRole } from '@mocks/roles';
import { FAULTS, inject } from '../support/fault-injector';
import { apiCalls } from '../support/request-log';
import { renderApp, specOnlyApi } from '../support/render';

/**
 * The review queue ('review-queue'): its list, Claim next, a row's Claim / Release / Open, the keyboard, the age
 * colours, the menu's count, and nothing of it against a SPEC-only API.
 */

const table = () => screen.findByRole('table', { name: 'Review queue' });
const rows = async () =>
  within(await table())
    .getAllByRole('row')
    .slice(1);
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

/** The mock's items oldest first, as the queue lists them. */
const openItems = () =>
  db.reviewItems.filter((item) => item.state !== 'done').sort((a, b) => (a.createdAt < b.createdAt ? -1 : 1));
const menuLink = () =>
  within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('link', { name: 'Review queue' });

// The queue of the seed's chat reports, on one page: the seed's appeal and its item are tests/appeals/'s.
beforeEach(() => {
  db.reviewItems = db.reviewItems.filter((item) => item.kind === 'chat-report');
});

describe('the review queue', () => {
  it('lists kind, subject, age, state and assignee oldest first, and the menu shows the open count', async () => {
    renderApp('/queue');
    expect(await screen.findByRole('heading', { name: 'Review queue' })).toBeInTheDocument();
    const headers = within(await table())
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Kind', 'Subject member', 'Age', 'State', 'Assignee', 'Action']);
    await waitFor(async () => expect(await rows()).toHaveLength(openItems().length));
    const [first, second] = await rows();
    expect(cellsOf(first!).slice(0, 1)).toEqual(['Chat report']);
    expect(cellsOf(second!)[3]).toBe('Claimed');
    expect(cellsOf(second!)[4]).toBe('Mia Moderator');
    // The subject links to their profile.
    const subject = within(first!).getAllByRole('link')[0]!;
    expect(subject.getAttribute('href')).toMatch(/^\/users\/[0-9a-f]{24}$/);
    const open = db.reviewItems.filter((item) => item.state === 'open').length;
    await waitFor(() => expect(menuLink()).toHaveAccessibleDescription(`${open} open items`));
    expect((await apiCalls('/api/review-queue/count')).length).toBeGreaterThan(0);
    expect((await apiCalls('/api/review-queue/list'))[0]?.query).toMatchObject({ page: '1' });
  });

  it('colours an item’s age amber after 12 h and red after 24 h, and says so in words', async () => {
    const [fresh, amber, red] = openItems();
    red!.createdAt = hoursAgo(30);
    amber!.createdAt = hoursAgo(13);
    fresh!.createdAt = hoursAgo(2);
    renderApp('/queue');
    await table();
    const ageOf = async (index: number) => (await rows())[index]!.querySelector('[data-age]');
    await waitFor(async () => expect((await rows()).length).toBeGreaterThan(2));
    const last = openItems().length - 1;
    expect(await ageOf(last)).toHaveAttribute('data-age', 'fresh');
    // The age in its largest unit; past a threshold, the words too, for assistive technology (visually hidden).
    expect(await ageOf(last)).toHaveTextContent(/^2 hours$/);
    expect(await ageOf(last - 1)).toHaveAttribute('data-age', 'amber');
    expect(await ageOf(last - 1)).toHaveTextContent(/^13 hours \(over 12 h\)$/);
    expect(await ageOf(last - 2)).toHaveAttribute('data-age', 'red');
    expect(await ageOf(last - 2)).toHaveTextContent(/^1 day \(over 24 h\)$/);
    expect((await ageOf(last - 2))!.querySelector('.visually-hidden')).toHaveTextContent(/^\(over 24 h\)$/);
  });

  it('Claim next gives the admin the oldest open item and opens it at once, and the menu’s count follows without a reload', async () => {
    const { user, router } = renderApp('/queue');
    await table();
    const oldest = db.reviewItems
      .filter((item) => item.state === 'open')
      .sort((a, b) => (a.createdAt < b.createdAt ? -1 : 1))[0]!;
    const before = db.reviewItems.filter((item) => item.state === 'open').length;
    await waitFor(() => expect(menuLink()).toHaveAccessibleDescription(`${before} open items`));
    await user.click(screen.getByRole('button', { name: 'Claim next' }));
    expect(await screen.findByText('Item claimed')).toBeInTheDocument();
    expect(oldest.state).toBe('claimed');
    expect(oldest.assignee?._id).toBe(db.admin._id);
    // Where the row's Open leads: the chat report's case, alone.
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat-report'));
    expect(router.state.location.search).toBe(`?report=${oldest.ref}`);
    const reports = await screen.findByRole('table', { name: 'Chat Report' });
    await waitFor(() => expect(within(reports).getAllByRole('row')).toHaveLength(2));
    await waitFor(() => expect(menuLink()).toHaveAccessibleDescription(`${before - 1} open items`));
  });

  it('releases one’s own claim; an Owner may release another admin’s, a Moderator may not', async () => {
    const { user, unmount } = renderApp('/queue');
    await table();
    const mias = db.reviewItems.find((item) => item.assignee?.name === 'Mia Moderator')!;
    const release = await screen.findByRole('button', { name: /^Release Chat report: / });
    await user.click(release);
    expect(await screen.findByText('Item released')).toBeInTheDocument();
    expect(mias.state).toBe('open');
    expect((await apiCalls(`/api/review-queue/${mias._id}/release`))[0]?.method).toBe('POST');
    unmount();

    mias.state = 'claimed';
    mias.assignee = { _id: db.admins[0]!._id, name: 'Mia Moderator' };
    setMockRole('moderator');
    renderApp('/queue');
    await waitFor(async () => expect(await rows()).toHaveLength(openItems().length));
    expect(screen.queryByRole('button', { name: /^Release / })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Claim Chat report: / }).length).toBeGreaterThan(0);
  });

  it('filters by kind, state and assignee on the server', async () => {
    const { user } = renderApp('/queue');
    await table();
    await user.selectOptions(screen.getByLabelText('State'), 'claimed');
    await waitFor(async () => expect(await rows()).toHaveLength(1));
    expect((await apiCalls('/api/review-queue/list')).at(-1)?.query).toMatchObject({ state: 'claimed' });
    await user.selectOptions(screen.getByLabelText('Assignee'), 'me');
    expect(await screen.findByText('Nothing to review')).toBeInTheDocument();
    expect((await apiCalls('/api/review-queue/list')).at(-1)?.query).toMatchObject({
      state: 'claimed',
      assignee: 'me',
    });
    await user.selectOptions(screen.getByLabelText('Kind'), 'chat-report');
    expect((await apiCalls('/api/review-queue/list')).at(-1)?.query).toMatchObject({ kind: 'chat-report' });
  });

  it('works from the keyboard: j / k move, o opens the case, which decides it, and n claims next and opens it', async () => {
    const { user, router } = renderApp('/queue');
    await table();
    expect(screen.getByText(/n: claim next/)).toBeInTheDocument();
    await waitFor(async () => expect((await rows()).length).toBeGreaterThan(2));
    const [oldest] = openItems();
    const openButton = (index: number) =>
      within(screen.getAllByRole('row')[index + 1]!).getByRole('button', { name: /^Open / });
    await user.keyboard('j');
    expect(openButton(0)).toHaveFocus();
    await user.keyboard('j');
    expect(openButton(1)).toHaveFocus();
    await user.keyboard('j');
    expect(openButton(2)).toHaveFocus();
    await user.keyboard('k');
    expect(openButton(1)).toHaveFocus();
    await user.keyboard('k');
    expect(openButton(0)).toHaveFocus();
    await user.keyboard('o');
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat-report'));
    expect(router.state.location.search).toBe(`?report=${oldest!.ref}`);
    const reports = await screen.findByRole('table', { name: 'Chat Report' });
    await waitFor(() => expect(within(reports).getAllByRole('row')).toHaveLength(2));
    expect((await apiCalls('/api/chat-report/list')).at(-1)?.query).toMatchObject({ report: oldest!.ref });

    // Dismiss decides the case; the item is done, and the queue and its count no longer hold it.
    await user.click(within(reports).getByRole('button', { name: 'Dismiss' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText('Report dismissed')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to the review queue' }));
    await table();
    await waitFor(async () =>
      expect(within(await table()).queryAllByRole('row').length - 1).toBe(openItems().length),
    );
    expect(oldest!.state).toBe('done');

    // n claims the next open item and opens it.
    const next = openItems().find((item) => item.state === 'open')!;
    await user.keyboard('n');
    expect(await screen.findByText('Item claimed')).toBeInTheDocument();
    expect(next.state).toBe('claimed');
    await waitFor(() => expect(router.state.location.search).toBe(`?report=${next.ref}`));
    expect(router.state.location.pathname).toBe('/chat-report');
  });

  it('Support reads the queue but has no Claim next, Claim or Release', async () => {
    setMockRole('support');
    renderApp('/queue');
    await waitFor(async () => expect(await rows()).toHaveLength(openItems().length));
    expect(screen.queryByRole('button', { name: 'Claim next' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Claim|Release) Chat report/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Open Chat report/ }).length).toBeGreaterThan(0);
  });

  it('an Editor has no menu entry and no count call', async () => {
    setMockRole('editor');
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(
      within(screen.getByRole('navigation', { name: 'Main menu' })).queryByRole('link', {
        name: /Review queue/,
      }),
    ).toBeNull();
    expect(await apiCalls('/api/review-queue/count')).toHaveLength(0);
  });
});

describe('the menu’s count', () => {
  it('is read again every 30 s, so another admin’s claim shows without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setInterval', 'clearInterval', 'Date'] });
    try {
      renderApp('/dashboard');
      const open = db.reviewItems.filter((item) => item.state === 'open');
      await waitFor(() => expect(menuLink()).toHaveAccessibleDescription(`${open.length} open items`));
      const reads = (await apiCalls('/api/review-queue/count')).length;
      Object.assign(open[0]!, {
        state: 'claimed',
        assignee: { _id: db.admins[0]!._id, name: 'Mia Moderator' },
      });
      await vi.advanceTimersByTimeAsync(30_000);
      await waitFor(() => expect(menuLink()).toHaveAccessibleDescription(`${open.length - 1} open items`));
      expect((await apiCalls('/api/review-queue/count')).length).toBe(reads + 1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('is left out when its read fails, and the entry still opens the queue', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const failing = inject(FAULTS[0]!, 'get', 'review-queue/count');
    const { user, router } = renderApp('/dashboard');
    await waitFor(async () => expect((await apiCalls('/api/review-queue/count')).length).toBeGreaterThan(0));
    expect(menuLink()).toHaveAccessibleDescription('');
    await user.click(menuLink());
    await waitFor(() => expect(router.state.location.pathname).toBe('/queue'));
    expect(await table()).toBeInTheDocument();
    failing.lift();
  });
});

describe('without the review queue', () => {
  it('against a SPEC-only API: no menu entry, no screen, no call', async () => {
    specOnlyApi();
    renderApp('/queue');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).queryByRole('link', { name: /Review queue/ })).not.toBeInTheDocument();
    const calls = (await apiCalls()).filter((call) => call.path.startsWith('/api/review-queue'));
    expect(calls).toHaveLength(0);
  });
});

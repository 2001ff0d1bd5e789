import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { newId } from '../../server/lib/ids';
import { api, callApi, resetData, signedInNow, signInAs, testDb } from '../support/api-server';
import { server } from '../support/msw';
import { apiCalls } from '../support/request-log';
import { renderApp, specOnlyApi, withoutFeatures } from '../support/render';

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

type Item = {
  _id: string;
  kind: string;
  ref: string;
  state: 'open' | 'claimed' | 'done';
  subject: { _id: string } | null;
  assignee: { _id: string; name: string } | null;
  createdAt: string;
};
type Page = { result: Item[]; pagination: { count: number } };
/** The queue's items as the server lists them, oldest first (`query`: its filters). */
const queue = async (query = '') =>
  (await callApi<Page>('GET', `/api/review-queue/list?page=1&limit=100${query}`)).body;
/** Its items not done, oldest first. */
const itemsNotDone = async () => (await queue()).result.filter((item) => item.state !== 'done');
/** Its items open now. */
const openCount = async () => (await api.get<{ open: number }>('/api/review-queue/count')).open;
/** The rows the queue's first page shows of `count` items: a page is PAGE_SIZE rows. */
const PAGE_SIZE = 10;
const onFirstPage = (count: number) => Math.min(PAGE_SIZE, count);
const menuLink = () =>
  within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('link', { name: 'Review queue' });

/** The Moderator who claimed the queue's second oldest item, with the token of their session. */
let moderator: { admin: { _id: string; name: string; surname: string }; token: string };

// Each test starts from the demo data's queue (its open chat reports, oldest first), the second oldest item claimed by
// a Moderator, the console signed in as the Owner.
beforeEach(async () => {
  await resetData();
  moderator = await signInAs('moderator');
  const [, second] = await itemsNotDone();
  await api.post(`/api/review-queue/${second!._id}/claim`);
  await signInAs('owner');
});

describe('the review queue', () => {
  it('lists kind, subject, age, state and assignee, and the menu shows the open count (without cases)', async () => {
    withoutFeatures('review-cases');
    const items = await itemsNotDone();
    expect(items.length).toBeGreaterThan(PAGE_SIZE);
    renderApp('/queue');
    expect(await screen.findByRole('heading', { name: 'Review queue' })).toBeInTheDocument();
    const headers = within(await table())
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Kind', 'Subject member', 'Age', 'State', 'Assignee', 'Action']);
    await waitFor(async () => expect(await rows()).toHaveLength(onFirstPage(items.length)));
    expect(screen.getByText(`Showing 1–${PAGE_SIZE} of ${items.length}`)).toBeInTheDocument();
    const [first, second] = await rows();
    expect(cellsOf(first!).slice(0, 1)).toEqual(['Case']);
    expect(cellsOf(second!)[3]).toBe('Claimed');
    expect(cellsOf(second!)[4]).toBe(moderator.admin.name);
    // The subject links to their profile.
    const subject = within(first!).getAllByRole('link')[0]!;
    expect(subject.getAttribute('href')).toMatch(/^\/users\/[0-9a-f]{24}$/);
    expect(subject.getAttribute('href')).toBe(`/users/${(await queue()).result[0]!.subject?._id}`);
    const open = await openCount();
    expect(open).toBe(items.length - 1);
    await waitFor(() => expect(menuLink()).toHaveAccessibleDescription(`${open} open items`));
    expect((await apiCalls('/api/review-queue/count')).length).toBeGreaterThan(0);
    expect((await apiCalls('/api/review-queue/list'))[0]?.query).toMatchObject({ page: '1' });
  });

  it('colours an item’s age amber after 12 h and red after 24 h, and says so in words (without cases)', async () => {
    withoutFeatures('review-cases');
    // Three new reports by members (no admin API makes one), 30, 13 and 2 hours old, each on a member with no open
    // item: each an open item (a case of its own), placed in the queue among the demo's own.
    const members = await api.get<{ _id: string }[]>(
      '/api/admin/list?page=1&items=60&filter=user.enabled&equal=true',
    );
    const subjects = new Set((await itemsNotDone()).map((item) => item.subject?._id));
    const free = members.filter((member) => !subjects.has(member._id)).slice(1, 4);
    const reported = new Map<number, string>();
    for (const [index, hours] of [30, 13, 2].entries()) {
      reported.set(hours, free[index]!._id);
      await testDb().run(
        `INSERT INTO chat_reports (id, message, reporter_id, reported_id, created_at, updated_at)
         VALUES ($1, 'Keeps asking for money', $2, $3, $4, $4)`,
        [newId(), members[0]!._id, free[index]!._id, hoursAgo(hours)],
      );
    }
    const listed = (await queue()).result;
    /** The age badge of the item of the report made `hours` ago, on the queue's page that shows it. */
    const ageOf = async (hours: number) => {
      const index = listed.findIndex((item) => item.subject?._id === reported.get(hours));
      expect(index).toBeGreaterThanOrEqual(0);
      const view = renderApp(`/queue?page=${Math.floor(index / PAGE_SIZE) + 1}`);
      await waitFor(async () =>
        expect(within((await rows())[index % PAGE_SIZE]!).getAllByRole('link')[0]).toHaveAttribute(
          'href',
          `/users/${reported.get(hours)}`,
        ),
      );
      const badge = (await rows())[index % PAGE_SIZE]!.querySelector('[data-age]');
      return { badge, done: () => view.unmount() };
    };

    const fresh = await ageOf(2);
    expect(fresh.badge).toHaveAttribute('data-age', 'fresh');
    // The age in its largest unit; past a threshold, the words too, for assistive technology (visually hidden).
    expect(fresh.badge).toHaveTextContent(/^2 hours$/);
    fresh.done();
    const amber = await ageOf(13);
    expect(amber.badge).toHaveAttribute('data-age', 'amber');
    expect(amber.badge).toHaveTextContent(/^13 hours \(over 12 h\)$/);
    amber.done();
    const red = await ageOf(30);
    expect(red.badge).toHaveAttribute('data-age', 'red');
    expect(red.badge).toHaveTextContent(/^1 day \(over 24 h\)$/);
    expect(red.badge!.querySelector('.visually-hidden')).toHaveTextContent(/^\(over 24 h\)$/);
  });

  it('Claim next gives the admin the oldest open item and opens it at once, and the menu’s count follows without a reload', async () => {
    const { user, router } = renderApp('/queue');
    await table();
    const [oldest] = (await queue('&state=open')).result;
    const before = await openCount();
    await waitFor(() => expect(menuLink()).toHaveAccessibleDescription(`${before} open items`));
    await user.click(screen.getByRole('button', { name: 'Claim next' }));
    expect(await screen.findByText('Item claimed')).toBeInTheDocument();
    const claimed = (await queue()).result.find((item) => item._id === oldest!._id)!;
    expect(claimed.state).toBe('claimed');
    expect(claimed.assignee?._id).toBe(signedInNow().admin._id);
    expect((await queue('&assignee=me')).result.map((item) => item._id)).toEqual([oldest!._id]);
    // Where the row's Open leads: the case's page.
    await waitFor(() => expect(router.state.location.pathname).toBe(`/queue/${oldest!._id}`));
    expect(await screen.findByRole('group', { name: 'Decision' })).toBeInTheDocument();
    await waitFor(() => expect(menuLink()).toHaveAccessibleDescription(`${before - 1} open items`));
  });

  it('releases one’s own claim; an Owner may release another admin’s, a Moderator may not', async () => {
    const { user, unmount } = renderApp('/queue');
    await table();
    const [moderators] = (await queue('&state=claimed')).result;
    expect(moderators!.assignee?._id).toBe(moderator.admin._id);
    const release = await screen.findByRole('button', { name: /^Release Case: / });
    await user.click(release);
    expect(await screen.findByText('Item released')).toBeInTheDocument();
    expect((await queue()).result.find((item) => item._id === moderators!._id)?.state).toBe('open');
    expect((await apiCalls(`/api/review-queue/${moderators!._id}/release`))[0]?.method).toBe('POST');
    unmount();

    // The Moderator claims it again; another Moderator sees it claimed, with no Release.
    const again = await callApi('POST', `/api/review-queue/${moderators!._id}/claim`, {
      token: moderator.token,
    });
    expect(again.status).toBe(200);
    await signInAs('moderator');
    renderApp('/queue');
    await waitFor(async () => expect(await rows()).toHaveLength(onFirstPage((await itemsNotDone()).length)));
    // The Assignee column (the eighth, with cases) names the Moderator who claimed it.
    expect(cellsOf((await rows())[1]!)[7]).toBe(moderator.admin.name);
    expect(screen.queryByRole('button', { name: /^Release / })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Claim Case: / }).length).toBeGreaterThan(0);
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

  it('works from the keyboard: j / k move, o opens the case, decided there, and n claims next and opens it', async () => {
    const before = await itemsNotDone();
    const [oldest] = before;
    const { user, router } = renderApp('/queue');
    await table();
    expect(screen.getByText(/n: claim next/)).toBeInTheDocument();
    await waitFor(async () => expect((await rows()).length).toBeGreaterThan(2));
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
    await waitFor(() => expect(router.state.location.pathname).toBe(`/queue/${oldest!._id}`));

    // The Owner claims the case there (c) and dismisses it (d, then Decide); u goes back to the queue, which no longer
    // holds it.
    await screen.findByRole('button', { name: 'Claim' });
    await user.keyboard('c');
    await screen.findByRole('group', { name: 'Decision' });
    await user.keyboard('d');
    await user.click(screen.getByRole('button', { name: 'Dismiss the case' }));
    await waitFor(async () =>
      expect((await queue()).result.find((item) => item._id === oldest!._id)?.state ?? 'done').toBe('done'),
    );
    await user.keyboard('u');
    await table();
    const after = await itemsNotDone();
    expect(after.map((item) => item._id)).toEqual(
      before.filter((item) => item._id !== oldest!._id).map((item) => item._id),
    );
    await waitFor(() =>
      expect(screen.getByText(`Showing 1–${PAGE_SIZE} of ${after.length}`)).toBeInTheDocument(),
    );

    // n claims the next open item and opens it.
    const next = (await queue('&state=open')).result[0]!;
    await user.keyboard('n');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/queue/${next._id}`));
    expect((await queue()).result.find((item) => item._id === next._id)?.state).toBe('claimed');
  });

  it('Support reads the queue but has no Claim next, Claim or Release', async () => {
    await signInAs('support');
    renderApp('/queue');
    await waitFor(async () => expect(await rows()).toHaveLength(onFirstPage((await itemsNotDone()).length)));
    expect(screen.queryByRole('button', { name: 'Claim next' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Claim|Release) Case/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Open Case/ }).length).toBeGreaterThan(0);
  });

  it('an Editor has no menu entry and no count call', async () => {
    await signInAs('editor');
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
    // The console's interval is faked, and the clock; the server's timers stay real (it answers in this process).
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setInterval', 'clearInterval', 'Date'] });
    try {
      renderApp('/dashboard');
      const open = await openCount();
      await waitFor(() => expect(menuLink()).toHaveAccessibleDescription(`${open} open items`));
      const reads = (await apiCalls('/api/review-queue/count')).length;
      const [next] = (await queue('&state=open')).result;
      const claimed = await callApi('POST', `/api/review-queue/${next!._id}/claim`, {
        token: moderator.token,
      });
      expect(claimed.status).toBe(200);
      await vi.advanceTimersByTimeAsync(30_000);
      await waitFor(() => expect(menuLink()).toHaveAccessibleDescription(`${open - 1} open items`));
      expect((await apiCalls('/api/review-queue/count')).length).toBe(reads + 1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('is left out when its read fails, and the entry still opens the queue', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let failing = true;
    server.use(
      http.get('*/api/review-queue/count', () =>
        failing
          ? HttpResponse.json({ success: false, message: 'Database connection lost' }, { status: 500 })
          : undefined,
      ),
    );
    const { user, router } = renderApp('/dashboard');
    await waitFor(async () => expect((await apiCalls('/api/review-queue/count')).length).toBeGreaterThan(0));
    expect(menuLink()).toHaveAccessibleDescription('');
    await user.click(menuLink());
    await waitFor(() => expect(router.state.location.pathname).toBe('/queue'));
    expect(await table()).toBeInTheDocument();
    failing = false;
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

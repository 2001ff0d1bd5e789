import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CaseAnswer, QueueRow } from '@contract/review-cases';
import { newId } from '../../server/lib/ids';
import { api, resetData, signInAs, testDb } from '../support/api-server';
import { apiCalls } from '../support/request-log';
import { renderApp, specOnlyApi, withoutFeatures } from '../support/render';

/**
 * The review queue's cases ('review-cases', issue 43): the rows (reason, excerpt, reporter, count, priority, age
 * against target), the case page (/queue/:id: reports, member, notes, history, the decision), each decision from the
 * keyboard, "Decide and next", and nothing of it where the API does not announce it.
 */

/** The queue's rows as the server lists them (`query`: its filters). */
const queue = (query = '') => api.get<QueueRow[]>(`/api/review-queue/list?page=1&limit=100${query}`);
const caseOf = (id: string) => api.get<CaseAnswer>(`/api/review-queue/${id}/case`);
const fullName = (person: { name: string; surname?: string }) =>
  [person.name, person.surname].filter(Boolean).join(' ');
const table = () => screen.findByRole('table', { name: 'Review queue' });
const rows = async () =>
  within(await table())
    .getAllByRole('row')
    .slice(1);
const decideCalls = async (id: string) =>
  (await apiCalls(`/api/review-queue/${id}/decide`)).map((call) => call.body);
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

/** The open cases, in the queue's order (priority, then age). */
const openCases = async () => (await queue('&state=open')).filter((row) => row.kind === 'case');

/** The Moderator the console is signed in as. */
let moderator: Awaited<ReturnType<typeof signInAs>>;

beforeEach(async () => {
  await resetData();
  moderator = await signInAs('moderator');
});

/** Opens the first open case claimed by the Moderator, on its page; `pick` chooses another. */
async function openClaimed(pick: (cases: QueueRow[]) => QueueRow | undefined = (cases) => cases[0]) {
  const chosen = pick(await openCases());
  expect(chosen, 'an open case to work').toBeDefined();
  await api.post(`/api/review-queue/${chosen!._id}/claim`);
  const view = renderApp(`/queue/${chosen!._id}`);
  await screen.findByRole('group', { name: 'Decision' });
  return { ...view, item: chosen! };
}

describe('the queue’s rows, with cases', () => {
  it('show kind, member, reason, excerpt, reporter, reports, priority, age against target and assignee, priority first', async () => {
    const listed = await queue();
    renderApp('/queue');
    const headers = within(await table())
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      'Kind',
      'Member',
      'Reason',
      'Reporter',
      'Reports',
      'Priority',
      'Age / target',
      'Assignee',
      'Action',
    ]);
    await waitFor(async () => expect((await rows()).length).toBe(Math.min(10, listed.length)));
    // The server's order: level rank, then age.
    const ranks = listed.map((row) => row.level?.rank ?? Infinity);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    const [first] = listed;
    const cells = within((await rows())[0]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells[0]).toBe(first!.kind === 'case' ? 'Case' : 'Appeal');
    expect(cells[1]).toBe(fullName(first!.subject!));
    expect(cells[2]).toContain(first!.reason);
    if (first!.excerpt !== first!.reason) expect(cells[2]).toContain(first!.excerpt);
    expect(cells[3]).toBe(first!.reporter ? fullName(first!.reporter) : '-');
    expect(cells[4]).toBe(String(first!.reportCount));
    expect(cells[5]).toBe(first!.level?.name ?? 'None');
    expect(cells[6]).toMatch(/^\d+ (min|h|days?) of \d+ (min|h|days?)/);
    expect(cells[7]).toBe(first!.assignee?.name ?? 'Nobody');
  });

  it('marks an item past its target Overdue in words, not by colour alone', async () => {
    // A report 20 days old on a member with no other: a case far past any default target.
    const members = await api.get<{ _id: string }[]>(
      '/api/admin/list?page=1&items=40&filter=user.enabled&equal=true',
    );
    const listed = await queue();
    const reported = members.find((member) => !listed.some((row) => row.subject?._id === member._id))!;
    await testDb().run(
      `INSERT INTO chat_reports (id, message, reporter_id, reported_id, created_at, updated_at)
       VALUES ($1, 'Sent me threats', $2, $3, $4, $4)`,
      [newId(), members[0]!._id, reported._id, daysAgo(20)],
    );
    const after = await queue();
    const index = after.findIndex((row) => row.subject?._id === reported._id);
    expect(index).toBeGreaterThanOrEqual(0);
    renderApp(`/queue?page=${Math.floor(index / 10) + 1}`);
    const row = await waitFor(async () => {
      const found = (await rows()).find((candidate) => within(candidate).queryByText('Sent me threats'));
      expect(found).toBeDefined();
      return found!;
    });
    const badge = row.querySelector('[data-target]');
    expect(badge).toHaveAttribute('data-target', 'overdue');
    expect(badge).toHaveTextContent(/^20 days of .+ · Overdue$/);
  });

  it('Open on a case row opens its page, not the chat report list', async () => {
    const [first] = await openCases();
    const { user, router } = renderApp('/queue');
    await table();
    const open = await screen.findByRole('button', { name: `Open Case: ${fullName(first!.subject!)}` });
    await user.click(open);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/queue/${first!._id}`));
    expect(
      await screen.findByRole('heading', { level: 1, name: `Case: ${fullName(first!.subject!)}` }),
    ).toBeVisible();
  });
});

describe('the case page', () => {
  it('shows every report in full with who reported it and when, the member, notes and history', async () => {
    const cases = await openCases();
    const most = [...cases].sort((a, b) => b.reportCount - a.reportCount)[0]!;
    const answer = await caseOf(most._id);
    renderApp(`/queue/${most._id}`);
    const reports = await screen.findByRole('region', { name: /^Reports/ });
    expect(within(reports).getAllByRole('article')).toHaveLength(answer.reports.length);
    for (const report of answer.reports) {
      expect(within(reports).getAllByText(report.message).length).toBeGreaterThan(0);
      if (report.reporter)
        expect(
          within(reports).getAllByRole('link', { name: fullName(report.reporter) }).length,
        ).toBeGreaterThan(0);
    }
    const member = screen.getByRole('region', { name: 'Member' });
    for (const label of [
      'Age',
      'Joined',
      'Last active',
      'Verified',
      'Strikes',
      'Restriction in force',
      'Earlier',
    ])
      expect(within(member).getByText(label)).toBeInTheDocument();
    expect(
      within(member).getByText(`${answer.member!.strikes.active} strike`, { exact: false }),
    ).toBeInTheDocument();
    expect(within(member).getAllByRole('img')).toHaveLength(answer.member!.photos.length);
    // Notes and history are the profile's own.
    expect(await screen.findByRole('table', { name: 'Notes' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Moderation history' })).toBeInTheDocument();
    expect((await apiCalls(`/api/review-queue/${most._id}/case`)).length).toBe(1);
  });

  it('c claims an open case; ? shows the keys; every bound control names its key', async () => {
    const [first] = await openCases();
    const { user } = renderApp(`/queue/${first!._id}`);
    const claim = await screen.findByRole('button', { name: 'Claim' });
    expect(claim).toHaveAttribute('aria-keyshortcuts', 'c');
    await user.keyboard('c');
    const decision = await screen.findByRole('group', { name: 'Decision' });
    expect((await caseOf(first!._id)).item.assignee?._id).toBe(moderator.admin._id);
    const keys = Object.fromEntries(
      within(decision)
        .getAllByRole('button')
        .map((button) => [button.textContent, button.getAttribute('aria-keyshortcuts')]),
    );
    expect(keys).toEqual({ Dismiss: 'd', Warn: 'w', Restrict: 'x', Escalate: 'e', Release: 'r' });
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(dialog).getByText(/1, 2 or 3/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Keyboard shortcuts (?)' })).toHaveAttribute(
      'aria-keyshortcuts',
      '?',
    );
  });

  it('d then Enter dismisses every report of the case and opens the next claimable case, prefetched', async () => {
    const { user, router, item } = await openClaimed();
    const answer = await caseOf(item._id);
    // The next item claim-next gives: the queue's first open one. A case's data is read while this one is open.
    const [next] = await queue('&state=open');
    expect(next).toBeDefined();
    if (next!.kind === 'case')
      await waitFor(async () =>
        expect(await apiCalls(`/api/review-queue/${next!._id}/case`)).toHaveLength(1),
      );
    await user.keyboard('d');
    expect(screen.getByRole('button', { name: 'Decide and next' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const nextPath = next!.kind === 'appeal' ? `/appeals/${next!.ref}` : `/queue/${next!._id}`;
    await waitFor(() => expect(router.state.location.pathname).toBe(nextPath));
    expect(await decideCalls(item._id)).toEqual([{ action: 'dismiss', reason: 'No breach of the rules' }]);
    const decided = await caseOf(item._id);
    expect(decided.item.state).toBe('done');
    expect(decided.reports.map((report) => report.status)).toEqual(answer.reports.map(() => 'Dismissed'));
    const claimedNext = (await queue()).find((row) => row._id === next!._id);
    expect(claimedNext?.assignee?._id).toBe(moderator.admin._id);
    if (next!.kind === 'case')
      await screen.findByRole('heading', { level: 1, name: `Case: ${fullName(next!.subject!)}` });
  });

  it('x, 2, Enter restricts the member for 7 days citing the reports’ policy, with the facts drawn from them', async () => {
    const cases = await openCases();
    const members = cases.filter((row) => row.subject);
    const withPolicy = members.find((row) => row.policy) ?? members[0]!;
    const { user, item } = await openClaimed(() => withPolicy);
    await user.keyboard('x');
    const policy = screen.getByLabelText<HTMLSelectElement>('Policy broken');
    if (!item.policy) {
      // No report names a policy: the first one offered.
      await waitFor(() => expect(policy.options.length).toBeGreaterThan(1));
      await user.selectOptions(policy, policy.options[1]!.value);
    }
    expect((screen.getByLabelText('Facts and circumstances') as HTMLTextAreaElement).value).toMatch(
      /^Reported /,
    );
    screen.getByRole('button', { name: 'Decide and next' }).focus();
    const before = Date.now();
    await user.keyboard('2');
    expect(screen.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Decide and next' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(async () => expect(await decideCalls(item._id)).toHaveLength(1));
    const [body] = (await decideCalls(item._id)) as {
      action: string;
      restriction: { policyId: string; facts: string; endsAt: string };
    }[];
    expect(body!.action).toBe('restrict');
    if (item.policy) expect(body!.restriction.policyId).toBe(item.policy._id);
    const days = (Date.parse(body!.restriction.endsAt) - before) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
    await waitFor(async () => expect((await caseOf(item._id)).item.state).toBe('done'));
    const inForce = await api.get<{ inForce: { reference: string } | null }>(
      `/api/admin/restrictions/member/${item.subject!._id}`,
    );
    expect(inForce.inForce?.reference).toMatch(/^R-/);
  });

  it('w, the message, Ctrl+Enter warns the member', async () => {
    withoutFeatures('notice-templates');
    const { user, item } = await openClaimed();
    await user.keyboard('w');
    const message = screen.getByLabelText('Message to the member');
    expect(message).toHaveFocus();
    await user.keyboard('Please keep to the rules.{Control>}{Enter}{/Control}');
    await waitFor(async () =>
      expect(await decideCalls(item._id)).toEqual([{ action: 'warn', message: 'Please keep to the rules.' }]),
    );
    await waitFor(async () => expect((await caseOf(item._id)).item.state).toBe('done'));
  });

  it('w with a template: the message filled from the case, a placeholder left blocks sending, the template named', async () => {
    const cases = await openCases();
    const { user, item } = await openClaimed(() => cases.find((row) => row.subject && !row.policy));
    const answer = await caseOf(item._id);
    await user.keyboard('w');
    const template = await screen.findByLabelText<HTMLSelectElement>('Template');
    await waitFor(() => expect(template.options.length).toBeGreaterThan(1));
    await user.selectOptions(template, template.options[1]!.value);
    const message = screen.getByLabelText<HTMLTextAreaElement>('Message to the member');
    expect(message.value).toContain(`Hello ${answer.member!.name}`);
    expect(message.value).toContain(answer.reports[0]!.message);
    // The case names no policy: {{policy}} is left, and nothing is sent until it is filled.
    expect(message.value).toContain('{{policy}}');
    message.focus();
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill in {{policy}}');
    expect(await decideCalls(item._id)).toEqual([]);
    const filled = message.value.replace('{{policy}}', 'Harassment');
    await user.clear(message);
    await user.paste(filled);
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(async () =>
      expect(await decideCalls(item._id)).toEqual([
        { action: 'warn', message: filled.trim(), templateId: template.options[1]!.value },
      ]),
    );
    await waitFor(async () => expect((await caseOf(item._id)).item.state).toBe('done'));
  });

  it('e then Enter escalates one level up, to the Owners', async () => {
    const { user, item, router } = await openClaimed((cases) => cases.filter((row) => row.subject).at(-1));
    await user.keyboard('e');
    expect(screen.getByLabelText('Escalate to')).toHaveValue('owners');
    // The level one rank above the case's own is chosen once the levels are read.
    const { levels } = await api.get<{ levels: { _id: string; rank: number }[] }>('/api/review-queue/levels');
    const above = levels.filter((level) => level.rank < (item.level?.rank ?? Infinity)).at(-1);
    const levelId = (above ?? item.level ?? levels[0]!)._id;
    const level = await screen.findByLabelText<HTMLSelectElement>('Priority level');
    await waitFor(() => expect(level.options.length).toBe(levels.length));
    expect(level.value).toBe(levelId);
    await user.keyboard('{Enter}');
    await waitFor(async () =>
      expect(await decideCalls(item._id)).toEqual([{ action: 'escalate', levelId, assigneeId: 'owners' }]),
    );
    // The call is logged as it starts: the case is read once the decision has answered.
    await waitFor(async () => expect((await caseOf(item._id)).item.level?._id).toBe(levelId));
    const escalated = await caseOf(item._id);
    if (item.level) expect(escalated.item.level!.rank).toBeLessThanOrEqual(item.level.rank);
    await waitFor(() => expect(router.state.location.pathname).not.toBe(`/queue/${item._id}`));
  });

  it('r releases the case to the queue', async () => {
    const { user, item, router } = await openClaimed();
    await user.keyboard('r');
    await waitFor(() => expect(router.state.location.pathname).toBe('/queue'));
    expect(await decideCalls(item._id)).toEqual([{ action: 'release' }]);
    expect((await caseOf(item._id)).item.state).toBe('open');
  });

  it('shows a refusal and keeps the case: dismissing with an empty other reason', async () => {
    const { user, item } = await openClaimed();
    await user.keyboard('d');
    await user.click(screen.getByRole('radio', { name: 'Other reason' }));
    await user.click(screen.getByRole('button', { name: 'Decide and next' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please give the reason for dismissing');
    expect(await decideCalls(item._id)).toEqual([]);
  });
});

describe('without cases', () => {
  it('where the API does not announce review-cases: the queue as before, and no case page', async () => {
    withoutFeatures('review-cases');
    const [first] = await queue();
    renderApp(`/queue/${first!._id}`);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(await apiCalls(`/api/review-queue/${first!._id}/case`)).toHaveLength(0);
  });

  it('shows the queue’s columns of before', async () => {
    withoutFeatures('review-cases');
    renderApp('/queue');
    const headers = within(await table())
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Kind', 'Subject member', 'Age', 'State', 'Assignee', 'Action']);
  });

  it('against a SPEC-only API: no case page and no queue call', async () => {
    specOnlyApi();
    renderApp(`/queue/${newId()}`);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect((await apiCalls()).filter((call) => call.path.startsWith('/api/review-queue'))).toHaveLength(0);
  });
});

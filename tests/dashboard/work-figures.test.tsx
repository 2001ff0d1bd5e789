import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { newId } from '../../server/lib/ids';
import { answerFromServer, api, callApi, resetData, testDb } from '../support/api-server';
import { server } from '../support/msw';
import { apiCalls } from '../support/request-log';
import { countTicks } from '@/features/dashboard/work-figures';
import { renderApp, specOnlyApi } from '../support/render';
import { restrictMember } from '../support/restrictions';

/** The work dashboard ('work-dashboard'): the figures under SPEC's two cards, and their text equivalents. */

const FIRST_LOAD = { timeout: 15_000 };

type Day = { day: string; reports: number; restrictions: number; members: number };
type Bucket = { label: string; count: number };
type Figures = { days: Day[]; openQueueByAge?: Bucket[] };
type Member = { _id: string; email: string };

/** The server's figures now. */
const serverFigures = () => api.get<Figures>('/api/admin/dashboard/figures');

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** A chart's day ('2026-11-26') as its axis and table write it: '26 Nov'. */
const dayLabel = (day: string) => `${Number(day.slice(8, 10))} ${MONTHS[Number(day.slice(5, 7)) - 1]}`;
const two = (n: number) => String(n).padStart(2, '0');
/** A moment as the console writes it, in the admin's (here the test process's) time zone: '25 Nov 2026, 09:00'. */
const dateTimeText = (at: Date) =>
  `${at.getDate()} ${MONTHS[at.getMonth()]} ${at.getFullYear()}, ${two(at.getHours())}:${two(at.getMinutes())}`;

/** The text equivalent of a chart: its hidden table's rows as [day, count]. */
function rowsOf(name: string) {
  const region = screen.getByRole('region', { name });
  const table = within(region).getByRole('table', { name });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [
      within(row).getByRole('rowheader').textContent,
      within(row).getByRole('cell').textContent,
    ]);
}

/** Suspends a member of the demo for a week, citing one of its report elements (an entry 'restrict' today). */
async function suspendSomeone() {
  const [member] = await api.get<Member[]>('/api/admin/list?page=1&items=1&filter=user.enabled&equal=true');
  await restrictMember(member!._id, {
    policy: 'Spam or scam',
    facts: 'Sent the same link to forty members.',
    endsAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  });
}

/**
 * Chat reports made `hoursAgo` (no API makes one: a member's report comes from the app), each about a member with no
 * open case, so that each opens a case of its own ('review-cases': a member's reports gather in one item).
 */
async function reportsMade(...hoursAgo: number[]) {
  const [reporter] = await api.get<Member[]>('/api/admin/list?page=1&items=1&filter=user.enabled&equal=true');
  const reported = await testDb().many<{ id: string }>(
    `SELECT id FROM users u WHERE role = 'user' AND id <> $1 AND NOT EXISTS (
       SELECT 1 FROM review_items i WHERE i.kind = 'case' AND i.subject_id = u.id AND i.state <> 'done')
     ORDER BY rowid LIMIT $2`,
    [reporter!._id, hoursAgo.length],
  );
  for (const [index, hours] of hoursAgo.entries()) {
    const at = new Date(Date.now() - hours * 3_600_000).toISOString();
    await testDb().run(
      `INSERT INTO chat_reports (id, message, reporter_id, reported_id, created_at, updated_at)
       VALUES ($1, 'Keeps asking for money', $2, $3, $4, $4)`,
      [newId(), reporter!._id, reported[index]!.id, at],
    );
  }
}

// Each test starts from the demo data: they restrict members, add reports and a mail.
beforeEach(resetData);

describe('the work dashboard', () => {
  it("shows each chart's numbers as text, days without any as 0, and the latest mails' delivery", async () => {
    await suspendSomeone();
    // A mail to more members than the demo has, part delivered: its counters as the mail queue keeps them (no API
    // sends to 5,200 members here).
    const mailedAt = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    await testDb().run(
      `INSERT INTO mails (id, title, body, all_users, created_at, updated_at, recipient_count, sent_count, failed_count)
       VALUES ($1, 'Speed dating this Friday', '<p>Join us.</p>', true, $2, $2, 5200, 5100, 3)`,
      [newId(), mailedAt.toISOString()],
    );
    // A figures answer without the review queue's figure, as an API without the review queue gives it.
    server.use(
      http.get('*/api/admin/dashboard/figures', async ({ request }) => {
        const body = (await (await answerFromServer(request)).json()) as { result: Figures };
        delete body.result.openQueueByAge;
        return HttpResponse.json(body);
      }),
    );
    const { days } = await serverFigures();
    renderApp('/dashboard');
    await screen.findByRole('region', { name: 'Chat reports per day' }, FIRST_LOAD);

    const reports = rowsOf('Chat reports per day');
    expect(reports).toHaveLength(30);
    expect(reports).toEqual(days.map(({ day, reports }) => [dayLabel(day), String(reports)]));
    // Today's restriction, the only one the demo's log holds; every other day reads 0.
    expect(rowsOf('Restrictions per day')).toEqual(
      days.map(({ day }, index) => [dayLabel(day), index === 29 ? '1' : '0']),
    );
    expect(rowsOf('New members per day')).toEqual(
      days.map(({ day, members }) => [dayLabel(day), String(members)]),
    );
    const sum = (key: 'reports' | 'members') => days.reduce((total, day) => total + day[key], 0);
    expect(sum('reports')).toBeGreaterThan(0);
    expect(sum('members')).toBeGreaterThan(0);
    const region = (name: string) => screen.getByRole('region', { name });
    expect(
      within(region('Chat reports per day')).getByText(`${sum('reports')} in the last 30 days`),
    ).toBeInTheDocument();
    expect(
      within(region('New members per day')).getByText(`${sum('members')} in the last 30 days`),
    ).toBeInTheDocument();

    const mails = within(region('Latest mails')).getByRole('table', { name: 'Latest mails' });
    const [row] = within(mails).getAllByRole('row').slice(1);
    expect(within(row!).getByRole('rowheader')).toHaveTextContent('Speed dating this Friday');
    expect(
      within(row!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([dateTimeText(mailedAt), 'All Users (5,200)', '5,100', '3', '97']);
    // The review queue's figure has its place, shown only where the API gives it.
    expect(screen.queryByRole('region', { name: 'Open review items by age' })).toBeNull();
  });

  it("reads the server's figures: its latest mails and every day's counts; passes axe", async () => {
    renderApp('/dashboard');
    const region = await screen.findByRole('region', { name: 'Latest mails' }, FIRST_LOAD);
    expect(within(region).getAllByRole('row').length).toBeGreaterThan(1);
    expect(rowsOf('New members per day')).toHaveLength(30);
    // The review queue's items not done, by the age thresholds.
    const byAge = rowsOf('Open review items by age');
    expect(byAge.map(([label]) => label)).toEqual(['Under 12 h', '12–24 h', 'Over 24 h']);
    const notDone = async (state: string) =>
      (
        await callApi<{ pagination: { count: number } }>(
          'GET',
          `/api/review-queue/list?page=1&state=${state}`,
        )
      ).body.pagination.count;
    const pending = (await notDone('open')) + (await notDone('claimed'));
    expect(pending).toBeGreaterThan(0);
    expect(byAge.reduce((sum, [, count]) => sum + Number(count), 0)).toBe(pending);
    const figures = screen.getByRole('region', { name: 'The work of the last 30 days' });
    const results = await axe.run(figures, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  it("shows the review queue's open items by age where the API gives them", async () => {
    const before = (await serverFigures()).openQueueByAge!.map((bucket) => bucket.count);
    // Three reports 2 hours old, two 18 hours old, one 3 days old, each about another member: each a case of the queue.
    await reportsMade(2, 2, 2, 18, 18, 72);
    renderApp('/dashboard');
    await screen.findByRole('region', { name: 'Open review items by age' }, FIRST_LOAD);
    expect(rowsOf('Open review items by age')).toEqual([
      ['Under 12 h', String(before[0]! + 3)],
      ['12–24 h', String(before[1]! + 2)],
      ['Over 24 h', String(before[2]! + 1)],
    ]);
  });

  it("against a SPEC-only API: SPEC's two cards alone, and no call for figures", async () => {
    specOnlyApi();
    renderApp('/dashboard');
    expect(await screen.findByRole('link', { name: /Total Users/ }, FIRST_LOAD)).toBeInTheDocument();
    await waitFor(async () => expect(await apiCalls('/api/admin/dashboard')).toHaveLength(1));
    const main = screen.getByRole('main');
    expect(
      within(main)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([expect.stringMatching(/^Total Users/), expect.stringMatching(/^Total Contact/)]);
    expect(within(main).queryAllByRole('region')).toEqual([]);
    expect(within(main).queryByRole('table')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await apiCalls('/api/admin/dashboard/figures')).toEqual([]);
    expect((await apiCalls()).map((call) => call.path)).not.toContain('/api/admin/dashboard/figures');
  });
});

describe("the charts' count axis", () => {
  it('steps evenly in whole numbers from 0 to at or above the highest count, at most five ticks', () => {
    expect(countTicks([0, 0])).toEqual([0, 1]);
    expect(countTicks([1, 4, 2])).toEqual([0, 1, 2, 3, 4]);
    expect(countTicks([7])).toEqual([0, 2, 4, 6, 8]);
    expect(countTicks([11, 3])).toEqual([0, 5, 10, 15]);
    expect(countTicks([120, 7])).toEqual([0, 50, 100, 150]);
    expect(countTicks([5200])).toEqual([0, 2000, 4000, 6000]);
  });
});

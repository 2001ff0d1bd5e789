import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@mocks/node';
import { db } from '@mocks/db';
import { apiCalls } from '../support/request-log';
import { countTicks } from '@/features/dashboard/work-figures';
import { renderApp, specOnlyApi } from '../support/render';

/** The work dashboard ('work-dashboard'): the figures under SPEC's two cards, and their text equivalents. */

const FIRST_LOAD = { timeout: 15_000 };

/** 30 days ending 2026-11-26, with counts on a few of them. */
function figures(extra: Record<string, unknown> = {}) {
  const days = Array.from({ length: 30 }, (_, index) => {
    const day = new Date(Date.UTC(2026, 9, 28 + index)).toISOString().slice(0, 10);
    return { day, reports: 0, restrictions: 0, members: 0 };
  });
  Object.assign(days[29]!, { reports: 4, members: 120 });
  Object.assign(days[28]!, { restrictions: 2, members: 7 });
  Object.assign(days[0]!, { reports: 1 });
  return {
    days,
    mails: [
      {
        _id: 'a1b2c3d4e5f6a1b2c3d4e5f6',
        title: 'Speed dating this Friday',
        createdAt: '2026-11-25T09:00:00.000Z',
        allUsers: true,
        recipientCount: 5200,
        sentCount: 5100,
        failedCount: 3,
        queuedCount: 97,
        expanding: false,
      },
    ],
    ...extra,
  };
}

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

describe('the work dashboard', () => {
  it("shows each chart's numbers as text, days without any as 0, and the latest mails' delivery", async () => {
    server.use(
      http.get('*/api/admin/dashboard/figures', () =>
        HttpResponse.json({ success: true, result: figures() }),
      ),
    );
    renderApp('/dashboard');
    await screen.findByRole('region', { name: 'Chat reports per day' }, FIRST_LOAD);

    const reports = rowsOf('Chat reports per day');
    expect(reports).toHaveLength(30);
    expect(reports[0]).toEqual(['28 Oct', '1']);
    expect(reports[1]).toEqual(['29 Oct', '0']);
    expect(reports[29]).toEqual(['26 Nov', '4']);
    expect(rowsOf('Restrictions per day')[28]).toEqual(['25 Nov', '2']);
    expect(rowsOf('New members per day').slice(27)).toEqual([
      ['24 Nov', '0'],
      ['25 Nov', '7'],
      ['26 Nov', '120'],
    ]);
    const region = (name: string) => screen.getByRole('region', { name });
    expect(within(region('Chat reports per day')).getByText('5 in the last 30 days')).toBeInTheDocument();
    expect(within(region('New members per day')).getByText('127 in the last 30 days')).toBeInTheDocument();

    const mails = within(region('Latest mails')).getByRole('table', { name: 'Latest mails' });
    const [row] = within(mails).getAllByRole('row').slice(1);
    expect(within(row!).getByRole('rowheader')).toHaveTextContent('Speed dating this Friday');
    expect(
      within(row!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['25 Nov 2026, 09:00', 'All Users (5,200)', '5,100', '3', '97']);
    // The review queue's figure has its place, shown only where the API gives it.
    expect(screen.queryByRole('region', { name: 'Open review items by age' })).toBeNull();
  });

  it("reads the mock API's figures: its latest mails and every day's counts; passes axe", async () => {
    renderApp('/dashboard');
    const region = await screen.findByRole('region', { name: 'Latest mails' }, FIRST_LOAD);
    expect(within(region).getAllByRole('row').length).toBeGreaterThan(1);
    expect(rowsOf('New members per day')).toHaveLength(30);
    // The review queue's items not done, by the age thresholds.
    const byAge = rowsOf('Open review items by age');
    expect(byAge.map(([label]) => label)).toEqual(['Under 12 h', '12–24 h', 'Over 24 h']);
    expect(byAge.reduce((sum, [, count]) => sum + Number(count), 0)).toBe(
      db.reviewItems.filter((item) => item.state !== 'done').length,
    );
    const figures = screen.getByRole('region', { name: 'The work of the last 30 days' });
    const results = await axe.run(figures, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  it("shows the review queue's open items by age where the API gives them", async () => {
    server.use(
      http.get('*/api/admin/dashboard/figures', () =>
        HttpResponse.json({
          success: true,
          result: figures({
            openQueueByAge: [
              { label: 'Under 12 h', count: 8 },
              { label: '12-24 h', count: 3 },
              { label: 'Over 24 h', count: 1 },
            ],
          }),
        }),
      ),
    );
    renderApp('/dashboard');
    await screen.findByRole('region', { name: 'Open review items by age' }, FIRST_LOAD);
    expect(rowsOf('Open review items by age')).toEqual([
      ['Under 12 h', '8'],
      ['12-24 h', '3'],
      ['Over 24 h', '1'],
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

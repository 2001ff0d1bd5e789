import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MockActivity } from '@mocks/activity';
import { db, nextId } from '@mocks/db';
import { chooseDay } from '../support/day-input';
import { apiCalls } from '../support/request-log';
import { renderApp } from '../support/render';

/**
 * One date format across the console (issue 41, point 17), where SPEC gives a screen none: '6 Dec 2026' and
 * '6 Dec 2026, 14:05' in the admin's time zone; the other screens' texts are checked with their screens (posts,
 * events, chat reports, the review queue, the dashboard, the restriction dialog, the appeal page, the mails).
 */

const entry = (createdAt: string, name: string): MockActivity => ({
  _id: nextId(),
  createdAt,
  admin: { _id: db.admin._id, name: 'Admin User', email: db.admin.email },
  action: 'update',
  recordType: 'hobbies',
  recordId: 'gone-hobby',
  recordName: name,
  summary: `name: "Old" → "${name}"`,
  reason: null,
});

const activityCalls = async () => (await apiCalls('/api/activity/list')).map((call) => call.query);

describe('the Activity screen', () => {
  it("shows each entry's time as 6 Dec 2026, 14:05", async () => {
    // Times of the admin's own zone (no Z): the text does not depend on where the test runs.
    db.activity = [entry('2026-12-06T14:05:00', 'Chess'), entry('2026-09-16T09:03:00', 'Tennis')];
    renderApp('/activity');
    const log = await screen.findByRole('table', { name: 'Activity' });
    const chess = (await within(log).findByText('Chess')).closest('tr')!;
    expect(within(chess).getByText('6 Dec 2026, 14:05')).toBeInTheDocument();
    const tennis = within(log).getByText('Tennis').closest('tr')!;
    expect(within(tennis).getByText('16 Sep 2026, 09:03')).toBeInTheDocument();
  });

  it('shows the From and To days in the same format, from the URL and when chosen with the date input', async () => {
    db.activity = [entry('2026-11-04T10:00:00', 'Chess')];
    const { user, router } = renderApp('/activity?from=2026-11-03');
    await screen.findByRole('table', { name: 'Activity' });
    expect(screen.getByLabelText('From')).toHaveValue('3 Nov 2026');
    expect(screen.getByLabelText('To')).toHaveValue('');

    await chooseDay(user, 'To', '5 Nov 2026');
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-11-03&to=2026-11-05'));
    expect(screen.getByLabelText('To')).toHaveValue('5 Nov 2026');
    await waitFor(async () =>
      expect((await activityCalls()).at(-1)).toMatchObject({
        from: new Date(2026, 10, 3).toISOString(),
        to: new Date(2026, 10, 6).toISOString(),
      }),
    );
  });
});

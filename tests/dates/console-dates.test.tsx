import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { newId } from '../../server/lib/ids';
import { signedInNow, testDb } from '../support/api-server';
import { chooseDay } from '../support/day-input';
import { apiCalls } from '../support/request-log';
import { renderApp } from '../support/render';

/**
 * One date format across the console (issue 41, point 17), where SPEC gives a screen none: '6 Dec 2026' and
 * '6 Dec 2026, 14:05' in the admin's time zone; the other screens' texts are checked with their screens (posts,
 * events, chat reports, the review queue, the dashboard, the restriction dialog, the appeal page, the mails).
 */

/**
 * An entry in the activity log at `localTime` (the admin's own zone, no Z: the text does not depend on where the test
 * runs), of a hobby since deleted: no API writes an entry of a chosen time.
 */
const logEntry = async (localTime: string, name: string) => {
  const { admin } = signedInNow();
  const at = new Date(localTime);
  await testDb().run(
    `INSERT INTO activity (id, created_at, admin_id, admin_name, admin_email, action, record_type, record_id,
       record_name, summary)
     VALUES ($1, $2, $3, $4, $5, 'update', 'hobbies', $6, $7, $8)`,
    [
      newId(at),
      at.toISOString(),
      admin._id,
      `${admin.name} ${admin.surname}`,
      admin.email,
      newId(at),
      name,
      `name: "Old" → "${name}"`,
    ],
  );
};

const activityCalls = async () => (await apiCalls('/api/activity/list')).map((call) => call.query);

describe('the Activity screen', () => {
  it("shows each entry's time as 6 Dec 2026, 14:05", async () => {
    await logEntry('2026-12-06T14:05:00', 'Chess');
    await logEntry('2026-09-16T09:03:00', 'Tennis');
    // The hobbies' entries alone, so that both are on the first page whatever the demo's log holds around them.
    renderApp('/activity?recordType=hobbies');
    const log = await screen.findByRole('table', { name: 'Activity' });
    const chess = (await within(log).findByText('Chess')).closest('tr')!;
    expect(within(chess).getByText('6 Dec 2026, 14:05')).toBeInTheDocument();
    const tennis = within(log).getByText('Tennis').closest('tr')!;
    expect(within(tennis).getByText('16 Sep 2026, 09:03')).toBeInTheDocument();
  });

  it('shows the From and To days in the same format, from the URL and when chosen with the date input', async () => {
    await logEntry('2026-11-04T10:00:00', 'Chess');
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

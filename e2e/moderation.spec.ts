import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN, notification, signInToDashboard } from './support';

/**
 * Moderation against the reference server (DECISIONS, "Moderation"; the server announces 'activity-log',
 * 'status-reason', 'user-history' and 'report-cases'): a deactivation's reason reaches the profile's Moderation
 * history and the activity log; a dismissed report reaches the reported user's history.
 * The Activity screen (/activity) and the chat-report list's case column and row actions are wired in the list
 * controller's step: the tests that need them are marked fixme until then.
 */

type Person = { _id: string; name: string; surname?: string };

/** The API as the admin calls it, and the extensions its sign-in announced. */
async function admin(request: APIRequestContext) {
  const login = await request.post('/api/login', { data: { ...ADMIN, isRole: 'admin' } });
  expect(login.ok()).toBe(true);
  const { result } = (await login.json()) as { result: { token: string; features?: string[] } };
  const headers = { Authorization: `Bearer ${result.token}` };
  const get = async (path: string) => {
    const response = await request.get(`/api/${path}`, { headers });
    expect(response.ok(), path).toBe(true);
    return response.json();
  };
  return { features: result.features ?? [], headers, get };
}

/** An active user, and the name their profile shows. */
async function activeUser(request: APIRequestContext) {
  const { get } = await admin(request);
  const { result } = (await get('admin/list?page=1&items=1&filter=user.enabled&equal=true')) as {
    result: Person[];
  };
  const user = result[0]!;
  return { ...user, fullName: [user.name, user.surname].filter(Boolean).join(' ') };
}

test('deactivates a user with a reason from the profile, then finds it in their Moderation history', async ({
  page,
  request,
}) => {
  const { features } = await admin(request);
  expect(features).toEqual(expect.arrayContaining(['status-reason', 'user-history', 'activity-log']));
  const user = await activeUser(request);
  const reason = `Spam links in every chat (${Date.now()})`;
  await signInToDashboard(page);
  await page.goto(`/users/${user._id}`);
  await page.getByRole('heading', { level: 1, name: user.fullName }).waitFor();

  await page.getByRole('button', { name: 'Deactivate', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Deactivate ${user.fullName}?` });
  await dialog.getByRole('textbox', { name: 'Reason (optional)' }).fill(reason);
  await dialog.getByRole('button', { name: 'Deactivate', exact: true }).click();
  await expect(notification(page, 'Success')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Activate', exact: true })).toBeVisible();

  const history = page.getByRole('table', { name: 'Moderation history' });
  await expect(history.getByRole('row').nth(1)).toContainText(
    new RegExp(`^.*Deactivated by .+: ${escape(reason)}$`),
  );

  // The activity log holds the same change with its reason.
  const { get } = await admin(request);
  const log = await get(`activity/list?action=deactivate&recordType=user&limit=1`);
  expect(log.result[0]).toMatchObject({ recordId: user._id, reason, exists: true });
});

test('the reason dialog is used from the keyboard: focus in the reason, Escape cancels back to Deactivate', async ({
  page,
  request,
}) => {
  const user = await activeUser(request);
  await signInToDashboard(page);
  await page.goto(`/users/${user._id}`);
  const deactivate = page.getByRole('button', { name: 'Deactivate', exact: true });
  await deactivate.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Deactivate ${user.fullName}?` });
  await expect(dialog.getByRole('textbox', { name: 'Reason (optional)' })).toBeFocused();
  await page.keyboard.type('Changed my mind');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(deactivate).toBeFocused();
  await expect(page.getByRole('button', { name: 'Activate', exact: true })).toHaveCount(0);
});

test("a dismissed report shows in the reported user's Moderation history", async ({ page, request }) => {
  const { headers, get } = await admin(request);
  const { result: reports } = (await get('chat-report/list?page=1&limit=20&status=Open')) as {
    result: { _id: string; user: string; message: string; thread: { user_id: Person[] } }[];
  };
  const report = reports.find((candidate) =>
    candidate.thread.user_id.some((person) => person._id !== candidate.user),
  )!;
  const reported = report.thread.user_id.find((person) => person._id !== report.user)!;
  const note = `Banter between friends (${Date.now()})`;
  // Until the chat-report row actions are wired (the list controller's step), the case changes through the API.
  const change = await request.patch(`/api/chat-report/case/${report._id}`, {
    headers,
    data: { status: 'Dismissed', note },
  });
  expect(change.ok()).toBe(true);

  await signInToDashboard(page);
  await page.goto(`/users/${reported._id}`);
  const section = page.getByRole('region', { name: 'Moderation history' });
  await section.getByRole('combobox', { name: 'Show' }).selectOption({ label: 'Reported' });
  await expect(section.getByRole('row').filter({ hasText: `Dismissed: ${note}` })).toHaveCount(1);
});

// The list controller's step: the Activity screen and the chat-report row actions.
test.fixme('finds a deactivation with its reason in Activity, filtered, linking to the user', async ({
  page,
}) => {
  await signInToDashboard(page);
  await page.goto('/activity');
  await expect(page).toHaveTitle(/Activity/);
  await page.getByLabel('Action').selectOption({ label: 'Deactivated' });
  const row = page.getByRole('table', { name: 'Activity' }).getByRole('row').nth(1);
  await expect(row).toContainText('Deactivated');
  await row.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/users\/[0-9a-f]{24}$/);
});

test.fixme('dismisses a report from the chat-report list with a note, and finds it in Activity', async ({
  page,
}) => {
  await signInToDashboard(page);
  await page.goto('/chat-report');
  const row = page.getByRole('table', { name: 'Chat Report' }).getByRole('row').nth(1);
  await row.getByRole('button', { name: 'Dismiss' }).click();
  const dialog = page.getByRole('dialog', { name: 'Dismiss this report?' });
  await dialog.getByRole('textbox', { name: 'Note (optional)' }).fill('Banter between friends');
  await dialog.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notification(page, 'Report dismissed')).toBeVisible();
  await expect(row.getByText('Dismissed')).toBeVisible();
  await page.goto('/activity');
  await expect(page.getByRole('table', { name: 'Activity' }).getByRole('row').nth(1)).toContainText(
    'Banter between friends',
  );
});

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

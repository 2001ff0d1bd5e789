import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { answerRestriction, apiSession, notification, signInToDashboard } from './support';

/**
 * Moderation against the reference server (DECISIONS, "Moderation"; the server announces 'activity-log',
 * 'user-history', 'report-cases' and 'restrictions'): a deactivation, a restriction citing a policy with the facts,
 * reaches the profile's Moderation history and the activity log; the chat-report list's cases (Dismiss with a note,
 * "Deactivate reported user" with a restriction) reach the list's status filter, the Activity screen and the reported
 * user's history.
 */

type Person = { _id: string; name: string; surname?: string; email?: string };

/** How the console names a member: name and surname; with the e-mail in a question that acts on them. */
const fullName = (person: Person) => [person.name, person.surname].filter(Boolean).join(' ');
const named = (person: Person) => `${fullName(person)} (${person.email})`;

/** The API as the admin calls it, and the extensions its sign-in announced. */
async function admin(request: APIRequestContext) {
  const { accessToken, features } = await apiSession(request);
  const headers = { Authorization: `Bearer ${accessToken}` };
  const get = async (path: string) => {
    const response = await request.get(`/api/${path}`, { headers });
    expect(response.ok(), path).toBe(true);
    return response.json();
  };
  // The session's features as the console stores them (a JSON list).
  return { features: JSON.parse(features) as string[], headers, get };
}

/** An active user, and the name their profile shows. */
async function activeUser(request: APIRequestContext) {
  const { get } = await admin(request);
  const { result } = (await get('admin/list?page=1&items=1&filter=user.enabled&equal=true')) as {
    result: Person[];
  };
  const user = result[0]!;
  return { ...user, fullName: fullName(user) };
}

test('restricts a user from the profile, then finds it in their Moderation history', async ({
  page,
  request,
}) => {
  const { features } = await admin(request);
  expect(features).toEqual(expect.arrayContaining(['restrictions', 'user-history', 'activity-log']));
  const user = await activeUser(request);
  const reason = `Spam links in every chat (${Date.now()})`;
  await signInToDashboard(page);
  await page.goto(`/users/${user._id}`);
  await page.getByRole('heading', { level: 1, name: user.fullName }).waitFor();

  await page.getByRole('button', { name: 'Deactivate', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Deactivate ${named(user)}?` });
  await answerRestriction(page, dialog, { facts: reason });
  await dialog.getByRole('button', { name: 'Deactivate', exact: true }).click();
  await expect(notification(page, 'Success')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Activate', exact: true })).toBeVisible();

  const history = (await scrollToHistory(page)).getByRole('table', { name: 'Moderation history' });
  await expect(history.getByRole('row').nth(1)).toContainText(
    new RegExp(
      `^.*Restricted by .+: Deactivated permanently, citing "Fake profile" \\(R-\\w{8}\\); statement of reasons mailed: ${escape(reason)}$`,
    ),
  );

  // The activity log holds the same restriction with the facts as its reason.
  const { get } = await admin(request);
  const log = await get(`activity/list?action=restrict&recordType=user&limit=1`);
  expect(log.result[0]).toMatchObject({ recordId: user._id, reason, exists: true });
});

test('the restriction dialog is used from the keyboard: focus in the policy, Escape closes its list, then cancels back to Deactivate', async ({
  page,
  request,
}) => {
  const user = await activeUser(request);
  await signInToDashboard(page);
  await page.goto(`/users/${user._id}`);
  const deactivate = page.getByRole('button', { name: 'Deactivate', exact: true });
  await deactivate.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Deactivate ${named(user)}?` });
  await expect(dialog.getByRole('combobox', { name: 'Policy' })).toBeFocused();
  await page.keyboard.type('Spam');
  await expect(page.getByRole('option', { name: 'Spam or scam' })).toBeVisible();
  // Escape closes the policy's list first (the combobox pattern), then the dialog.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('option', { name: 'Spam or scam' })).toBeHidden();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(deactivate).toBeFocused();
  await expect(page.getByRole('button', { name: 'Activate', exact: true })).toHaveCount(0);
});

test('restricts a reported user from Chat Report: Actioned under the new reference in the list, the restriction in Activity and the history', async ({
  page,
  request,
}) => {
  const { get } = await admin(request);
  const reports = await openReports(get);
  // An open report whose reported user is active, on the list's first page.
  const { result: active } = (await get('admin/list?page=1&items=100&filter=user.enabled&equal=true')) as {
    result: Person[];
  };
  const report = reports.find((candidate) =>
    candidate.thread.user_id.some(
      (person) => person._id !== candidate.user && active.some((user) => user._id === person._id),
    ),
  )!;
  const reported = report.thread.user_id.find((person) => person._id !== report.user)!;
  const reason = `Fake profile (${Date.now()})`;

  await signInToDashboard(page);
  await page.goto('/chat-report?status=Open&size=100');
  const row = page
    .getByRole('table', { name: 'Chat Report' })
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: 'Deactivate reported user' }) })
    .filter({ hasText: report.message })
    .filter({ has: page.getByRole('link', { name: fullName(reported), exact: true }) })
    .first();
  await row.getByRole('button', { name: 'Deactivate reported user' }).click();
  const dialog = page.getByRole('dialog', { name: `Deactivate ${named(reported)}?` });
  await answerRestriction(page, dialog, { facts: reason });
  await dialog.getByRole('button', { name: 'Deactivate reported user' }).click();
  await expect(notification(page, 'User deactivated and report marked Actioned')).toBeVisible();

  // Filtered by Actioned, the case is there, actioned under the new restriction's reference (one incident, one
  // restriction: the member's other open reports closed with it).
  await page.getByRole('combobox', { name: 'Status' }).selectOption('Actioned');
  await expect(page).toHaveURL(/[?&]status=Actioned/);
  await expect(
    page
      .getByRole('table', { name: 'Chat Report' })
      .getByRole('row')
      .filter({ hasText: report.message })
      .filter({ hasText: /Actioned under R-[0-9A-Z]{8}/ })
      .first(),
  ).toBeVisible();

  // Activity, filtered by action Restricted: this one is on its first page, linking to the user.
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Activity' }).click();
  await expect(page).toHaveTitle('Activity · Admin Console');
  await page.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Restricted' });
  await expect(page).toHaveURL(/[?&]action=restrict/);
  // The whole log's page stays on screen until the filtered one replaces it; that one has the deactivation alone (the
  // report's case change carries the same reason).
  const activity = page.getByRole('table', { name: 'Activity' });
  await expect(activity.getByRole('row').filter({ hasText: 'Report case changed' })).toHaveCount(0);
  const entry = activity.getByRole('row').filter({ hasText: reason });
  await expect(entry).toContainText('Restricted');
  await entry.getByRole('link', { name: new RegExp(`^${escape(reported.name)}`) }).click();
  await expect(page).toHaveURL(new RegExp(`/users/${reported._id}$`));

  // The user's Moderation history has the deactivation and the report, Actioned under the restriction.
  const history = (await scrollToHistory(page)).getByRole('table', { name: 'Moderation history' });
  await expect(
    history.getByRole('row').filter({ hasText: `Restricted by ` }).filter({ hasText: reason }),
  ).toHaveCount(1);
  await expect(
    history
      .getByRole('row')
      .filter({ hasText: /Actioned: Actioned under R-[0-9A-Z]{8}/ })
      .first(),
  ).toBeVisible();
});

test('dismisses a report from Chat Report with a note: Dismissed in the list, in Activity and the history', async ({
  page,
  request,
}) => {
  const { get } = await admin(request);
  const reports = await openReports(get);
  const report = reports.find((candidate) =>
    candidate.thread.user_id.some((person) => person._id !== candidate.user),
  )!;
  const reported = report.thread.user_id.find((person) => person._id !== report.user)!;
  const note = `Banter between friends (${Date.now()})`;

  await signInToDashboard(page);
  await page.goto('/chat-report?status=Open&size=100');
  const row = page
    .getByRole('table', { name: 'Chat Report' })
    .getByRole('row')
    .filter({ hasText: report.message })
    .filter({ has: page.getByRole('link', { name: fullName(reported), exact: true }) })
    .first();
  await row.getByRole('button', { name: 'Dismiss' }).click();
  const dialog = page.getByRole('dialog', { name: 'Dismiss this report?' });
  await dialog.getByRole('textbox', { name: 'Note (optional)' }).fill(note);
  await dialog.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notification(page, 'Report dismissed')).toBeVisible();

  // Filtered by Dismissed, the case is there with its note.
  await page.getByRole('combobox', { name: 'Status' }).selectOption('Dismissed');
  await expect(page).toHaveURL(/[?&]status=Dismissed/);
  const dismissed = page
    .getByRole('table', { name: 'Chat Report' })
    .getByRole('row')
    .filter({ hasText: note });
  await expect(dismissed).toHaveCount(1);
  await expect(dismissed).toContainText('Dismissed');

  // Activity, filtered by action: the case change with the note as its reason.
  await page.goto('/activity?action=case');
  const entry = page.getByRole('table', { name: 'Activity' }).getByRole('row').filter({ hasText: note });
  await expect(entry).toContainText('Open → Dismissed');

  // The reported user's history: the report, Dismissed with the note.
  await page.goto(`/users/${reported._id}`);
  const section = await scrollToHistory(page);
  await section.getByRole('combobox', { name: 'Show' }).selectOption({ label: 'Reported' });
  await expect(section.getByRole('row').filter({ hasText: `Dismissed: ${note}` })).toHaveCount(1);
});

type OpenReport = { _id: string; user: string; message: string; thread: { user_id: Person[] } };

/** The first hundred Open chat reports, as the API lists them. */
async function openReports(get: (path: string) => Promise<unknown>) {
  const { result } = (await get('chat-report/list?page=1&limit=100&status=Open')) as { result: OpenReport[] };
  return result;
}

/** The profile's Moderation history, scrolled to: it loads once it comes near the viewport. */
async function scrollToHistory(page: Page) {
  const section = page.getByRole('region', { name: 'Moderation history' });
  await section.scrollIntoViewIfNeeded();
  return section;
}

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { answerRestriction, notification, signInToDashboard } from './support';

/** The list controller against the real server: bulk status, sort through the API, export, and the phone layout. */

type ListedUser = { _id: string; name: string; surname: string; enabled: boolean | string };

async function apiGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const response = await fetch(`/api/${url}`, {
      headers: { Authorization: `Bearer ${localStorage.getItem('accessToken')}` },
    });
    return response.json();
  }, path);
}

const fullName = (user: ListedUser) => [user.name, user.surname].filter(Boolean).join(' ');

test('selects two users and deactivates them with one confirmation and one summary', async ({ page }) => {
  await signInToDashboard(page);
  await page.goto('/users?status=true');
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table.getByRole('row')).toHaveCount(11);
  const { result } = await apiGet<{ result: ListedUser[] }>(
    page,
    'admin/list?page=1&items=10&filter=user.enabled&equal=true',
  );
  const [first, second] = result;
  for (const user of [first!, second!])
    await table.getByRole('checkbox', { name: `Select ${fullName(user)}` }).check();
  await expect(page.getByText('2 selected')).toBeVisible();

  await page.getByRole('button', { name: 'Deactivate selected' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Deactivate 2 users?')).toBeVisible();
  await answerRestriction(page, dialog, { policy: 'Spam or scam', facts: 'Spam accounts' });
  await dialog.getByRole('button', { name: 'Deactivate' }).click();

  await expect(notification(page, '2 users deactivated')).toBeVisible();
  // The list refetched once: on the Active filter the two are gone.
  for (const user of [first!, second!])
    await expect(table.getByRole('link', { name: fullName(user), exact: true })).toHaveCount(0);
  for (const user of [first!, second!]) {
    const read = await apiGet<{ result: ListedUser }>(page, `user/read/${user._id}`);
    expect(String(read.result.enabled)).toBe('false');
  }
});

test('sorts the users by name, descending, through the header', async ({ page }) => {
  await signInToDashboard(page);
  await page.goto('/users');
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table.getByRole('row')).toHaveCount(11);
  const header = table.getByRole('columnheader', { name: 'Name' });
  await expect(header).toHaveAttribute('aria-sort', 'none');
  await header.getByRole('button', { name: 'Name' }).click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await header.getByRole('button', { name: 'Name' }).click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(/sort=name&order=desc/);

  const { result } = await apiGet<{ result: ListedUser[] }>(
    page,
    'admin/list?page=1&items=10&sort=name&order=desc',
  );
  await expect(table.getByRole('row').nth(1)).toContainText(fullName(result[0]!));
  await expect(table.getByRole('row').nth(10)).toContainText(fullName(result[9]!));
});

test('exports the users list as CSV and reads it back', async ({ page }) => {
  await signInToDashboard(page);
  await page.goto('/users?status=false');
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table.getByRole('row').nth(1)).toContainText('Inactive');
  const { pagination } = await apiGet<{ pagination: { count: number } }>(
    page,
    'admin/list?page=1&items=10&filter=user.enabled&equal=false',
  );

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await file.path())!, 'utf8');
  const lines = text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toBe('Name,Email,Phone Number,Gender,Status');
  expect(lines).toHaveLength(pagination.count + 1);
  expect(lines.slice(1).every((line) => line.endsWith(',Inactive'))).toBe(true);
});

test('keeps the row checkboxes and the sort buttons on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInToDashboard(page);
  await page.goto('/users');
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table.getByRole('row')).toHaveCount(11);
  const pageBox = table.getByRole('checkbox', { name: 'Select all on this page' });
  await expect(pageBox).toBeVisible();
  await pageBox.check();
  await expect(page.getByText('10 selected')).toBeVisible();
  const rowBox = table.getByRole('row').nth(1).getByRole('checkbox');
  await expect(rowBox).toBeVisible();
  await rowBox.uncheck();
  await expect(page.getByText('9 selected')).toBeVisible();
  const sort = table.getByRole('button', { name: 'Status' });
  await expect(sort).toBeVisible();
  await sort.click();
  await expect(page).toHaveURL(/sort=status&order=asc/);
});

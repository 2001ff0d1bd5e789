import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { ExportedUser } from '../contract/user-export';
import { exportFileName } from '../src/lib/export-file-name';
import { signInToDashboard } from './support';
import { parseCsv } from '../tests/support/csv-reader';

// Export CSV on /users against the real server, which announces its streaming export ('users-export'): the file
// holds every user the filter keeps, in the server's order, with the shown text.

/** Every user of the list the server answers for `query`, page after page, with the admin's token. */
async function listedUsers(page: Page, query: string): Promise<ExportedUser[]> {
  return page.evaluate(async (query) => {
    const users: ExportedUser[] = [];
    for (let number = 1; ; number += 1) {
      const response = await fetch(`/api/admin/list?${query}&page=${number}&items=100`, {
        headers: { Authorization: `Bearer ${localStorage.getItem('accessToken')}` },
      });
      const { result, pagination } = (await response.json()) as {
        result: ExportedUser[];
        pagination: { count: number };
      };
      users.push(...result);
      if (result.length === 0 || users.length >= pagination.count) return users;
    }
  }, query);
}

test('Export CSV on /users saves the filtered list as the server has it, every page of it', async ({
  page,
}) => {
  await signInToDashboard(page);
  await page.goto('/users?status=true');
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('row')).toHaveCount(11);

  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export CSV' });
  const download = await downloaded;
  expect(download.suggestedFilename()).toBe(exportFileName('users'));

  const users = await listedUsers(page, 'filter=user.enabled&equal=true');
  expect(users.length).toBeGreaterThan(100);
  await expect(dialog.getByText(`Exported ${users.length.toLocaleString('en-US')} rows`)).toBeVisible();

  const bytes = readFileSync(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = parseCsv(bytes.subarray(3).toString('utf8'));
  expect(lines[0]).toEqual(['Name', 'Email', 'Phone Number', 'Gender', 'Status']);
  expect(lines.slice(1).map((line) => line[1])).toEqual(users.map((user) => user.email));
  expect(lines.slice(1).every((line) => line[4] === 'Active')).toBe(true);

  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
});

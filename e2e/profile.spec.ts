import { expect, test, type Page } from '@playwright/test';
import { ADMIN, notification, signInToDashboard } from './support';

async function changePassword(page: Page, password: string) {
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Update Profile' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(ADMIN.email);
  await page.getByLabel('New Password').fill(password);
  await page.getByRole('button', { name: 'Update Profile' }).click();
  // A full reload to the dashboard, still signed in: the fresh token replaced the one the change ended.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('link', { name: /Total Users\s*\d+/ })).toBeVisible();
}

test('changing the password keeps this session and ends the others', async ({ page, browser }) => {
  await signInToDashboard(page);
  const other = await browser.newPage();
  await signInToDashboard(other);

  await changePassword(page, 'Changed@456');

  // The other tab's token no longer works: its next call sends it to sign in again.
  await other.reload();
  await expect(other).toHaveURL(/\/login$/);
  await other.close();

  // Put the password back for the other specs.
  await changePassword(page, ADMIN.password);
  await expect(notification(page, 'Info')).toHaveCount(0);
});

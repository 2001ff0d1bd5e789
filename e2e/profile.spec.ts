import { expect, test, type Page } from '@playwright/test';
import { ADMIN, notification, signInToDashboard } from './support';

async function openProfile(page: Page) {
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Update Profile' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(ADMIN.email);
}

async function changePassword(page: Page, password: string, current: string) {
  await openProfile(page);
  await page.getByLabel('New Password').fill(password);
  // The reference server announces 'profile-current-password': a new password needs the current one.
  await page.getByLabel('Current password').fill(current);
  await page.getByRole('button', { name: 'Update Profile' }).click();
  // A full reload to the dashboard, still signed in: the fresh token replaced the one the change ended.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('link', { name: /Total Users\s*\d+/ })).toBeVisible();
}

test('changing the password keeps this session and ends the others', async ({ page, browser }) => {
  await signInToDashboard(page);
  const other = await browser.newPage();
  await signInToDashboard(other);

  await changePassword(page, 'Changed@456', ADMIN.password);

  // The other tab's token no longer works: its next call sends it to sign in again.
  await other.reload();
  await expect(other).toHaveURL(/\/login$/);
  await other.close();

  // Put the password back for the other specs.
  await changePassword(page, ADMIN.password, 'Changed@456');
  await expect(notification(page, 'Info')).toHaveCount(0);
});

test('a new e-mail needs the current password: asked for, and a wrong one refused on its field', async ({
  page,
}) => {
  await signInToDashboard(page);
  await openProfile(page);
  const current = page.getByLabel('Current password');
  await page.getByLabel('Email').fill('thief@example.com');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(current).toHaveAccessibleDescription(/Please enter your current password/);

  const refused = page.waitForResponse((response) => response.url().includes('/api/admin/profile/update'));
  await current.fill('not-the-password');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  expect((await refused).status()).toBe(400);
  await expect(current).toHaveAccessibleDescription(/The current password is incorrect/);
  await expect(current).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Email')).toHaveValue('thief@example.com');
  await expect(page).toHaveURL(/\/profile$/);

  // Nothing changed: the e-mail is still the admin's.
  await openProfile(page);
});

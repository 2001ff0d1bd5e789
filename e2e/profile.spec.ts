import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN_PASSWORD_MESSAGES, ADMIN_PASSWORD_RULE } from '../contract/admin-password';
import { ADMIN, apiSession, mailsTo, notification, signInToDashboard } from './support';

async function openProfile(page: Page, email = ADMIN.email) {
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Update Profile' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
}

/**
 * A Moderator the Owner invited, with the password chosen on the link: the published default cannot be set again on
 * the profile ('admin-password-rule'), so the password changes here are another admin's than the specs' one.
 */
async function invitedAdmin(request: APIRequestContext) {
  const { accessToken } = await apiSession(request);
  const email = `profile-${Date.now()}@example.com`;
  const invited = await request.post('/api/admin/admins/invite', {
    headers: { Authorization: `Bearer ${accessToken}` },
    data: { name: 'Pia Profile', email, role: 'moderator' },
  });
  expect(invited.ok(), await invited.text()).toBe(true);
  await expect.poll(() => mailsTo(email).length, { timeout: 20_000 }).toBe(1);
  const token = /\/invitation\/([\w-]{43})/.exec(mailsTo(email)[0]!)![1]!;
  const password = 'Plum-ferry-2031';
  expect((await request.post('/api/invitation/accept', { data: { token, password } })).ok()).toBe(true);
  return { email, password };
}

async function signInAs(page: Page, admin: { email: string; password: string }) {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('changing the password keeps this session and ends the others; a common one is refused on its field', async ({
  page,
  browser,
  request,
}) => {
  const admin = await invitedAdmin(request);
  await signInAs(page, admin);
  const other = await browser.newPage();
  await signInAs(other, admin);

  await openProfile(page, admin.email);
  const password = page.getByLabel('New Password');
  // The reference server announces 'admin-password-rule': the rule is said with the field.
  await expect(password).toHaveAccessibleDescription(ADMIN_PASSWORD_RULE);
  await password.fill('Password1234');
  // The reference server announces 'profile-current-password': a new password needs the current one.
  await page.getByLabel('Current password').fill(admin.password);
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(password).toHaveAccessibleDescription(new RegExp(ADMIN_PASSWORD_MESSAGES.common));
  await expect(password).toHaveValue('Password1234');

  await password.fill('Changed-pass-456');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  // A full reload to the dashboard, still signed in: the fresh token replaced the one the change ended.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('link', { name: /Total Users\s*\d+/ })).toBeVisible();
  await expect(notification(page, 'Info')).toHaveCount(0);

  // The other tab's token no longer works: its next call sends it to sign in again.
  await other.reload();
  await expect(other).toHaveURL(/\/login$/);
  await other.close();
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

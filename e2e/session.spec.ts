import { expect, test } from '@playwright/test';
import { ADMIN, notification, signIn, signInToDashboard } from './support';

test('refuses a wrong password with the server message and keeps the email', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'Info' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('Email')).toHaveValue(ADMIN.email);
});

test('sends an unauthenticated visitor to sign in, then back where they were going', async ({ page }) => {
  await page.goto('/faq');
  await expect(page).toHaveURL(/\/sign-in$/);
  await signIn(page, '/sign-in');
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole('table', { name: 'FAQ' })).toBeVisible();
});

test('shows the dashboard counts, which link to their lists', async ({ page }) => {
  await signInToDashboard(page);
  const users = page.getByRole('link', { name: /Total Users/ });
  await expect(users).toBeVisible();
  await expect(users).toContainText(/\d+/);
  const contacts = page.getByRole('link', { name: /Total Contact/ });
  await expect(contacts).toHaveAttribute('href', '/contact-us');
  await users.click();
  await expect(page).toHaveURL(/\/users/);

  await page.goBack();
  await contacts.click();
  await expect(page).toHaveURL(/\/contact-us$/);
  const table = page.getByRole('table', { name: 'Contact Us' });
  await expect(table.getByRole('row')).toHaveCount(11);
  await expect(page.getByText(/Showing 1–10 of \d+/)).toBeVisible();
});

test('logs out after confirmation, clearing storage', async ({ page }) => {
  await signInToDashboard(page);
  await page.getByRole('button', { name: 'Logout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Are you sure you want to logout?' });
  await expect(dialog.getByText('You will be logged out of your account.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/sign-in$/);
});

test('a deep link survives a reload and an unknown page says so', async ({ page }) => {
  await signInToDashboard(page);
  await page.goto('/faq/add');
  await expect(page.getByRole('heading', { name: 'Add Faq' })).toBeVisible();
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(notification(page, 'Info')).toHaveCount(0);
});

test('works on a phone-sized screen: the menu slides over the page and closes after choosing', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInToDashboard(page);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(menu).toBeVisible();
  await menu.getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(menu).toBeHidden();
  await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
});

import { expect as baseExpect, test } from '@playwright/test';
import { ADMIN, visitEveryMenuScreen } from './support';

test.use({ baseURL: process.env.E2E_DEMO_URL });
// The dev server compiles each module on its first request: a cold start takes a while on a small machine.
test.setTimeout(240_000);
const expect = baseExpect.configure({ timeout: 30_000 });

test('demo mode keeps the sign-in and the changes across a reload and in a new tab, until Reset data', async ({
  page,
  context,
}) => {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/faq');
  const row = page.getByRole('row').filter({ hasText: 'How do I reset my password?' });
  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(row).toHaveCount(0);

  await page.reload();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole('table', { name: 'FAQ' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'How do I reset my password?' })).toHaveCount(0);

  const tab = await context.newPage();
  await tab.goto('/faq');
  await expect(tab.getByRole('table', { name: 'FAQ' })).toBeVisible();
  await expect(tab.getByRole('row').filter({ hasText: 'Can I pause my account?' })).toBeVisible();
  await expect(tab.getByRole('row').filter({ hasText: 'How do I reset my password?' })).toHaveCount(0);
  await tab.close();

  // The demo's server starts again on fresh data (some seconds); the old session is gone with the old data.
  await page.getByRole('button', { name: 'Reset data' }).click();
  await expect(page).toHaveURL(/\/login$/, { timeout: 120_000 });
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole('row').filter({ hasText: 'How do I reset my password?' })).toBeVisible();
});

test('every screen of the menu shows its data in demo mode, without an error', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await visitEveryMenuScreen(page);
});

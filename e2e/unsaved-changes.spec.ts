import { expect, test } from '@playwright/test';
import { signInToDashboard } from './support';

test("the browser's back button asks before leaving a form with unsaved edits", async ({ page }) => {
  await signInToDashboard(page);
  await page.goto('/faq');
  await page.getByRole('link', { name: 'Add' }).click();
  await expect(page).toHaveURL(/\/faq\/add$/);
  await page.getByLabel('Question').fill('A question I am still writing');

  await page.goBack();
  const dialog = page.getByRole('dialog', { name: 'Leave this page?' });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/faq\/add$/);
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/faq\/add$/);
  await expect(page.getByLabel('Question')).toHaveValue('A question I am still writing');

  await page.goBack();
  await page.getByRole('dialog', { name: 'Leave this page?' }).getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole('table', { name: 'FAQ' })).toBeVisible();

  // Forward again to the form: it opens empty, and going back without edits asks nothing.
  await page.goForward();
  await expect(page).toHaveURL(/\/faq\/add$/);
  await expect(page.getByLabel('Question')).toHaveValue('');
  await page.goBack();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole('dialog', { name: 'Leave this page?' })).toHaveCount(0);
});

test('closing the tab with unsaved edits asks the browser to confirm', async ({ page }) => {
  await signInToDashboard(page);
  await page.goto('/faq/add');
  await page.getByLabel('Question').fill('Unsaved');
  const asked = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const dialog = await asked;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.dismiss();
});

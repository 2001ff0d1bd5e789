import { expect, test } from '@playwright/test';
import { notification, signInToDashboard } from './support';

test('creates, updates and deletes a FAQ', async ({ page }) => {
  await signInToDashboard(page);
  await page.goto('/faq');
  await page.getByRole('link', { name: 'Add' }).click();
  await expect(page).toHaveURL(/\/faq\/add$/);

  await page.getByRole('button', { name: 'Add Faq' }).click();
  await expect(page.getByText('Please enter question')).toBeVisible();
  await expect(page.getByText('Please enter answer')).toBeVisible();
  await expect(page.getByText('Please select status')).toBeVisible();

  const question = `How do I change my photo? ${Date.now()}`;
  await page.getByLabel('Question').fill(question);
  await page.getByRole('textbox', { name: 'Answer' }).click();
  await page.keyboard.type('Open your profile and tap the camera.');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Active', exact: true }).click();
  await page.getByRole('button', { name: 'Add Faq' }).click();

  await expect(notification(page, 'Faq added successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/faq$/);
  const row = page.getByRole('row').filter({ hasText: question });
  await expect(row.getByText('Active')).toBeVisible();

  await row.getByRole('button', { name: 'View answer' }).click();
  await expect(page.getByRole('dialog', { name: 'Answer' })).toContainText(
    'Open your profile and tap the camera.',
  );
  await page.keyboard.press('Escape');

  await row.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Update Faq' })).toBeVisible();
  await expect(page.getByLabel('Question')).toHaveValue(question);
  const updated = `${question} (updated)`;
  await page.getByLabel('Question').fill(updated);
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Inactive', exact: true }).click();
  await page.getByRole('button', { name: 'Update Faq' }).click();
  await expect(notification(page, 'Faq updated successfully!')).toBeVisible();
  const updatedRow = page.getByRole('row').filter({ hasText: updated });
  await expect(updatedRow.getByText('Inactive')).toBeVisible();

  await page.reload();
  await expect(updatedRow.getByText('Inactive')).toBeVisible();

  await updatedRow.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Are you sure you want to delete this item?' });
  await expect(dialog.getByText('This action cannot be undone.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(notification(page, 'Faq deleted successfully!')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: updated })).toHaveCount(0);
});

import { expect, test } from '@playwright/test';
import { notification } from './support';

test('the child safety policy is public and rendered', async ({ page }) => {
  await page.goto('/childsafetypolicy');
  await expect(page.getByRole('heading', { name: 'Child Safety Policy' }).first()).toBeVisible();
  await expect(page.locator('.safe-html')).not.toBeEmpty();
});

test('an account deletion request is validated, sent without a token and confirmed', async ({ page }) => {
  await page.goto('/delete-account');
  await expect(page.getByRole('heading', { name: 'Delete Your Account' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Please input your email!')).toBeVisible();
  await page.getByLabel('Email').fill('nobody');
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('The input is not valid E-mail!')).toBeVisible();

  const request = page.waitForRequest((r) => r.url().includes('/api/user/delete-account/'));
  await page.getByLabel('Email').fill('someone@example.com');
  await page.getByRole('button', { name: 'Delete' }).click();
  const sent = await request;
  expect(sent.method()).toBe('DELETE');
  expect(sent.headers()['authorization']).toBeUndefined();
  await expect(notification(page, 'Account delete successfully')).toBeVisible();
});

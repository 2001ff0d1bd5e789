import { expect, type Page } from '@playwright/test';

export const ADMIN = { email: 'admin@example.com', password: 'Admin@123' };

export async function signIn(page: Page, path = '/sign-in') {
  await page.goto(path);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Signs in through the UI and waits for the dashboard. */
export async function signInToDashboard(page: Page) {
  await signIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);
}

export function notification(page: Page, text: string) {
  return page.locator('.mantine-Notification-root').filter({ hasText: text });
}

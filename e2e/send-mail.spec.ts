import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { notification, signInToDashboard } from './support';

/** The .eml files the reference server wrote for this subject (no SMTP_URL: DATA_DIR/outbox). */
function outboxFor(subject: string) {
  const outbox = join(process.env.E2E_DATA_DIR!, 'outbox');
  return readdirSync(outbox)
    .map((file) => readFileSync(join(outbox, file), 'utf8'))
    .filter((message) => message.includes(`Subject: ${subject}`));
}

test('a mail sent to two picked users is listed with both, and lands in the outbox', async ({ page }) => {
  await signInToDashboard(page);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Send Mail' }).click();
  await expect(page).toHaveURL(/\/send-mail$/);
  await page.getByRole('link', { name: 'Send', exact: true }).click();
  await expect(page).toHaveURL(/\/send-mail\/add$/);

  const subject = `Picnic on Sunday ${Date.now()}`;
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Body').fill('Bring a blanket; we bring the cake.');
  await page.getByRole('textbox', { name: 'Select users' }).click();
  const options = page.getByRole('listbox', { name: 'Select users' }).getByRole('option');
  await expect(options.nth(2)).toBeVisible();
  const picked = [(await options.nth(1).innerText()).trim(), (await options.nth(2).innerText()).trim()];
  await options.nth(1).click();
  await options.nth(2).click();
  await expect(page.getByRole('status').filter({ hasText: 'This mail will go to 2 users.' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Send', exact: true }).click();

  await expect(notification(page, 'Mail sent successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/send-mail$/);
  const row = page.getByRole('table', { name: 'Send Mail' }).getByRole('row').filter({ hasText: subject });
  await row.getByRole('button', { name: `User List: ${subject}` }).click();
  const dialog = page.getByRole('dialog', { name: 'User List' });
  for (const name of picked) await expect(dialog.getByRole('cell', { name, exact: true })).toBeVisible();
  await expect(dialog.getByRole('row')).toHaveCount(3);

  await expect.poll(() => outboxFor(subject).length).toBe(2);
});

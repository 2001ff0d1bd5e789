import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator } from '@playwright/test';
import { notification, signInToDashboard } from './support';

/** The .eml files the reference server wrote for this subject (no SMTP_URL: DATA_DIR/outbox). */
function outboxFor(subject: string) {
  const outbox = join(process.env.E2E_DATA_DIR!, 'outbox');
  return readdirSync(outbox)
    .filter((file) => file.endsWith('.eml'))
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
  await expect(options.nth(1)).toBeVisible();
  // An option shows the user's name, and their e-mail under it.
  const nameIn = async (option: Locator) => (await option.innerText()).split('\n')[0]!.trim();
  const picked = [await nameIn(options.nth(0)), await nameIn(options.nth(1))];
  await options.nth(0).click();
  await options.nth(1).click();
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

test('a mail to all users goes out from the durable queue: its progress reaches done and every active user gets one .eml', async ({
  page,
  request,
}) => {
  await signInToDashboard(page);
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const active = (await (
    await request.get('/api/admin/list?page=1&items=1&filter=user.enabled&equal=true', {
      headers: { Authorization: `Bearer ${token}` },
    })
  ).json()) as { pagination: { count: number } };
  const total = active.pagination.count;
  expect(total).toBeGreaterThan(50);

  await page.goto('/send-mail/add');
  const subject = `Everyone's newsletter ${Date.now()}`;
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Body').fill('What is new this month.');
  await page.getByRole('radio', { name: 'All Users' }).check();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Send this mail to all users?' });
  await confirm.getByRole('button', { name: 'Send to all' }).click();
  await expect(notification(page, 'Mail sent successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/send-mail$/);

  // The list reads the mail's counts again while it goes out, until every delivery is done.
  const row = page.getByRole('table', { name: 'Send Mail' }).getByRole('row').filter({ hasText: subject });
  const done = `${total.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} sent`;
  await expect(row.getByText(done, { exact: true })).toBeVisible({ timeout: 60_000 });

  // Every active user once, each message under its own stable Message-ID.
  const messages = outboxFor(subject);
  expect(messages).toHaveLength(total);
  const recipients = new Set(messages.map((message) => /^To: (.+)$/m.exec(message)?.[1]));
  expect(recipients.size).toBe(total);
  const ids = new Set(messages.map((message) => /^Message-ID: (<[^>]+>)$/im.exec(message)?.[1]));
  expect(ids.size).toBe(total);

  // The User List pages through the recipients with their state: the first 10 of them, all sent.
  await row.getByRole('button', { name: new RegExp(`^User List: ${subject}`) }).click();
  const dialog = page.getByRole('dialog', { name: 'User List' });
  await expect(dialog.getByRole('table', { name: 'User List' }).getByRole('row')).toHaveCount(11);
  await expect(dialog.getByRole('cell', { name: 'Sent', exact: true })).toHaveCount(10);
});

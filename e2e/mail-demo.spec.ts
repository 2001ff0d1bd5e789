import { expect as baseExpect, test, type Page } from '@playwright/test';
import { axeViolations } from './axe';
import { ADMIN, notification } from './support';

/**
 * The mail and joined-users extensions in demo mode (`npm run dev:mock`, whose mock API announces them): a test send,
 * a mail to everyone going out in the list, its User List paged with each recipient's state and the failed ones'
 * reasons, an event's joined users paged; each dialog without a serious or critical axe finding.
 */
test.use({ baseURL: process.env.E2E_DEMO_URL });
// The dev server compiles each module on its first request: a cold start takes a while on a small machine.
test.setTimeout(240_000);
const expect = baseExpect.configure({ timeout: 30_000 });

async function signIn(page: Page) {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function noSeriousViolations(page: Page, where: string) {
  await page.waitForTimeout(400); // the dialog's opening transition
  const violations = await axeViolations(page, { include: '[role="dialog"]' });
  expect(
    violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${where}: ${violation.id}`),
  ).toEqual([]);
}

test('a mail to everyone: a test first, then its delivery in the list and each recipient in the User List', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/send-mail/add');
  const subject = `Summer party ${Date.now()}`;
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Body').fill('Drinks on the roof at 8.');
  await page.getByRole('button', { name: 'Send me a test first' }).click();
  await expect(notification(page, 'Test mail sent to admin@example.com')).toBeVisible();
  await expect(page).toHaveURL(/\/send-mail\/add$/);

  await page.getByRole('radio', { name: 'All Users' }).check();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Send this mail to all users?' });
  await expect(confirm.getByText(/This mail will go to all \d+ active users\./)).toBeVisible();
  await confirm.getByRole('button', { name: 'Send to all' }).click();
  await expect(notification(page, 'Mail sent successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/send-mail$/);

  // The mock's worker sends a third of it at each read; the list reads again every 3 s until it is done.
  const table = page.getByRole('table', { name: 'Send Mail' });
  const row = table.getByRole('row').filter({ hasText: subject });
  await expect(row.getByText(/^\d+ of 55 sent$/)).toBeVisible();
  await expect(row.getByText('55 of 55 sent')).toBeVisible();

  const everyone = table.getByRole('row').filter({ hasText: 'Your Gold trial' });
  await expect(everyone.getByText('52 of 55 sent · 3 failed')).toBeVisible();
  await everyone.getByRole('button', { name: 'User List: Your Gold trial (55 recipients)' }).click();
  const dialog = page.getByRole('dialog', { name: 'User List' });
  const recipients = dialog.getByRole('table', { name: 'User List' });
  await expect(recipients.getByRole('row')).toHaveCount(11);
  await expect(dialog.getByText('Showing 1–10 of 55')).toBeVisible();
  await noSeriousViolations(page, 'User List');
  await dialog.getByRole('combobox', { name: 'Show' }).selectOption({ label: 'Failed deliveries only' });
  await expect(recipients.getByRole('row')).toHaveCount(4);
  await expect(recipients.getByText('550 5.1.1 Mailbox unavailable')).toBeVisible();
  await noSeriousViolations(page, 'User List, failed deliveries');
});

test("an event's joined users, a page at a time, each a link to the profile", async ({ page }) => {
  await signIn(page);
  await page.goto('/event');
  const event = page.getByRole('table', { name: 'Events' }).getByRole('row').filter({ hasText: '#7' });
  await event.getByRole('button', { name: /^Joined User: .* \(64\)$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Joined User' });
  const people = dialog.getByRole('table', { name: 'Joined User' });
  await expect(people.getByRole('link')).toHaveCount(10);
  await expect(dialog.getByText('Showing 1–10 of 64')).toBeVisible();
  await noSeriousViolations(page, 'Joined User');
  // From the keyboard: the demo panel sits over the bottom right corner, where the pager ends.
  await dialog.getByRole('button', { name: 'Last page' }).press('Enter');
  await expect(people.getByRole('link')).toHaveCount(4);
  await dialog.getByRole('searchbox', { name: 'Search by name or email' }).fill('kowalski');
  await expect(dialog.getByText('Showing 1–5 of 5')).toBeVisible();
  await expect(people.getByRole('link').first()).toHaveAttribute('href', /^\/users\/[0-9a-f]{24}$/);
});

test('demo data saved by a build whose mails had `users` is not put back (the seed is)', async ({ page }) => {
  await signIn(page);
  // What the build before 'mail-recipients' saved: no records version in the shape, and each mail's `users`.
  const rewritten = () =>
    page.evaluate(
      () =>
        new Promise<boolean>((resolve, reject) => {
          const open = indexedDB.open('admin-console-demo', 1);
          open.onerror = () => reject(open.error);
          open.onupgradeneeded = () => open.result.createObjectStore('state');
          open.onsuccess = () => {
            const store = open.result.transaction('state', 'readwrite').objectStore('state');
            const read = store.get('db');
            read.onsuccess = () => {
              const saved = read.result as
                { shape: string; db: { mails: { recipients: Record<string, unknown>[] }[] } } | undefined;
              if (!saved) return resolve(false); // not saved yet
              saved.shape = saved.shape.replace(/^v\d+,/, '');
              saved.db.mails = saved.db.mails.map(({ recipients, ...mail }) => ({
                ...mail,
                users: recipients.map(({ _id, name, surname, email }) => ({ _id, name, surname, email })),
              })) as never;
              store.put(saved, 'db').onsuccess = () => resolve(true);
            };
          };
        }),
    );
  await expect.poll(rewritten).toBe(true);
  await page.goto('/send-mail');
  // The seed is back, without the old data's sign-in: sign in again, and the mails are the seed's.
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/send-mail$/);
  const everyone = page
    .getByRole('table', { name: 'Send Mail' })
    .getByRole('row')
    .filter({ hasText: 'Your Gold trial' });
  await expect(everyone.getByText('52 of 55 sent · 3 failed')).toBeVisible();
});

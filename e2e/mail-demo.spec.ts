import { expect as baseExpect, test, type Page } from '@playwright/test';
import { axeViolations } from './axe';
import { ADMIN, notification } from './support';

/**
 * The mail and joined-users extensions in demo mode (`npm run dev:mock`: the reference server with its demo data, the
 * demo panel's worker letting every call through): a test send, a mail to everyone going out in the list, its User
 * List paged with each recipient's state, an event's joined users; each dialog without a serious or critical axe
 * finding.
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
  const audience = confirm.getByText(/This mail will go to all \d+ active users\./);
  await expect(audience).toBeVisible();
  const count = Number(/all (\d+) active/.exec((await audience.textContent()) ?? '')![1]);
  expect(count).toBeGreaterThan(10);
  await confirm.getByRole('button', { name: 'Send to all' }).click();
  await expect(notification(page, 'Mail sent successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/send-mail$/);

  // The server's mail queue delivers it into its outbox; the list reads again every 3 s until it is done.
  const table = page.getByRole('table', { name: 'Send Mail' });
  const row = table.getByRole('row').filter({ hasText: subject });
  await expect(row.getByText(`${count} of ${count} sent`)).toBeVisible();
  await row.getByRole('button', { name: `User List: ${subject} (${count} recipients)` }).click();
  const dialog = page.getByRole('dialog', { name: 'User List' });
  const recipients = dialog.getByRole('table', { name: 'User List' });
  await expect(recipients.getByRole('row')).toHaveCount(11);
  await expect(dialog.getByText(`Showing 1–10 of ${count}`)).toBeVisible();
  await expect(recipients.getByText('Sent').first()).toBeVisible();
  await noSeriousViolations(page, 'User List');
  await dialog.getByRole('combobox', { name: 'Show' }).selectOption({ label: 'Failed deliveries only' });
  await expect(dialog.getByText('No recipients found')).toBeVisible();
  await noSeriousViolations(page, 'User List, failed deliveries');
});

test("an event's joined users, each a link to the profile, found by name", async ({ page }) => {
  await signIn(page);
  await page.goto('/event');
  const joined = page
    .getByRole('table', { name: 'Events' })
    .getByRole('button', { name: /^Joined User: .* \(\d+\)$/ })
    .first();
  const total = Number(/\((\d+)\)$/.exec((await joined.getAttribute('aria-label')) ?? '')?.[1]);
  await joined.click();
  const dialog = page.getByRole('dialog', { name: 'Joined User' });
  const people = dialog.getByRole('table', { name: 'Joined User' });
  await expect(people.getByRole('link')).toHaveCount(Math.min(total, 10));
  await expect(people.getByRole('link').first()).toHaveAttribute('href', /^\/users\/[0-9a-f]{24}$/);
  await noSeriousViolations(page, 'Joined User');
  // A joined member's surname finds them (and whoever else shares it).
  const surname = ((await people.getByRole('link').first().textContent()) ?? '').trim().split(/\s+/).at(-1)!;
  await dialog.getByRole('searchbox', { name: 'Search by name or email' }).fill(surname);
  await expect(people.getByRole('link').filter({ hasText: surname }).first()).toBeVisible();
  await expect(dialog.getByText(/^Showing 1–\d+ of \d+$/)).toBeVisible();
});

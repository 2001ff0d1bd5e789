import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { answerRestriction, logOut, mailsTo, notification, screenReady, signInToDashboard } from './support';

/** The invitation links the reference server mailed to `email`, oldest first. */
function invitationPaths(email: string) {
  return mailsTo(email)
    .filter((message) => message.includes('You are invited'))
    .map((message) => /https?:\/\/[^/\s]+(\/invitation\/[\w-]{43})/.exec(message)![1]!);
}

const codeAt = (secret: string, at: number) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: at,
  });

/**
 * Admin accounts ('admins') against the reference server: the Owner invites a Moderator, who accepts the mailed link,
 * signs in in another browser, sets up two-factor (the test computes the codes from the key shown) and signs in with
 * a code, sees neither the Admins screen nor the FAQ's forms, deactivates a member; Activity shows both; the Owner
 * ends the Moderator's sessions, whose next click leads to sign-in.
 */
test('an Owner invites a Moderator, who accepts, works within the role, and is signed out by the Owner', async ({
  page,
  browser,
}) => {
  const email = `moderator-${Date.now()}@example.com`;
  const name = `Mona Moderator ${Date.now()}`;
  await signInToDashboard(page);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Admins' }).click();
  await expect(page).toHaveURL(/\/admins$/);
  await page.getByRole('link', { name: 'Invite admin' }).click();
  // The list's search ('Search by name or e-mail') also answers a loose 'Name' or 'E-mail' until the form is shown.
  await expect(page.getByRole('heading', { name: 'Invite admin' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Moderator' }).click();
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(notification(page, 'Invitation sent')).toBeVisible();
  await expect(page).toHaveURL(/\/admins$/);
  const row = page.getByRole('table', { name: 'Admins' }).getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Invited');

  // The durable mail queue writes the invitation to the outbox shortly.
  await expect.poll(() => invitationPaths(email).length, { timeout: 20_000 }).toBe(1);
  const [link] = invitationPaths(email);

  const moderatorContext = await browser.newContext();
  const moderator = await moderatorContext.newPage();
  await moderator.goto(link!);
  await expect(
    moderator.getByText(`${name} (${email}) is invited to the admin console as Moderator.`),
  ).toBeVisible();
  await moderator.getByLabel('Password', { exact: true }).fill('Moderate@123');
  await moderator.getByLabel('Confirm password').fill('Moderate@123');
  await moderator.getByRole('button', { name: 'Set password' }).click();
  await expect(moderator).toHaveURL(/\/login$/);

  await moderator.getByLabel('Email').fill(email);
  await moderator.getByLabel('Password', { exact: true }).fill('Moderate@123');
  await moderator.getByRole('button', { name: 'Login' }).click();
  await expect(moderator).toHaveURL(/\/dashboard$/);

  // Two-factor, set up from the own profile; the next sign-in asks for a code after the password.
  await moderator.goto('/profile');
  await screenReady(moderator);
  await moderator.getByRole('tab', { name: 'Two-factor' }).click();
  const panel = moderator.getByRole('region', { name: 'Two-factor sign-in' });
  await panel.getByRole('button', { name: 'Set up two-factor' }).click();
  const secret = (await panel.getByTestId('two-factor-key').textContent())!.replace(/\s/g, '');
  const enabledAt = Date.now();
  await panel.getByLabel('Authentication code').fill(codeAt(secret, enabledAt));
  await panel.getByRole('button', { name: 'Turn on' }).click();
  await expect(panel.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await panel.getByRole('checkbox', { name: 'I have saved my recovery codes' }).check();
  await panel.getByRole('button', { name: 'Done' }).click();
  await logOut(moderator);
  await moderator.getByLabel('Email').fill(email);
  await moderator.getByLabel('Password', { exact: true }).fill('Moderate@123');
  await moderator.getByRole('button', { name: 'Login' }).click();
  await moderator.getByLabel('Authentication code').fill(codeAt(secret, enabledAt + 30_000));
  await moderator.getByRole('button', { name: 'Verify' }).click();
  await expect(moderator).toHaveURL(/\/dashboard$/);

  const menu = moderator.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'Users' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Admins' })).toHaveCount(0);
  await moderator.goto('/admins');
  await expect(moderator.getByRole('heading', { name: "You don't have access to this page" })).toBeVisible();
  // The FAQ is an Editor's: no menu entry, and its form is the no-access screen.
  await expect(menu.getByRole('link', { name: 'FAQ' })).toHaveCount(0);
  await moderator.goto('/faq/add');
  await expect(moderator.getByRole('heading', { name: "You don't have access to this page" })).toBeVisible();

  // The Moderator deactivates a member.
  await moderator.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Users' }).click();
  await expect(moderator).toHaveURL(/\/users/);
  const memberRow = moderator
    .getByRole('table')
    .getByRole('row')
    .filter({ has: moderator.getByRole('button', { name: 'Deactivate', exact: true }) })
    .first();
  const member = (await memberRow.getByRole('link').first().innerText()).trim();
  await memberRow.getByRole('button', { name: 'Deactivate', exact: true }).click();
  const ask = moderator.getByRole('dialog', { name: /^Deactivate / });
  await answerRestriction(moderator, ask, { facts: 'Stolen photos on the profile' });
  await ask.getByRole('button', { name: 'Deactivate' }).click();
  await expect(notification(moderator, 'User deactivated successfully')).toBeVisible();

  // Activity, as the Owner, shows both admins' actions.
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Activity' }).click();
  const activity = page.getByRole('table', { name: 'Activity' });
  await expect(
    activity.getByRole('row').filter({ hasText: member }).filter({ hasText: name }).first(),
  ).toBeVisible();
  await expect(activity.getByRole('row').filter({ hasText: `Invited ${email} as Moderator` })).toBeVisible();

  // The Owner ends the Moderator's sessions: the Moderator's next click leads to sign-in.
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Admins' }).click();
  // The list this browser read before the Moderator accepted is kept a while (lists refresh on this console's writes).
  await page.reload();
  const moderatorRow = page
    .getByRole('table', { name: 'Admins' })
    .getByRole('row')
    .filter({ hasText: email });
  await expect(moderatorRow).toContainText('Active');
  await moderatorRow.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'End sessions' }).click();
  await page
    .getByRole('dialog', { name: `End every session of ${name}?` })
    .getByRole('button', { name: 'End sessions' })
    .click();
  await expect(notification(page, '1 session ended')).toBeVisible();

  await moderator
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Dashboard' })
    .click();
  await expect(moderator).toHaveURL(/\/login$/);
  await moderatorContext.close();
});

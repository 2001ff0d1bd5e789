import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { ADMIN, logOut, notification, screenReady, signIn, signInToDashboard } from './support';

/**
 * Two-factor sign-in ('two-factor') against the real server: set up from the own profile (the test reads the key the
 * page shows and computes the codes as an app would), then signing in asks for a code after the password; a recovery
 * code signs in once. The server is shared with the other specs: two-factor is turned off again at the end.
 */

const codeAt = (secret: string, at: number) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: at,
  });

let recoveryCodes: string[] = [];

test.afterAll(async ({ request }) => {
  if (recoveryCodes.length < 2) return;
  // Signed in with one recovery code, turned off with another.
  const login = await request.post('/api/login', { data: { ...ADMIN, isRole: 'admin' } });
  const { challenge } = ((await login.json()) as { result: { challenge?: string } }).result;
  if (!challenge) return;
  const second = await request.post('/api/login/two-factor', {
    data: { challenge, code: recoveryCodes.pop() },
  });
  const { token } = ((await second.json()) as { result: { token: string } }).result;
  const off = await request.post('/api/admin/two-factor/disable', {
    data: { password: ADMIN.password, code: recoveryCodes.pop() },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(off.ok()).toBe(true);
});

test('set up from the profile, then sign-in asks for a code after the password; a recovery code signs in once', async ({
  page,
}) => {
  await signInToDashboard(page);
  await page.goto('/profile');
  await screenReady(page);
  await page.getByRole('tab', { name: 'Two-factor' }).click();
  const panel = page.getByRole('region', { name: 'Two-factor sign-in' });
  await panel.getByRole('button', { name: 'Set up two-factor' }).click();
  await expect(
    panel.getByRole('img', { name: 'QR code to add this account to your authenticator app' }),
  ).toBeVisible();
  const secret = (await panel.getByTestId('two-factor-key').textContent())!.replace(/\s/g, '');
  const enabledAt = Date.now();
  await panel.getByLabel('Authentication code').fill(codeAt(secret, enabledAt));
  await panel.getByRole('button', { name: 'Turn on' }).click();
  const list = panel.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((code) => code.trim());
  await panel.getByRole('checkbox', { name: 'I have saved my recovery codes' }).check();
  await panel.getByRole('button', { name: 'Done' }).click();
  await expect(panel.getByText('10 unused recovery codes left.')).toBeVisible();
  await logOut(page);

  // The password, then the code of the next step (the one that turned it on is taken).
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  await page.getByLabel('Authentication code').fill(codeAt(secret, enabledAt + 30_000));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await logOut(page);

  // A recovery code, once.
  const recovery = recoveryCodes.shift()!;
  await signIn(page);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recovery);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await logOut(page);

  await signIn(page);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recovery);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(notification(page, 'The code is incorrect or has already been used')).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in$/);
});

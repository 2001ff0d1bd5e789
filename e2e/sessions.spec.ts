import { expect, test } from '@playwright/test';
import { axeViolations } from './axe';
import { logOut, screenReady, signInToDashboard } from './support';

/**
 * Sessions on the server ('sessions', which the reference server announces): the own profile lists where the admin
 * is signed in, ends the others, and Logout ends this one on the server, so that neither token works again.
 */
test('Your sessions ends the other browsers, whose next click leads to sign-in; Logout ends this one on the server', async ({
  page,
  browser,
  request,
}) => {
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signInToDashboard(other);
  await signInToDashboard(page);
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const otherToken = await other.evaluate(() => localStorage.getItem('accessToken'));
  expect(token).not.toEqual(otherToken);

  await page.goto('/profile');
  await screenReady(page);
  const sessionsTab = page.getByRole('tab', { name: 'Your sessions' });
  await sessionsTab.click();
  await expect(sessionsTab).toHaveAttribute('aria-selected', 'true');
  const table = page.getByRole('table', { name: 'Your sessions' });
  // Newest first: this browser's sign-in is the latest, marked as this session, with nothing to end.
  await expect(table.getByRole('row').nth(1).getByText('This session')).toBeVisible();
  await expect(table.getByRole('row').nth(2).getByRole('button', { name: /^End / })).toBeVisible();
  const serious = (await axeViolations(page, { include: 'main' })).filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(serious.map((violation) => violation.id)).toEqual([]);

  await page.getByRole('button', { name: 'End all other sessions' }).click();
  const confirm = page.getByRole('dialog', { name: 'End all other sessions?' });
  await confirm.getByRole('button', { name: 'End all other sessions' }).click();
  await expect(page.getByText('Other sessions ended')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'End all other sessions' })).toBeDisabled();

  // The other browser's next click asks the server, which no longer knows its session.
  await other
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'FAQ', exact: true })
    .click();
  await expect(other).toHaveURL(/\/login$/);
  await otherContext.close();

  await logOut(page);
  for (const ended of [token, otherToken]) {
    const response = await request.get('/api/admin/dashboard', {
      headers: { Authorization: `Bearer ${ended}` },
    });
    expect(response.status()).toBe(401);
  }
});

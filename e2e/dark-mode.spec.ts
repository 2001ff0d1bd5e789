import { expect, test } from '@playwright/test';
import { logOut, screenReady, signInToDashboard } from './support';

/**
 * The dark scheme as an admin gets it: chosen once in the settings drawer, then kept. Whether every screen, dialog
 * and form state is legible and accessible in it (axe's full rule set, the same as in the light scheme) is checked by
 * a11y.spec.ts, which analyses each of them in both schemes and loads every screen in the scheme chosen last.
 */
test('dark mode: chosen once in the settings drawer, kept from screen to screen and after signing out', async ({
  page,
}) => {
  const html = page.locator('html');

  await signInToDashboard(page);
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  await page.getByRole('button', { name: 'Open settings' }).click();
  const drawer = page.getByRole('dialog', { name: 'Appearance' });
  await drawer.getByRole('radiogroup', { name: 'Color Scheme' }).getByText('Dark', { exact: true }).click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // Kept on the next screens, whether reached from the menu or loaded afresh.
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Users', exact: true })
    .click();
  await screenReady(page);
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.goto('/faq/add');
  await screenReady(page);
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');

  await logOut(page);
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  for (const path of ['/childsafetypolicy', '/delete-account']) {
    await page.goto(path);
    await screenReady(page);
    await expect(html, path).toHaveAttribute('data-mantine-color-scheme', 'dark');
  }

  // Before any of the console's code runs, index.html's inline script (allowed by the policy's hash) has set it.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/sign-in');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
});

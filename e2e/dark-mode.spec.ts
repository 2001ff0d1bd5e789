import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { apiSession, sampleIds, screenReady, screens, signInToDashboard } from './support';

/** axe's colour-contrast rule (WCAG 2 AA) on what the page shows now. */
async function contrastViolations(page: Page, where: string) {
  const { violations } = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
  return violations.flatMap((violation) =>
    violation.nodes
      .slice(0, 5)
      .map((node) => `${where}: ${node.target.join(' ')} ${node.failureSummary?.split('\n')[1] ?? ''}`),
  );
}

async function transitionsDone(page: Page) {
  // Opening transitions fade colours in; axe must measure them at rest.
  await page.waitForTimeout(400);
}

test('dark mode: chosen once in the settings drawer, kept on every screen and after signing out, legible everywhere', async ({
  page,
  request,
}) => {
  test.setTimeout(360_000);
  const ids = await sampleIds(request, (await apiSession(request)).accessToken);
  const html = page.locator('html');
  const report: string[] = [];

  await signInToDashboard(page);
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  await page.getByRole('button', { name: 'Open settings' }).click();
  const drawer = page.getByRole('dialog', { name: 'Configurator' });
  await drawer.getByRole('radiogroup', { name: 'Color Scheme' }).getByText('Dark', { exact: true }).click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await transitionsDone(page);
  report.push(...(await contrastViolations(page, 'settings drawer')));
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Search screens and users' }).click();
  await expect(page.getByRole('dialog', { name: 'Jump to a screen or user' })).toBeVisible();
  await transitionsDone(page);
  report.push(...(await contrastViolations(page, 'jump to')));
  await page.keyboard.press('Escape');

  const all = screens(ids);
  for (const screen of all.filter((entry) => entry.signedIn)) {
    await page.goto(screen.path);
    await screenReady(page);
    await expect(html, screen.path).toHaveAttribute('data-mantine-color-scheme', 'dark');
    report.push(...(await contrastViolations(page, screen.path)));
  }

  await page.getByRole('button', { name: 'Logout' }).click();
  await page
    .getByRole('dialog', { name: 'Are you sure you want to logout?' })
    .getByRole('button', { name: 'Yes' })
    .click();
  await expect(page).toHaveURL(/\/login$/);
  for (const screen of all.filter((entry) => !entry.signedIn)) {
    await page.goto(screen.path);
    await screenReady(page);
    await expect(html, screen.path).toHaveAttribute('data-mantine-color-scheme', 'dark');
    report.push(...(await contrastViolations(page, screen.path)));
  }

  // Before any of the console's code runs, index.html's inline script (allowed by the policy's hash) has set it.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/sign-in');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');

  expect(report).toEqual([]);
});

import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { apiSession, sampleIds, screenReady, screens, signInContext } from './support';

/**
 * WCAG 2.1 AA, checked by axe-core in Chromium on every built screen, each open dialog and drawer, and the lists
 * at phone width: no serious or critical violation. Each screen also has its own document title and exactly one h1.
 */
async function seriousViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes
          .slice(0, 5)
          .map((node) => `${node.target.join(' ')} ${node.failureSummary?.split('\n')[1] ?? ''}`)
          .join('; ')}`,
    );
}

async function dialogIsOpen(page: Page, name: string | RegExp) {
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  // The opening transition has finished (axe would otherwise measure colours half faded in).
  await page.waitForTimeout(400);
  return dialog;
}

test.describe('axe-core', () => {
  let ids: Awaited<ReturnType<typeof sampleIds>>;

  test.beforeAll(async ({ request }) => {
    ids = await sampleIds(request, (await apiSession(request)).accessToken);
  });

  test('every screen, signed out and signed in', async ({ browser, request }) => {
    test.setTimeout(360_000);
    const signedOut = await browser.newContext();
    const signedIn = await browser.newContext();
    await signInContext(signedIn, request);
    const report: string[] = [];
    for (const screen of screens(ids)) {
      const page = await (screen.signedIn ? signedIn : signedOut).newPage();
      await page.goto(screen.path);
      await screenReady(page);
      await expect(page).toHaveTitle(`${screen.title} · Admin Console`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      report.push(...(await seriousViolations(page)).map((line) => `${screen.path}: ${line}`));
      await page.close();
    }
    expect(report).toEqual([]);
  });

  test('the lists at phone width (390 px) show every column and action, and pass', async ({
    browser,
    request,
  }) => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await signInContext(context, request);
    const page = await context.newPage();
    const report: string[] = [];
    const lists = [
      {
        path: '/users',
        table: 'Users',
        labels: ['Name', 'Phone Number', 'Gender', 'Status', 'Actions'],
        action: /^(Activate|Deactivate)$/,
      },
      { path: '/faq', table: 'FAQ', labels: ['Question', 'Answer', 'Status', 'Action'], action: 'Delete' },
      {
        path: '/contact-us',
        table: 'Contact Us',
        labels: ['Title', 'Email', 'Phone No', 'Message', 'Created At'],
        action: null,
      },
    ];
    for (const list of lists) {
      await page.goto(list.path);
      await screenReady(page);
      const table = page.getByRole('table', { name: list.table });
      const firstRow = table.getByRole('row').nth(1);
      // Nothing sideways: the page does not scroll horizontally.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      for (const label of list.labels) {
        const cell = firstRow.locator(`td[data-label="${label}"]`);
        await expect(cell, `${list.path}: ${label}`).toBeInViewport();
      }
      if (list.action) {
        const action = firstRow.getByRole('button', { name: list.action }).first();
        await action.scrollIntoViewIfNeeded();
        const box = await action.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= 390, `${list.path}: action on screen`).toBe(true);
      }
      report.push(...(await seriousViolations(page)).map((line) => `${list.path} (phone): ${line}`));
    }
    await context.close();
    expect(report).toEqual([]);
  });

  test('each dialog and drawer, open', async ({ browser, request }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext();
    await signInContext(context, request);
    const page = await context.newPage();
    const report: string[] = [];
    const check = async (where: string) =>
      report.push(...(await seriousViolations(page)).map((line) => `${where}: ${line}`));

    await page.goto('/users');
    await screenReady(page);
    await page.locator('button[aria-label^="View photo of"]:enabled').first().click();
    await dialogIsOpen(page, /.+/);
    await check('photo dialog');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Open settings' }).click();
    await dialogIsOpen(page, 'Configurator');
    await check('settings drawer');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Logout' }).click();
    await dialogIsOpen(page, 'Are you sure you want to logout?');
    await check('logout confirmation');
    await page.getByRole('button', { name: 'No' }).click();

    await page.goto('/faq');
    await screenReady(page);
    await page.getByRole('button', { name: 'View answer' }).first().click();
    await dialogIsOpen(page, 'Answer');
    await check('answer dialog');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Delete' }).first().click();
    await dialogIsOpen(page, 'Are you sure you want to delete this item?');
    await check('delete confirmation');
    await page.getByRole('button', { name: 'No' }).click();

    await context.close();
    expect(report).toEqual([]);
  });
});

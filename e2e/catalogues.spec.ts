import { expect, test, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { notification, signInContext, signInToDashboard, visitEveryMenuScreen } from './support';

/** A real 8x8 PNG: the server checks an upload's content, not its name. */
function pngIcon() {
  const png = new PNG({ width: 8, height: 8 });
  png.data.fill(0xc0);
  return { name: 'icon.png', mimeType: 'image/png', buffer: PNG.sync.write(png) };
}

test('an icon catalogue: added with an icon, the icon shows in its list', async ({ page }) => {
  await signInToDashboard(page);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('button', { name: 'Catalogues' }).click();
  await menu.getByRole('link', { name: 'Hobbies' }).click();
  await expect(page).toHaveURL(/\/hobbies$/);
  await page.getByRole('link', { name: 'Add' }).click();
  await expect(page).toHaveURL(/\/hobbies\/add$/);

  await page.getByRole('button', { name: 'Add Hobbies' }).click();
  await expect(page.getByText('Please enter name')).toBeVisible();
  await expect(page.getByText('Please upload an image')).toBeVisible();

  const name = `Kayaking ${Date.now()}`;
  await page.getByLabel('Name').fill(name);
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Active', exact: true }).click();
  await page.locator('input[type="file"]').setInputFiles(pngIcon());
  await expect(page.getByRole('img', { name: 'Icon preview' })).toHaveAttribute('src', /^blob:/);
  await page.getByRole('button', { name: 'Add Hobbies' }).click();

  await expect(notification(page, 'Hobbies added successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/hobbies$/);
  const icon = page
    .getByRole('row')
    .filter({ hasText: name })
    .getByRole('img', { name: `${name} icon` });
  await expect(icon).toHaveAttribute('src', /\/uploads\//);
  await expect.poll(() => icon.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(8);
});

test('the setting: edited through its form, shown in its dialog', async ({ page }) => {
  await signInToDashboard(page);
  await page.goto('/setting');
  const table = page.getByRole('table', { name: 'Setting' });
  await expect(table.getByText('Terms & Condition')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add' })).toHaveCount(0);

  await table.getByRole('row').filter({ hasText: 'Privacy' }).getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/setting\/update\/[^/]+$/);
  await expect(page.getByRole('heading', { name: 'Update Setting' })).toBeVisible();
  const privacy = page.getByRole('textbox', { name: 'Privacy' });
  await privacy.click();
  await page.keyboard.press('ControlOrMeta+a');
  const text = `We keep your data safe (${Date.now()}).`;
  await page.keyboard.type(text);
  await page.getByRole('button', { name: 'Update Setting' }).click();

  await expect(notification(page, 'Setting updated successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/setting$/);
  await page.getByRole('button', { name: 'View Privacy' }).click();
  await expect(page.getByRole('dialog', { name: 'Privacy Policy' })).toContainText(text);
});

test('the university update route: opened from the list and directly, saved, back to the list', async ({
  page,
}) => {
  await signInToDashboard(page);
  await page.goto('/university');
  const row = page.getByRole('table', { name: 'University' }).getByRole('row').nth(1);
  // The first cell after the selection checkbox's (University deletes in bulk) is the name.
  const name =
    (await row.locator('td:not(:has(input[type="checkbox"]))').first().locator('p').first().textContent()) ??
    '';
  await row.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/university-update\/[^/]+$/);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Update University' })).toBeVisible();
  await expect(page.getByLabel('University Name')).toHaveValue(name);

  const description = `Updated ${Date.now()}`;
  await page.getByLabel('Description').fill(description);
  await page.getByRole('button', { name: 'Update University' }).click();
  await expect(notification(page, 'University updated successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/university$/);
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText(description);
});

test('every screen of the menu shows its data from the reference server, without an error', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInToDashboard(page);
  await visitEveryMenuScreen(page);
});

/**
 * Holds back the files that import a catalogue's declaration as they start (its generic screen's chunk, and a
 * `catalogues` chunk should the bundler make one, whose prefetch loads it too) until the declaration's own chunk has
 * been asked for; answers, per held file, whether that came first. Were the declaration asked for only once those had
 * come, it would never be.
 */
async function holdUntilDeclarationAsked(page: Page, screenChunk: string, declarationChunk: string) {
  let declarationAsked!: () => void;
  const asked = new Promise<void>((resolve) => (declarationAsked = resolve));
  page.on('request', (request) => {
    if (new RegExp(`/assets/${declarationChunk}-[\\w-]+\\.js$`).test(new URL(request.url()).pathname))
      declarationAsked();
  });
  const held: boolean[] = [];
  await page.route(new RegExp(`/assets/(?:${screenChunk}|catalogues)-[\\w-]+\\.js$`), async (route) => {
    held.push(
      await Promise.race([
        asked.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5_000)),
      ]),
    );
    await route.continue();
  });
  return held;
}

test("a catalogue's declaration comes with its screen's code, not after it: first load or later visit", async ({
  browser,
  request,
}) => {
  const context = await browser.newContext();
  await signInContext(context, request);
  const cold = await context.newPage();
  const coldHeld = await holdUntilDeclarationAsked(cold, 'catalogue-list-page', 'hobbies');
  await cold.goto('/hobbies');
  await expect(cold.getByRole('table', { name: 'Hobbies' })).toBeVisible();
  expect(coldHeld.length).toBeGreaterThan(0);
  expect(coldHeld).not.toContain(false);
  await cold.close();

  const later = await context.newPage();
  await later.goto('/users');
  await expect(later.getByRole('table', { name: 'Users' })).toBeVisible();
  const laterHeld = await holdUntilDeclarationAsked(later, 'catalogue-list-page', 'food-preference');
  const menu = later.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('button', { name: 'Catalogues' }).click();
  await menu.getByRole('link', { name: 'Food Preference' }).click();
  await expect(later.getByRole('table', { name: 'Food Preference' })).toBeVisible();
  expect(laterHeld.length).toBeGreaterThan(0);
  expect(laterHeld).not.toContain(false);
  await context.close();
});

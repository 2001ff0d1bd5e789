import { expect, test } from '@playwright/test';
import { screenReady, signInContext } from './support';

// Keyboard use of the shell and its shared dialogs: the safe default in confirmations, focus going back to what
// opened a dialog, the skip link, the settings drawer's colour choice, and focus kept through a list refresh.
test.beforeEach(async ({ context, request }) => {
  await signInContext(context, request);
});

test('a delete confirmation opens on No: Enter keeps the row, and focus returns to its Delete button', async ({
  page,
}) => {
  await page.goto('/faq');
  await screenReady(page);
  const rows = page.getByRole('table', { name: 'FAQ' }).getByRole('row');
  const before = await rows.count();
  const remove = rows.nth(1).getByRole('button', { name: 'Delete' });
  await remove.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Are you sure you want to delete this item?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'No' })).toBeFocused();
  // The page behind is hidden from assistive technology while the dialog is open.
  await expect(page.locator('#root')).toHaveAttribute('aria-hidden', 'true');

  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(remove).toBeFocused();
  await expect(page.locator('#root')).not.toHaveAttribute('aria-hidden');
  await expect(rows).toHaveCount(before);

  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('button', { name: 'No' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(remove).toBeFocused();
});

test('the logout confirmation opens on No and gives focus back to Logout', async ({ page }) => {
  await page.goto('/dashboard');
  await screenReady(page);
  const logout = page.getByRole('button', { name: 'Logout' });
  await logout.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Are you sure you want to logout?' });
  await expect(dialog.getByRole('button', { name: 'No' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(logout).toBeFocused();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the photo dialog and the settings drawer give focus back to what opened them', async ({ page }) => {
  await page.goto('/users');
  await screenReady(page);
  const photo = page.locator('button[aria-label^="View photo of"]:enabled').first();
  await photo.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(photo).toBeFocused();

  const settings = page.getByRole('button', { name: 'Open settings' });
  await settings.focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Configurator' });
  await expect(drawer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(settings).toBeFocused();
});

test("the drawer's sidebar colours show their colours and are chosen with the arrow keys", async ({
  page,
}) => {
  await page.goto('/dashboard');
  await screenReady(page);
  await page.getByRole('button', { name: 'Open settings' }).click();
  const drawer = page.getByRole('dialog', { name: 'Configurator' });
  const colours = drawer.getByRole('radiogroup', { name: 'Sidebar Colors' });
  const purple = colours.getByRole('radio', { name: 'Purple to pink' });
  const dark = colours.getByRole('radio', { name: 'Dark' });
  await expect(purple).toHaveAttribute('aria-checked', 'true');
  // Each swatch is painted with its own gradient.
  const backgrounds = await colours
    .getByRole('radio')
    .evaluateAll((swatches) => swatches.map((swatch) => getComputedStyle(swatch).backgroundImage));
  expect(backgrounds.every((image) => image.startsWith('linear-gradient'))).toBe(true);
  expect(new Set(backgrounds).size).toBe(backgrounds.length);

  await purple.focus();
  await page.keyboard.press('ArrowRight');
  await expect(dark).toBeFocused();
  await expect(dark).toHaveAttribute('aria-checked', 'true');
  await expect(purple).toHaveAttribute('aria-checked', 'false');
  await page.keyboard.press('ArrowLeft');
  await expect(purple).toBeFocused();
  await expect(purple).toHaveAttribute('aria-checked', 'true');
  // Only the chosen swatch is a Tab stop.
  await expect(colours.locator('[tabindex="0"]')).toHaveCount(1);
});

test('Activate/Deactivate keeps the focus on its button while the list refreshes', async ({ page }) => {
  await page.goto('/users');
  await screenReady(page);
  const row = page.getByRole('table', { name: 'Users' }).getByRole('row').nth(1);
  const toggle = row.getByRole('button', { name: /^(Activate|Deactivate)$/ });
  const before = await toggle.textContent();
  const after = before === 'Activate' ? 'Deactivate' : 'Activate';
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(row.getByRole('button', { name: after })).toBeFocused();
  await page.waitForLoadState('networkidle');
  await expect(row.getByRole('button', { name: after })).toBeFocused();
  // And back, by keyboard again.
  await page.keyboard.press('Enter');
  await expect(row.getByRole('button', { name: before ?? '' })).toBeFocused();
});

test('a skip link leads past the sidebar, and the dashboard cards show where the focus is', async ({
  page,
}) => {
  await page.goto('/dashboard');
  await screenReady(page);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  await page.keyboard.press('Tab');
  const card = page.getByRole('link', { name: /Total Users/ });
  await expect(card).toBeFocused();
  const outline = await card.evaluate((element) => {
    const style = getComputedStyle(element);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
  expect(outline.style).not.toBe('none');
  expect(outline.width).toBeGreaterThanOrEqual(2);
});

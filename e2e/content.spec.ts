import { expect, test, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { notification, signInToDashboard } from './support';

/** A real PNG of the given size and shade: the server checks an upload's content, not its name. */
function png(name: string, size: number, shade: number) {
  const image = new PNG({ width: size, height: size });
  image.data.fill(shade);
  return { name, mimeType: 'image/png', buffer: PNG.sync.write(image) };
}

/** Replaces a rich-text field's content as an admin would. */
async function typeRichText(page: Page, label: string, text: string) {
  const editor = page.getByRole('textbox', { name: label });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('an offer created with both images shows their thumbnails in the list', async ({ page }) => {
  await signInToDashboard(page);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Offer' }).click();
  await expect(page).toHaveURL(/\/offer$/);
  await page.getByRole('link', { name: 'Add' }).click();
  await expect(page).toHaveURL(/\/offer\/add$/);

  await page.getByRole('button', { name: 'Add Offer' }).click();
  await expect(page.getByText('Brand logo is required')).toBeVisible();
  await expect(page.getByText('Offer image is required')).toBeVisible();

  const title = `Spa day ${Date.now()}`;
  await page.getByLabel('Title', { exact: true }).fill(title);
  const files = page.locator('input[type="file"]');
  await files.nth(0).setInputFiles(png('logo.png', 6, 0x40));
  await files.nth(1).setInputFiles(png('offer.png', 12, 0xa0));
  await expect(page.getByRole('img', { name: 'Brand Logo preview' })).toHaveAttribute('src', /^blob:/);
  await expect(page.getByRole('img', { name: 'Offer Image preview' })).toHaveAttribute('src', /^blob:/);
  await page.getByLabel('Off (%)').fill('25');
  await page.getByLabel('Minimum Members').fill('2');
  const expiry = new Date(Date.now() + 30 * 86_400_000);
  const day = `${expiry.getFullYear()}-${String(expiry.getMonth() + 1).padStart(2, '0')}-${String(expiry.getDate()).padStart(2, '0')}`;
  await page.getByRole('textbox', { name: 'Expire Date' }).fill(day);
  await page.keyboard.press('Escape');
  await typeRichText(page, 'Description', 'Half price massages on weekdays.');
  await choose(page, 'Status', 'Active');
  await page.getByRole('button', { name: 'Add Offer' }).click();

  await expect(notification(page, 'Offer added successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/offer$/);
  const row = page.getByRole('table', { name: 'Offer' }).getByRole('row').filter({ hasText: title });
  await expect(row.getByText(expiry.toLocaleDateString('en-US'))).toBeVisible();
  for (const [name, width] of [
    ['Brand Logo', 6],
    ['Image', 12],
  ] as const) {
    const thumbnail = row.getByRole('img', { name, exact: true });
    await expect(thumbnail).toHaveAttribute('src', /\/uploads\//);
    await expect
      .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(width);
  }
});

test('a blog updated without a new image keeps its image', async ({ page }) => {
  await signInToDashboard(page);
  await page.goto('/blogs');
  const table = page.getByRole('table', { name: 'Blogs' });
  const first = table.getByRole('row').nth(1);
  const image = first.getByRole('img', { name: 'Image', exact: true });
  await expect(image).toHaveAttribute('src', /\/uploads\//);
  const stored = await image.getAttribute('src');

  await first.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/blog\/update\/[^/]+$/);
  await expect(page.getByRole('heading', { name: 'Update Blog' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Image preview' })).toHaveAttribute('src', stored!);
  const title = `Ten first-date ideas ${Date.now()}`;
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByRole('button', { name: 'Update Blog' }).click();

  await expect(notification(page, 'Blog updated successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/blogs$/);
  const updated = table.getByRole('row').filter({ hasText: title });
  await expect(updated.getByRole('img', { name: 'Image', exact: true })).toHaveAttribute('src', stored!);
});

import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { PNG } from 'pngjs';
import { notification, signInToDashboard } from './support';

/** A real PNG of the given size: the server checks an upload's content, not its name. */
function png(name: string, size: number) {
  const image = new PNG({ width: size, height: size });
  image.data.fill(0x80);
  return { name, mimeType: 'image/png', buffer: PNG.sync.write(image) };
}

/** A real WebM clip (VP8 plays in any Chromium build, unlike H.264). */
const clip = {
  name: 'clip.webm',
  mimeType: 'video/webm',
  buffer: readFileSync('server/fixtures/demo-clip.webm'),
};

test('a post created with an image and a video opens in the media viewer from the list', async ({ page }) => {
  await signInToDashboard(page);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Posts' }).click();
  await expect(page).toHaveURL(/\/post$/);
  await page.getByRole('link', { name: 'Add' }).click();
  await expect(page).toHaveURL(/\/post\/add$/);

  await page.getByRole('button', { name: 'Add Post' }).click();
  await expect(page.getByText('Please enter name')).toBeVisible();

  const title = `Harbour walk ${Date.now()}`;
  await page.getByLabel('Name', { exact: true }).fill(title);
  const files = page.locator('input[type="file"]');
  await files.nth(0).setInputFiles(png('harbour.png', 10));
  await files.nth(3).setInputFiles(clip);
  await expect(page.getByRole('img', { name: 'Image 1 preview' })).toHaveAttribute('src', /^blob:/);
  await expect(page.getByLabel('Video preview')).toHaveAttribute('src', /^blob:/);
  await page.getByRole('button', { name: 'Add Post' }).click();

  await expect(notification(page, 'Post added successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/post$/);

  await page.getByRole('searchbox', { name: 'Search by title' }).fill(title);
  await expect(page).toHaveURL(/[?&]q=/);
  const row = page.getByRole('table', { name: 'Posts' }).getByRole('row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', /^\/users\/[^/]+$/);
  const opener = row.getByRole('button', { name: `View media (2): ${title}` });
  await expect(opener).toHaveText('View media (2)');
  await opener.click();

  const dialog = page.getByRole('dialog', { name: title });
  const image = dialog.getByRole('img', { name: `Image 1 of ${title}` });
  await expect(image).toHaveAttribute('src', /\/uploads\/[0-9a-f]+\.png$/);
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(10);

  await dialog.getByRole('button', { name: 'Next media' }).click();
  const video = dialog.locator('video');
  await expect(video).toHaveAttribute('src', /\/uploads\/[0-9a-f]+\.webm$/);
  await expect(video).toHaveAttribute('controls', '');
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState >= 1)).toBe(true);
  expect(await video.evaluate((element: HTMLVideoElement) => element.duration)).toBeGreaterThan(0);

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
});

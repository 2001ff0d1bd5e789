import { expect, test, type Page } from '@playwright/test';
import { answerRestriction, notification, signInToDashboard } from './support';

type ListedUser = {
  _id: string;
  name: string;
  email: string;
  image1?: string | null;
  image2?: string | null;
  image3?: string | null;
  image4?: string | null;
};

/** Asks the API directly (with the signed-in admin's token) to pick test subjects from the seeded data. */
async function listUsers(
  page: Page,
  query: string,
): Promise<{ result: ListedUser[]; pagination: { count: number } }> {
  return page.evaluate(async (q) => {
    const response = await fetch(`/api/admin/list?${q}`, {
      headers: { Authorization: `Bearer ${localStorage.getItem('accessToken')}` },
    });
    return response.json();
  }, query);
}

test('lists users with paging, search and filters kept in the URL', async ({ page }) => {
  await signInToDashboard(page);
  await page.goto('/users');
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table.getByRole('row')).toHaveCount(11);

  const { result, pagination } = await listUsers(page, 'page=1&items=10');
  expect(pagination.count).toBeGreaterThan(10);
  const someone = result[3]!;

  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/page=2/);

  const search = page.getByLabel('Search by name, email or phone no');
  await search.fill(someone.email.slice(0, 2));
  await page.waitForTimeout(600);
  await expect(page).not.toHaveURL(/q=/);
  await search.fill(someone.email);
  await expect(page).toHaveURL(/q=/);
  await expect(page).not.toHaveURL(/page=2/);
  await expect(table.getByText(someone.email)).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);

  await page.reload();
  await expect(page.getByLabel('Search by name, email or phone no')).toHaveValue(someone.email);
  await expect(table.getByText(someone.email)).toBeVisible();

  await search.fill('');
  await page.getByLabel('Status').selectOption({ label: 'Inactive' });
  await expect(page).toHaveURL(/status=false/);
  await expect(table.getByRole('row').nth(1)).toContainText('Inactive');
  await expect(table.getByText('Active', { exact: true })).toHaveCount(0);
});

test('deactivates and reactivates a user', async ({ page }) => {
  await signInToDashboard(page);
  await page.goto('/users?status=true');
  const row = page
    .getByRole('table', { name: 'Users' })
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: 'Deactivate' }) })
    .first();
  const email = (await row.locator('text=/@/').first().textContent())!.trim();

  await page.goto('/users');
  const search = page.getByLabel('Search by name, email or phone no');
  await search.fill(email);
  const target = page.getByRole('row').filter({ hasText: email });
  await target.getByRole('button', { name: 'Deactivate' }).click();
  // The server announces restrictions: the console asks for the policy and the facts.
  const dialog = page.getByRole('dialog', { name: /^Deactivate .+\?$/ });
  await answerRestriction(page, dialog, { facts: 'Asked to leave for a while', duration: '30 days' });
  await dialog.getByRole('button', { name: 'Deactivate', exact: true }).click();
  await expect(notification(page, 'Success')).toBeVisible();
  await expect(target.getByText('Inactive')).toBeVisible();
  await target.getByRole('button', { name: 'Activate' }).click();
  await expect(target.getByText('Active', { exact: true })).toBeVisible();
  await expect(target.getByRole('button', { name: 'Deactivate' })).toBeVisible();
});

test("shows a user's profile with their media", async ({ page }) => {
  await signInToDashboard(page);
  await page.goto('/users');
  const { result } = await listUsers(page, 'page=1&items=100');
  // The demo data gives every fourth user a video among their photos (server/seed/demo.ts).
  const withVideo = result.find(
    (user) =>
      user.image1 !== null &&
      [user.image2, user.image3, user.image4].some((path) => path && /\.(mp4|webm|ogg|mov)$/i.test(path)),
  );
  expect(withVideo, 'the demo data has a user with a photo and a video').toBeDefined();

  await page.goto(`/users/${withVideo!._id}`);
  await expect(page.getByText('Basic Information')).toBeVisible();
  await expect(page.getByText('Personal Information')).toBeVisible();
  await expect(page.getByText(withVideo!.email).first()).toBeVisible();

  const image = page.locator('img[src*="uploads/"]').first();
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.locator('video')).toHaveCount(1);
});

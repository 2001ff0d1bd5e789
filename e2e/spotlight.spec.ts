import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { apiSession, screenReady, signInContext } from './support';

const DIALOG = 'Jump to a screen or user';

/** Paths of the console's own scripts and stylesheets this page fetches. */
function fetchedAssets(page: Page) {
  const paths: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/assets/')) paths.push(pathname.slice(1));
  });
  return paths;
}

/** Whether any of these built files holds code of `module` (per the build's own record, dist/.vite/chunks.json). */
function holds(files: string[], module: string) {
  const chunks = JSON.parse(readFileSync('dist/.vite/chunks.json', 'utf8')) as Record<
    string,
    Record<string, number>
  >;
  return files.some((file) => Object.keys(chunks[file] ?? {}).some((id) => id.includes(module)));
}

test.describe('jump to anything (Ctrl/Cmd+K)', () => {
  test.beforeEach(async ({ context, request }) => {
    await signInContext(context, request);
  });

  test('finds a user by name through the API, and Enter opens the profile; loaded only when first opened', async ({
    page,
    request,
  }) => {
    const { accessToken } = await apiSession(request);
    const first = await request.get('/api/admin/list?page=1&items=1', {
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    const name = ((await first.json()) as { result: { name: string }[] }).result[0]!.name;
    // What the search call answers for that name: the user Enter must open is its first row.
    const answer = await request.get(
      `/api/admin/list?page=1&items=6&q=${encodeURIComponent(name)}&fields=name,email,phoneNumber`,
      { headers: { Authorization: `Bearer ${accessToken}` } },
    );
    const wanted = ((await answer.json()) as { result: { _id: string; name: string; surname: string }[] })
      .result[0]!;

    const assets = fetchedAssets(page);
    await page.goto('/users');
    await screenReady(page);
    expect(holds(assets, '@mantine/spotlight'), 'the first load fetched Spotlight').toBe(false);
    expect(holds(assets, 'jump-to-dialog'), 'the first load fetched the search').toBe(false);

    await page.getByRole('heading', { level: 1 }).click();
    const apiSearch = page.waitForRequest(
      (sent) => sent.url().includes('/api/admin/list') && sent.url().includes('q='),
    );
    // Typed straight after the shortcut, while the search's code is still loading: nothing is lost.
    await page.keyboard.press('Control+K');
    await page.keyboard.type(name);
    const dialog = page.getByRole('dialog', { name: DIALOG });
    await expect(dialog).toBeVisible();
    expect(holds(assets, '@mantine/spotlight')).toBe(true);
    const search = dialog.getByRole('textbox', { name: 'Search screens and users' });
    await expect(search).toBeFocused();
    await expect(search).toHaveValue(name);
    const sent = new URL((await apiSearch).url());
    expect(sent.searchParams.get('q')).toBe(name);
    await expect(
      dialog.getByRole('button', { name: `${wanted.name} ${wanted.surname}` }).first(),
    ).toBeVisible();
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(`/users/${wanted._id}`);
    await expect(
      page.getByRole('heading', { level: 1, name: `${wanted.name} ${wanted.surname}` }),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  test('goes to a screen by its name, with the keyboard only, from the top-bar button', async ({ page }) => {
    await page.goto('/dashboard');
    await screenReady(page);
    const opener = page.getByRole('button', { name: 'Search Ctrl K' });
    await expect(opener).toContainText(/Ctrl K|⌘ K/);
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: DIALOG });
    await expect(dialog).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await page.keyboard.type('chat');
    await expect(dialog.getByRole('button')).toHaveText(['Chat Report', 'Chat Block']);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/chat-block$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Chat Block' })).toBeVisible();
  });
});

import { expect as baseExpect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { signIn } from './support';

/**
 * Demo mode (`vite --mode mock`: Vite's dev server, which pre-bundles Mantine) must look like the build the reference
 * server serves: the same shared components, side by side, with the same computed styles. Each Mantine component's
 * stylesheet reaches the page one way in the build and, unless vite.config.ts makes it so, another in dev, where the
 * cascade then came out different (every Button lost its variant's background and border to UnstyledButton's reset).
 */

// The dev server compiles each module on its first request: a cold start takes a while on a small machine.
test.setTimeout(240_000);
const expect = baseExpect.configure({ timeout: 30_000 });

const PROPERTIES = [
  'background-color',
  'background-image',
  'border-top',
  'border-right',
  'border-bottom',
  'border-left',
  'border-radius',
  'color',
  'font-size',
  'font-weight',
  'padding',
  'height',
] as const;

type Styles = Record<string, Record<string, string>>;

async function stylesOf(elements: Record<string, Locator>): Promise<Styles> {
  const styles: Styles = {};
  for (const [name, element] of Object.entries(elements)) {
    await expect(element, name).toBeVisible();
    styles[name] = await element.evaluate((node, properties) => {
      const computed = getComputedStyle(node);
      return Object.fromEntries(
        properties.map((property) => [property, computed.getPropertyValue(property)]),
      );
    }, PROPERTIES);
  }
  return styles;
}

/** Signs in on `origin`, opens /users and its logout confirmation, and reads the shared components' styles. */
async function sharedComponentStyles(browser: Browser, origin: string) {
  const context = await browser.newContext({ baseURL: origin });
  const page: Page = await context.newPage();
  await signIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/users');
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  // No hover state on any of them: the pointer rests in the top bar's empty corner.
  await page.mouse.move(0, 0);

  const menu = page.getByRole('navigation', { name: 'Main menu' });
  const pages = page.getByRole('navigation', { name: 'Pages' });
  const screen = await stylesOf({
    'row button (light)': table.getByRole('button', { name: 'Deactivate', exact: true }).first(),
    'status badge': table
      .locator('.mantine-Badge-root')
      .filter({ hasText: /^Active$/ })
      .first(),
    'search box (TextInput)': page.getByRole('searchbox', { name: 'Search by name, email or phone no' }),
    'status filter (NativeSelect)': page.getByRole('combobox', { name: 'Status' }),
    'rows per page (NativeSelect xs)': page.getByRole('combobox', { name: 'Rows per page' }),
    'current page': pages.getByRole('button', { name: 'Page 1', exact: true }),
    'previous page (disabled)': pages.getByRole('button', { name: 'Previous page' }),
    'top bar Search (default Button)': page.getByRole('button', { name: 'Search Ctrl K' }),
    'top bar settings (subtle ActionIcon)': page.getByRole('button', { name: 'Open settings' }),
    'nav link (current)': menu.getByRole('link', { name: 'Users', exact: true }),
    'nav link': menu.getByRole('link', { name: 'Dashboard', exact: true }),
    'sidebar Logout (subtle Button)': page.getByRole('button', { name: 'Logout' }),
  });

  await page.getByRole('button', { name: 'Logout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Are you sure you want to logout?' });
  await expect(dialog).toBeVisible();
  await page.mouse.move(0, 0);
  const modal = await stylesOf({
    'confirmation dialog (Modal)': dialog,
    'dialog title': dialog.getByRole('heading', { name: 'Are you sure you want to logout?' }),
    'dialog No (default Button)': dialog.getByRole('button', { name: 'No' }),
    'dialog Yes (filled Button)': dialog.getByRole('button', { name: 'Yes' }),
  });
  await dialog.getByRole('button', { name: 'No' }).click();
  await expect(dialog).toHaveCount(0);
  await context.close();
  return { ...screen, ...modal };
}

test('demo mode (the dev server) styles the shared components exactly as the built console does', async ({
  browser,
  baseURL,
}) => {
  const built = await sharedComponentStyles(browser, baseURL ?? '');
  const demo = await sharedComponentStyles(browser, process.env.E2E_DEMO_URL ?? '');

  // The build is the reference: its buttons are styled (not merely equal to an unstyled dev page).
  expect(built['row button (light)']?.['background-color']).not.toBe('rgba(0, 0, 0, 0)');
  expect(built['top bar Search (default Button)']?.['border-top']).toMatch(/^1px solid /);
  expect(built['dialog Yes (filled Button)']?.['background-color']).not.toBe('rgba(0, 0, 0, 0)');
  expect(demo).toEqual(built);
});

import { expect, test, type Locator, type Page } from '@playwright/test';
import { screenReady, signInContext } from './support';

// Keyboard only (Tab, Shift+Tab, Enter, Space, Escape, arrows; things are reached by Tab, not clicked): the sidebar, a
// list's search, filters and pagination, row actions, the mail's user picker, and every dialog (focus moves in,
// stays in, and returns to its opener); the safe default in confirmations, the skip link, the settings drawer's
// colour choice, and focus kept through a list refresh.
test.beforeEach(async ({ context, request }) => {
  await signInContext(context, request);
});

/** Presses Tab (or Shift+Tab) until `target` has the focus: proof that the keyboard reaches it. */
async function tabTo(page: Page, target: Locator, { back = false, limit = 160 } = {}) {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${target.toString()} was not reached in ${limit} presses of Tab`);
}

const focusIsIn = (container: Locator) =>
  container.evaluate((element) => element.contains(document.activeElement));

/**
 * A dialog opened from `opener` with Enter (or Space): focus moves into it, Tab and Shift+Tab keep it inside, Escape
 * closes it and focus goes back to the opener.
 */
async function operateDialog(page: Page, opener: Locator, name: string | RegExp, key = 'Enter') {
  await tabTo(page, opener);
  await page.keyboard.press(key);
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expect.poll(() => focusIsIn(dialog), { message: 'focus moves into the dialog' }).toBe(true);
  for (const press of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(press);
    expect(await focusIsIn(dialog), `focus stays in the dialog after ${press}`).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

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
  const drawer = page.getByRole('dialog', { name: 'Appearance' });
  await expect(drawer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(settings).toBeFocused();
});

test("the drawer's accent colours show their colours and are chosen with the arrow keys", async ({
  page,
}) => {
  await page.goto('/dashboard');
  await screenReady(page);
  await page.getByRole('button', { name: 'Open settings' }).click();
  const drawer = page.getByRole('dialog', { name: 'Appearance' });
  const colours = drawer.getByRole('radiogroup', { name: 'Accent Color' });
  const purple = colours.getByRole('radio', { name: 'Purple' });
  const violet = colours.getByRole('radio', { name: 'Violet' });
  await expect(purple).toHaveAttribute('aria-checked', 'true');
  // Each swatch is painted with its own colour.
  const backgrounds = await colours
    .getByRole('radio')
    .evaluateAll((choices) =>
      choices.map((choice) => getComputedStyle(choice.querySelector('.colour-swatch')!).backgroundColor),
    );
  expect(new Set(backgrounds).size).toBe(backgrounds.length);

  await purple.focus();
  await page.keyboard.press('ArrowRight');
  await expect(violet).toBeFocused();
  await expect(violet).toHaveAttribute('aria-checked', 'true');
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
  /**
   * Enter on the button; a deactivation first asks for its restriction ('restrictions'), answered by keyboard: the
   * policy broken (the focus starts there, its list closed; Down opens the choices and Down again moves to one, Enter
   * takes it), the facts, how long (Space takes 24 h, an arrow key the next preset).
   */
  const toggleWithKeyboard = async (deactivating: boolean) => {
    await page.keyboard.press('Enter');
    if (!deactivating) return;
    const dialog = page.getByRole('dialog', { name: /^Deactivate / });
    await expect(dialog).toBeVisible();
    const policy = dialog.getByRole('combobox', { name: 'Policy broken' });
    await expect(policy).toBeFocused();
    await expect(page.getByRole('listbox')).toBeHidden();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('option').first()).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(policy).not.toHaveValue('');
    await tabTo(page, dialog.getByRole('textbox', { name: 'Facts and circumstances' }));
    await page.keyboard.type('Spam in chat');
    await tabTo(page, dialog.getByRole('radio', { name: '24 h' }));
    await page.keyboard.press('Space');
    await expect(dialog.getByRole('radio', { name: '24 h' })).toBeChecked();
    await page.keyboard.press('ArrowRight');
    await expect(dialog.getByRole('radio', { name: '3 days' })).toBeChecked();
    await tabTo(page, dialog.getByRole('button', { name: 'Deactivate' }));
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
  };
  await toggle.focus();
  await toggleWithKeyboard(before === 'Deactivate');
  await expect(row.getByRole('button', { name: after })).toBeFocused();
  await page.waitForLoadState('networkidle');
  await expect(row.getByRole('button', { name: after })).toBeFocused();
  // And back, by keyboard again.
  await toggleWithKeyboard(after === 'Deactivate');
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

test('the sidebar is operated with Tab and Enter', async ({ page }) => {
  await page.goto('/dashboard');
  await screenReady(page);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await tabTo(page, menu.getByRole('link', { name: 'Users', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  // Further down the menu, and back up with Shift+Tab.
  await tabTo(page, menu.getByRole('link', { name: 'Send Mail', exact: true }));
  await tabTo(page, menu.getByRole('link', { name: 'FAQ', exact: true }), { back: true });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/faq$/);
});

test("a list's search, filters and pagination are operated from the keyboard", async ({ page }) => {
  await page.goto('/users');
  await screenReady(page);
  const main = page.getByRole('main');

  await tabTo(page, main.getByRole('combobox', { name: 'Plan' }));
  await page.keyboard.press('ArrowDown');
  await expect(page).toHaveURL(/[?&]plan=silver/);
  await page.keyboard.press('Tab');
  await expect(main.getByRole('combobox', { name: 'Status' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page).toHaveURL(/[?&]status=true/);
  // Back to every plan and status.
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('ArrowUp');
  await expect(page).not.toHaveURL(/plan=|status=/);
  await screenReady(page);

  const nav = main.getByRole('navigation', { name: 'Pages' });
  await tabTo(page, nav.getByRole('button', { name: 'Next page' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(nav.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('button', { name: 'Next page' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/[?&]page=3/);
  await tabTo(page, main.getByRole('combobox', { name: 'Rows per page' }), { back: true });
  await page.keyboard.press('ArrowDown');
  await expect(page).toHaveURL(/[?&]size=20/);

  const search = main.getByRole('searchbox', { name: 'Search by name, email or phone no' });
  await tabTo(page, search, { back: true });
  await page.keyboard.type('ava');
  await expect(page).toHaveURL(/[?&]q=ava/);
  await screenReady(page);
  const rows = main.getByRole('table', { name: 'Users' }).getByRole('row');
  await expect(rows.nth(1)).toContainText(/ava/i);
});

test('row actions: a viewer, a delete confirmation and the joined users open and close from the keyboard', async ({
  page,
}) => {
  await page.goto('/faq');
  await screenReady(page);
  const main = page.getByRole('main');
  await operateDialog(page, main.getByRole('button', { name: 'View answer' }).first(), 'Answer');
  await operateDialog(
    page,
    main.getByRole('button', { name: 'Delete' }).first(),
    'Are you sure you want to delete this item?',
    'Space',
  );

  await page.goto('/event');
  await screenReady(page);
  await operateDialog(page, main.getByRole('button', { name: /^Joined User/ }).first(), /.+/);
});

test('every other dialog: focus moves in, stays in, and returns to its opener', async ({ page }) => {
  const main = page.getByRole('main');
  await page.goto('/users');
  await screenReady(page);
  await operateDialog(page, main.locator('button[aria-label^="View photo of"]:enabled').first(), /.+/);
  await operateDialog(page, page.getByRole('button', { name: 'Open settings' }), 'Appearance');
  await operateDialog(page, page.getByRole('button', { name: 'Logout' }), 'Are you sure you want to logout?');

  await page.goto('/send-mail');
  await screenReady(page);
  await operateDialog(page, main.getByRole('button', { name: /^User List: / }).first(), 'User List');

  await page.goto('/feedbacks');
  await screenReady(page);
  await operateDialog(page, main.getByRole('button', { name: /^View / }).first(), /.+/);

  await page.goto('/post');
  await screenReady(page);
  await operateDialog(page, main.getByRole('button', { name: /^View media \(\d+\): / }).first(), /.+/);
});

test("the mail's user picker is searched and chosen from with the keyboard", async ({ page }) => {
  await page.goto('/send-mail/add');
  await screenReady(page);
  const picker = page.getByRole('main').getByRole('textbox', { name: 'Select users' });
  await tabTo(page, picker);
  const options = page.getByRole('listbox', { name: 'Select users' });
  await expect(options).toBeVisible();
  await expect(options.getByRole('option').nth(1)).toBeVisible();

  // The first person (an option shows the name, and the e-mail under it).
  await page.keyboard.press('ArrowDown');
  const person = (await options.getByRole('option').first().innerText()).split('\n')[0]!.trim();
  await page.keyboard.press('Enter');
  const chosen = page.getByRole('main').locator('.mantine-Pill-root');
  await expect(chosen).toHaveText([person]);
  await expect(picker).toBeFocused();
  await page.keyboard.press('Backspace');
  await expect(chosen).toHaveCount(0);

  await page.keyboard.type('zzzz-nobody');
  await expect(options.getByText('No users found')).toBeVisible({ timeout: 10_000 });
  await page.keyboard.press('Escape');
  await expect(options).toBeHidden();
  await expect(picker).toBeFocused();

  // All Users is a choice of its own, before the picker: it disables the picker.
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('radio', { name: 'Chosen users' })).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('radio', { name: 'All Users' })).toBeChecked();
  await expect(picker).toBeDisabled();
});

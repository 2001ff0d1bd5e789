import { expect, test, type Page } from '@playwright/test';
import { signInContext } from './support';

// DECISIONS "Lists": the URL is a list's state, and what the list shows follows it on Back and Forward however fast
// the admin moves. The race: the router renders a navigation as a transition, which can still be rendering when the
// list already shows the change; a Back pressed then lands before it. Each round waits for the changed rows, then
// presses Back at once (from the page, the moment the rows are on screen: a Back sent from the test process arrives
// a round trip later, by when the transition has often rendered), and the next round starts as soon as the list
// agrees with the URL again. Forward, and the Back after it, are the browser's own.

const ROUNDS = 5;

test.beforeEach(async ({ context, request }) => {
  await signInContext(context, request);
});

/** A list screen: its table's data rows, its page buttons and the one marked current. */
function listOf(page: Page, table: string) {
  const main = page.getByRole('main');
  const pages = main.getByRole('navigation', { name: 'Pages' });
  return {
    rows: main.getByRole('table', { name: table }).locator('tbody > tr[role="row"]'),
    pageButton: (number: number) => pages.getByRole('button', { name: `Page ${number}`, exact: true }),
    currentPage: pages.locator('[aria-current="page"]'),
  };
}

/**
 * In the page: resolves with the texts of a table's data rows as soon as it shows rows other than `before` and loads
 * nothing, checking after every change to the page; with `back`, presses Back in that same moment (in the task that
 * put the rows on screen, so that nothing else renders in between).
 */
function watchRows([label, before, back]: readonly [string, readonly string[], boolean]) {
  const read = () => {
    const element = document.querySelector(`table[aria-label="${label}"]`);
    if (!element || element.getAttribute('aria-busy') === 'true') return null;
    const texts = Array.from(
      element.querySelectorAll('tbody > tr[role="row"]'),
      (row) => row.textContent ?? '',
    );
    return texts.length > 0 && JSON.stringify(texts) !== JSON.stringify(before) ? texts : null;
  };
  return {
    shown: new Promise<string[]>((resolve) => {
      const check = () => {
        const rows = read();
        if (!rows) return;
        observer.disconnect();
        if (back) history.back();
        resolve(rows);
      };
      const observer = new MutationObserver(check);
      observer.observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
      });
      check();
    }),
  };
}

/** The rows' texts once they are there and nothing is loading. */
async function settledRows(page: Page, table: string): Promise<string[]> {
  const watch = await page.evaluateHandle(watchRows, [table, [], false] as const);
  return watch.evaluate((handle) => handle.shown);
}

/** Makes a change and presses Back the moment the table shows its result (rows other than `before`); returns them. */
async function changeThenBack(page: Page, table: string, before: string[], change: () => Promise<void>) {
  const watch = await page.evaluateHandle(watchRows, [table, before, true] as const);
  await change();
  return watch.evaluate((handle) => handle.shown);
}

/** The address, the rows and the current page agree. */
async function expectShown(
  page: Page,
  table: string,
  shown: { url: RegExp; rows: string[]; currentPage: number },
) {
  const list = listOf(page, table);
  await expect(page).toHaveURL(shown.url);
  await expect(list.rows).toHaveText(shown.rows);
  await expect(list.currentPage).toHaveAttribute('aria-label', `Page ${shown.currentPage}`);
}

const back = (page: Page) => page.goBack({ waitUntil: 'commit' });
const forward = (page: Page) => page.goForward({ waitUntil: 'commit' });

for (const { path, table } of [
  { path: '/users', table: 'Users' },
  { path: '/contact-us', table: 'Contact Us' },
  { path: '/post', table: 'Posts' },
  { path: '/offer', table: 'Offer' },
]) {
  test(`${path}: Back right after a page change shows page 1 again, round after round; Forward page 2`, async ({
    page,
  }) => {
    await page.goto(path);
    const list = listOf(page, table);
    const pageOne = await settledRows(page, table);
    const first = { url: new RegExp(`${path}$`), rows: pageOne, currentPage: 1 };
    let pageTwo: string[] = [];

    for (let round = 0; round < ROUNDS; round++) {
      pageTwo = await changeThenBack(page, table, pageOne, () => list.pageButton(2).click());
      await expectShown(page, table, first);
    }

    await forward(page);
    await expectShown(page, table, { url: new RegExp(`${path}\\?page=2$`), rows: pageTwo, currentPage: 2 });
    await back(page);
    await expectShown(page, table, first);
  });
}

test('/users: Back right after a filter change shows every user again, round after round; Forward the filter', async ({
  page,
}) => {
  await page.goto('/users');
  const status = page.getByRole('main').getByRole('combobox', { name: 'Status' });
  const pageOne = await settledRows(page, 'Users');
  const unfiltered = { url: /\/users$/, rows: pageOne, currentPage: 1 };
  let inactive: string[] = [];

  for (let round = 0; round < ROUNDS; round++) {
    inactive = await changeThenBack(page, 'Users', pageOne, async () => {
      await status.selectOption({ label: 'Inactive' });
    });
    await expectShown(page, 'Users', unfiltered);
    await expect(status).toHaveValue('');
  }

  await forward(page);
  await expectShown(page, 'Users', { url: /\/users\?status=false$/, rows: inactive, currentPage: 1 });
  await expect(status).toHaveValue('false');
  expect(inactive.length).toBeGreaterThan(0);
  for (const text of inactive) expect(text).toContain('Inactive');
  await back(page);
  await expectShown(page, 'Users', unfiltered);
  await expect(status).toHaveValue('');
});

for (const { path, table, box, text } of [
  { path: '/users', table: 'Users', box: 'Search by name, email or phone no', text: 'ava' },
  { path: '/post', table: 'Posts', box: 'Search by title', text: 'beach' },
]) {
  test(`${path}: Back right after a search shows the whole list again, round after round; Forward the search`, async ({
    page,
  }) => {
    await page.goto(path);
    const search = page.getByRole('main').getByRole('searchbox', { name: box });
    const pageOne = await settledRows(page, table);
    const whole = { url: new RegExp(`${path}$`), rows: pageOne, currentPage: 1 };
    let found: string[] = [];

    for (let round = 0; round < ROUNDS; round++) {
      found = await changeThenBack(page, table, pageOne, () => search.fill(text));
      await expectShown(page, table, whole);
      await expect(search).toHaveValue('');
    }

    await forward(page);
    await expectShown(page, table, { url: new RegExp(`${path}\\?q=${text}$`), rows: found, currentPage: 1 });
    await expect(search).toHaveValue(text);
    expect(found.length).toBeGreaterThan(0);
    for (const row of found) expect(row.toLowerCase()).toContain(text);
    await back(page);
    await expectShown(page, table, whole);
    await expect(search).toHaveValue('');
  });
}

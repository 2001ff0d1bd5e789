import { writeFileSync, mkdirSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Result } from 'axe-core';
import { axeViolations } from './axe';
import { apiSession, sampleIds, screenReady, screens, signInContext, type Screen } from './support';

/**
 * WCAG 2.1 AA, checked by axe-core in Chromium on every route of SPEC 2.2 and the public pages, each form after an
 * empty submit, each open dialog and drawer, and the lists at phone width, in the light AND the dark colour
 * scheme: no serious or critical violation, and no Label in Name mismatch (WCAG 2.5.3) whatever impact axe gives it.
 * Each state is loaded once and analysed twice: in the scheme it is in, then, after switching the scheme in place,
 * in the other one. The switch is left as it is, so the next screen loads in that scheme (the stored choice), and
 * every navigation also checks that the choice was kept. Each screen also has its own document title and exactly one
 * h1. Other moderate and minor findings do not fail the run; they are gathered into test-results/a11y-minor.md, so
 * that the README can list each with its reason.
 */
type Scheme = 'light' | 'dark';

/** Rules whose every finding fails the run, whatever impact axe rates it. */
const ALWAYS_FAILS = new Set(['label-content-name-mismatch']);
const fails = (violation: Result) =>
  violation.impact === 'serious' || violation.impact === 'critical' || ALWAYS_FAILS.has(violation.id);

const minor = new Map<string, { impact: string; help: string; where: Set<string> }>();

/**
 * The rules of WCAG_TAGS whose outcome depends on colours. A state is checked with every rule in the scheme it loads in,
 * and with these in the other: names, roles, labels and structure do not change with the scheme.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** The failing findings on the page as it is now, described for the report; the others go to the minor list. */
async function failures(page: Page, where: string, rules?: string[], include?: string) {
  const violations = await axeViolations(page, { include, rules });
  for (const violation of violations.filter((found) => !fails(found))) {
    const entry = minor.get(violation.id) ?? {
      impact: violation.impact ?? 'unknown',
      help: violation.help,
      where: new Set<string>(),
    };
    entry.where.add(`${where} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
    minor.set(violation.id, entry);
  }
  return violations.filter(fails).map(
    (violation) =>
      `${where}: ${violation.id} (${violation.impact}): ${violation.nodes
        .slice(0, 5)
        .map((node) => `${node.target.join(' ')} ${node.failureSummary?.split('\n')[1] ?? ''}`)
        .join('; ')}`,
  );
}

const schemeOf = async (page: Page) =>
  (await page.locator('html').getAttribute('data-mantine-color-scheme')) as Scheme;

/** Waits until no colour is still changing after a scheme switch (CSS transitions): axe measures at rest. */
async function atRest(page: Page) {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running'),
  );
}

/**
 * Switches the colour scheme in place, the way a choice made in another tab reaches this one: the stored layout
 * settings change and the page follows their storage event (app/layout/layout-settings.ts).
 */
async function switchScheme(page: Page, to: Scheme) {
  await page.evaluate((scheme) => {
    const key = 'layout-settings';
    const oldValue = localStorage.getItem(key);
    const stored = JSON.parse(oldValue ?? '{}') as Record<string, unknown>;
    const newValue = JSON.stringify({ ...stored, colourScheme: scheme });
    localStorage.setItem(key, newValue);
    window.dispatchEvent(new StorageEvent('storage', { key, oldValue, newValue, storageArea: localStorage }));
  }, to);
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', to);
  await atRest(page);
}

/**
 * The state on screen in both schemes: as it is, then in the other scheme (which it is left in); `include`: only that
 * part of the page, when only it changed since the page was checked.
 */
async function inBothSchemes(page: Page, where: string, include?: string) {
  const first = await schemeOf(page);
  const second: Scheme = first === 'light' ? 'dark' : 'light';
  const report = await failures(page, `${where} [${first}]`, undefined, include);
  await switchScheme(page, second);
  report.push(...(await failures(page, `${where} [${second}]`, COLOUR_RULES, include)));
  return report;
}

test.afterAll(() => {
  const lines = [...minor].map(
    ([id, { impact, help, where }]) => `- ${id} (${impact}): ${help}\n  - ${[...where].join('\n  - ')}`,
  );
  mkdirSync('test-results', { recursive: true });
  writeFileSync(
    'test-results/a11y-minor.md',
    `# axe: moderate and minor findings\n\n${lines.join('\n') || 'none'}\n`,
  );
});

async function dialogIsOpen(page: Page, name: string | RegExp) {
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  // The opening transition has finished (axe would otherwise measure colours half faded in).
  await page.waitForTimeout(400);
  return dialog;
}

/** Submits the form on screen as it is, then checks what an empty submit must show. */
async function submitEmpty(page: Page, submit: Locator) {
  await submit.click();
  const invalid = page.locator('[aria-invalid="true"]');
  await expect(invalid.first()).toBeVisible();
  await expect(invalid.first()).toBeFocused();
}

/**
 * Goes to `path` and waits for its data, checking that the page kept the scheme it was left in (stored, as every
 * switch here is): light, the default, in a new tab.
 */
async function visit(page: Page, path: string) {
  const chosen: Scheme = page.url() === 'about:blank' ? 'light' : await schemeOf(page);
  await page.goto(path);
  await screenReady(page);
  await expect(page.locator('html'), `${path} keeps the chosen scheme`).toHaveAttribute(
    'data-mantine-color-scheme',
    chosen,
  );
}

test.describe('axe-core', () => {
  let ids: Awaited<ReturnType<typeof sampleIds>>;

  test.beforeAll(async ({ request }) => {
    ids = await sampleIds(request, (await apiSession(request)).accessToken);
  });

  test('the gate fails a control whose name leaves out the text it shows (Label in Name), at any impact', async ({
    page,
  }) => {
    await page.goto('/sign-in');
    await screenReady(page);
    await page.evaluate(() => {
      const probe = document.createElement('div');
      probe.id = 'label-in-name-probe';
      probe.innerHTML =
        '<button type="button" aria-label="Search screens and users">Search Ctrl K</button>' +
        '<button type="button" aria-label="Search Ctrl K">Search Ctrl K</button>';
      document.body.append(probe);
    });
    const found = (await axeViolations(page, { include: '#label-in-name-probe' })).filter(fails);
    expect(found.map((violation) => violation.id)).toEqual(['label-content-name-mismatch']);
    expect(found[0]!.nodes.map((node) => node.html)).toEqual([
      '<button type="button" aria-label="Search screens and users">Search Ctrl K</button>',
    ]);
  });

  test("the gate's pass in the second scheme finds a contrast failure only that scheme has", async ({
    page,
  }) => {
    await page.goto('/sign-in');
    await screenReady(page);
    await switchScheme(page, 'light');
    await page.evaluate(() => {
      const probe = document.createElement('p');
      probe.id = 'dark-contrast-probe';
      probe.textContent = 'Readable in light only';
      const style = document.createElement('style');
      style.textContent =
        '#dark-contrast-probe { color: #111; background: #fff; }' +
        '[data-mantine-color-scheme="dark"] #dark-contrast-probe { color: #222; background: #1a1a1a; }';
      document.head.append(style);
      document.body.append(probe);
    });
    expect((await axeViolations(page, { include: '#dark-contrast-probe' })).filter(fails)).toEqual([]);
    await switchScheme(page, 'dark');
    const found = (
      await axeViolations(page, { include: '#dark-contrast-probe', rules: COLOUR_RULES })
    ).filter(fails);
    expect(found.map((violation) => violation.id)).toEqual(['color-contrast']);
  });

  // Four parts, each with its own time limit: the public and feature screens, then the catalogues in three slices
  // (their lists, add forms, and the update form each list's first Edit link leads to).
  for (const part of [0, 1, 2, 3]) {
    test(`every route, and each form submitted empty, light and dark (part ${part + 1} of 4)`, async ({
      browser,
      request,
    }) => {
      test.setTimeout(600_000);
      const signedOut = await (await browser.newContext()).newPage();
      const signedInContext = await browser.newContext();
      await signInContext(signedInContext, request);
      const signedIn = await signedInContext.newPage();
      const report: string[] = [];
      const all = screens(ids);
      const first = all.findIndex((screen) => screen.path === '/university');
      const slice = Math.ceil((all.length - first) / 3);
      const queue: (Screen | { path: string; title: RegExp; signedIn: true; submit?: undefined })[] =
        part === 0 ? all.slice(0, first) : all.slice(first + (part - 1) * slice, first + part * slice);
      const known = new Set(all.map((screen) => screen.path));
      const schemes = new Set<Scheme>();
      let updates = 0;

      // The queue grows while it is walked: each list adds its update route.
      for (const screen of queue) {
        const page = screen.signedIn ? signedIn : signedOut;
        await visit(page, screen.path);
        schemes.add(await schemeOf(page));
        await expect(page).toHaveTitle(
          typeof screen.title === 'string' ? `${screen.title} · Admin Console` : screen.title,
        );
        await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
        report.push(...(await inBothSchemes(page, screen.path)));

        // A list's update route, from its first Edit link.
        const edit = page.getByRole('main').getByRole('link', { name: 'Edit', exact: true }).first();
        const href = (await edit.count()) ? await edit.getAttribute('href') : null;
        if (href && !known.has(href)) {
          known.add(href);
          updates += 1;
          queue.push({ path: href, title: /^Update .+ · Admin Console$/, signedIn: true });
        }

        if (screen.submit) {
          if (screen.path === '/profile') await page.getByLabel('Email').fill('');
          await submitEmpty(page, page.getByRole('button', { name: screen.submit, exact: true }));
          // The page around the form was checked just before, in both schemes; the submit changed the form alone.
          await expect(page.locator('main form')).toHaveCount(1);
          report.push(...(await inBothSchemes(page, `${screen.path} submitted empty`, 'main form')));
        }
      }
      if (part > 0) expect(updates).toBeGreaterThanOrEqual(3);
      // Screens were loaded in both schemes, each kept from the one before.
      expect([...schemes].sort()).toEqual(['dark', 'light']);
      expect(report).toEqual([]);
    });
  }

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
      // The chat reports as cases ('report-cases'), open ones first in the filter so the row offers Dismiss.
      {
        path: '/chat-report?status=Open',
        table: 'Chat Report',
        labels: ['Reported By', 'Reported To', 'Report Message', 'Reported At', 'Status', 'Action'],
        action: 'Dismiss',
      },
      {
        path: '/activity',
        table: 'Activity',
        labels: ['When', 'Admin', 'Action', 'Record', 'Summary', 'Reason'],
        action: null,
      },
    ];
    for (const list of lists) {
      await visit(page, list.path);
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
      report.push(...(await inBothSchemes(page, `${list.path} (phone)`)));
    }
    await context.close();
    expect(report).toEqual([]);
  });

  test('every list at phone width (390 px) shows each row action whole, its label uncut', async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await signInContext(context, request);
    const page = await context.newPage();
    // Every list screen; the chat reports filtered to the open ones, whose rows offer both case actions.
    const paths = screens(ids)
      .filter(
        (screen) =>
          screen.signedIn &&
          !screen.submit &&
          !/update|^\/users\/|^\/dashboard$|^\/profile$/.test(screen.path),
      )
      .map((screen) => (screen.path === '/chat-report' ? '/chat-report?status=Open' : screen.path));
    expect(paths.length).toBeGreaterThanOrEqual(20);
    const cut: string[] = [];
    let actions = 0;
    for (const path of paths) {
      await visit(page, path);
      const rows = page.getByRole('main').getByRole('table').first().locator('tbody tr');
      await expect(rows.first(), path).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
      const found = await rows.evaluateAll((trs) => {
        const problems: string[] = [];
        let count = 0;
        const clips = (element: Element) =>
          ['hidden', 'clip', 'auto', 'scroll'].includes(getComputedStyle(element).overflowX);
        for (const control of trs.flatMap((tr) => Array.from(tr.querySelectorAll('button, a')))) {
          const box = control.getBoundingClientRect();
          if (!box.width) continue;
          count += 1;
          const name = (control.textContent ?? '').trim() || control.getAttribute('aria-label') || '?';
          // The control and each part of its label: no text wider than its box.
          for (const part of [control, ...Array.from(control.querySelectorAll('span'))])
            if (part.scrollWidth > part.clientWidth + 1 && getComputedStyle(part).display !== 'inline')
              problems.push(`"${name}": ${part.scrollWidth} px of label in ${part.clientWidth} px`);
          // Nothing around it cuts it off, nor the window.
          if (box.left < -1 || box.right > window.innerWidth + 1)
            problems.push(`"${name}": outside the window (${Math.round(box.left)}-${Math.round(box.right)})`);
          for (let parent = control.parentElement; parent; parent = parent.parentElement) {
            if (!clips(parent)) continue;
            const frame = parent.getBoundingClientRect();
            if (box.left < frame.left - 1 || box.right > frame.right + 1)
              problems.push(`"${name}": cut by its ${parent.tagName.toLowerCase()}.${parent.className}`);
          }
        }
        return { problems, count };
      });
      actions += found.count;
      cut.push(...found.problems.map((problem) => `${path}: ${problem}`));
    }
    await context.close();
    expect(actions).toBeGreaterThan(100);
    expect(cut).toEqual([]);
  });

  test('each dialog and drawer, open, light and dark', async ({ browser, request }) => {
    test.setTimeout(300_000);
    const context = await browser.newContext();
    await signInContext(context, request);
    const page = await context.newPage();
    const report: string[] = [];
    const main = page.getByRole('main');
    /** Opens a dialog from `trigger`, checks it, and closes it with Escape (or `close`). */
    const check = async (where: string, trigger: Locator, name: string | RegExp, close?: Locator) => {
      await trigger.click();
      const dialog = await dialogIsOpen(page, name);
      report.push(...(await inBothSchemes(page, where)));
      if (close) await close.click();
      else await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    };

    await visit(page, '/users');
    await check(
      '/users photo dialog',
      page.locator('button[aria-label^="View photo of"]:enabled').first(),
      /.+/,
    );
    await check('settings drawer', page.getByRole('button', { name: 'Open settings' }), 'Appearance');
    await check(
      'logout confirmation',
      page.getByRole('button', { name: 'Logout' }),
      'Are you sure you want to logout?',
      page.getByRole('button', { name: 'No' }),
    );
    await check('jump to', page.getByRole('button', { name: 'Search Ctrl K' }), 'Jump to a screen or user');

    await visit(page, '/faq');
    await check('/faq answer viewer', main.getByRole('button', { name: 'View answer' }).first(), 'Answer');
    await check(
      '/faq delete confirmation',
      main.getByRole('button', { name: 'Delete' }).first(),
      'Are you sure you want to delete this item?',
      page.getByRole('button', { name: 'No' }),
    );

    // The HTML viewers of the catalogue lists and of the feedbacks.
    for (const path of ['/setting', '/offer', '/blogs', '/feedbacks']) {
      await visit(page, path);
      await check(`${path} HTML viewer`, main.getByRole('button', { name: /^View / }).first(), /.+/);
    }

    // A chat report's case actions ('report-cases'): the note and the reason dialogs.
    await visit(page, '/chat-report?status=Open');
    await check(
      '/chat-report Dismiss',
      main.getByRole('button', { name: 'Dismiss' }).first(),
      'Dismiss this report?',
    );
    await check(
      '/chat-report Deactivate reported user',
      main.getByRole('button', { name: 'Deactivate reported user' }).first(),
      /^Deactivate .+\?$/,
      // Its first field, the policy's combobox, takes Escape for its own list.
      page.getByRole('dialog').getByRole('button', { name: 'Cancel' }),
    );

    await visit(page, '/send-mail');
    await check(
      '/send-mail User List',
      main.getByRole('button', { name: /^User List: / }).first(),
      'User List',
    );
    await check('/send-mail mail reader', main.getByRole('button', { name: /^Read mail: / }).first(), /.+/);

    await visit(page, '/event');
    await check('/event joined users', main.getByRole('button', { name: /^Joined User/ }).first(), /.+/);

    // A date field's calendar, open over the offer form (its earliest day today) and the event form.
    for (const [path, label] of [
      ['/offer/add', 'Expire Date'],
      ['/event/add', 'Day and Date'],
    ] as const) {
      await visit(page, path);
      await main.getByRole('textbox', { name: label }).click();
      await expect(page.getByRole('button', { name: 'Next month' })).toBeVisible();
      await page.waitForTimeout(400);
      report.push(...(await inBothSchemes(page, `${path} calendar`)));
      await page.keyboard.press('Escape');
      await expect(page.getByRole('button', { name: 'Next month' })).toBeHidden();
    }

    await visit(page, '/post');
    await check(
      '/post media viewer',
      main.getByRole('button', { name: /^View media \(\d+\): / }).first(),
      /.+/,
    );

    await context.close();
    expect(report).toEqual([]);
  });
});

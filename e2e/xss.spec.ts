import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import pg from 'pg';
import { PNG } from 'pngjs';
import { DATABASE, readPostmasterPid } from '../server/db/postgres/cluster';
import { apiSession, signInContext } from './support';
import { allPayloads, BEACON, CLICK_TEXT, payloadGroups, PAYLOADS, SAFE_LINK } from './xss-payloads';

/**
 * The hostile-HTML gate: every payload of xss-payloads.ts is stored, through the API where the API takes it, in
 * every HTML field the console renders; each screen, viewer dialog and rich-text editor that shows them is opened in
 * Chromium. Nothing may run, load from the beacon, navigate, open a frame or a tab, or log an error, and the console
 * must keep working around them.
 */

declare global {
  interface Window {
    __xss?: (id: unknown) => void;
    __xssHits?: string[];
  }
}

const GROUPS = payloadGroups();
const ALL = allPayloads();
/** One record per group (opened in the lists' viewers), and one with every payload at once (opened in its form). */
const TEXTS = [...GROUPS, ALL];

const stored = {
  faqs: [] as { id: string; question: string }[],
  categories: [] as { id: string; name: string }[],
  blogs: [] as { id: string; title: string }[],
  offers: [] as { id: string; title: string }[],
  planId: '',
  settingId: '',
};
const undo: (() => Promise<unknown>)[] = [];
let api: APIRequestContext;
let headers: Record<string, string>;

function png() {
  const image = new PNG({ width: 4, height: 4 });
  image.data.fill(0x80);
  return { name: 'xss.png', mimeType: 'image/png', buffer: PNG.sync.write(image) };
}

async function ok(response: Awaited<ReturnType<APIRequestContext['get']>>) {
  expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { result: Record<string, unknown> & { _id: string } }).result;
}

/**
 * The e2e server's own database (its embedded PostgreSQL in E2E_DATA_DIR/pg), for what only app users write
 * (feedback) and what no route changes (policy).
 */
async function database() {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  const running = readPostmasterPid(join(dir, 'pg'));
  if (!running) throw new Error(`No PostgreSQL runs in ${join(dir, 'pg')}`);
  const client = new pg.Client({
    host: '127.0.0.1',
    port: running.port,
    user: 'postgres',
    password: readFileSync(join(dir, 'pg.password'), 'utf8').trim(),
    database: DATABASE,
  });
  await client.connect();
  return client;
}

test.describe.configure({ mode: 'serial' });
// The server's Content-Security-Policy (script-src 'self') would block inline payloads on its own: without it, this
// gate tests the sanitiser, the defence that must hold wherever the console is served from.
test.use({ bypassCSP: true });

test.beforeAll(async ({ playwright }, testInfo) => {
  api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  headers = { Authorization: `Bearer ${(await apiSession(api)).accessToken}` };

  for (const [index, text] of TEXTS.entries()) {
    const question = `XSS FAQ ${index + 1}`;
    const faq = await ok(
      await api.post('/api/faq/create', { headers, data: { question, answer: text.html, enabled: true } }),
    );
    stored.faqs.push({ id: faq._id, question });
    undo.push(() => api.delete(`/api/faq/delete/${faq._id}`, { headers }));

    const name = `XSS category ${index + 1}`;
    const category = await ok(
      await api.post('/api/blog-category/create', {
        headers,
        data: { name, description: text.html, enabled: true },
      }),
    );
    stored.categories.push({ id: category._id, name });
    undo.push(() => api.delete(`/api/blog-category/delete/${category._id}`, { headers }));

    const title = `XSS blog ${index + 1}`;
    const blog = await ok(
      await api.post('/api/blog/create', {
        headers,
        multipart: {
          title,
          slug: `xss-blog-${index + 1}`,
          author: 'XSS',
          seoTitle: title,
          category: category._id,
          focusKeyword: 'xss',
          enabled: 'true',
          shortDescription: text.html,
          description: text.html,
          metaDescription: 'xss',
          file: png(),
        },
      }),
    );
    stored.blogs.push({ id: blog._id, title });
    undo.push(() => api.delete(`/api/blog/delete/${blog._id}`, { headers }));

    const offerTitle = `XSS offer ${index + 1}`;
    const offer = await ok(
      await api.post('/api/offer/create', {
        headers,
        multipart: {
          title: offerTitle,
          off: '10',
          expireDate: new Date(Date.now() + 30 * 86_400_000).toISOString(),
          description: text.html,
          enabled: 'true',
          file: png(),
          document: png(),
        },
      }),
    );
    stored.offers.push({ id: offer._id, title: offerTitle });
    undo.push(() => api.delete(`/api/offer/delete/${offer._id}`, { headers }));
  }

  // Plans and the setting cannot be deleted: the first of each carries the payloads and gets its texts back after.
  const plan = (await ok(await api.get('/api/plan/list?page=1&limit=1', { headers }))) as unknown as {
    _id: string;
    name: string;
    benefit: string;
    planType: string;
    price: string;
    productId: string;
    isRecommended: boolean;
    enabled: boolean;
    description: string | null;
  }[];
  const {
    _id: planId,
    name,
    benefit,
    planType,
    price,
    productId,
    isRecommended,
    enabled,
    description,
  } = plan[0]!;
  const planBody = {
    name,
    benefit,
    planType,
    price,
    productId,
    isRecommended,
    enabled,
    description: description ?? '',
  };
  stored.planId = planId;
  await ok(
    await api.patch(`/api/plan/update/${planId}`, { headers, data: { ...planBody, benefit: ALL.html } }),
  );
  undo.push(() => api.patch(`/api/plan/update/${planId}`, { headers, data: planBody }));

  const settings = (await ok(await api.get('/api/setting/listAll', { headers }))) as unknown as {
    _id: string;
    privacy: string;
    termsCondition: string;
  }[];
  const setting = settings[0]!;
  stored.settingId = setting._id;
  await ok(
    await api.patch(`/api/setting/update-with-image/${setting._id}`, {
      headers,
      data: { privacy: ALL.html, termsCondition: GROUPS.map((group) => group.html).join('\n') },
    }),
  );
  undo.push(() =>
    api.patch(`/api/setting/update-with-image/${setting._id}`, {
      headers,
      data: { privacy: setting.privacy, termsCondition: setting.termsCondition },
    }),
  );

  // App users write feedback from the app, which has no route here: the rows go straight into the database.
  const users = (await ok(await api.get('/api/admin/list?page=1&items=1', { headers }))) as unknown as {
    _id: string;
  }[];
  const db = await database();
  try {
    const feedbackIds = TEXTS.map(() => randomBytes(12).toString('hex'));
    for (const [index, text] of TEXTS.entries()) {
      // Newest first in the list: the groups in order, then the text with every payload.
      const stamp = new Date(Date.now() - index * 1000).toISOString();
      await db.query(
        'INSERT INTO feedbacks (id, user_id, rating, description, created_at, updated_at) VALUES ($1, $2, 1, $3, $4, $4)',
        [feedbackIds[index], users[0]!._id, text.html, stamp],
      );
    }
    const {
      rows: [policy],
    } = await db.query<{ html: string }>("SELECT html FROM policies WHERE key = 'childsafetypolicy'");
    await db.query("UPDATE policies SET html = $1 WHERE key = 'childsafetypolicy'", [ALL.html]);
    undo.push(async () => {
      const later = await database();
      try {
        await later.query("UPDATE policies SET html = $1 WHERE key = 'childsafetypolicy'", [policy!.html]);
        await later.query('DELETE FROM feedbacks WHERE id = ANY($1::text[])', [feedbackIds]);
      } finally {
        await later.end();
      }
    });
  } finally {
    await db.end();
  }
});

test.afterAll(async () => {
  for (const step of undo.reverse()) await step();
  await api.dispose();
});

/**
 * Watches a page for anything a payload could do, from its first document on. `visit` is the only expected way to
 * load a document; `check` fails on anything else seen since.
 */
async function watch(page: Page) {
  const seen: string[] = [];
  const expectedDocuments: string[] = [];
  const documents: string[] = [];
  let popupsAllowed = 0;

  await page.addInitScript(() => {
    window.__xss = (id) => (window.__xssHits ??= []).push(String(id));
  });
  await page.route(`**${BEACON}**`, (route) => {
    seen.push(`request to the beacon: ${route.request().url()}`);
    return route.fulfill({ status: 204 });
  });
  page.on('dialog', (dialog) => {
    seen.push(`${dialog.type()} dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('pageerror', (error) => seen.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') seen.push(`console error: ${message.text()}`);
  });
  page.on('frameattached', (frame) => seen.push(`frame attached: ${frame.url()}`));
  page.on('popup', (popup) => {
    if (popupsAllowed > 0) popupsAllowed -= 1;
    else seen.push(`popup: ${popup.url()}`);
  });
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents.push(request.url());
  });

  return {
    async visit(path: string) {
      expectedDocuments.push(new URL(path, 'http://localhost').pathname);
      await page.goto(path);
    },
    allowPopup() {
      popupsAllowed += 1;
    },
    async check() {
      const hits = await page.evaluate(() => window.__xssHits ?? []);
      expect(hits, 'payloads that ran').toEqual([]);
      expect(seen, 'what payloads did').toEqual([]);
      expect(documents.map((url) => new URL(url).pathname)).toEqual(expectedDocuments);
      expect(page.frames()).toHaveLength(1);
    },
  };
}

/** Elements that could run, load another document, post a form or restyle the page. */
const ACTIVE =
  'script, iframe, object, embed, svg, math, form, input, button, style, link, meta, base, [style]';

/**
 * What is wrong with rendered stored HTML: active elements, event handler attributes, links that run or carry
 * content, links that give the page they open a handle on the console (and, where they should, do not open in a
 * new tab). Also whether the click target payload is there to be clicked.
 */
function inspect(scope: Locator, { newTab }: { newTab: boolean }) {
  return scope.evaluate(
    (root, { active, newTab, clickText }) => {
      const problems: string[] = [];
      for (const element of Array.from(root.querySelectorAll(active))) problems.push(element.outerHTML);
      for (const element of Array.from(root.querySelectorAll('*'))) {
        for (const { name, value } of Array.from(element.attributes)) {
          if (name.startsWith('on')) problems.push(`${name}="${value}"`);
        }
      }
      for (const anchor of Array.from(root.querySelectorAll('a'))) {
        const href = anchor.getAttribute('href');
        if (href === null) continue;
        const rel = (anchor.getAttribute('rel') ?? '').split(/\s+/);
        if (/^(?:javascript|data|vbscript):/i.test(href.replace(/\s/g, ''))) problems.push(anchor.outerHTML);
        else if (!rel.includes('noopener') || !rel.includes('noreferrer')) problems.push(anchor.outerHTML);
        else if (newTab && !/^(?:mailto|tel):/.test(href) && anchor.getAttribute('target') !== '_blank')
          problems.push(anchor.outerHTML);
      }
      return { problems, clickable: (root.textContent ?? '').includes(clickText) };
    },
    { active: ACTIVE, newTab, clickText: CLICK_TEXT },
  );
}

/** Opens a viewer, checks the stored HTML it shows, clicks what a reader might, and closes it. */
async function view(page: Page, button: Locator, dialogName: string) {
  await button.click();
  const dialog = page.getByRole('dialog', { name: dialogName });
  const body = dialog.locator('.safe-html');
  await expect(body).toContainText(RENDERED_WHOLE);
  const { problems, clickable } = await inspect(body, { newTab: true });
  expect.soft(problems).toEqual([]);
  // A short wait: something covering the dialog is a failure, not a reason to wait for the test's end.
  if (clickable) await body.getByText(CLICK_TEXT).click({ timeout: 5000 });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

/** The line after a text's ordinary payloads: they were rendered, and none swallowed the ones after it. */
const RENDERED_WHOLE = /xss (?:group \d+|all payloads) end/;

/** Views the texts of the records with one group of payloads each. */
async function viewGroupRows(
  page: Page,
  names: string[],
  buttons: string[],
  dialogName = (button: string) => button,
) {
  const table = page.getByRole('table').first();
  for (const name of names.slice(0, GROUPS.length)) {
    const row = table.getByRole('row').filter({ hasText: name });
    for (const button of buttons) {
      await view(page, row.getByRole('button', { name: `View ${button}` }), dialogName(button));
    }
  }
}

async function openFromMenu(page: Page, label: string, heading: string) {
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  // The catalogues' section starts closed.
  for (const closed of await menu.locator('button[aria-expanded="false"]').all()) await closed.click();
  await menu.getByRole('link', { name: label, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

test(`${PAYLOADS.length} payloads stored in every HTML field run nothing in the lists' viewers`, async ({
  page,
  context,
  request,
}) => {
  const watcher = await watch(page);
  await signInContext(context, request);
  await watcher.visit('/faq');
  await expect(page.getByRole('heading', { level: 1, name: 'FAQ' })).toBeVisible();
  await viewGroupRows(
    page,
    stored.faqs.map((faq) => faq.question),
    ['answer'],
    () => 'Answer',
  );

  await openFromMenu(page, 'Blog Category', 'Blog Category');
  await viewGroupRows(
    page,
    stored.categories.map((category) => category.name),
    ['Description'],
  );

  await openFromMenu(page, 'Blogs', 'Blogs');
  await viewGroupRows(
    page,
    stored.blogs.map((blog) => blog.title),
    ['Short Description', 'Description'],
  );

  await openFromMenu(page, 'Offer', 'Offer');
  await viewGroupRows(
    page,
    stored.offers.map((offer) => offer.title),
    ['Description'],
  );

  await openFromMenu(page, 'Setting', 'Setting');
  await view(page, page.getByRole('button', { name: 'View Privacy' }), 'Privacy Policy');
  await view(page, page.getByRole('button', { name: 'View Terms & Condition' }), 'Terms & Condition Policy');

  await openFromMenu(page, 'Feedbacks', 'Feedbacks');
  const feedbackRows = page.getByRole('table', { name: 'Feedbacks' }).getByRole('row');
  for (let row = 1; row <= GROUPS.length; row += 1) {
    await view(page, feedbackRows.nth(row).getByRole('button', { name: 'View Message' }), 'Message');
  }

  // Still working: the menu leads on.
  await openFromMenu(page, 'Dashboard', 'Dashboard');
  await watcher.check();
});

test('the rich-text editors load the payloads without running them', async ({ page, context, request }) => {
  const watcher = await watch(page);
  await signInContext(context, request);
  const forms = [
    { path: `/faq/update/${stored.faqs.at(-1)!.id}`, heading: 'Update Faq', editors: ['Answer'] },
    {
      path: `/blog-category/update/${stored.categories.at(-1)!.id}`,
      heading: 'Update Blog Category',
      editors: ['Description'],
    },
    { path: `/blog/update/${stored.blogs.at(-1)!.id}`, heading: 'Update Blog', editors: ['Description'] },
    { path: `/offer/update/${stored.offers.at(-1)!.id}`, heading: 'Update Offer', editors: ['Description'] },
    { path: `/plan/update/${stored.planId}`, heading: 'Update Plan', editors: ['Benefit'] },
    {
      path: `/setting/update/${stored.settingId}`,
      heading: 'Update Setting',
      editors: ['Privacy', 'Terms & Condition'],
    },
  ];
  for (const form of forms) {
    await watcher.visit(form.path);
    await expect(page.getByRole('heading', { level: 1, name: form.heading })).toBeVisible();
    for (const label of form.editors) {
      const editor = page.getByRole('textbox', { name: label, exact: true });
      await expect(editor).toContainText(RENDERED_WHOLE);
      // The editor shows links to be edited, not followed: it need not move them to a new tab.
      expect.soft((await inspect(editor, { newTab: false })).problems).toEqual([]);
    }
  }
  // A click in the editor places the caret, even on a stored link that asks to open in the same tab.
  await page.getByRole('textbox', { name: 'Privacy', exact: true }).getByText(SAFE_LINK.text).click();
  // Still working: the menu leads on from the last form, with nothing to confirm since nothing was edited.
  await openFromMenu(page, 'Setting', 'Setting');
  await watcher.check();
});

test('the public child-safety policy page shows the payloads inert, and its links open safely', async ({
  page,
  context,
}) => {
  const watcher = await watch(page);
  await context.route(`**${SAFE_LINK.href}`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Elsewhere</title><p>Elsewhere</p>' }),
  );
  await watcher.visit('/childsafetypolicy');
  await expect(page.getByRole('heading', { level: 1, name: 'Child Safety Policy' })).toBeVisible();
  const body = page.locator('.safe-html');
  await expect(body).toContainText('xss all payloads end');
  expect.soft(await inspect(body, { newTab: true })).toEqual({ problems: [], clickable: true });
  await watcher.check();
  await body.getByText(CLICK_TEXT).click({ timeout: 5000 });

  watcher.allowPopup();
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    body.getByRole('link', { name: SAFE_LINK.text }).click(),
  ]);
  await expect(popup).toHaveURL(new RegExp(`${SAFE_LINK.href}$`));
  expect(await popup.evaluate(() => window.opener)).toBeNull();
  await popup.close();
  await expect(page).toHaveURL(/\/childsafetypolicy$/);
  await watcher.check();
});

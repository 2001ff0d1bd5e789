import { join } from 'node:path';
import { readdirSync, readFileSync } from 'node:fs';
import {
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';

export const ADMIN = { email: 'admin@example.com', password: 'Admin@123' };

export async function signIn(page: Page, path = '/sign-in') {
  await page.goto(path);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Signs in through the UI and waits for the dashboard. */
export async function signInToDashboard(page: Page) {
  await signIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Logout from the top bar, confirmed, back on the sign-in page. */
export async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await page
    .getByRole('dialog', { name: 'Are you sure you want to logout?' })
    .getByRole('button', { name: 'Yes' })
    .click();
  await expect(page).toHaveURL(/\/login$/);
}

/**
 * Answers a deactivation's restriction dialog ('restrictions', which the reference server announces): the policy broken
 * (an active Report Element of the demo data), the facts, and permanent unless `duration` (a preset: '24 h', '3 days',
 * '7 days', '30 days').
 */
export async function answerRestriction(
  page: Page,
  dialog: Locator,
  {
    policy = 'Fake profile',
    facts,
    duration,
  }: { policy?: string; facts: string; duration?: '24 h' | '3 days' | '7 days' | '30 days' },
) {
  await dialog.getByRole('combobox', { name: 'Policy broken' }).click();
  await page.getByRole('option', { name: policy, exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Facts and circumstances' }).fill(facts);
  await dialog.getByRole('radio', { name: duration ?? 'Permanent', exact: true }).check();
}

export function notification(page: Page, text: string) {
  return page.locator('.mantine-Notification-root').filter({ hasText: text });
}

/**
 * SPEC 3's localStorage keys for a session, from a real POST /api/login, with the extensions the server announced
 * (kept as the console keeps them), so these runs see the console as it runs against its own server.
 */
export async function apiSession(request: APIRequestContext) {
  const response = await request.post('/api/login', { data: { ...ADMIN, isRole: 'admin' } });
  expect(response.ok()).toBe(true);
  const { result } = (await response.json()) as {
    result: {
      token: string;
      name: string;
      surname: string;
      _id: string;
      email: string;
      photo: string;
      features?: string[];
      role?: string;
    };
  };
  return {
    accessToken: result.token,
    name: result.name ?? '',
    userLastName: result.surname ?? '',
    userId: result._id,
    email: result.email ?? '',
    photo: result.photo ?? '',
    features: JSON.stringify(result.features ?? []),
    // 'roles': the console keeps the role beside SPEC's keys; without it an API that announces roles allows nothing.
    ...(result.role ? { role: result.role } : {}),
  };
}

/**
 * Signs the context in without the sign-in screen (so a measured first load is the screen's own): the session's
 * keys are put in localStorage before the first page of the context runs.
 */
export async function signInContext(context: BrowserContext, request: APIRequestContext) {
  const stored = await apiSession(request);
  await context.addInitScript((entries) => {
    if (sessionStorage.getItem('e2e-seeded')) return;
    sessionStorage.setItem('e2e-seeded', '1');
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, stored);
  return stored;
}

/** Ids of a real user and FAQ, for the detail screens. */
export async function sampleIds(request: APIRequestContext, token: string) {
  const headers = { Authorization: `Bearer ${token}` };
  const users = await (await request.get('/api/admin/list?page=1&items=1', { headers })).json();
  const faqs = await (await request.get('/api/faq/listAll', { headers })).json();
  const universities = await (await request.get('/api/university/listAll', { headers })).json();
  const hobbies = await (await request.get('/api/hobbies/listAll', { headers })).json();
  const posts = await (await request.get('/api/post/list?page=1&items=1', { headers })).json();
  return {
    postId: posts.result[0]._id as string,
    userId: users.result[0]._id as string,
    faqId: faqs.result[0]._id as string,
    universityId: universities.result[0]._id as string,
    hobbyId: hobbies.result[0]._id as string,
  };
}

/** The catalogue lists (one generic screen each) and their add forms (SPEC 2.8, 2.10, 2.11, 2.23, 2.24). */
const CATALOGUES = [
  { list: '/university', add: '/university/add', title: 'University', form: 'University' },
  { list: '/report-element', add: '/report-element/add', title: 'Report Element', form: 'Report Element' },
  { list: '/setting', add: '/setting/add', title: 'Setting', form: 'Setting' },
  { list: '/hobbies', add: '/hobbies/add', title: 'Hobbies', form: 'Hobbies' },
  { list: '/languages', add: '/languages/add', title: 'Languages', form: 'Language' },
  {
    list: '/food-preference',
    add: '/food-preference/add',
    title: 'Food Preference',
    form: 'Food Preference',
  },
  { list: '/event-category', add: '/event-category/add', title: 'Event Category', form: 'Event Category' },
  { list: '/looking-for', add: '/looking-for/Add', title: 'Looking For', form: 'Looking For' },
  { list: '/language-speak', add: '/language-speak/add', title: 'Language Speak', form: 'Language Speak' },
  {
    list: '/religious-beliefs',
    add: '/religious-beliefs/add',
    title: 'Religious Beliefs',
    form: 'Religious Beliefs',
  },
  // Content and commerce (SPEC 2.12, 2.14, 2.18): the same generic screens, paginated.
  { list: '/offer', add: '/offer/add', title: 'Offer', form: 'Offer' },
  { list: '/plan', add: '/plan/add', title: 'Plan', form: 'Plan' },
  { list: '/blogs', add: '/blog/add', title: 'Blogs', form: 'Blog' },
  { list: '/blog-category', add: '/blog-category/add', title: 'Blog Category', form: 'Blog Category' },
  { list: '/event', add: '/event/add', title: 'Events', form: 'Event' },
];

export type Screen = {
  path: string;
  title: string;
  signedIn: boolean;
  /** A form's submit button, for the checks of a form submitted empty. */
  submit?: string;
};

/** Every screen built so far, with its h1 (also its document title, before " · Admin Console"). */
export function screens(ids: Awaited<ReturnType<typeof sampleIds>>): Screen[] {
  return [
    { path: '/sign-in', title: 'Sign in', signedIn: false, submit: 'Login' },
    { path: '/childsafetypolicy', title: 'Child Safety Policy', signedIn: false },
    { path: '/delete-account', title: 'Delete Your Account', signedIn: false, submit: 'Delete' },
    { path: '/dashboard', title: 'Dashboard', signedIn: true },
    { path: '/users', title: 'Users', signedIn: true },
    { path: `/users/${ids.userId}`, title: 'User profile', signedIn: true },
    { path: '/faq', title: 'FAQ', signedIn: true },
    { path: '/faq/add', title: 'Add Faq', signedIn: true, submit: 'Add Faq' },
    { path: `/faq/update/${ids.faqId}`, title: 'Update Faq', signedIn: true },
    { path: '/contact-us', title: 'Contact Us', signedIn: true },
    { path: '/feedbacks', title: 'Feedbacks', signedIn: true },
    { path: '/chat-report', title: 'Chat Report', signedIn: true },
    { path: '/chat-block', title: 'Chat Block', signedIn: true },
    { path: '/activity', title: 'Activity', signedIn: true },
    { path: '/queue', title: 'Review queue', signedIn: true },
    { path: '/queue/templates', title: 'Notice templates', signedIn: true },
    { path: '/queue/templates/add', title: 'Add template', signedIn: true, submit: 'Add template' },
    { path: '/profile', title: 'Update Profile', signedIn: true, submit: 'Update Profile' },
    { path: '/post', title: 'Posts', signedIn: true },
    { path: '/post/add', title: 'Add Post', signedIn: true, submit: 'Add Post' },
    { path: `/post/update/${ids.postId}`, title: 'Update Post', signedIn: true },
    { path: '/send-mail', title: 'Send Mail', signedIn: true },
    { path: '/send-mail/add', title: 'Send Mail', signedIn: true, submit: 'Send' },
    { path: '/admins', title: 'Admins', signedIn: true },
    { path: '/admins/invite', title: 'Invite admin', signedIn: true, submit: 'Send invitation' },
    // A member's appeal and its link's page, and an admin's invitation (a link no longer valid: its page says so).
    { path: '/appeal', title: 'Appeal a decision on your account', signedIn: false, submit: 'Send appeal' },
    { path: '/appeal/confirm', title: 'Confirm your appeal', signedIn: false },
    { path: '/invitation/no-such-invitation', title: 'Accept your invitation', signedIn: false },
    ...CATALOGUES.flatMap(({ list, add, title, form }) => [
      { path: list, title, signedIn: true },
      { path: add, title: `Add ${form}`, signedIn: true, submit: `Add ${form}` },
    ]),
    { path: `/university-update/${ids.universityId}`, title: 'Update University', signedIn: true },
    { path: `/hobbies/update/${ids.hobbyId}`, title: 'Update Hobbies', signedIn: true },
  ];
}

/**
 * Waits until the screen shows its data: its h1 is there, nothing is marked busy or loading, and the network has
 * been quiet for a moment (so anything the first render asks for, such as a lazy container, is counted too).
 */
export async function screenReady(page: Page) {
  // A cold screen on a machine busy with a second lane and its server can take longer than the usual 10 s to draw.
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
  await expect(
    page.locator('[aria-busy="true"], [aria-label="Loading"], [aria-label^="Loading "]'),
  ).toHaveCount(0);
  await page.waitForLoadState('networkidle');
}

/**
 * Opens every screen of the sidebar in turn and checks that it shows its data: its heading, nothing busy, no
 * page-not-found or error state, and a list's first row: every screen of the menu but the dashboard is a list, and
 * the demo data gives each of them rows.
 */
export async function visitEveryMenuScreen(page: Page) {
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'Send Mail' })).toBeVisible();
  // The sections closed by default (the catalogues) are opened first, and stay open.
  for (const closed of await menu.locator('button[aria-expanded="false"]').all()) await closed.click();
  const labels = (await menu.getByRole('link').allInnerTexts()).map((text) => text.trim());
  expect(labels.length).toBeGreaterThan(20);
  for (const label of labels) {
    await menu.getByRole('link', { name: label, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
    await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
    await expect(page.getByText('Could not load this data')).toHaveCount(0);
    // The dashboard's counts are cards; under them the reference server's work figures ('work-dashboard').
    if (label === 'Dashboard')
      await expect(page.getByRole('region', { name: 'The work of the last 30 days' })).toBeVisible();
    else {
      const firstRow = page.getByRole('table').first().getByRole('row').nth(1);
      await expect(firstRow.filter({ visible: true }), label).toHaveCount(1);
    }
  }
}

/** The messages the reference server wrote to the outbox for `email` (no SMTP_URL: DATA_DIR/outbox), oldest first, their text decoded. */
export function mailsTo(email: string) {
  const outbox = join(process.env.E2E_DATA_DIR!, 'outbox');
  return readdirSync(outbox)
    .filter((file) => file.endsWith('.eml'))
    .sort()
    .map((file) =>
      readFileSync(join(outbox, file), 'utf8')
        // Quoted-printable: soft line breaks and escapes undone.
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    )
    .filter((message) => message.includes(`To: ${email}`));
}

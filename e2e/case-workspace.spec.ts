import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { axeViolations } from './axe';
import { apiSession, mailsTo } from './support';

/**
 * The case workspace ('review-cases', issue 43) against the reference server: a Moderator works three cases from the
 * keyboard alone (claim next from the queue, read the case, restrict one member for 24 h, dismiss one case, escalate
 * one to the Owners), each reporter of a decided case is mailed once; and the case page passes axe in the light and
 * the dark scheme and at 390 px.
 */

type Person = { _id: string; name: string; surname?: string; email?: string };
type CaseAnswer = {
  item: {
    _id: string;
    kind: string;
    state: string;
    level: { _id: string; rank: number } | null;
    assignee: Person | null;
  };
  reports: { _id: string; message: string; status: string; reporter: Person | null }[];
  member: Person | null;
};

/** The Owner's API, as the test's own look-ups call it. */
async function ownerApi(request: APIRequestContext) {
  const session = await apiSession(request);
  const headers = { Authorization: `Bearer ${session.accessToken}` };
  return {
    features: JSON.parse(session.features) as string[],
    get: async (path: string) => {
      const response = await request.get(`/api/${path}`, { headers });
      expect(response.ok(), path).toBe(true);
      return response.json();
    },
    post: async (path: string, data: unknown) => {
      const response = await request.post(`/api/${path}`, { headers, data });
      expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
      return response.json();
    },
  };
}

/** No serious or critical axe finding (WCAG 2.1 AA), nor a Label in Name mismatch, in the page's <main>. */
async function expectAccessible(page: Page, where: string) {
  const failing = (await axeViolations(page, { include: 'main' })).filter(
    (found) =>
      found.impact === 'serious' || found.impact === 'critical' || found.id === 'label-content-name-mismatch',
  );
  expect(
    failing.map(
      (found) => `${where}: ${found.id} at ${found.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

/** Switches the colour scheme as the settings drawer's choice does in another tab (see e2e/a11y.spec.ts). */
async function switchScheme(page: Page, to: 'light' | 'dark') {
  await page.evaluate((scheme) => {
    const key = 'layout-settings';
    const oldValue = localStorage.getItem(key);
    const stored = JSON.parse(oldValue ?? '{}') as Record<string, unknown>;
    const newValue = JSON.stringify({ ...stored, colourScheme: scheme });
    localStorage.setItem(key, newValue);
    window.dispatchEvent(new StorageEvent('storage', { key, oldValue, newValue, storageArea: localStorage }));
  }, to);
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', to);
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running'),
  );
}

const caseId = (page: Page) => /\/queue\/([0-9a-f]{24})$/.exec(new URL(page.url()).pathname)![1]!;

test('a Moderator works three cases from the keyboard alone; the case page passes axe in both schemes and at 390 px', async ({
  browser,
  request,
}) => {
  const api = await ownerApi(request);
  test.skip(!api.features.includes('review-cases'), 'the API does not announce review-cases');

  const stamp = Date.now();
  const moderatorEmail = `cases-moderator-${stamp}@example.com`;
  await api.post('admin/admins/invite', {
    name: `Cass Moderator ${stamp}`,
    email: moderatorEmail,
    role: 'moderator',
  });
  await expect.poll(() => mailsTo(moderatorEmail).length, { timeout: 20_000 }).toBe(1);
  const invitation = /\/invitation\/([\w-]{43})/.exec(mailsTo(moderatorEmail)[0]!)![1]!;
  await api.post('invitation/accept', { token: invitation, password: 'Moderate@123' });

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(moderatorEmail);
  await page.getByLabel('Password', { exact: true }).fill('Moderate@123');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/queue');
  await expect(page.getByRole('table', { name: 'Review queue' })).toBeVisible();

  // 1. n claims the next case and opens it; the Moderator reads it and restricts the member for 24 h.
  await page.keyboard.press('n');
  await expect(page).toHaveURL(/\/queue\/[0-9a-f]{24}$/);
  const first = caseId(page);
  const firstCase = (await api.get(`review-queue/${first}/case`)).result as CaseAnswer;
  await expect(page.getByRole('heading', { level: 1, name: /^Case: / })).toBeVisible();
  await expect(page.getByRole('region', { name: /^Reports/ }).getByRole('article')).toHaveCount(
    firstCase.reports.length,
  );
  await expect(page.getByRole('group', { name: 'Decision' })).toBeVisible();

  await expectAccessible(page, 'case page [light]');
  await switchScheme(page, 'dark');
  await expectAccessible(page, 'case page [dark]');
  await switchScheme(page, 'light');

  await page.keyboard.press('x');
  await expect(page.getByRole('button', { name: 'Decide and next' })).toBeFocused();
  const policy = page.getByLabel('Policy broken');
  if (!(await policy.inputValue())) {
    // No report names a policy: Shift+Tab back to it past the presets and the facts, and take the first.
    for (let step = 0; step < 5; step += 1) await page.keyboard.press('Shift+Tab');
    await expect(policy).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(policy).not.toHaveValue('');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
  }
  await page.keyboard.press('1');
  await expect(page.getByRole('button', { name: '24 h' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Decide and next' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(new RegExp(`/queue/${first}$`));
  await expect(page).toHaveURL(/\/queue\/[0-9a-f]{24}$/);
  const restricted = (await api.get(`admin/restrictions/member/${firstCase.member!._id}`)).result as {
    inForce: { reference: string; endsAt: string } | null;
  };
  expect(restricted.inForce?.reference).toMatch(/^R-/);
  const hours = (Date.parse(restricted.inForce!.endsAt) - Date.now()) / 3_600_000;
  expect(hours).toBeGreaterThan(23.5);
  expect(hours).toBeLessThanOrEqual(24);

  // 2. The next case, opened by "Decide and next": dismissed with the first reason, d then Enter.
  const second = caseId(page);
  const secondCase = (await api.get(`review-queue/${second}/case`)).result as CaseAnswer;
  await expect(page.getByRole('group', { name: 'Decision' })).toBeVisible();
  await page.keyboard.press('d');
  await expect(page.getByRole('button', { name: 'Decide and next' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(new RegExp(`/queue/${second}$`));
  const dismissed = (await api.get(`review-queue/${second}/case`)).result as CaseAnswer;
  expect(dismissed.item.state).toBe('done');
  expect(dismissed.reports.every((report) => report.status === 'Dismissed')).toBe(true);

  // 3. The third: escalated to the Owners one level up (e, Tab to Escalate alone, Enter), and back in the queue.
  await expect(page).toHaveURL(/\/queue\/[0-9a-f]{24}$/);
  const third = caseId(page);
  const thirdBefore = (await api.get(`review-queue/${third}/case`)).result as CaseAnswer;
  await expect(page.getByRole('group', { name: 'Decision' })).toBeVisible();
  await page.keyboard.press('e');
  await expect(page.getByRole('button', { name: 'Decide and next' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Escalate the case' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect
    .poll(async () => ((await api.get(`review-queue/${third}/case`)).result as CaseAnswer).item.state)
    .toBe('open');
  const escalated = (await api.get(`review-queue/${third}/case`)).result as CaseAnswer;
  expect(escalated.item.assignee).toBeNull();
  if (thirdBefore.item.level && escalated.item.level)
    expect(escalated.item.level.rank).toBeLessThanOrEqual(thirdBefore.item.level.rank);

  // Each reporter of the two decided cases is told the outcome once ('reporter-outcome').
  if (api.features.includes('reporter-outcome')) {
    for (const report of [...firstCase.reports, ...secondCase.reports]) {
      if (!report.reporter) continue;
      const reporter = (await api.get(`user/read/${report.reporter._id}`)).result as { email: string };
      await expect
        .poll(
          () =>
            mailsTo(reporter.email).filter((mail) => mail.includes(`Report number: ${report._id}`)).length,
          { timeout: 20_000 },
        )
        .toBe(1);
    }
  }
  await context.close();

  // The case page at phone width: one column, nothing wider than the screen, every action whole; and axe.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const small = await phone.newPage();
  await small.goto('/sign-in');
  await small.getByLabel('Email').fill(moderatorEmail);
  await small.getByLabel('Password', { exact: true }).fill('Moderate@123');
  await small.keyboard.press('Enter');
  await expect(small).toHaveURL(/\/dashboard$/);
  await small.goto(`/queue/${third}`);
  await expect(small.getByRole('heading', { level: 1, name: /^Case: / })).toBeVisible();
  await small.keyboard.press('c');
  const decision = small.getByRole('group', { name: 'Decision' });
  await expect(decision).toBeVisible();
  expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  for (const button of await decision.getByRole('button').all()) {
    const box = await button.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  }
  await expectAccessible(small, 'case page [390 px, light]');
  await switchScheme(small, 'dark');
  await expectAccessible(small, 'case page [390 px, dark]');
  await phone.close();
});

import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { axeViolations } from './axe';
import { apiSession, mailsTo, notification, signInToDashboard } from './support';

/**
 * Appeals ('appeals') against the reference server, the whole flow: a Moderator claims a chat report in the
 * review queue and suspends the reported member for 7 days citing a policy; the member appeals on /appeal and
 * confirms with the link mailed to them (read from DATA_DIR/outbox); the Moderator may not decide it; the Owner, a
 * second admin, claims the appeal, opens it and reverses it from the keyboard; the member is active again, and every
 * step is in Activity and the member's Moderation history.
 */

type Person = { _id: string; name: string; surname?: string; email?: string };
type QueueItem = { _id: string; kind: string; subject: Person | null };

const fullName = (person: Person) => [person.name, person.surname].filter(Boolean).join(' ');

/**
 * No serious or critical axe finding (WCAG 2.1 AA), nor a Label in Name mismatch, as e2e/a11y.spec.ts holds, in the
 * screen's <main> (a notification still fading in is measured mid-transition; a11y.spec.ts checks them at rest).
 */
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

/** The Owner's API, as the tests' own look-ups call it. */
async function ownerApi(request: APIRequestContext) {
  const { accessToken } = await apiSession(request);
  const headers = { Authorization: `Bearer ${accessToken}` };
  return {
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

test('a Moderator suspends a reported member, who appeals; a second admin reverses it, and the member is active again', async ({
  page,
  browser,
  request,
}) => {
  const api = await ownerApi(request);

  // A Moderator, invited by the Owner and with the password chosen on the mailed link's page.
  const stamp = Date.now();
  const moderatorEmail = `appeals-moderator-${stamp}@example.com`;
  const moderatorName = `Milo Moderator ${stamp}`;
  await api.post('admin/admins/invite', { name: moderatorName, email: moderatorEmail, role: 'moderator' });
  await expect.poll(() => mailsTo(moderatorEmail).length, { timeout: 20_000 }).toBe(1);
  const invitation = /\/invitation\/([\w-]{43})/.exec(mailsTo(moderatorEmail)[0]!)![1]!;
  await api.post('invitation/accept', { token: invitation, password: 'Moderate@123' });

  // An open case ('review-cases') on an active member: the item the Moderator claims.
  const { result: active } = (await api.get(
    'admin/list?page=1&items=100&filter=user.enabled&equal=true',
  )) as {
    result: Person[];
  };
  const { result: items } = (await api.get('review-queue/list?kind=case&state=open&limit=100')) as {
    result: QueueItem[];
  };
  const item = items.find((candidate) => active.some((user) => user._id === candidate.subject?._id))!;
  const member = item.subject!;

  // The Moderator signs in, claims the item in the queue and opens its case.
  const moderatorContext = await browser.newContext();
  const moderator = await moderatorContext.newPage();
  await moderator.goto('/sign-in');
  await moderator.getByLabel('Email').fill(moderatorEmail);
  await moderator.getByLabel('Password', { exact: true }).fill('Moderate@123');
  await moderator.getByRole('button', { name: 'Login' }).click();
  await expect(moderator).toHaveURL(/\/dashboard$/);
  await moderator.goto('/queue?kind=case&size=100');
  const row = moderator
    .getByRole('row')
    .filter({ has: moderator.locator(`[data-queue-open="${item._id}"]`) });
  await row.getByRole('button', { name: /^Claim / }).click();
  await expect(notification(moderator, 'Item claimed')).toBeVisible();
  await expect(row).toContainText(moderatorName);
  await row.getByRole('button', { name: /^Open / }).focus();
  await moderator.keyboard.press('o');
  await expect(moderator).toHaveURL(new RegExp(`/queue/${item._id}$`));

  // It suspends the reported member for 7 days, citing a policy.
  const facts = `Threatening messages to two members (${stamp})`;
  await expect(moderator.getByRole('group', { name: 'Decision' })).toBeVisible();
  await moderator.keyboard.press('x');
  await moderator.getByLabel('Policy broken').selectOption({ label: 'Fake profile' });
  await moderator.getByLabel('Facts and circumstances').fill(facts);
  await moderator.getByRole('button', { name: '7 days' }).click();
  await moderator.getByRole('button', { name: 'Restrict the member' }).click();
  await expect(notification(moderator, 'Member restricted')).toBeVisible();
  const profile = (await api.get(`user/read/${member._id}`)) as {
    result: { enabled: boolean; email: string };
  };
  expect(profile.result.enabled).toBe(false);
  const email = profile.result.email;

  // The statement of reasons mailed to the member gives the reference and the way to appeal.
  await expect
    .poll(() => mailsTo(email).filter((mail) => mail.includes(facts)).length, { timeout: 20_000 })
    .toBe(1);
  const statement = mailsTo(email).find((mail) => mail.includes(facts))!;
  const reference = /Reference: (R-[0-9A-Z]{8})/.exec(statement)![1]!;
  expect(statement).toContain('/appeal and give your e-mail address and the reference');

  // The member appeals on the public page, then confirms with the mailed link.
  const memberContext = await browser.newContext();
  const visitor = await memberContext.newPage();
  await visitor.goto('/appeal');
  await expect(
    visitor.getByRole('heading', { name: 'Appeal a decision on your account', level: 1 }),
  ).toBeVisible();
  await expectAccessible(visitor, '/appeal');
  await visitor.getByLabel('E-mail address').fill(email);
  await visitor.getByLabel('Reference').fill(reference);
  await visitor
    .getByLabel('Why should we review the decision?')
    .fill('Those messages came from my brother, who used my phone.');
  await visitor.getByRole('button', { name: 'Send appeal' }).click();
  await expect(visitor.getByText(/we have e-mailed you a link to confirm your appeal/)).toBeVisible();
  const confirmation = () =>
    mailsTo(email).filter((mail) => mail.includes(`Confirm your appeal (${reference})`));
  await expect.poll(() => confirmation().length, { timeout: 20_000 }).toBe(1);
  const link = /https?:\/\/[^/\s]+(\/appeal\/confirm\?token=[\w-]{43})/.exec(confirmation()[0]!)![1]!;
  await visitor.goto(link);
  await expect(visitor.getByRole('button', { name: 'Confirm my appeal' })).toBeVisible();
  await expectAccessible(visitor, '/appeal/confirm');
  await visitor.getByRole('button', { name: 'Confirm my appeal' }).click();
  await expect(visitor.getByText(/^Your appeal is open\./)).toBeVisible();
  await memberContext.close();

  // The Moderator who restricted sees the appeal but cannot decide it.
  const { result: appeals } = (await api.get('review-queue/list?kind=appeal&state=open&limit=100')) as {
    result: (QueueItem & { ref: string; appeal: { reference: string } })[];
  };
  const appealItem = appeals.find((candidate) => candidate.appeal.reference === reference)!;
  await moderator.goto(`/appeals/${appealItem.ref}`);
  await expect(moderator.getByRole('heading', { name: `Appeal ${reference}`, level: 1 })).toBeVisible();
  await expect(
    moderator.getByText('You made this restriction, so another admin must decide its appeal.'),
  ).toBeVisible();
  await expect(moderator.getByRole('button', { name: 'Decide' })).toHaveCount(0);
  await moderatorContext.close();

  // The Owner, from the keyboard: the queue's appeals, j selects the first, c claims it, o opens it, Reverse with a
  // note, Decide, and back in the queue.
  await signInToDashboard(page);
  await page.goto('/queue?kind=appeal');
  const open = page.locator(`[data-queue-open="${appealItem._id}"]`);
  await expect(open).toBeVisible();
  await open.focus();
  await page.keyboard.press('c');
  await expect(notification(page, 'Item claimed')).toBeVisible();
  await expect(page.getByRole('row').filter({ has: open })).not.toContainText('Nobody');
  await open.focus();
  await page.keyboard.press('o');
  await expect(page).toHaveURL(new RegExp(`/appeals/${appealItem.ref}$`));
  await expect(page.getByRole('heading', { name: `Appeal ${reference}`, level: 1 })).toBeVisible();
  await expect(page.getByText('Those messages came from my brother, who used my phone.')).toBeVisible();
  await expect(page.getByText(facts)).toBeVisible();
  await expectAccessible(page, '/appeals/:id');
  await page.getByRole('radio', { name: 'Uphold' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Reverse' })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel(/^Note/)).toBeFocused();
  await page.keyboard.type('The messages were sent from a shared phone; no strike.');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Decide' })).toBeFocused();
  await page.keyboard.press('Enter');
  // The confirmation says the member's state after the decision.
  const confirm = page.getByRole('dialog', { name: 'Reverse the restriction?' });
  await expect(confirm).toContainText('The member will be active again.');
  await confirm.getByRole('button', { name: 'Reverse' }).click();
  await expect(notification(page, 'Appeal decided')).toBeVisible();
  await expect(page).toHaveURL(/\/queue$/);

  // The member is active again, and is told so by mail.
  expect(
    ((await api.get(`user/read/${member._id}`)) as { result: { enabled: boolean } }).result.enabled,
  ).toBe(true);
  await expect
    .poll(
      () =>
        mailsTo(email).filter((mail) => mail.includes(`Your appeal has been decided (${reference})`)).length,
      {
        timeout: 20_000,
      },
    )
    .toBe(1);

  // Every step is in Activity (newest first) ...
  const name = fullName(member);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Activity' }).click();
  const activity = page.getByRole('table', { name: 'Activity' });
  const entry = (label: string, text: string) =>
    activity.getByRole('row').filter({ hasText: label }).filter({ hasText: text }).first();
  await expect(entry('Appeal reversed', `Appeal of ${reference} reversed`)).toContainText(name);
  await expect(entry('Claimed', `the appeal of ${reference}`)).toBeVisible();
  await expect(entry('Appeal opened', `Appeal of ${reference} opened by the member`)).toContainText(name);
  await expect(entry('Restricted', reference)).toContainText(moderatorName);
  // The report closed with the restriction, under its reference.
  await expect(entry('Report case changed', `Open → Actioned (under ${reference})`)).toContainText(
    moderatorName,
  );

  // ... and in the member's Moderation history.
  await page.goto(`/users/${member._id}`);
  const history = page.getByRole('region', { name: 'Moderation history' });
  await history.scrollIntoViewIfNeeded();
  const rows = history.getByRole('table', { name: 'Moderation history' }).getByRole('row');
  await expect(
    rows.filter({ hasText: 'Appeal reversed by Admin User' }).filter({ hasText: reference }),
  ).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Appealed by the member' }).filter({ hasText: reference })).toHaveCount(
    1,
  );
  await expect(
    rows.filter({ hasText: `Restricted by ${moderatorName}` }).filter({ hasText: reference }),
  ).toHaveCount(1);
});

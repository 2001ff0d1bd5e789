import { expect, test } from '@playwright/test';
import { apiSession, notification, signInContext } from './support';

test("two admins edit the same record: the later save asks, and Reload shows the other admin's change", async ({
  browser,
  request,
}) => {
  const { accessToken } = await apiSession(request);
  const headers = { Authorization: `Bearer ${accessToken}` };
  const created = await request.post('/api/university/create', {
    headers,
    data: { name: `Stale write ${Date.now()}`, description: 'Shared record', enabled: true },
  });
  expect(created.ok()).toBe(true);
  const { _id: id } = ((await created.json()) as { result: { _id: string } }).result;

  const first = await browser.newContext();
  const second = await browser.newContext();
  await signInContext(first, request);
  await signInContext(second, request);
  const alice = await first.newPage();
  const bob = await second.newPage();
  for (const page of [alice, bob]) {
    await page.goto(`/university-update/${id}`);
    await expect(page.getByRole('heading', { name: 'Update University' })).toBeVisible();
  }

  await alice.getByLabel('University Name').fill('Renamed by Alice');
  await alice.getByRole('button', { name: 'Update University' }).click();
  await expect(notification(alice, 'University updated successfully!')).toBeVisible();

  await bob.getByLabel('University Name').fill('Renamed by Bob');
  await bob.getByRole('button', { name: 'Update University' }).click();
  const dialog = bob.getByRole('dialog', { name: 'This record has changed' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Keep editing' })).toBeFocused();
  const stored = async () =>
    (
      (await (await request.get(`/api/university/read/${id}`, { headers })).json()) as {
        result: { name: string };
      }
    ).result.name;
  expect(await stored()).toBe('Renamed by Alice');

  await dialog.getByRole('button', { name: 'Reload' }).click();
  await expect(dialog).toBeHidden();
  await expect(bob.getByLabel('University Name')).toHaveValue('Renamed by Alice');

  await bob.getByLabel('University Name').fill('Renamed by Bob');
  await bob.getByRole('button', { name: 'Update University' }).click();
  await expect(notification(bob, 'University updated successfully!')).toBeVisible();
  expect(await stored()).toBe('Renamed by Bob');

  await first.close();
  await second.close();
});

import { expect, test } from '@playwright/test';
import { signInToDashboard } from './support';

// The request side of the first-load budget (the byte side is scripts/check-budget.mjs).
test('a cold load of /users makes exactly one API call, and coming back while fresh makes none', async ({
  page,
}) => {
  await signInToDashboard(page);
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) apiCalls.push(`${request.method()} ${url.pathname}`);
  });

  await page.goto('/users');
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('row')).toHaveCount(11);
  expect(apiCalls).toEqual(['GET /api/admin/list']);

  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'FAQ' }).click();
  await expect(page.getByRole('table', { name: 'FAQ' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('row')).toHaveCount(11);
  expect(apiCalls).toEqual(['GET /api/admin/list', 'GET /api/faq/listAll']);
});

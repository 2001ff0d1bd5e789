import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { callApi, signedInNow, signInAs } from '../support/api-server';
import { server } from '../support/msw';
import { apiCalls } from '../support/request-log';
import { renderApp } from '../support/render';

const FIRST_LOAD = { timeout: 15_000 };

/** How many rows a list of the server has, as its first page's pagination says. */
const countOf = async (path: string) =>
  (await callApi<{ pagination: { count: number } }>('GET', `${path}?page=1`)).body.pagination.count;

describe('dashboard', () => {
  it('shows skeletons, then both counts linking to their lists', async () => {
    server.use(
      http.get('*/api/admin/dashboard', async () => {
        // Long enough to outlast the screen's code, which loads alongside the call (the route prefetches it).
        await delay(1000);
        return HttpResponse.json({ success: true, result: { userCount: 1234, contactCount: '56' } });
      }),
    );
    renderApp('/dashboard');
    expect(await screen.findAllByTestId('count-skeleton')).toHaveLength(2);

    const users = await screen.findByRole('link', { name: /Total Users\s*1234/ });
    expect(users).toHaveAttribute('href', '/users');
    expect(screen.getByRole('link', { name: /Total Contact\s*56/ })).toHaveAttribute('href', '/contact-us');
    expect(screen.queryByTestId('count-skeleton')).not.toBeInTheDocument();
    const [call] = await apiCalls('/api/admin/dashboard');
    expect(call?.headers.get('authorization')).toBe(`Bearer ${signedInNow().token}`);
  });

  it('is also the index route, counting the demo data', async () => {
    const [members, contacts] = [await countOf('/api/admin/list'), await countOf('/api/contact-us/list')];
    expect(members).toBe(300);
    expect(contacts).toBeGreaterThan(0);
    renderApp('/');
    expect(
      await screen.findByRole('link', { name: new RegExp(`Total Users\\s*${members}$`) }, FIRST_LOAD),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: new RegExp(`Total Contact\\s*${contacts}$`) })).toBeVisible();
  });

  it('shows an error state and the server message when the counts cannot load', async () => {
    server.use(
      http.get('*/api/admin/dashboard', () =>
        HttpResponse.json({ success: false, message: 'Counts are unavailable' }, { status: 500 }),
      ),
    );
    renderApp('/dashboard');
    expect(await screen.findByText('Could not load this data', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getAllByText('Counts are unavailable').length).toBeGreaterThan(0);
  });

  it("a 'jwt expired' answer clears storage and goes to /login", async () => {
    server.use(
      http.get('*/api/admin/dashboard', () =>
        HttpResponse.json({ success: false, message: 'jwt expired' }, { status: 401 }),
      ),
    );
    const { router } = renderApp('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.length).toBe(0);
  });
});

describe("the dashboard's cards, by role ('roles')", () => {
  const cards = () =>
    within(screen.getByRole('main'))
      .queryAllByRole('link')
      .map((link) => link.textContent?.replace(/\d[\d,]*$/, ''));

  it('shows a card only to a role that may open its list: a Moderator gets Total Users, not Total Contact', async () => {
    await signInAs('moderator');
    renderApp('/dashboard');
    expect(await screen.findByRole('link', { name: /Total Users/ })).toHaveAttribute('href', '/users');
    expect(cards()).toEqual(['Total Users']);
    expect(screen.queryByText('Total Contact')).toBeNull();
  });

  it('shows Support both cards, and an Editor, who may open neither list, none', async () => {
    await signInAs('support');
    const { unmount } = renderApp('/dashboard');
    expect(await screen.findByRole('link', { name: /Total Contact/ })).toHaveAttribute('href', '/contact-us');
    expect(cards()).toEqual(['Total Users', 'Total Contact']);
    unmount();

    await signInAs('editor');
    renderApp('/dashboard');
    expect(
      await screen.findByRole('region', { name: 'The work of the last 30 days' }, FIRST_LOAD),
    ).toBeVisible();
    expect(screen.queryByText('Total Users')).toBeNull();
    expect(screen.queryByText('Total Contact')).toBeNull();
  });
});

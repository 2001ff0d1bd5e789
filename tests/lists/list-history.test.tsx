import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { Suspense, use, useLayoutEffect } from 'react';
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  type Location,
  type NavigateFunction,
} from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import { AppRoutes } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';
import { signIn } from '../support/render';

/**
 * The router renders every navigation as a transition. In a browser that render can take a while (a page of rows,
 * a loaded machine), and a Back pressed meanwhile lands before it. Here a hold stands in for that slow render: while
 * it is on, rendering any location but the one shown when it began suspends, so the navigation stays pending while
 * the list already shows the change; a Back to the location shown renders at once, as it does in a browser once the
 * slow render is over.
 */
function createHold() {
  let held: { from: string; promise: Promise<void>; release: () => void } | null = null;
  function Hold() {
    const { key } = useLocation();
    if (held && key !== held.from) use(held.promise);
    return null;
  }
  return {
    Hold,
    begin(from: string) {
      let release = () => {};
      const promise = new Promise<void>((resolve) => (release = resolve));
      held = { from, promise, release };
    },
    end() {
      const ending = held;
      held = null;
      ending?.release();
    },
  };
}

/** The whole app in a memory router, with the router's navigate and the location it has rendered. */
function renderWithHold(path: string) {
  signIn();
  const hold = createHold();
  const router = { navigate: null as NavigateFunction | null, location: null as Location | null };
  // Kept at commit: a held navigation renders, but what it rendered is not what the app shows.
  function RouterProbe() {
    const navigate = useNavigate();
    const location = useLocation();
    useLayoutEffect(() => {
      router.navigate = navigate;
      router.location = location;
    }, [navigate, location]);
    return null;
  }
  render(
    <MemoryRouter initialEntries={[path]}>
      <AppProviders queryClient={createQueryClient({ queries: { retryDelay: 0 } })} mantineEnv="test">
        <RouterProbe />
        <Suspense fallback={null}>
          <hold.Hold />
        </Suspense>
        <AppRoutes />
      </AppProviders>
    </MemoryRouter>,
  );
  const rendered = () => {
    if (!router.location) throw new Error('The app has not rendered yet');
    return router.location;
  };
  return {
    user: userEvent.setup(),
    /** Changes the list while the router's navigation is held, and waits until the list shows the change. */
    async changeHeld(change: () => Promise<void>, shows: () => void | Promise<void>) {
      const before = rendered();
      hold.begin(before.key);
      await change();
      await waitFor(shows);
      // Still inside the window: the router has not rendered the change.
      expect(rendered().key).toBe(before.key);
    },
    /** Back (or Forward), as the browser's buttons do, then lets every navigation render. */
    async go(delta: number) {
      const navigate = router.navigate;
      if (!navigate) throw new Error('The app has not rendered yet');
      await act(async () => navigate(delta));
      hold.end();
    },
    /** Lets the held navigations render. */
    release: () => act(async () => hold.end()),
    search: () => rendered().search,
  };
}

const rowTexts = (table: string) =>
  within(screen.getByRole('table', { name: table }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent ?? '');

const currentPage = () =>
  within(screen.getByRole('navigation', { name: 'Pages' }))
    .getByRole('button', { current: 'page' })
    .getAttribute('aria-label');

async function firstPage(table: string) {
  await waitFor(() => expect(rowTexts(table)).toHaveLength(10));
  return rowTexts(table);
}

async function pageTo(user: UserEvent, page: number) {
  await user.click(
    within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('button', { name: `Page ${page}` }),
  );
}

describe('a list follows its URL when Back lands before the change has rendered', () => {
  it.each([
    { list: 'users', path: '/users', table: 'Users' },
    { list: 'contact messages', path: '/contact-us', table: 'Contact Us' },
    { list: 'posts', path: '/post', table: 'Posts' },
  ])('$list: a page change, then Back and Forward', async ({ path, table }) => {
    const app = renderWithHold(path);
    const pageOne = await firstPage(table);
    let pageTwo: string[] = [];

    await app.changeHeld(
      () => pageTo(app.user, 2),
      () => {
        pageTwo = rowTexts(table);
        expect(pageTwo.length).toBeGreaterThan(0);
        expect(pageTwo).not.toEqual(pageOne);
      },
    );

    await app.go(-1);
    await waitFor(() => expect(rowTexts(table)).toEqual(pageOne));
    expect(currentPage()).toBe('Page 1');
    expect(app.search()).toBe('');

    await app.go(1);
    await waitFor(() => expect(rowTexts(table)).toEqual(pageTwo));
    expect(currentPage()).toBe('Page 2');
    expect(app.search()).toBe('?page=2');
  });

  it('users: a filter, then Back and Forward', async () => {
    const app = renderWithHold('/users');
    const pageOne = await firstPage('Users');
    const status = () => screen.getByRole('combobox', { name: 'Status' });
    let inactive: string[] = [];

    await app.changeHeld(
      () => app.user.selectOptions(status(), 'Inactive'),
      () => {
        inactive = rowTexts('Users');
        expect(inactive.length).toBeGreaterThan(0);
        expect(inactive.every((text) => text.includes('Inactive') && !text.includes('Deactivate'))).toBe(
          true,
        );
      },
    );

    await app.go(-1);
    await waitFor(() => expect(rowTexts('Users')).toEqual(pageOne));
    expect(status()).toHaveValue('');
    expect(app.search()).toBe('');

    await app.go(1);
    await waitFor(() => expect(rowTexts('Users')).toEqual(inactive));
    expect(status()).toHaveValue('false');
    expect(app.search()).toBe('?status=false');
  });

  it.each([
    { list: 'users', path: '/users', table: 'Users', box: 'Search by name, email or phone no', text: 'oli' },
    { list: 'posts', path: '/post', table: 'Posts', box: 'Search by title', text: 'sun' },
  ])('$list: a search, then Back and Forward', async ({ path, table, box, text }) => {
    const app = renderWithHold(path);
    const pageOne = await firstPage(table);
    const searchBox = () => screen.getByRole('searchbox', { name: box });
    let found: string[] = [];

    await app.changeHeld(
      () => app.user.type(searchBox(), text),
      () => {
        found = rowTexts(table);
        expect(found.length).toBeGreaterThan(0);
        expect(found.every((row) => row.toLowerCase().includes(text))).toBe(true);
      },
    );

    await app.go(-1);
    await waitFor(() => expect(rowTexts(table)).toEqual(pageOne));
    expect(searchBox()).toHaveValue('');
    expect(app.search()).toBe('');

    await app.go(1);
    await waitFor(() => expect(rowTexts(table)).toEqual(found));
    expect(searchBox()).toHaveValue(text);
    expect(app.search()).toBe(`?q=${text}`);
  });

  it('users: two filters changed before the first has rendered both apply, each select showing its choice at once', async () => {
    const app = renderWithHold('/users');
    await firstPage('Users');
    const plan = () => screen.getByRole('combobox', { name: 'Plan' });
    const status = () => screen.getByRole('combobox', { name: 'Status' });

    await app.changeHeld(
      async () => {
        await app.user.selectOptions(plan(), 'Gold');
        expect(plan()).toHaveValue('gold');
        await app.user.selectOptions(status(), 'Inactive');
      },
      () => {
        expect(plan()).toHaveValue('gold');
        expect(status()).toHaveValue('false');
      },
    );

    await app.release();
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(app.search()))).toEqual({
        plan: 'gold',
        status: 'false',
      }),
    );
    expect(plan()).toHaveValue('gold');
    expect(status()).toHaveValue('false');
  });
});

import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, signIn } from '../support/render';

/**
 * A route's files (its screen's and api module's chunks, what they import, and what its code imports as it starts,
 * LazyRoute's `preload`: a catalogue's declaration) are fetched with its code, not one after another: on a first load
 * src/boot.ts fetches them from the build's list (vite-plugins/boot-script.ts), and on later visits the router asks
 * boot for them as the route's code starts loading. Fresh modules: the router loads a screen's code once per page.
 */

afterEach(() => {
  document.getElementById('route-files')?.remove();
  document.head
    .querySelectorAll('link[rel="modulepreload"], link[rel="preload"]')
    .forEach((link) => link.remove());
  delete window.fetchRouteFiles;
  window.history.replaceState(null, '', '/');
});

/** The route table as the build writes it into index.html: files, and per route the indexes of its own. */
function builtTable() {
  const table = {
    files: [
      '/assets/users.js',
      '/assets/list-kit.js',
      '/assets/list-page.js',
      '/assets/hobbies.js',
      '/assets/x.css',
    ],
    routes: [
      ['/users', 1, [0, 1]],
      ['/hobbies', 1, [2, 1, 3, 4]],
    ],
  };
  document.head.append(
    Object.assign(document.createElement('script'), {
      type: 'application/json',
      id: 'route-files',
      textContent: JSON.stringify(table),
    }),
  );
}

const fetchedFiles = () =>
  [...document.head.querySelectorAll('link')].map((link) => [link.rel, link.getAttribute('href')]);

describe("a route's preloaded modules come with its code", () => {
  it("boot fetches the first page's files, and another route's when asked, each file once", async () => {
    signIn();
    builtTable();
    window.history.replaceState(null, '', '/users');
    vi.resetModules();
    await import('@/boot');
    expect(fetchedFiles()).toEqual([
      ['modulepreload', '/assets/users.js'],
      ['modulepreload', '/assets/list-kit.js'],
    ]);
    window.fetchRouteFiles!('/hobbies');
    window.fetchRouteFiles!('/hobbies');
    window.fetchRouteFiles!('/no-such-route');
    expect(fetchedFiles()).toEqual([
      ['modulepreload', '/assets/users.js'],
      ['modulepreload', '/assets/list-kit.js'],
      ['modulepreload', '/assets/list-page.js'],
      ['modulepreload', '/assets/hobbies.js'],
      ['preload', '/assets/x.css'],
    ]);
  });

  it('the router asks for a route’s files as its code starts loading, once per screen', async () => {
    const fetchRouteFiles = vi.fn();
    window.fetchRouteFiles = fetchRouteFiles;
    const first = renderApp('/users');
    expect(await screen.findByRole('table', { name: 'Users' })).toBeInTheDocument();
    const mainMenu = () => screen.getByRole('navigation', { name: 'Main menu' });
    await first.user.click(within(mainMenu()).getByRole('link', { name: 'FAQ' }));
    expect(await screen.findByRole('table', { name: 'FAQ' })).toBeInTheDocument();
    await first.user.click(within(mainMenu()).getByRole('link', { name: 'Users' }));
    expect(await screen.findByRole('table', { name: 'Users' })).toBeInTheDocument();
    // Users' code was already there the second time.
    expect(fetchRouteFiles.mock.calls).toEqual([['/users'], ['/faq']]);
    first.unmount();
    fetchRouteFiles.mockClear();

    const { user } = renderApp('/languages');
    expect(await screen.findByRole('table', { name: 'Languages' })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    await user.click(within(menu).getByRole('link', { name: 'Language Speak' }));
    expect(await screen.findByRole('table', { name: 'Language Speak' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Add' }));
    expect(await screen.findByRole('heading', { name: 'Add Language Speak' })).toBeInTheDocument();
    expect(fetchRouteFiles.mock.calls).toEqual([
      ['/languages'],
      ['/language-speak'],
      ['/language-speak/add'],
    ]);
  });
});

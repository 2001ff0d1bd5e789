import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { session } from '@/lib/core/session';
import { signedInNow } from '../support/api-server';
import { renderApp } from '../support/render';

const scheme = () => document.documentElement.getAttribute('data-mantine-color-scheme');
const stored = () => JSON.parse(localStorage.getItem('layout-settings') ?? 'null') as Record<string, unknown>;

/** A system colour scheme the test can change, as prefers-color-scheme reports it. */
function systemScheme(initial: 'light' | 'dark') {
  const original = window.matchMedia;
  let dark = initial === 'dark';
  const listeners = new Set<(event: { matches: boolean }) => void>();
  window.matchMedia = (query: string) =>
    ({
      get matches() {
        return query === '(prefers-color-scheme: dark)' && dark;
      },
      media: query,
      addEventListener: (_type: string, listener: (event: { matches: boolean }) => void) =>
        listeners.add(listener),
      removeEventListener: (_type: string, listener: (event: { matches: boolean }) => void) =>
        listeners.delete(listener),
      addListener: () => {},
      removeListener: () => {},
    }) as unknown as MediaQueryList;
  return {
    set(next: 'light' | 'dark') {
      dark = next === 'dark';
      for (const listener of listeners) listener({ matches: dark });
    },
    restore: () => {
      window.matchMedia = original;
    },
  };
}

let restoreSystem: (() => void) | undefined;
// Each render must set the scheme itself, not inherit the previous test's.
beforeEach(() => document.documentElement.removeAttribute('data-mantine-color-scheme'));
afterEach(() => {
  restoreSystem?.();
  restoreSystem = undefined;
});

async function openColourSchemes() {
  const view = renderApp('/faq');
  await view.user.click(await screen.findByRole('button', { name: 'Open settings' }));
  const drawer = await screen.findByRole('dialog', { name: 'Appearance' });
  return { ...view, schemes: within(drawer).getByRole('radiogroup', { name: 'Color Scheme' }), drawer };
}

describe('the colour scheme', () => {
  it('is light until chosen otherwise, and the choice is stored with the other layout choices', async () => {
    const { user, schemes, drawer } = await openColourSchemes();
    expect(scheme()).toBe('light');
    expect(within(schemes).getByRole('radio', { name: 'Light' })).toBeChecked();

    await user.click(within(drawer).getByRole('radio', { name: 'Violet' }));
    await user.click(within(schemes).getByRole('radio', { name: 'Dark' }));

    expect(scheme()).toBe('dark');
    expect(within(schemes).getByRole('radio', { name: 'Dark' })).toBeChecked();
    expect(stored()).toEqual({ colourScheme: 'dark', accentColour: 'violet', density: 'comfortable' });
    expect(localStorage.getItem('mantine-color-scheme-value')).toBeNull();
  });

  it('comes back on the next load', async () => {
    localStorage.setItem('layout-settings', JSON.stringify({ colourScheme: 'dark' }));
    const { schemes } = await openColourSchemes();
    expect(scheme()).toBe('dark');
    expect(within(schemes).getByRole('radio', { name: 'Dark' })).toBeChecked();
  });

  it('ignores a stored value that is no colour scheme', async () => {
    localStorage.setItem('layout-settings', JSON.stringify({ colourScheme: 'toString' }));
    const { schemes } = await openColourSchemes();
    expect(scheme()).toBe('light');
    expect(within(schemes).getByRole('radio', { name: 'Light' })).toBeChecked();
  });

  it('survives signing out, which clears everything else', async () => {
    const { user, schemes, drawer } = await openColourSchemes();
    await user.click(within(schemes).getByRole('radio', { name: 'Dark' }));
    await user.click(within(drawer).getByRole('radio', { name: 'Blue' }));
    await user.click(within(drawer).getByRole('button', { name: 'Close' }));
    localStorage.setItem('something-else', 'x');
    sessionStorage.setItem('something-else', 'x');

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));

    await screen.findByRole('heading', { name: 'Enter your email and password to sign in' });
    expect(Object.keys(localStorage)).toEqual(['layout-settings']);
    expect(sessionStorage.length).toBe(0);
    expect(stored()).toMatchObject({ colourScheme: 'dark', accentColour: 'blue' });
    expect(scheme()).toBe('dark');
  });

  it('survives an expired session too', async () => {
    localStorage.setItem('layout-settings', JSON.stringify({ colourScheme: 'dark', density: 'compact' }));
    await openColourSchemes();
    act(() => {
      session.expire(signedInNow().token);
    });
    await screen.findByRole('heading', { name: 'Enter your email and password to sign in' });
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(stored()).toMatchObject({ colourScheme: 'dark', density: 'compact' });
    expect(scheme()).toBe('dark');
  });

  it('follows the system when asked to, and its changes while the console is open', async () => {
    const system = systemScheme('dark');
    restoreSystem = system.restore;
    const { user, schemes } = await openColourSchemes();
    expect(scheme()).toBe('light');

    await user.click(within(schemes).getByRole('radio', { name: 'System' }));
    expect(scheme()).toBe('dark');
    expect(stored()).toMatchObject({ colourScheme: 'auto' });

    act(() => system.set('light'));
    expect(scheme()).toBe('light');
    act(() => system.set('dark'));
    expect(scheme()).toBe('dark');
  });

  it('follows a choice made in another tab', async () => {
    await openColourSchemes();
    expect(scheme()).toBe('light');
    act(() => {
      localStorage.setItem('layout-settings', JSON.stringify({ colourScheme: 'dark' }));
      window.dispatchEvent(new StorageEvent('storage', { key: 'layout-settings' }));
    });
    await waitFor(() => expect(scheme()).toBe('dark'));
  });
});

import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router-dom';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { AppRoutes } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';
import { signIn } from '../support/render';

/** The window's scroll, as a browser keeps it (jsdom lays nothing out): scrollTo moves it and says so. */
let scrolled = 0;
function scrollWindow(y: number) {
  scrolled = y;
  window.dispatchEvent(new Event('scroll'));
}

beforeEach(() => {
  scrolled = 0;
  vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => scrolled);
  vi.spyOn(window, 'scrollTo').mockImplementation(((_x: number, y: number) => scrollWindow(y)) as never);
});
afterEach(() => vi.restoreAllMocks());

function renderAt(path: string) {
  signIn();
  let navigate!: NavigateFunction;
  function Navigator() {
    navigate = useNavigate();
    return null;
  }
  render(
    <MemoryRouter initialEntries={[path]}>
      <AppProviders queryClient={createQueryClient()} mantineEnv="test">
        <Navigator />
        <AppRoutes />
      </AppProviders>
    </MemoryRouter>,
  );
  return {
    go: (to: string | number) => act(() => void (typeof to === 'number' ? navigate(to) : navigate(to))),
  };
}

it('opens a new screen at the top, and Back and Forward return to where each was left', async () => {
  const { go } = renderAt('/faq');
  await screen.findByRole('table', { name: 'FAQ' });
  act(() => scrollWindow(640));

  await go('/offer');
  expect(await screen.findByRole('heading', { name: 'Offer', level: 1 })).toBeInTheDocument();
  expect(window.scrollY).toBe(0);
  act(() => scrollWindow(198));

  await go(-1);
  expect(await screen.findByRole('table', { name: 'FAQ' })).toBeInTheDocument();
  expect(window.scrollY).toBe(640);

  await go(1);
  expect(await screen.findByRole('heading', { name: 'Offer', level: 1 })).toBeInTheDocument();
  expect(window.scrollY).toBe(198);
});

it("keeps the scroll when only the query string changes (a list's page or filter)", async () => {
  const { go } = renderAt('/offer');
  await screen.findByRole('heading', { name: 'Offer', level: 1 });
  act(() => scrollWindow(300));
  await go('/offer?page=2');
  expect(window.scrollY).toBe(300);
});

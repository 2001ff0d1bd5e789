import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { MENU } from '@/app/layout/menu';
import { api } from '@/lib/data/api-client';
import { session } from '@/lib/core/session';
import { CONSOLE_ADMIN } from '../support/api-fixture';
import { signedInNow } from '../support/api-server';
import { server } from '../support/msw';
import { apiCalls } from '../support/request-log';
import { renderApp, signIn } from '../support/render';

/** The list screens among SPEC 2.2's routes (its add, update and record routes open from these). */
const SPEC_LISTS = [
  '/dashboard',
  '/users',
  '/university',
  '/faq',
  '/report-element',
  '/languages',
  '/hobbies',
  '/food-preference',
  '/setting',
  '/offer',
  '/plan',
  '/send-mail',
  '/contact-us',
  '/feedbacks',
  '/chat-report',
  '/chat-block',
  '/event-category',
  '/event',
  '/post',
  '/blog-category',
  '/blogs',
  '/looking-for',
  '/religious-beliefs',
  '/language-speak',
];

describe('the guard', () => {
  it('sends every signed-in route to sign-in without a token', async () => {
    // Any path but the public ones, including SPEC routes whose screens come later and unknown ones.
    const paths = [
      '/',
      '/dashboard',
      '/users',
      '/faq',
      '/faq/add',
      '/users/abc',
      '/profile',
      '/hobbies',
      '/nope',
    ];
    for (const path of paths) {
      const view = renderApp(path, { signedIn: false });
      await waitFor(() => expect(view.router.state.location.pathname).toBe('/sign-in'));
      view.unmount();
    }
    expect(await apiCalls()).toHaveLength(0);
  });

  it('sends a signed-in admin away from sign-in', async () => {
    const { router } = renderApp('/sign-in');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});

describe('the layout', () => {
  it('has a menu entry for every screen, each resolving to a real page', async () => {
    const { user, router } = renderApp('/faq');
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    await user.click(within(menu).getByRole('button', { name: 'Catalogues' }));
    for (const item of MENU) {
      await user.click(within(menu).getByRole('link', { name: item.label }));
      await waitFor(() => expect(router.state.location.pathname).toBe(item.to));
      expect(screen.queryByRole('heading', { name: 'Page not found' })).not.toBeInTheDocument();
    }
  });

  it('groups the menu in sections, every list of SPEC 2.2 in one of them, the catalogues closed', async () => {
    const { user } = renderApp('/dashboard');
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    const sections = within(menu).getAllByRole('button');
    expect(sections.map((section) => section.textContent)).toEqual([
      'Members',
      'Content',
      'Communication',
      'Safety',
      'Team',
      'Catalogues',
    ]);
    expect(within(menu).getByRole('button', { name: 'Catalogues' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(within(menu).queryByRole('link', { name: 'Hobbies' })).not.toBeInTheDocument();
    // Activity, Send Mail and Posts are among the open sections; Logout is outside the menu, always there.
    for (const name of ['Users', 'Posts', 'Send Mail', 'Chat Report', 'Activity'])
      expect(within(menu).getByRole('link', { name })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeVisible();

    await user.click(within(menu).getByRole('button', { name: 'Catalogues' }));
    expect(within(menu).getByRole('button', { name: 'Catalogues' })).toHaveAttribute('aria-expanded', 'true');
    const hrefs = within(menu)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(new Set(hrefs).size).toBe(hrefs.length);
    for (const route of SPEC_LISTS) expect(hrefs, route).toContain(route);
    expect(hrefs).toContain('/activity');
    expect(hrefs).toContain('/admins');
    expect(hrefs).toContain('/queue');
    expect(hrefs).toContain('/queue/templates');
    expect(hrefs).toHaveLength(SPEC_LISTS.length + 4);
  });

  it('opens a closed section while the admin is on one of its screens, until they close it', async () => {
    const { user } = renderApp('/hobbies');
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    const catalogues = within(menu).getByRole('button', { name: 'Catalogues' });
    expect(catalogues).toHaveAttribute('aria-expanded', 'true');
    expect(within(menu).getByRole('link', { name: 'Hobbies' })).toHaveAttribute('aria-current', 'page');
    await user.click(catalogues);
    expect(within(menu).queryByRole('link', { name: 'Hobbies' })).not.toBeInTheDocument();
    await user.click(within(menu).getByRole('button', { name: 'Content' }));
    expect(within(menu).queryByRole('link', { name: 'Posts' })).not.toBeInTheDocument();
    await user.click(within(menu).getByRole('button', { name: 'Content' }));
    expect(within(menu).getByRole('link', { name: 'Posts' })).toBeInTheDocument();
  });

  it("shows the admin's name and links to the profile", async () => {
    renderApp('/faq');
    const profile = await screen.findByRole('link', { name: 'Admin User, your profile' });
    expect(profile).toHaveAttribute('href', '/profile');
  });

  it("shows the admin's photo in the top bar, or a default avatar without one", async () => {
    signIn();
    session.update({ photo: 'uploads/admin.png' });
    const view = renderApp('/faq', { signedIn: false });
    const profile = await screen.findByRole('link', { name: 'Admin User, your profile' });
    expect(profile.querySelector('img')).toHaveAttribute('src', '/uploads/admin.png');
    view.unmount();

    session.update({ photo: '' });
    renderApp('/faq', { signedIn: false });
    const withoutPhoto = await screen.findByRole('link', { name: 'Admin User, your profile' });
    expect(withoutPhoto.querySelector('img')).toBeNull();
    expect(withoutPhoto.querySelector('svg')).not.toBeNull();
  });

  it('hides and shows the sidebar with the top-bar toggle', async () => {
    const { user, container } = renderApp('/faq');
    const sidebar = container.querySelector('aside') as HTMLElement;
    expect(await within(sidebar).findByRole('navigation', { name: 'Main menu' })).toBeVisible();
    const hide = screen.getByRole('button', { name: 'Hide sidebar' });
    expect(hide).toHaveAttribute('aria-expanded', 'true');
    expect(hide).toHaveAttribute('aria-controls', sidebar.id);
    await user.click(hide);
    expect(sidebar).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
    const show = screen.getByRole('button', { name: 'Show sidebar' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await user.click(show);
    expect(sidebar).toHaveAttribute('aria-hidden', 'false');
  });

  it('names the close button of every dialog and drawer', async () => {
    const { user } = renderApp('/faq');
    await user.click(await screen.findByRole('button', { name: 'Open settings' }));
    const drawer = await screen.findByRole('dialog', { name: 'Appearance' });
    await user.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('logs out after confirmation, clearing all storage and going to /login', async () => {
    localStorage.setItem('something-else', 'x');
    const { user, router } = renderApp('/faq');
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to logout?' });
    expect(within(dialog).getByText('You will be logged out of your account.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.length).toBe(0);
    expect(
      await screen.findByRole('heading', { name: 'Enter your email and password to sign in' }),
    ).toBeVisible();
  });

  it('stays signed in when the admin cancels the logout', async () => {
    const { user, router } = renderApp('/faq');
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await user.click(await screen.findByRole('button', { name: 'No' }));
    expect(router.state.location.pathname).toBe('/faq');
    expect(localStorage.getItem('accessToken')).toBe(signedInNow().token);
  });

  it("offers the colour scheme, the accent colour and the density, and none of the template's sidebar options", async () => {
    const { user } = renderApp('/faq');
    await user.click(await screen.findByRole('button', { name: 'Open settings' }));
    const drawer = await screen.findByRole('dialog', { name: 'Appearance' });
    expect(within(drawer).getAllByRole('radiogroup')).toHaveLength(3);
    expect(within(drawer).getByRole('radiogroup', { name: 'Color Scheme' })).toBeInTheDocument();
    expect(within(drawer).getByRole('radiogroup', { name: 'Density' })).toBeInTheDocument();
    // Each accent colour is named, by words shown on screen under its swatch.
    const colours = within(within(drawer).getByRole('radiogroup', { name: 'Accent Color' })).getAllByRole(
      'radio',
    );
    expect(colours.map((colour) => colour.textContent)).toEqual([
      'Purple',
      'Violet',
      'Indigo',
      'Blue',
      'Pink',
      'Graphite',
    ]);
    for (const colour of colours) expect(colour).toHaveAccessibleName(colour.textContent ?? '');
    expect(within(drawer).getByRole('radio', { name: 'Purple' })).toHaveAttribute('aria-checked', 'true');
    for (const leftover of ['Sidebar Colors', 'Sidenav Type', 'Navbar Fixed', 'Transparent'])
      expect(within(drawer).queryByText(leftover)).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('switch')).not.toBeInTheDocument();

    await user.click(within(drawer).getByRole('radio', { name: 'Blue' }));
    await user.click(within(drawer).getByRole('radio', { name: 'Compact' }));

    expect(within(drawer).getByRole('radio', { name: 'Blue' })).toHaveAttribute('aria-checked', 'true');
    expect(JSON.parse(localStorage.getItem('layout-settings') ?? '{}')).toEqual({
      colourScheme: 'light',
      accentColour: 'blue',
      density: 'compact',
    });
  });

  it('keeps the density and the accent colour across a reload', async () => {
    const spacing = () =>
      [...document.querySelectorAll('style')]
        .map((style) => /--mantine-spacing-sm: ([^;]+);/.exec(style.textContent ?? '')?.[1])
        .find(Boolean);
    const first = renderApp('/faq');
    await first.user.click(await screen.findByRole('button', { name: 'Open settings' }));
    const drawer = await screen.findByRole('dialog', { name: 'Appearance' });
    const comfortable = spacing();
    await first.user.click(within(drawer).getByRole('radio', { name: 'Compact' }));
    await first.user.click(within(drawer).getByRole('radio', { name: 'Pink' }));
    first.unmount();

    const { user } = renderApp('/faq');
    await user.click(await screen.findByRole('button', { name: 'Open settings' }));
    const again = await screen.findByRole('dialog', { name: 'Appearance' });
    expect(within(again).getByRole('radio', { name: 'Compact' })).toBeChecked();
    expect(within(again).getByRole('radio', { name: 'Pink' })).toHaveAttribute('aria-checked', 'true');
    // The page's spacing is the compact scale's, tighter than Mantine's own (which needs no variable of its own).
    expect(comfortable).toBeUndefined();
    expect(spacing()).toContain('0.5rem');
  });

  it("ignores an older console's stored sidebar options and drops them with the next choice", async () => {
    localStorage.setItem(
      'layout-settings',
      JSON.stringify({
        sidebarColour: 'success',
        sidenavType: 'transparent',
        fixedNavbar: false,
        colourScheme: 'dark',
      }),
    );
    const { user } = renderApp('/faq');
    await user.click(await screen.findByRole('button', { name: 'Open settings' }));
    const drawer = await screen.findByRole('dialog', { name: 'Appearance' });
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(within(drawer).getByRole('radio', { name: 'Purple' })).toHaveAttribute('aria-checked', 'true');
    expect(within(drawer).getByRole('radio', { name: 'Comfortable' })).toBeChecked();

    await user.click(within(drawer).getByRole('radio', { name: 'Indigo' }));
    expect(JSON.parse(localStorage.getItem('layout-settings') ?? '{}')).toEqual({
      colourScheme: 'dark',
      accentColour: 'indigo',
      density: 'comfortable',
    });
  });

  it('keeps Logout in the sidebar as a quiet button, under its SPEC name', async () => {
    renderApp('/faq');
    const sidebar = await screen.findByRole('complementary');
    const logout = within(sidebar).getByRole('button', { name: 'Logout' });
    expect(logout).toHaveAttribute('data-variant', 'subtle');
  });

  it('shows a page-not-found screen inside the layout with a way back', async () => {
    const { user, router } = renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to the dashboard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});

describe('the sign-in card', () => {
  it("names the product above SPEC's heading", async () => {
    renderApp('/sign-in', { signedIn: false });
    const card = await screen.findByRole('main');
    const heading = await within(card).findByRole('heading', {
      name: 'Enter your email and password to sign in',
    });
    const name = within(card).getByText('Admin Console');
    expect(name.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

describe('session expiry', () => {
  it('ends the session once and goes to /login when several calls are refused together', async () => {
    server.use(
      http.all('*/api/*', () =>
        HttpResponse.json({ success: false, message: 'jwt expired', jwtExpired: true }, { status: 401 }),
      ),
    );
    const ended = vi.fn();
    const { router } = renderApp('/faq');
    session.subscribe(ended);
    const schema = z.object({});
    await act(() =>
      Promise.allSettled([
        api.get('faq/listAll', schema),
        api.get('admin/dashboard', schema),
        api.get('user/read', schema),
      ]),
    );

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(ended).toHaveBeenCalledTimes(1);
    expect(router.visited().filter((path) => path === '/login')).toHaveLength(1);
    expect(localStorage.length).toBe(0);
    expect(screen.queryByText('jwt expired')).not.toBeInTheDocument();
    expect(await screen.findByText('Your session has expired. Please sign in again.')).toBeInTheDocument();
  });

  it('treats a jwtExpired flag in any answer as expiry, even without the message', async () => {
    server.use(
      http.get('*/api/admin/dashboard', () => HttpResponse.json({ success: false, jwtExpired: true })),
    );
    const { router } = renderApp('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('ends the session when a write is refused for an expired token', async () => {
    server.use(
      http.delete('*/api/faq/delete/:id', () =>
        HttpResponse.json({ success: false, message: 'jwt expired' }, { status: 401 }),
      ),
    );
    const { user, router } = renderApp('/faq');
    const [firstDelete] = await screen.findAllByRole('button', { name: 'Delete' });
    await user.click(firstDelete!);
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.queryByText('jwt expired')).not.toBeInTheDocument();
  });

  it('treats a 403 as a refusal only', async () => {
    server.use(
      http.get('*/api/faq/listAll', () =>
        HttpResponse.json({ success: false, message: 'Forbidden for this role' }, { status: 403 }),
      ),
    );
    const { router } = renderApp('/faq');
    // The list shows the refusal where its rows would be (no toast besides it, and no Try again that cannot succeed).
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Forbidden for this role')).toBeVisible();
    expect(within(alert).queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(router.state.location.pathname).toBe('/faq');
    expect(localStorage.getItem('accessToken')).toBe(signedInNow().token);
  });

  it('brings the admin back to the page they were on after signing in again', async () => {
    server.use(
      http.get(
        '*/api/faq/listAll',
        () => HttpResponse.json({ success: false, message: 'jwt expired' }, { status: 200 }),
        {
          once: true,
        },
      ),
    );
    const { user, router } = renderApp('/faq?view=1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await user.type(await screen.findByLabelText('Email'), CONSOLE_ADMIN.email);
    await user.type(screen.getByLabelText('Password'), CONSOLE_ADMIN.password);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/faq'));
    expect(router.state.location.search).toBe('?view=1');
    expect(await screen.findByText('How do I reset my password?')).toBeInTheDocument();
  });

  it('follows a sign-out in another tab', async () => {
    const { router } = renderApp('/faq');
    await screen.findByText('How do I reset my password?');
    act(() => {
      localStorage.clear();
      window.dispatchEvent(new StorageEvent('storage', { key: null }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

describe('retries', () => {
  it('retries a failed read at most twice in total, and never a refused one', async () => {
    let attempts = 0;
    server.use(
      http.get('*/api/faq/listAll', () => {
        attempts += 1;
        return HttpResponse.json({ success: false, message: 'Database down' }, { status: 503 });
      }),
    );
    renderApp('/faq');
    expect(await screen.findByText('Could not load this data')).toBeInTheDocument();
    expect(attempts).toBe(3);
  });

  it('does not retry a 4xx read or any write', async () => {
    let reads = 0;
    server.use(
      http.get('*/api/faq/listAll', () => {
        reads += 1;
        return HttpResponse.json({ success: false, message: 'Bad request' }, { status: 400 });
      }),
    );
    signIn();
    renderApp('/faq');
    expect(await screen.findByText('Could not load this data')).toBeInTheDocument();
    expect(reads).toBe(1);
  });

  it('never retries a failed write', async () => {
    let writes = 0;
    server.use(
      http.post('*/api/faq/create', () => {
        writes += 1;
        return HttpResponse.json({ success: false, message: 'Database down' }, { status: 503 });
      }),
    );
    const { user } = renderApp('/faq/add');
    await user.type(await screen.findByLabelText('Question'), 'Is it retried?');
    await user.type(screen.getByRole('textbox', { name: 'Answer' }), 'No.');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Active' }));
    await user.click(screen.getByRole('button', { name: 'Add Faq' }));
    expect(
      await screen.findByText('Database down', { selector: '.mantine-Notification-description' }),
    ).toBeVisible();
    expect(writes).toBe(1);
  });
});

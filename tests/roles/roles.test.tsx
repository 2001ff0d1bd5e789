import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { can, ROLES, type Role } from '@contract/roles';
import { MENU } from '@/app/layout/menu';
import { SIGNED_IN_ROUTES } from '@/app/feature-routes';
import { CONSOLE_ADMIN } from '../support/api-fixture';
import { api, callApi, inviteAdmin, signedInNow, signInAs } from '../support/api-server';
import { apiCalls } from '../support/request-log';
import { session } from '@/lib/core/session';
import { renderApp, signIn, specOnlyApi } from '../support/render';

/**
 * Roles ('roles'): the console shows an admin what their role may open and do, from contract/roles.ts's table and the
 * permission each route declares, and a screen it may not open is the no-access screen, with no call for it.
 */

const permissionOf = (to: string) => SIGNED_IN_ROUTES.find((route) => route.path === to)!.permission!;
const allowedMenu = (role: Role) => MENU.filter((item) => can(role, permissionOf(item.to)));

type Member = { _id: string; name: string; surname: string; email: string };
/** The demo data's newest member, as the users list shows them first. */
const aMember = async () => (await api.get<Member[]>('/api/admin/list?page=1&items=1'))[0]!;

/**
 * Signs the console in as a new admin of `role`; `changeRole` makes them another role as an Owner would (the seed's,
 * signed in before each test) through the Admins API, and `ownerCall` asks the API as that Owner.
 */
async function consoleAdmin(role: Role) {
  const owner = signedInNow();
  const { admin } = await signInAs(role, { fresh: true });
  const ownerCall = async <T,>(method: string, path: string, json?: unknown) => {
    const answer = await callApi<{ result: T }>(method, path, { json, token: owner.token });
    expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(200);
    return answer.body.result;
  };
  const changeRole = (next: Role) =>
    ownerCall('PATCH', `/api/admin/admins/${admin._id}/role`, { role: next });
  return { admin, changeRole, ownerCall };
}

async function openMenu(user: ReturnType<typeof renderApp>['user']) {
  const menu = await screen.findByRole('navigation', { name: 'Main menu' });
  const catalogues = within(menu).queryByRole('button', { name: 'Catalogues' });
  if (catalogues?.getAttribute('aria-expanded') === 'false') await user.click(catalogues);
  return menu;
}

describe.each(ROLES)('signed in as %s', (role) => {
  it('the menu and Ctrl+K show exactly the screens the role may open', async () => {
    await signInAs(role);
    const { user } = renderApp('/dashboard');
    const menu = await openMenu(user);
    const expected = allowedMenu(role).map((item) => item.label);
    expect(expected.length).toBeGreaterThan(2);
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(expected);

    const launcher = await screen.findByRole('button', { name: 'Search Ctrl K' });
    expect(launcher).toHaveAccessibleDescription(
      can(role, 'members.read') ? 'Search screens and users' : 'Search screens',
    );
    await user.click(launcher);
    const dialog = await screen.findByRole('dialog', { name: 'Jump to a screen or user' });
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByRole('button')
          .map((button) => button.textContent),
      ).toEqual(expected),
    );
  });
});

describe('signing in', () => {
  it("keeps the answer's role with the session, and the menu follows it", async () => {
    // A Moderator with a password of their own: invited by the Owner, and the invitation accepted.
    const moderator = { name: 'Mo Derator', email: 'mo.derator@example.com', role: 'moderator' as const };
    const password = 'Moderating-since-2026';
    const { token } = await inviteAdmin(moderator);
    await api.post('/api/invitation/accept', { token, password });
    const { user, router } = renderApp('/sign-in', { signedIn: false });
    await user.type(await screen.findByLabelText('Email'), moderator.email);
    await user.type(screen.getByLabelText('Password'), password);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(localStorage.getItem('role')).toBe('moderator');
    const menu = await openMenu(user);
    expect(within(menu).getByRole('link', { name: 'Chat Report' })).toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'FAQ' })).not.toBeInTheDocument();
  });

  it('keeps no role from an API without roles', async () => {
    specOnlyApi();
    const { user, router } = renderApp('/sign-in', { signedIn: false });
    await user.type(await screen.findByLabelText('Email'), CONSOLE_ADMIN.email);
    await user.type(screen.getByLabelText('Password'), CONSOLE_ADMIN.password);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(localStorage.getItem('role')).toBeNull();
  });
});

describe('a screen the role may not open', () => {
  it('shows the no-access screen, with the way back, and asks nothing of the API', async () => {
    await signInAs('support');
    const { user, router } = renderApp('/faq');
    expect(
      await screen.findByRole('heading', { level: 1, name: "You don't have access to this page" }),
    ).toBeInTheDocument();
    expect(document.title).toMatch(/^You don't have access to this page/);
    expect(await apiCalls('faq/')).toEqual([]);
    await user.click(screen.getByRole('link', { name: 'Back to the dashboard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it("an Editor's catalogue screens open, a member's profile does not", async () => {
    const member = await aMember();
    await signInAs('editor');
    renderApp('/hobbies');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hobbies' })).toBeInTheDocument();
    const other = renderApp(`/users/${member._id}`);
    expect(
      await within(other.container).findByRole('heading', { name: "You don't have access to this page" }),
    ).toBeInTheDocument();
  });
});

describe('what a role may not do is not offered', () => {
  it("Support sees a user's profile without the status toggle, and the users list without status or export", async () => {
    const user = await aMember();
    await signInAs('support');
    const profile = renderApp(`/users/${user._id}`);
    expect((await screen.findAllByText(user.email)).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: /^(Activate|Deactivate)/ })).not.toBeInTheDocument();
    profile.unmount();

    const list = renderApp('/users');
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThan(1));
    expect(within(table).queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Export CSV/ })).not.toBeInTheDocument();
    // Selecting rows offers no bulk action: the role changes nothing.
    expect(screen.queryByRole('checkbox', { name: /^Select/ })).not.toBeInTheDocument();
    list.unmount();
  });

  it('a Moderator changes statuses but exports nothing; an Owner does both', async () => {
    await signInAs('moderator');
    const moderator = renderApp('/users');
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: /^(Activate|Deactivate)/ }).length).toBeGreaterThan(0),
    );
    expect(screen.queryByRole('button', { name: /Export CSV/ })).not.toBeInTheDocument();
    moderator.unmount();

    await signInAs('owner');
    renderApp('/users');
    expect(await screen.findByRole('button', { name: /Export CSV/ })).toBeInTheDocument();
  });

  it('Support reads chat reports without Dismiss or Deactivate reported user', async () => {
    await signInAs('support');
    renderApp('/chat-report');
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThan(1));
    expect(screen.queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deactivate reported user' })).not.toBeInTheDocument();
  });

  it("the dashboard shows no count whose list the role may not open (tests/dashboard: each role's cards)", async () => {
    await signInAs('editor');
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    await waitFor(async () => expect(await apiCalls('/api/admin/dashboard')).toHaveLength(1));
    expect(screen.queryByText('Total Users')).not.toBeInTheDocument();
    expect(screen.queryByText('Total Contact')).not.toBeInTheDocument();
  });
});

describe('a refusal from the server', () => {
  it('(the role changed since sign-in) makes the console read the role again, and it follows the new one', async () => {
    const { changeRole } = await consoleAdmin('owner');
    const { user } = renderApp('/dashboard');
    const menu = await openMenu(user);
    await changeRole('editor');
    await user.click(within(menu).getByRole('link', { name: 'Users' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: "You don't have access to this page" }),
    ).toBeInTheDocument();
    // The refusal says the role changed: the console reads it again, and the menu follows the new one.
    await waitFor(() => expect(localStorage.getItem('role')).toBe('editor'));
    await waitFor(() => expect(within(menu).queryByRole('link', { name: 'Users' })).not.toBeInTheDocument());
    expect(within(menu).getByRole('link', { name: 'FAQ' })).toBeInTheDocument();
    await user.click(within(menu).getByRole('link', { name: 'Dashboard' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByText('Total Users')).not.toBeInTheDocument();
  });

  it('coming back to the tab a minute later reads the role again; sooner, it asks nothing', async () => {
    const { changeRole } = await consoleAdmin('support');
    const { user } = renderApp('/dashboard');
    const menu = await openMenu(user);
    expect(within(menu).queryByRole('link', { name: 'Chat Report' })).toBeInTheDocument();
    await changeRole('editor');
    window.dispatchEvent(new Event('focus'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await apiCalls('/api/user/read')).toEqual([]);
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + 61_000);
    try {
      window.dispatchEvent(new Event('focus'));
      await waitFor(() => expect(localStorage.getItem('role')).toBe('editor'));
    } finally {
      clock.mockRestore();
    }
    await waitFor(() =>
      expect(within(menu).queryByRole('link', { name: 'Chat Report' })).not.toBeInTheDocument(),
    );
    expect(within(menu).getByRole('link', { name: 'FAQ' })).toBeInTheDocument();
  });
});

describe('a role an Owner changed', () => {
  const menuLabels = (menu: HTMLElement) =>
    within(menu)
      .getAllByRole('link')
      .map((link) => link.textContent);
  const labels = (role: Role) => allowedMenu(role).map((item) => item.label);

  it('is followed at the next navigation: the menu and the buttons are the new role’s, with no refusal', async () => {
    expect(labels('support')).not.toEqual(labels('moderator'));
    const { admin, changeRole, ownerCall } = await consoleAdmin('moderator');
    const { user } = renderApp('/dashboard');
    const menu = await openMenu(user);
    expect(menuLabels(menu)).toEqual(labels('moderator'));
    await changeRole('support');
    await user.click(within(menu).getByRole('link', { name: 'Users' }));
    await waitFor(() => expect(menuLabels(menu)).toEqual(labels('support')));
    expect(localStorage.getItem('role')).toBe('support');
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThan(1));
    expect(screen.queryByRole('button', { name: /^(Activate|Deactivate)/ })).not.toBeInTheDocument();
    expect(await ownerCall('GET', `/api/activity/list?action=refused&admin=${admin._id}`)).toEqual([]);
  });

  it('is read at once on a reload: the stored role is not trusted over the server’s', async () => {
    const { changeRole } = await consoleAdmin('moderator');
    signIn();
    await changeRole('support');
    // A reload: the session, role included, comes from storage.
    session.reload();
    const { user } = renderApp('/dashboard', { signedIn: false });
    const menu = await openMenu(user);
    await waitFor(() => expect(menuLabels(menu)).toEqual(labels('support')));
    expect(localStorage.getItem('role')).toBe('support');
  });

  it('is read every minute while the console stays on one screen', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const { changeRole } = await consoleAdmin('moderator');
      const { user } = renderApp('/dashboard');
      const menu = await openMenu(user);
      await changeRole('support');
      expect(await apiCalls('/api/user/read')).toEqual([]);
      vi.advanceTimersByTime(60_000);
      await waitFor(() => expect(menuLabels(menu)).toEqual(labels('support')));
      expect(await apiCalls('/api/user/read')).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('against an API without roles', () => {
  it('navigating reads no role: SPEC’s console makes no such call', async () => {
    specOnlyApi();
    session.reload();
    const { user } = renderApp('/dashboard');
    const menu = await openMenu(user);
    await user.click(within(menu).getByRole('link', { name: 'Users' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    await user.click(within(menu).getByRole('link', { name: 'FAQ' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'FAQ' })).toBeInTheDocument();
    expect(await apiCalls('/api/user/read')).toEqual([]);
  });

  it('every screen and action is offered, whatever the role', async () => {
    specOnlyApi();
    await signInAs('support');
    const { user } = renderApp('/dashboard');
    const menu = await openMenu(user);
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(MENU.filter((item) => !item.feature).map((item) => item.label));
  });
});

import { act as settle, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_MESSAGES } from '@contract/admins';
import { session } from '@/lib/core/session';
import { CONSOLE_ADMIN } from '../support/api-fixture';
import { api, callApi, inviteAdmin, resetData, testDb } from '../support/api-server';
import { server } from '../support/msw';
import { apiCalls } from '../support/request-log';
import { renderApp, signIn, specOnlyApi } from '../support/render';
import { ageProofs } from '../support/step-up';
import { codeOf, turnOnOwnersTwoFactor } from '../support/two-factor';

/**
 * Admin accounts ('admins'): the Admins list and its row actions, the invitation form on the form controller, the
 * invitation's public page, and nothing of it against a SPEC-only API.
 */

type AdminAnswer = {
  _id: string;
  name: string;
  email: string;
  role: string;
  status: string;
  twoFactor: boolean;
};

/** The password Mia and Sam set when they accepted their invitations (one the admin password rule accepts). */
const PASSWORD = 'Violet-harbour-2931';

/** The links of the invitations (the Owner's, through the API): Eve's open, Ian's expired, Mia's used. */
let links: { open: string; expired: string; used: string };
/** The ids of the admins the Owner invited. */
let ids: { mia: string; sam: string };

/** A session of the admin with this e-mail, signed in with PASSWORD: its token, or its second step's challenge. */
const signInWithPassword = async (email: string) =>
  (
    await callApi<{ result: { token?: string; challenge?: string } }>('POST', '/api/login', {
      json: { email, password: PASSWORD, isRole: 'admin' },
      token: null,
    })
  ).body.result;

/**
 * The Owner's fellow admins, as the Owner made them through the API: Mia Moderator, active, with two-factor on and
 * signed in twice; Sam Support, disabled; Eve Editor and Ian Late, invited, Ian's link expired since.
 */
async function arrangeAdmins() {
  const mia = await inviteAdmin({ name: 'Mia Moderator', email: 'mia@example.com', role: 'moderator' });
  const sam = await inviteAdmin({ name: 'Sam Support', email: 'sam@example.com', role: 'support' });
  const eve = await inviteAdmin({ name: 'Eve Editor', email: 'eve@example.com', role: 'editor' });
  const ian = await inviteAdmin({ name: 'Ian Late', email: 'ian@example.com', role: 'support' });
  for (const { token } of [mia, sam]) {
    const accepted = await callApi('POST', '/api/invitation/accept', {
      json: { token, password: PASSWORD },
      token: null,
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  }
  await api.patch(`/api/admin/admins/${sam.admin._id}/status`, { enabled: false });
  // No API ages an invitation.
  await testDb().run(
    'UPDATE admin_invitations SET expires_at = $1 WHERE admin_id = $2 AND ended_at IS NULL',
    [new Date(Date.now() - 3600_000).toISOString(), ian.admin._id],
  );
  // Mia turns two-factor on a minute ago (the server takes each code's time step once), then signs in again with a
  // code of now: two sessions of hers are live.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() - 60_000);
  let secret: string;
  try {
    const token = (await signInWithPassword('mia@example.com')).token!;
    secret = (await callApi<{ result: { secret: string } }>('POST', '/api/admin/two-factor/setup', { token }))
      .body.result.secret;
    const confirmed = await callApi('POST', '/api/admin/two-factor/confirm', {
      json: { code: codeOf(secret) },
      token,
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  } finally {
    vi.useRealTimers();
  }
  const { challenge } = await signInWithPassword('mia@example.com');
  const second = await callApi('POST', '/api/login/two-factor', {
    json: { challenge, code: codeOf(secret) },
    token: null,
  });
  expect(second.status, JSON.stringify(second.body)).toBe(200);
  links = { open: eve.token, expired: ian.token, used: mia.token };
  ids = { mia: mia.admin._id, sam: sam.admin._id };
}

// Each test starts from the demo data and these admins: the tests change them.
beforeEach(async () => {
  await resetData();
  await arrangeAdmins();
});

/** The admin with this e-mail, as the Admins list answers it. */
async function adminOf(email: string) {
  const admins = await api.get<AdminAnswer[]>(`/api/admin/admins?q=${encodeURIComponent(email)}`);
  return admins.find((admin) => admin.email === email);
}

/** Whether two-factor is required of every admin, as the server has it. */
const twoFactorRequired = async () =>
  (await api.get<{ twoFactorRequired: boolean }>('/api/admin/security')).twoFactorRequired;

/** The calls to one admin's routes (/api/admin/admins/<id>/…). */
const adminCalls = async () =>
  (await apiCalls()).filter(
    (call) => call.path.startsWith('/api/admin/admins/') && !call.path.endsWith('/invite'),
  );

const table = () => screen.getByRole('table', { name: 'Admins' });
const rowOf = async (name: string) => {
  const cell = await within(await screen.findByRole('table', { name: 'Admins' })).findByText(name);
  return cell.closest('tr')!;
};

/** What an admin's Two-factor cell says. */
async function twoFactorOf(name: string) {
  const row = await rowOf(name);
  const headers = within(table())
    .getAllByRole('columnheader')
    .map((header) => header.textContent);
  return within(row).getAllByRole('cell')[headers.indexOf('Two-factor')]!.textContent;
}

async function act(user: ReturnType<typeof renderApp>['user'], name: string, action: string) {
  await user.click(within(await rowOf(name)).getByRole('button', { name: `Actions for ${name}` }));
  await user.click(await screen.findByRole('menuitem', { name: action }));
}

describe('the Admins list', () => {
  it("opens a row's actions from the keyboard, though their code comes with the first press, and Escape returns", async () => {
    const { user } = renderApp('/admins');
    const trigger = within(await rowOf('Mia Moderator')).getByRole('button', {
      name: 'Actions for Mia Moderator',
    });
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    trigger.focus();
    await user.keyboard('{Enter}');
    // As with any of Mantine's menus: the focus is in it, and the arrows move it from item to item.
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(menu).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Change role' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Disable' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(
      within(await rowOf('Mia Moderator')).getByRole('button', { name: 'Actions for Mia Moderator' }),
    ).toHaveFocus();
  });

  it('lists name, e-mail, role, status and last sign-in, and is in the menu', async () => {
    renderApp('/admins');
    expect(await screen.findByRole('heading', { name: 'Admins' })).toBeInTheDocument();
    const headers = within(await screen.findByRole('table', { name: 'Admins' }))
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Name', 'E-mail', 'Role', 'Two-factor', 'Status', 'Last sign-in', 'Action']);
    const mia = await rowOf('Mia Moderator');
    expect(mia).toHaveTextContent('mia@example.com');
    expect(mia).toHaveTextContent('Moderator');
    expect(mia).toHaveTextContent('Active');
    expect(await rowOf('Sam Support')).toHaveTextContent('Disabled');
    const eve = await rowOf('Eve Editor');
    expect(eve).toHaveTextContent('Invited');
    expect(eve).toHaveTextContent('Never');
    expect(within(table()).getAllByRole('row')).toHaveLength(6);
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: 'Admins' })).toHaveAttribute('href', '/admins');
    expect((await apiCalls('/api/admin/admins'))[0]?.query).toMatchObject({ page: '1' });
  });

  it('searches on the server', async () => {
    const { user } = renderApp('/admins');
    await rowOf('Mia Moderator');
    await user.type(screen.getByLabelText('Search by name or e-mail'), 'eve');
    await waitFor(() => expect(within(table()).queryByText('Mia Moderator')).not.toBeInTheDocument());
    expect(await rowOf('Eve Editor')).toBeInTheDocument();
    expect((await apiCalls('/api/admin/admins')).at(-1)?.query).toMatchObject({ q: 'eve' });
  });

  it("changes an admin's role in a dialog with a select", async () => {
    const { user } = renderApp('/admins');
    await act(user, 'Mia Moderator', 'Change role');
    const dialog = await screen.findByRole('dialog', { name: 'Change the role of Mia Moderator' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await user.click(await within(dialog).findByRole('option', { name: 'Support' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Mia Moderator is now Support')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(async () => expect(await rowOf('Mia Moderator')).toHaveTextContent('Support'));
    const [call] = await adminCalls();
    expect(call).toMatchObject({ method: 'PATCH', body: { role: 'support' } });
    expect(call!.path).toMatch(/\/api\/admin\/admins\/\w+\/role$/);
  });

  it('asks for the password again, as the server does, before a role change or disabling when the last proof is old', async () => {
    const { user } = renderApp('/admins');
    await rowOf('Mia Moderator');
    await ageProofs();
    await act(user, 'Mia Moderator', 'Change role');
    const dialog = await screen.findByRole('dialog', { name: 'Change the role of Mia Moderator' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await user.click(await within(dialog).findByRole('option', { name: 'Support' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const proof = await screen.findByRole('dialog', { name: 'Confirm your password' });
    await user.type(within(proof).getByLabelText(/Password/), CONSOLE_ADMIN.password);
    await user.click(within(proof).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Mia Moderator is now Support')).toBeInTheDocument();

    await ageProofs();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await act(user, 'Mia Moderator', 'Disable');
    const confirm = await screen.findByRole('dialog', { name: 'Disable Mia Moderator?' });
    await user.click(within(confirm).getByRole('button', { name: 'Disable' }));
    const again = await screen.findByRole('dialog', { name: 'Confirm your password' });
    await user.click(within(again).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findAllByText('Confirm your password to continue.')).not.toHaveLength(0);
    expect(await rowOf('Mia Moderator')).toHaveTextContent('Active');
    const roleCalls = (await adminCalls()).filter((call) => call.path.endsWith('/role'));
    expect(roleCalls).toHaveLength(2);
  });

  it("says the server's refusal when the last Owner would be demoted", async () => {
    const { user } = renderApp('/admins');
    await act(user, 'Admin User', 'Change role');
    const dialog = await screen.findByRole('dialog', { name: 'Change the role of Admin User' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await user.click(await within(dialog).findByRole('option', { name: 'Editor' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(ADMIN_MESSAGES.lastOwner)).toBeInTheDocument();
    expect((await adminOf(CONSOLE_ADMIN.email))?.role).toBe('owner');
  });

  it('disables an admin after asking, and enables one', async () => {
    const { user } = renderApp('/admins');
    await act(user, 'Mia Moderator', 'Disable');
    const confirm = await screen.findByRole('dialog', { name: 'Disable Mia Moderator?' });
    await user.click(within(confirm).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Mia Moderator is disabled')).toBeInTheDocument();
    await waitFor(async () => expect(await rowOf('Mia Moderator')).toHaveTextContent('Disabled'));
    await act(user, 'Sam Support', 'Enable');
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Enable Sam Support?' })).getByRole('button', {
        name: 'Enable',
      }),
    );
    await waitFor(async () => expect(await rowOf('Sam Support')).toHaveTextContent('Active'));
    const calls = await adminCalls();
    expect(calls.map((call) => call.body)).toEqual([{ enabled: false }, { enabled: true }]);
  });

  it('says whether each admin has two-factor on', async () => {
    renderApp('/admins');
    expect(await twoFactorOf('Mia Moderator')).toBe('On');
    expect(await twoFactorOf('Sam Support')).toBe('Off');
    expect(await twoFactorOf('Admin User')).toBe('Off');
  });

  it("resets another admin's two-factor after asking; not one's own, nor where it is off", async () => {
    await turnOnOwnersTwoFactor();
    const { user } = renderApp('/admins');
    expect(await twoFactorOf('Admin User')).toBe('On');
    for (const name of ['Admin User', 'Sam Support']) {
      await user.click(within(await rowOf(name)).getByRole('button', { name: `Actions for ${name}` }));
      expect(await screen.findByRole('menuitem', { name: 'Change role' })).toBeInTheDocument();
      expect(screen.queryByRole('menuitem', { name: 'Reset two-factor' })).not.toBeInTheDocument();
      await user.keyboard('{Escape}');
    }

    await act(user, 'Mia Moderator', 'Reset two-factor');
    const confirm = await screen.findByRole('dialog', {
      name: 'Reset the two-factor sign-in of Mia Moderator?',
    });
    await user.click(within(confirm).getByRole('button', { name: 'Reset two-factor' }));
    expect(await screen.findByText('Two-factor sign-in of Mia Moderator is reset')).toBeInTheDocument();
    await waitFor(async () => expect(await twoFactorOf('Mia Moderator')).toBe('Off'));
    const [call] = await adminCalls();
    expect(call).toMatchObject({ method: 'POST' });
    expect(call!.path).toBe(`/api/admin/admins/${ids.mia}/two-factor/reset`);
    expect((await adminOf('mia@example.com'))?.twoFactor).toBe(false);
    const [entry] = await api.get<{ action: string; recordName: string }[]>(
      '/api/activity/list?action=two-factor',
    );
    expect(entry).toMatchObject({ action: 'two-factor', recordName: 'Mia Moderator' });
  });

  it("ends an admin's sessions after asking", async () => {
    const { user } = renderApp('/admins');
    await act(user, 'Mia Moderator', 'End sessions');
    const confirm = await screen.findByRole('dialog', { name: 'End every session of Mia Moderator?' });
    await user.click(within(confirm).getByRole('button', { name: 'End sessions' }));
    expect(await screen.findByText('2 sessions ended')).toBeInTheDocument();
    const [call] = await adminCalls();
    expect(call).toMatchObject({ method: 'POST' });
    expect(call!.path).toMatch(/\/sessions\/end$/);
  });

  it('offers no Disable or End sessions for an invited admin', async () => {
    const { user } = renderApp('/admins');
    await user.click(
      within(await rowOf('Eve Editor')).getByRole('button', { name: 'Actions for Eve Editor' }),
    );
    expect(await screen.findByRole('menuitem', { name: 'Change role' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Disable' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'End sessions' })).not.toBeInTheDocument();
  });
});

describe('requiring two-factor for every admin', () => {
  const toggle = () => screen.findByRole('switch', { name: 'Require two-factor for every admin' });

  it("shows the server's setting and saves a change, with a notification", async () => {
    const { user } = renderApp('/admins');
    const required = await toggle();
    expect(required).not.toBeChecked();
    await user.click(required);
    expect(
      await screen.findByText('Security settings saved', { selector: '.mantine-Notification-description' }),
    ).toBeInTheDocument();
    expect(await twoFactorRequired()).toBe(true);
    await waitFor(() => expect(screen.getByRole('switch', { name: /Require two-factor/ })).toBeChecked());
    expect((await apiCalls('/api/admin/security')).filter((call) => call.method === 'PATCH')).toEqual([
      expect.objectContaining({ body: { twoFactorRequired: true } }),
    ]);

    await user.click(screen.getByRole('switch', { name: /Require two-factor/ }));
    await waitFor(async () => expect(await twoFactorRequired()).toBe(false));
    await waitFor(() => expect(screen.getByRole('switch', { name: /Require two-factor/ })).not.toBeChecked());
  });

  it("says the server's refusal and shows the setting unchanged", async () => {
    await api.patch('/api/admin/security', { twoFactorRequired: true });
    server.use(
      http.patch('*/api/admin/security', () =>
        HttpResponse.json({ success: false, message: 'Only an Owner may do this' }, { status: 403 }),
      ),
    );
    const { user } = renderApp('/admins');
    const required = await toggle();
    await waitFor(() => expect(required).toBeChecked());
    await user.click(required);
    expect(
      await screen.findByText('Only an Owner may do this', { selector: '.mantine-Notification-description' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: /Require two-factor/ })).toBeChecked());
    expect(await twoFactorRequired()).toBe(true);
  });

  it("is not there, and not read, where the API does not announce 'two-factor'", async () => {
    signIn();
    const signedIn = session.get()!;
    session.start({ ...signedIn, features: signedIn.features.filter((feature) => feature !== 'two-factor') });
    renderApp('/admins', { signedIn: false });
    expect(await rowOf('Mia Moderator')).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(within(table()).queryByRole('columnheader', { name: 'Two-factor' })).not.toBeInTheDocument();
    expect(await apiCalls('/api/admin/security')).toHaveLength(0);
  });
});

describe('the invitation form', () => {
  it("checks its fields, puts the server's refusal on the e-mail field, then invites", async () => {
    // A member's address: no admin may be invited with it.
    const [member] = await api.get<{ email: string }[]>('/api/admin/list?page=1&items=1');
    const { user, router } = renderApp('/admins');
    await user.click(await screen.findByRole('link', { name: 'Invite admin' }));
    expect(await screen.findByRole('heading', { name: 'Invite admin' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('E-mail is required')).toBeInTheDocument();
    expect(screen.getByText('Role is required')).toBeInTheDocument();
    expect(await apiCalls('/api/admin/admins/invite')).toHaveLength(0);

    await user.type(screen.getByLabelText('Name'), 'Nia New');
    await user.type(screen.getByLabelText('E-mail'), member!.email);
    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Moderator' }));
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    const email = screen.getByLabelText('E-mail');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription(ADMIN_MESSAGES.emailInUse);
    await waitFor(() => expect(email).toHaveFocus());
    expect(router.state.location.pathname).toBe('/admins/invite');

    await user.clear(email);
    await user.type(email, 'nia@example.com');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admins'));
    const nia = await rowOf('Nia New');
    expect(nia).toHaveTextContent('Invited');
    expect(nia).toHaveTextContent('Moderator');
    expect((await apiCalls('/api/admin/admins/invite')).at(-1)?.body).toEqual({
      name: 'Nia New',
      email: 'nia@example.com',
      role: 'moderator',
    });
  });
});

describe('the invitation page', () => {
  it('shows who is invited, sets the password with its confirmation, then leads to sign-in', async () => {
    const { user, router } = renderApp(`/invitation/${links.open}`, { signedIn: false });
    expect(
      await screen.findByText('Eve Editor (eve@example.com) is invited to the admin console as Editor.'),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'Violet-harbour-2931');
    await user.type(screen.getByLabelText('Confirm password'), 'Violet-harbour-2932');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('The passwords do not match')).toBeInTheDocument();
    expect(await apiCalls('/api/invitation/accept')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'Violet-harbour-2931');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const [call] = await apiCalls('/api/invitation/accept');
    expect(call?.body).toEqual({ token: links.open, password: 'Violet-harbour-2931' });
    expect(call?.headers.get('authorization')).toBeNull();
    expect((await adminOf('eve@example.com'))?.status).toBe('active');
    // Sign-in starts with the invitee's e-mail; two-factor is not required here, so nothing says it comes next.
    expect(await screen.findByLabelText('Email')).toHaveValue('eve@example.com');
    expect(screen.queryByText(/two-factor/)).not.toBeInTheDocument();
  });

  it('leads to a sign-in that says two-factor set-up comes next, where it is required', async () => {
    await api.patch('/api/admin/security', { twoFactorRequired: true });
    const { user, router } = renderApp(`/invitation/${links.open}`, { signedIn: false });
    await user.type(await screen.findByLabelText('Password'), 'Violet-harbour-2931');
    await user.type(screen.getByLabelText('Confirm password'), 'Violet-harbour-2931');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByLabelText('Email')).toHaveValue('eve@example.com');
    expect(
      screen.getByText(
        'Your password is set. Sign in with it: setting up two-factor sign-in with an authenticator app comes next.',
      ),
    ).toBeInTheDocument();
  });

  it.each([
    ['expired', () => links.expired, ADMIN_MESSAGES.invitationExpired],
    ['used', () => links.used, ADMIN_MESSAGES.invitationUsed],
    ['unknown', () => 'x'.repeat(43), ADMIN_MESSAGES.invitationUnknown],
  ])('says so for a link %s, with no form', async (_, token, message) => {
    renderApp(`/invitation/${token()}`, { signedIn: false });
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Go to sign-in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    // The sentence is the page's for good: no error state takes its place once its code has come.
    await settle(() => import('@/components/error-alert'));
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByText('Could not load this data')).not.toBeInTheDocument();
  });

  it("takes a proxy's 404 page, without the server's words, for a failed read, not for the link's sentence", async () => {
    server.use(
      http.get('*/api/invitation/:token', () =>
        HttpResponse.text('<html><body>404 Not Found</body></html>', {
          status: 404,
          headers: { 'Content-Type': 'text/html' },
        }),
      ),
    );
    renderApp(`/invitation/${links.open}`, { signedIn: false });
    expect(await screen.findByText('Could not load this data')).toBeInTheDocument();
    expect(screen.getByRole('alert', { name: 'Could not load this data' })).toHaveTextContent('HTTP 404');
    expect(screen.getByRole('link', { name: 'Go to sign-in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });
});

describe('against a SPEC-only API', () => {
  it('has no Admins entry, no Admins screen and calls nothing of it', async () => {
    specOnlyApi();
    renderApp('/admins');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).queryByRole('link', { name: 'Admins' })).not.toBeInTheDocument();
    expect(await apiCalls('/api/admin/admins')).toHaveLength(0);
  });
});

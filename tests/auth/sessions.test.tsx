import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { CONSOLE_ADMIN } from '../support/api-fixture';
import { callApi, resetData, signedInNow, testDb } from '../support/api-server';
import { server } from '../support/msw';
import { apiCalls } from '../support/request-log';
import { renderApp, specOnlyApi } from '../support/render';

/**
 * Sessions on the server ('sessions'): the Logout button ends the session on the server before clearing it here, and
 * the own profile lists the admin's sessions with End and "End all other sessions". Against a SPEC-only API neither
 * calls anything new.
 */

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

// Each test starts from the demo data, where the Owner has the one session the test signs in with: the tests count,
// start and end sessions.
beforeEach(resetData);

/** The session a token belongs to (its `sid` claim). */
const sessionOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;

/** Whether the server still takes `token`. */
const takes = async (token: string) => (await callApi('GET', '/api/user/read', { token })).status === 200;

/**
 * Another browser signed in to the same account, before this one: a real sign-in, whose address, browser and start
 * are then set as a phone's twenty minutes ago would be (what no API sets). Its token and session.
 */
async function signedInOnPhone() {
  const answer = await callApi<{ result: { token: string } }>('POST', '/api/login', {
    json: { ...CONSOLE_ADMIN, isRole: 'admin' },
    token: null,
  });
  const token = answer.body.result.token;
  const id = sessionOf(token);
  const started = new Date(Date.now() - 20 * 60_000).toISOString();
  await testDb().run(
    `UPDATE admin_sessions SET ip = '198.51.100.4', user_agent = $2, created_at = $3, verified_at = $3,
       last_seen_at = $4 WHERE id = $1`,
    [id, IPHONE, started, new Date(Date.now() - 5 * 60_000).toISOString()],
  );
  return { token, id };
}

async function logOut(path = '/faq') {
  const view = renderApp(path);
  await view.user.click(await screen.findByRole('button', { name: 'Logout' }));
  const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to logout?' });
  await view.user.click(within(dialog).getByRole('button', { name: 'Yes' }));
  await waitFor(() => expect(view.router.state.location.pathname).toBe('/login'));
  return view;
}

describe('Logout', () => {
  it('ends the session on the server, then clears it here', async () => {
    await logOut();
    const [call] = await apiCalls('/api/logout');
    expect(call?.method).toBe('POST');
    expect(call?.headers.get('authorization')).toBe(`Bearer ${signedInNow().token}`);
    expect(await takes(signedInNow().token)).toBe(false);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(
      await screen.findByRole('heading', { name: 'Enter your email and password to sign in' }),
    ).toBeVisible();
  });

  it('clears the session here when the call fails', async () => {
    server.use(
      http.post('*/api/logout', () =>
        HttpResponse.json({ success: false, message: 'Down' }, { status: 500 }),
      ),
    );
    await logOut();
    expect(await apiCalls('/api/logout')).toHaveLength(1);
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('calls nothing against a SPEC-only API', async () => {
    specOnlyApi();
    await logOut();
    expect(await apiCalls('/api/logout')).toEqual([]);
    expect(localStorage.getItem('accessToken')).toBeNull();
  });
});

/** The profile's Your sessions tab, chosen. */
async function openSessions(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('tab', { name: 'Your sessions' }));
}

describe('Your sessions', () => {
  it('is a tab of the profile, whose list is asked for only once it is chosen', async () => {
    await signedInOnPhone();
    const { user } = renderApp('/profile');
    expect(await screen.findByLabelText('Email')).toHaveValue(CONSOLE_ADMIN.email);
    expect(screen.getByRole('tab', { name: 'Update Profile', selected: true })).toBeInTheDocument();
    expect(await apiCalls('/api/admin/sessions')).toEqual([]);
    await user.type(screen.getByLabelText('Email'), '.org');
    await openSessions(user);
    expect(await screen.findByRole('table', { name: 'Your sessions' })).toBeInTheDocument();
    // Back to the form: what was typed is still there.
    await user.click(screen.getByRole('tab', { name: 'Update Profile' }));
    expect(screen.getByLabelText('Email')).toHaveValue(`${CONSOLE_ADMIN.email}.org`);
  });

  it('lists the admin’s sessions, newest first, this one marked', async () => {
    await signedInOnPhone();
    const { user } = renderApp('/profile');
    await openSessions(user);
    const table = await screen.findByRole('table', { name: 'Your sessions' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const [, mine, phone] = within(table).getAllByRole('row');
    expect(within(mine!).getByText('This session')).toBeInTheDocument();
    expect(within(mine!).queryByRole('button', { name: /^End/ })).not.toBeInTheDocument();
    expect(within(phone!).getByText('Safari on iPhone')).toBeInTheDocument();
    expect(within(phone!).getByText('198.51.100.4')).toBeInTheDocument();
    const [call] = await apiCalls('/api/admin/sessions');
    expect(call?.query).toEqual({ page: '1', limit: '10' });
  });

  it('ends another session after confirmation, which signs that browser out', async () => {
    const phone = await signedInOnPhone();
    const { user } = renderApp('/profile');
    await openSessions(user);
    await user.click(await screen.findByRole('button', { name: 'End Safari on iPhone, 198.51.100.4' }));
    const dialog = await screen.findByRole('dialog', { name: 'End this session?' });
    expect(
      within(dialog).getByText('Safari on iPhone at 198.51.100.4 will be signed out at its next action.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'End' }));
    expect(await screen.findByText('Session ended')).toBeInTheDocument();
    const [call] = await apiCalls(`/api/admin/sessions/${phone.id}`);
    expect(call?.method).toBe('DELETE');
    expect(await takes(phone.token)).toBe(false);
    const table = screen.getByRole('table', { name: 'Your sessions' });
    await waitFor(() => expect(within(table).queryByText('Safari on iPhone')).not.toBeInTheDocument());
    expect(localStorage.getItem('accessToken')).toBe(signedInNow().token);
    expect(await takes(signedInNow().token)).toBe(true);
  });

  it('ends all other sessions after confirmation and keeps this one', async () => {
    const phone = await signedInOnPhone();
    const { user } = renderApp('/profile');
    await openSessions(user);
    const endOthers = await screen.findByRole('button', { name: 'End all other sessions' });
    await waitFor(() => expect(endOthers).toBeEnabled());
    await user.click(endOthers);
    const dialog = await screen.findByRole('dialog', { name: 'End all other sessions?' });
    await user.click(within(dialog).getByRole('button', { name: 'End all other sessions' }));
    expect(await screen.findByText('Other sessions ended')).toBeInTheDocument();
    const [call] = await apiCalls('/api/admin/sessions/end-others');
    expect(call?.method).toBe('POST');
    expect(await takes(phone.token)).toBe(false);
    const table = screen.getByRole('table', { name: 'Your sessions' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'End all other sessions' })).toBeDisabled(),
    );
    expect(localStorage.getItem('accessToken')).toBe(signedInNow().token);
    expect(await takes(signedInNow().token)).toBe(true);
  });

  it('is not shown against a SPEC-only API, which is not asked', async () => {
    specOnlyApi();
    renderApp('/profile');
    expect(await screen.findByLabelText('Email')).toHaveValue(CONSOLE_ADMIN.email);
    expect(screen.queryByRole('tab', { name: 'Your sessions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your sessions' })).not.toBeInTheDocument();
    expect(await apiCalls('/api/admin/sessions')).toEqual([]);
  });

  it('sends the admin to sign in at the next call once this session was ended elsewhere', async () => {
    const phone = await signedInOnPhone();
    const { user, router } = renderApp('/faq');
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    // Ended from another browser (its End, or End all other sessions there).
    const ended = await callApi('DELETE', `/api/admin/sessions/${sessionOf(signedInNow().token)}`, {
      token: phone.token,
    });
    expect(ended.status).toBe(200);
    await user.click(within(menu).getByRole('link', { name: 'Users' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

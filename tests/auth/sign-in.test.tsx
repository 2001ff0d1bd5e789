import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { CONSOLE_ADMIN } from '../support/api-fixture';
import { callApi, signedInNow } from '../support/api-server';
import { server } from '../support/msw';
import { apiCalls } from '../support/request-log';
import { renderApp } from '../support/render';

/** The seed's Owner, whose e-mail and password the reference server's POST /api/login takes. */
const { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } = CONSOLE_ADMIN;

async function fillAndSubmit(user: ReturnType<typeof renderApp>['user'], email: string, password: string) {
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

/** SPEC 8's notification (top right, titled Info) saying `message`. */
function infoNotification(message: string) {
  return waitFor(() => {
    const found = screen
      .getAllByRole('alert')
      .find((alert) => within(alert).queryByText('Info') && alert.textContent?.includes(message));
    expect(found).toBeDefined();
    return found!;
  });
}

describe('sign-in', () => {
  it('shows the title and fields at /sign-in and /login', async () => {
    for (const path of ['/sign-in', '/login']) {
      const view = renderApp(path, { signedIn: false });
      expect(
        await screen.findByRole('heading', { name: 'Enter your email and password to sign in' }),
      ).toBeInTheDocument();
      expect(screen.getByLabelText('Email')).toBeInTheDocument();
      expect(screen.getByLabelText('Password')).toBeInTheDocument();
      view.unmount();
    }
  });

  it("shows SPEC's validation messages and sends nothing", async () => {
    const { user } = renderApp('/sign-in', { signedIn: false });
    await screen.findByLabelText('Email');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Please input your email!')).toBeInTheDocument();
    expect(screen.getByText('Please input your password!')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('The input is not valid E-mail!')).toBeInTheDocument();
    expect(await apiCalls('/api/login')).toHaveLength(0);
  });

  it('signs in as admin, stores the session and lands on the dashboard', async () => {
    const { user, router } = renderApp('/sign-in', { signedIn: false });
    await screen.findByLabelText('Email');
    await fillAndSubmit(user, ADMIN_EMAIL, ADMIN_PASSWORD);

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const [call] = await apiCalls('/api/login');
    expect(call?.method).toBe('POST');
    expect(call?.body).toEqual({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD, isRole: 'admin' });
    expect(call?.headers.get('authorization')).toBeNull();
    // The token the server issued, which it takes for the Owner.
    const token = localStorage.getItem('accessToken');
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(
      (await callApi<{ result: { email: string } }>('GET', '/api/user/read', { token })).body.result.email,
    ).toBe(ADMIN_EMAIL);
    expect(localStorage.getItem('name')).toBe('Admin');
    expect(localStorage.getItem('userLastName')).toBe('User');
    expect(localStorage.getItem('email')).toBe(ADMIN_EMAIL);
    expect(localStorage.getItem('userId')).toBe(signedInNow().admin._id);
    expect(localStorage.getItem('photo')).toBe('');
  });

  it("shows the server's message as Info and in the form when sign-in is refused, keeping what was typed", async () => {
    const { user, router } = renderApp('/sign-in', { signedIn: false });
    await screen.findByLabelText('Email');
    await fillAndSubmit(user, ADMIN_EMAIL, 'wrong-password');

    const notification = await infoNotification('Invalid email or password');
    expect(within(notification).getByText('Info')).toBeInTheDocument();
    const form = screen.getByRole('button', { name: 'Login' }).closest('form')!;
    expect(within(form).getByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(screen.getByLabelText('Email')).toHaveValue(ADMIN_EMAIL);
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('only logs a network error', async () => {
    server.use(http.post('*/api/login', () => HttpResponse.error()));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderApp('/sign-in', { signedIn: false });
    await screen.findByLabelText('Email');
    await fillAndSubmit(user, ADMIN_EMAIL, ADMIN_PASSWORD);

    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it('returns the admin to the page they were going to', async () => {
    const { user, router } = renderApp('/faq?x=1', { signedIn: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    await fillAndSubmit(user, ADMIN_EMAIL, ADMIN_PASSWORD);
    await waitFor(() => expect(router.state.location.pathname).toBe('/faq'));
    expect(router.state.location.search).toBe('?x=1');
  });

  it('redirects /sign-up to /sign-in', async () => {
    const { router } = renderApp('/sign-up', { signedIn: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
  });
});

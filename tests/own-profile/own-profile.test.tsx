import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { db } from '@mocks/db';
import { server } from '@mocks/node';
import { z } from 'zod/mini';
import * as reload from '@/features/own-profile/reload';
import { session } from '@/lib/core/session';
import { api } from '@/lib/data/api-client';
import { apiCalls } from '../support/request-log';
import { renderApp, specOnlyApi, TEST_TOKEN } from '../support/render';

/** Mantine's FileInput labels a button and keeps the real file input hidden beside it. */
const fileInput = () => {
  expect(screen.getByLabelText('Profile Image')).toBeInTheDocument();
  return document.querySelector('input[type="file"]') as HTMLInputElement;
};

/**
 * SPEC 2.13's full page reload, as a browser makes it: what was on screen goes (notifications included) and the app
 * starts again at `to` with what storage holds.
 */
function reloadLikeABrowser() {
  return vi.spyOn(reload, 'reloadTo').mockImplementation((to) => {
    // The page goes once the current task is over: whatever it was about to show goes with it.
    setTimeout(() => {
      cleanup();
      notifications.clean();
      session.reload();
      renderApp(to, { signedIn: false });
    });
  });
}

const photo = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });

describe('own profile against a SPEC-only API', () => {
  it('loads the e-mail, validates, sends multipart and reloads to the dashboard', async () => {
    specOnlyApi();
    const reloadTo = reloadLikeABrowser();
    const { user } = renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Update Profile' })).toBeInTheDocument();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveValue(db.admin.email);

    await user.clear(email);
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Please enter your email')).toBeInTheDocument();
    expect(screen.getByText('Please enter a new password')).toBeInTheDocument();

    await user.type(email, 'nope');
    await user.type(screen.getByLabelText('New Password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();

    await user.clear(email);
    await user.type(email, 'boss@example.com');
    await user.type(screen.getByLabelText('New Password'), '6');
    await user.upload(fileInput(), photo());
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));

    await waitFor(() => expect(reloadTo).toHaveBeenCalledWith('/dashboard'));
    // SPEC's words outlive the reload: the dashboard says them.
    expect(await screen.findByText('Total Users')).toBeInTheDocument();
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    const [call] = await apiCalls('/api/admin/profile/update');
    expect(call?.method).toBe('PATCH');
    expect(call?.headers.get('authorization')).toBe(`Bearer ${TEST_TOKEN}`);
    const body = call?.body as FormData;
    expect(body.get('email')).toBe('boss@example.com');
    expect(body.get('password')).toBe('123456');
    expect([...body.keys()].sort()).toEqual(['email', 'file', 'password']);
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    // jsdom's File loses its name on the way through Node's fetch; its bytes arrive.
    expect((body.get('file') as Blob).size).toBe(4);
    expect(localStorage.getItem('photo')).toMatch(/^uploads\/admin-/);
    expect(localStorage.getItem('email')).toBe('boss@example.com');
    // The new password ended the old token; the session carries on with the fresh one.
    const token = localStorage.getItem('accessToken');
    expect(token).not.toBe(TEST_TOKEN);
    expect(db.tokens.has(token!)).toBe(true);
    expect(db.tokens.has(TEST_TOKEN)).toBe(false);
  });

  it('keeps the session when a call is refused for the old token before the fresh one is stored', async () => {
    specOnlyApi();
    const reloadTo = vi.spyOn(reload, 'reloadTo').mockImplementation(() => {});
    const waitedForToken = vi.spyOn(session, 'tokenReplaced');
    const FRESH_TOKEN = 'token-after-the-password-change';
    let patchArrived!: () => void;
    const arrived = new Promise<void>((resolve) => (patchArrived = resolve));
    server.use(
      http.patch('*/api/admin/profile/update', async () => {
        // The server has committed the new password: the token the console holds is ended, its answer not yet sent.
        db.tokens.delete(TEST_TOKEN);
        db.tokens.add(FRESH_TOKEN);
        patchArrived();
        // The answer leaves once the console has had the other call's refusal (without waiting, it signed out).
        await vi.waitFor(() => expect(waitedForToken).toHaveBeenCalled());
        return HttpResponse.json({
          success: true,
          message: 'Profile updated successfully',
          result: { email: db.admin.email, photo: '', token: FRESH_TOKEN },
        });
      }),
    );
    const { user, router } = renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Update Profile' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('New Password'), '123456');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    await arrived;

    // Another call leaves meanwhile (the menu's count, a list read again) with the token the change has just ended.
    const faqs = await api.get(
      'faq/listAll',
      z.object({ result: z.array(z.object({ question: z.string() })) }),
    );

    expect(faqs.result.length).toBeGreaterThan(0);
    await waitFor(() => expect(reloadTo).toHaveBeenCalledWith('/dashboard'));
    expect(localStorage.getItem('accessToken')).toBe(FRESH_TOKEN);
    expect(router.state.location.pathname).toBe('/profile');
    const calls = await apiCalls('/api/faq/listAll');
    expect(calls.map((call) => call.headers.get('authorization'))).toEqual([
      `Bearer ${TEST_TOKEN}`,
      `Bearer ${FRESH_TOKEN}`,
    ]);
  });

  it('keeps what was typed and the chosen file when the server refuses', async () => {
    specOnlyApi();
    server.use(
      http.patch('*/api/admin/profile/update', () =>
        HttpResponse.json(
          { success: false, message: 'This e-mail address is already in use' },
          { status: 409 },
        ),
      ),
    );
    const reloadTo = vi.spyOn(reload, 'reloadTo').mockImplementation(() => {});
    const { user } = renderApp('/profile');
    const email = await screen.findByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'taken@example.com');
    await user.type(screen.getByLabelText('New Password'), 'secret1');
    await user.upload(fileInput(), photo());
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));

    const message = await screen.findByText('This e-mail address is already in use');
    expect(
      within(message.closest('.mantine-Notification-root') as HTMLElement).getByText('Info'),
    ).toBeInTheDocument();
    expect(email).toHaveValue('taken@example.com');
    expect(screen.getByLabelText('New Password')).toHaveValue('secret1');
    expect(screen.getByText('me.png')).toBeInTheDocument();
    expect(reloadTo).not.toHaveBeenCalled();
  });
});

describe("own profile with 'profile-current-password'", () => {
  const currentPassword = () => screen.getByLabelText('Current password');
  /** The error message said under a field (the one of its descriptions Mantine marks as its error), if any. */
  const messageOf = (field: HTMLElement) =>
    (field.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter((id) => id.endsWith('-error'))
      .map((id) => document.getElementById(id)?.textContent)
      .join('') || undefined;

  it('saves a new photo alone without any password, and sends no current password', async () => {
    const reloadTo = vi.spyOn(reload, 'reloadTo').mockImplementation(() => {});
    const { user } = renderApp('/profile');
    await screen.findByRole('heading', { name: 'Update Profile' });
    expect(currentPassword()).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByLabelText('New Password')).toHaveAttribute('autocomplete', 'new-password');
    await user.upload(fileInput(), photo());
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));

    await waitFor(() => expect(reloadTo).toHaveBeenCalledWith('/dashboard'));
    const [call] = await apiCalls('/api/admin/profile/update');
    const body = call?.body as FormData;
    expect(body.get('email')).toBe(db.admin.email);
    expect(body.get('password')).toBe('');
    expect(body.has('currentPassword')).toBe(false);
    expect(db.admin.photo).toMatch(/^uploads\/admin-/);
    // The password was kept: the session's token too.
    expect(localStorage.getItem('accessToken')).not.toBe(null);
    expect(db.tokens.has(TEST_TOKEN)).toBe(true);
  });

  it('asks for the current password when the e-mail or the password changes, before calling the API', async () => {
    const { user } = renderApp('/profile');
    const email = await screen.findByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'boss@example.com');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Please enter your current password')).toBeInTheDocument();
    expect(messageOf(currentPassword())).toBe('Please enter your current password');
    await waitFor(() => expect(currentPassword()).toHaveFocus());

    await user.clear(email);
    await user.type(email, db.admin.email);
    await user.type(screen.getByLabelText('New Password'), '123');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Password must be at least 12 characters')).toBeInTheDocument();
    expect(messageOf(currentPassword())).toBe('Please enter your current password');
    expect(await apiCalls('/api/admin/profile/update')).toHaveLength(0);
  });

  it('says a wrong current password under its field, keeping everything typed, and saves with the right one', async () => {
    const reloadTo = vi.spyOn(reload, 'reloadTo').mockImplementation(() => {});
    const { user } = renderApp('/profile');
    const email = await screen.findByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'boss@example.com');
    await user.type(screen.getByLabelText('New Password'), 'n3w-password');
    await user.type(currentPassword(), 'guess-1234');
    await user.upload(fileInput(), photo());
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));

    await waitFor(() => expect(messageOf(currentPassword())).toBe('The current password is incorrect'));
    expect(currentPassword()).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveValue('boss@example.com');
    expect(screen.getByLabelText('New Password')).toHaveValue('n3w-password');
    expect(currentPassword()).toHaveValue('guess-1234');
    expect(screen.getByText('me.png')).toBeInTheDocument();
    expect(reloadTo).not.toHaveBeenCalled();
    expect(db.admin.email).not.toBe('boss@example.com');

    await user.clear(currentPassword());
    await user.type(currentPassword(), db.admin.password);
    reloadTo.mockRestore();
    const reloaded = reloadLikeABrowser();
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    await waitFor(() => expect(reloaded).toHaveBeenCalledWith('/dashboard'));
    // The change of password is confirmed on the dashboard the reload leads to.
    expect(await screen.findByText('Total Users')).toBeInTheDocument();
    expect(
      await screen.findByText('Profile updated successfully! Your password has been changed.'),
    ).toBeInTheDocument();
    const calls = await apiCalls('/api/admin/profile/update');
    const body = calls.at(-1)?.body as FormData;
    expect(body.get('currentPassword')).toBe('Admin@123');
    expect(db.admin).toMatchObject({ email: 'boss@example.com', password: 'n3w-password' });
  });
});

import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import * as reload from '@/features/own-profile/reload';
import { session } from '@/lib/core/session';
import { api as consoleApi } from '@/lib/data/api-client';
import { CONSOLE_ADMIN } from '../support/api-fixture';
import { answerFromServer, api, callApi, resetData, signedInNow } from '../support/api-server';
import { server } from '../support/msw';
import { apiCalls } from '../support/request-log';
import { renderApp, specOnlyApi } from '../support/render';
import { PNG_BYTES, pngFile } from '../support/files';

// Each test starts from the demo data: they change the Owner's e-mail, photo or password.
beforeEach(resetData);

/** Whether the server still takes `token`. */
const takes = async (token: string | null) =>
  (await callApi('GET', '/api/user/read', { token })).status === 200;

/** Whether the server signs the Owner in with this e-mail and password. */
const signsIn = async (email: string, password: string) =>
  (await callApi('POST', '/api/login', { json: { email, password, isRole: 'admin' }, token: null }))
    .status === 200;

/** The signed-in admin's own profile, as the server has it. */
const ownProfile = () => api.get<{ email: string; photo: string }>('/api/user/read');

/** A new password the admin password rule accepts. */
const NEW_PASSWORD = 'Violet-harbour-2931';

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

const photo = () => pngFile('me.png');

describe('own profile against a SPEC-only API', () => {
  // The reference server takes SPEC's password field for the current password where no current password comes
  // (SPEC's console sends it with every save), and changes the e-mail only with a current password
  // ('profile-current-password', docs/api.md): SPEC's console saves the photo with the e-mail and password it has.
  it('loads the e-mail, validates, sends multipart and reloads to the dashboard', async () => {
    specOnlyApi();
    const reloadTo = reloadLikeABrowser();
    const { user } = renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Update Profile' })).toBeInTheDocument();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveValue(CONSOLE_ADMIN.email);

    await user.clear(email);
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Please enter your email')).toBeInTheDocument();
    expect(screen.getByText('Please enter a new password')).toBeInTheDocument();

    await user.type(email, 'nope');
    await user.type(screen.getByLabelText('New Password'), 'Admin');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();

    await user.clear(email);
    await user.type(email, CONSOLE_ADMIN.email);
    await user.type(screen.getByLabelText('New Password'), '@123');
    await user.upload(fileInput(), photo());
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));

    await waitFor(() => expect(reloadTo).toHaveBeenCalledWith('/dashboard'));
    // SPEC's words outlive the reload: the dashboard says them.
    expect(await screen.findByText('Total Users')).toBeInTheDocument();
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    const [call] = await apiCalls('/api/admin/profile/update');
    expect(call?.method).toBe('PATCH');
    const signedIn = signedInNow().token;
    expect(call?.headers.get('authorization')).toBe(`Bearer ${signedIn}`);
    const body = call?.body as FormData;
    expect(body.get('email')).toBe(CONSOLE_ADMIN.email);
    expect(body.get('password')).toBe(CONSOLE_ADMIN.password);
    expect([...body.keys()].sort()).toEqual(['email', 'file', 'password']);
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    // jsdom's File loses its name on the way through Node's fetch; its bytes arrive.
    expect((body.get('file') as Blob).size).toBe(PNG_BYTES.length);
    expect(localStorage.getItem('photo')).toMatch(/^uploads\/./);
    expect(localStorage.getItem('email')).toBe(CONSOLE_ADMIN.email);
    // The server has the new photo; the password stayed, and so did the session, on the token it sent.
    expect(await ownProfile()).toMatchObject({
      email: CONSOLE_ADMIN.email,
      photo: localStorage.getItem('photo'),
    });
    expect(await signsIn(CONSOLE_ADMIN.email, CONSOLE_ADMIN.password)).toBe(true);
    expect(await takes(localStorage.getItem('accessToken'))).toBe(true);
    expect(await takes(signedIn)).toBe(true);
  });

  // A new password is one the current password allows ('profile-current-password'): SPEC's console, which sends no
  // current password, changes none on the reference server (above). The race is the session's, with either.
  it('keeps the session when a call is refused for the old token before the fresh one is stored', async () => {
    const reloadTo = vi.spyOn(reload, 'reloadTo').mockImplementation(() => {});
    const waitedForToken = vi.spyOn(session, 'tokenReplaced');
    const oldToken = signedInNow().token;
    let freshToken: string | undefined;
    let patchArrived!: () => void;
    const arrived = new Promise<void>((resolve) => (patchArrived = resolve));
    server.use(
      http.patch('*/api/admin/profile/update', async ({ request }) => {
        // The server commits the new password: the token the console holds is ended, its answer not yet sent.
        const answer = await answerFromServer(request);
        freshToken = ((await answer.clone().json()) as { result: { token: string } }).result.token;
        patchArrived();
        // The answer leaves once the console has had the other call's refusal (without waiting, it signed out).
        await vi.waitFor(() => expect(waitedForToken).toHaveBeenCalled());
        return answer;
      }),
    );
    const { user, router } = renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Update Profile' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('New Password'), NEW_PASSWORD);
    await user.type(screen.getByLabelText('Current password'), CONSOLE_ADMIN.password);
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    await arrived;
    expect(await takes(oldToken)).toBe(false);

    // Another call leaves meanwhile (the menu's count, a list read again) with the token the change has just ended.
    const faqs = await consoleApi.get(
      'faq/listAll',
      z.object({ result: z.array(z.object({ question: z.string() })) }),
    );

    expect(faqs.result.length).toBeGreaterThan(0);
    await waitFor(() => expect(reloadTo).toHaveBeenCalledWith('/dashboard'));
    expect(localStorage.getItem('accessToken')).toBe(freshToken);
    expect(router.state.location.pathname).toBe('/profile');
    const calls = await apiCalls('/api/faq/listAll');
    expect(calls.map((call) => call.headers.get('authorization'))).toEqual([
      `Bearer ${oldToken}`,
      `Bearer ${freshToken}`,
    ]);
  });

  it('keeps what was typed and the chosen file when the server refuses', async () => {
    specOnlyApi();
    const reloadTo = vi.spyOn(reload, 'reloadTo').mockImplementation(() => {});
    const { user } = renderApp('/profile');
    const email = await screen.findByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'boss@example.com');
    await user.type(screen.getByLabelText('New Password'), 'secret1');
    await user.upload(fileInput(), photo());
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));

    // The reference server changes the e-mail only with the current password, which SPEC's console never sends.
    const message = await screen.findByText('Please enter your current password');
    expect(
      within(message.closest('.mantine-Notification-root') as HTMLElement).getByText('Info'),
    ).toBeInTheDocument();
    expect(email).toHaveValue('boss@example.com');
    expect(screen.getByLabelText('New Password')).toHaveValue('secret1');
    expect(screen.getByText('me.png')).toBeInTheDocument();
    expect(reloadTo).not.toHaveBeenCalled();
    expect(await ownProfile()).toMatchObject({ email: CONSOLE_ADMIN.email, photo: '' });
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
    expect(body.get('email')).toBe(CONSOLE_ADMIN.email);
    expect(body.get('password')).toBe('');
    expect(body.has('currentPassword')).toBe(false);
    expect((await ownProfile()).photo).toMatch(/^uploads\/./);
    // The password was kept: the session's token too.
    expect(localStorage.getItem('accessToken')).not.toBe(null);
    expect(await takes(signedInNow().token)).toBe(true);
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
    await user.type(email, CONSOLE_ADMIN.email);
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
    await user.type(screen.getByLabelText('New Password'), NEW_PASSWORD);
    await user.type(currentPassword(), 'guess-1234');
    await user.upload(fileInput(), photo());
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));

    await waitFor(() => expect(messageOf(currentPassword())).toBe('The current password is incorrect'));
    expect(currentPassword()).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveValue('boss@example.com');
    expect(screen.getByLabelText('New Password')).toHaveValue(NEW_PASSWORD);
    expect(currentPassword()).toHaveValue('guess-1234');
    expect(screen.getByText('me.png')).toBeInTheDocument();
    expect(reloadTo).not.toHaveBeenCalled();
    expect((await ownProfile()).email).toBe(CONSOLE_ADMIN.email);

    await user.clear(currentPassword());
    await user.type(currentPassword(), CONSOLE_ADMIN.password);
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
    expect(await signsIn('boss@example.com', NEW_PASSWORD)).toBe(true);
    expect(await signsIn('boss@example.com', CONSOLE_ADMIN.password)).toBe(false);
  });
});

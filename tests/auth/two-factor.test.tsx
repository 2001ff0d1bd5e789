import { screen, waitFor, within } from '@testing-library/react';
import { Secret, TOTP } from 'otpauth';
import { notifications } from '@mantine/notifications';
import { describe, expect, it, vi } from 'vitest';
import { db, MOCK_ADMIN_EMAIL, MOCK_ADMIN_PASSWORD } from '@mocks/db';
import { apiCalls } from '../support/request-log';
import { renderApp, specOnlyApi } from '../support/render';

/**
 * Two-factor sign-in ('two-factor'): after a right password the console asks for a code (or a recovery code), or walks
 * through the set-up when the API requires it; against an API that does not announce it, sign-in is SPEC's.
 */

const SECRET = new Secret({ size: 20 }).base32;
const RECOVERY = 'ABCD-EFGH-JKLM-NPQR';
/** A code as an authenticator app shows it now. */
const codeOf = (secret: string) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate();

function withTwoFactor() {
  db.twoFactor = {
    secret: SECRET,
    pending: null,
    lastStep: 0,
    recoveryCodes: [{ code: RECOVERY, used: false }],
  };
}

async function password(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText('Email'), MOCK_ADMIN_EMAIL);
  await user.type(screen.getByLabelText('Password'), MOCK_ADMIN_PASSWORD);
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

/** What the form of the step on screen says of a refusal (its alert, beside the notification). */
const formAlert = (button: string) =>
  within(screen.getByRole('button', { name: button }).closest('form')!).getByRole('alert');

describe('two-factor sign-in', () => {
  it('asks for the code after the password, and signs in with it', async () => {
    withTwoFactor();
    const { user, router } = renderApp('/sign-in', { signedIn: false });
    await password(user);
    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in', level: 1 })).toBeInTheDocument();
    expect(localStorage.getItem('accessToken')).toBeNull();
    const field = screen.getByLabelText('Authentication code');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAttribute('inputmode', 'numeric');

    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Please enter the code')).toBeInTheDocument();
    expect(await apiCalls('/api/login/two-factor')).toHaveLength(0);

    const code = codeOf(SECRET);
    await user.type(field, code);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(localStorage.getItem('accessToken')).toMatch(/^mock-token-/);
    const [second] = await apiCalls('/api/login/two-factor');
    expect(second?.body).toEqual({ challenge: db.challenges[0]!.id, code });
    expect(second?.headers.get('authorization')).toBeNull();
  });

  it("shows the server's refusal of a wrong code and stays on the step", async () => {
    withTwoFactor();
    const { user, router } = renderApp('/sign-in', { signedIn: false });
    await password(user);
    await user.type(await screen.findByLabelText('Authentication code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await infoNotification('The code is incorrect or has already been used');
    expect(formAlert('Verify')).toHaveTextContent('The code is incorrect or has already been used');
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(screen.getByLabelText('Authentication code')).toHaveValue('000000');
  });

  it("a step's notifications go when the step does: the wrong password's on the code step, the wrong code's on the password", async () => {
    withTwoFactor();
    // Notifications stay until hidden, so that only the step's change can take them away.
    const show = notifications.show.bind(notifications);
    vi.spyOn(notifications, 'show').mockImplementation((notice) => show({ ...notice, autoClose: false }));
    const { user } = renderApp('/sign-in', { signedIn: false });
    await user.type(await screen.findByLabelText('Email'), MOCK_ADMIN_EMAIL);
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await infoNotification('Invalid email or password');

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), MOCK_ADMIN_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await user.type(await screen.findByLabelText('Authentication code'), '000000');
    await waitFor(() => expect(screen.queryByText('Invalid email or password')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await infoNotification('The code is incorrect or has already been used');
    await user.click(screen.getByRole('button', { name: 'Back to sign-in' }));
    expect(await screen.findByLabelText('Password')).toHaveValue('');
    await waitFor(() =>
      expect(screen.queryByText('The code is incorrect or has already been used')).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('an expired challenge leads back to the password, which says why', async () => {
    withTwoFactor();
    const { user } = renderApp('/sign-in', { signedIn: false });
    await password(user);
    await user.type(await screen.findByLabelText('Authentication code'), '000000');
    db.challenges[0]!.expiresAt = Date.now() - 1;
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByLabelText('Password')).toHaveValue('');
    expect(formAlert('Login')).toHaveTextContent('This sign-in has expired. Please sign in again.');
  });

  it('signs in with a recovery code instead', async () => {
    withTwoFactor();
    const { user, router } = renderApp('/sign-in', { signedIn: false });
    await password(user);
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    const field = screen.getByLabelText('Recovery code');
    expect(field).toHaveAttribute('inputmode', 'text');
    await user.type(field, RECOVERY.toLowerCase());
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(db.twoFactor.recoveryCodes[0]!.used).toBe(true);
  });

  it('goes back to the password', async () => {
    withTwoFactor();
    const { user } = renderApp('/sign-in', { signedIn: false });
    await password(user);
    await user.click(await screen.findByRole('button', { name: 'Back to sign-in' }));
    expect(
      await screen.findByRole('heading', { name: 'Enter your email and password to sign in' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue(MOCK_ADMIN_EMAIL);
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('when it is required, walks through the set-up and shows the recovery codes before signing in', async () => {
    db.twoFactorRequired = true;
    const { user, router } = renderApp('/sign-in', { signedIn: false });
    await password(user);
    expect(
      await screen.findByRole('heading', { name: 'Set up two-factor sign-in', level: 1 }),
    ).toBeInTheDocument();
    const qr = await screen.findByRole('img', {
      name: 'QR code to add this account to your authenticator app',
    });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    const key = screen.getByTestId('two-factor-key').textContent!.replace(/\s/g, '');
    expect(key).toBe(db.twoFactor.pending);

    await user.type(screen.getByLabelText('Authentication code'), codeOf(key));
    await user.click(screen.getByRole('button', { name: 'Turn on and sign in' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(db.twoFactor.recoveryCodes.map((one) => one.code));
    // Not signed in until the codes are saved: no session is live on the server either.
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(db.sessions).toEqual([]);
    const next = screen.getByRole('button', { name: 'Continue' });
    expect(next).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'I have saved my recovery codes' }));
    await user.click(next);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(localStorage.getItem('accessToken')).toMatch(/^mock-token-/);
    // Saving the codes is what started it.
    const [saved] = await apiCalls('/api/login/two-factor/acknowledge');
    expect(saved?.body).toEqual({ challenge: db.challenges.find((one) => one.kind === 'codes')!.id });
    expect(db.sessions).toHaveLength(1);
  });

  it('against an API without the extension, the password alone signs in and nothing else is asked', async () => {
    specOnlyApi();
    withTwoFactor();
    db.twoFactorRequired = true;
    const { user, router } = renderApp('/sign-in', { signedIn: false });
    await password(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await apiCalls('/api/login/two-factor')).toHaveLength(0);
    expect(await apiCalls('/api/login/two-factor/setup')).toHaveLength(0);
  });
});

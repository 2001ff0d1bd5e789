import { screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readCode } from '@contract/two-factor';
import { challengeHash, recoveryCodeHash } from '../../server/lib/two-factor';
import { CONSOLE_ADMIN } from '../support/api-fixture';
import { api, resetData, signedInNow, testDb } from '../support/api-server';
import { apiCalls } from '../support/request-log';
import { renderApp, specOnlyApi } from '../support/render';
import { codeOf, turnOnOwnersTwoFactor } from '../support/two-factor';

/**
 * Two-factor sign-in ('two-factor'): after a right password the console asks for a code (or a recovery code), or walks
 * through the set-up when the API requires it; against an API that does not announce it, sign-in is SPEC's.
 */

const { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } = CONSOLE_ADMIN;

// Each test starts from the demo data, where the Owner has no two-factor and it is not required: the tests change both.
beforeEach(resetData);

/** The Owner's two-factor, turned on through the API: its secret and recovery codes. */
const withTwoFactor = () => turnOnOwnersTwoFactor();

/** The sign-in challenge the server keeps for `challenge` (by its digest), if any. */
const challengeRow = (challenge: string) =>
  testDb().maybeOne<{ kind: string; used_at: string | null }>(
    'SELECT kind, used_at FROM sign_in_challenges WHERE id_hash = $1',
    [challengeHash(challenge)],
  );

/** The Owner's live sessions on the server. */
const liveSessions = async () =>
  (
    await testDb().one<{ n: number }>(
      'SELECT count(*)::int AS n FROM admin_sessions WHERE admin_id = $1 AND ended_at IS NULL',
      [signedInNow().admin._id],
    )
  ).n;

async function password(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText('Email'), ADMIN_EMAIL);
  await user.type(screen.getByLabelText('Password'), ADMIN_PASSWORD);
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
    const { secret } = await withTwoFactor();
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

    const code = codeOf(secret);
    await user.type(field, code);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(localStorage.getItem('accessToken')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const [second] = await apiCalls('/api/login/two-factor');
    expect(second?.body).toEqual({ challenge: expect.any(String), code });
    // The challenge the password's answer gave, now used up.
    const challenge = (second?.body as { challenge: string }).challenge;
    expect(await challengeRow(challenge)).toMatchObject({ kind: 'code', used_at: expect.anything() });
    expect(second?.headers.get('authorization')).toBeNull();
  });

  it("shows the server's refusal of a wrong code and stays on the step", async () => {
    await withTwoFactor();
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
    await withTwoFactor();
    // Notifications stay until hidden, so that only the step's change can take them away.
    const show = notifications.show.bind(notifications);
    vi.spyOn(notifications, 'show').mockImplementation((notice) => show({ ...notice, autoClose: false }));
    const { user } = renderApp('/sign-in', { signedIn: false });
    await user.type(await screen.findByLabelText('Email'), ADMIN_EMAIL);
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await infoNotification('Invalid email or password');

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), ADMIN_PASSWORD);
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
    await withTwoFactor();
    const { user } = renderApp('/sign-in', { signedIn: false });
    await password(user);
    await user.type(await screen.findByLabelText('Authentication code'), '000000');
    // Its five minutes are over (no API ages a challenge).
    await testDb().run(
      'UPDATE sign_in_challenges SET expires_at = $1 WHERE admin_id = $2 AND used_at IS NULL',
      [new Date(Date.now() - 1000).toISOString(), signedInNow().admin._id],
    );
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByLabelText('Password')).toHaveValue('');
    expect(formAlert('Login')).toHaveTextContent('This sign-in has expired. Please sign in again.');
  });

  it('signs in with a recovery code instead', async () => {
    const { recoveryCodes } = await withTwoFactor();
    const { user, router } = renderApp('/sign-in', { signedIn: false });
    await password(user);
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    const field = screen.getByLabelText('Recovery code');
    expect(field).toHaveAttribute('inputmode', 'text');
    await user.type(field, recoveryCodes[0]!.toLowerCase());
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const used = await testDb().one<{ used_at: string | null }>(
      'SELECT used_at FROM admin_recovery_codes WHERE code_hash = $1',
      [recoveryCodeHash(readCode(recoveryCodes[0]!).code)],
    );
    expect(used.used_at).not.toBeNull();
    expect(await api.get('/api/admin/two-factor')).toMatchObject({ recoveryCodesLeft: 9 });
  });

  it('goes back to the password', async () => {
    await withTwoFactor();
    const { user } = renderApp('/sign-in', { signedIn: false });
    await password(user);
    await user.click(await screen.findByRole('button', { name: 'Back to sign-in' }));
    expect(
      await screen.findByRole('heading', { name: 'Enter your email and password to sign in' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue(ADMIN_EMAIL);
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('when it is required, walks through the set-up and shows the recovery codes before signing in', async () => {
    await api.patch('/api/admin/security', { twoFactorRequired: true });
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
    const { pending_secret: pending } = await testDb().one<{ pending_secret: string }>(
      'SELECT pending_secret FROM admin_two_factor WHERE admin_id = $1',
      [signedInNow().admin._id],
    );
    expect(key).toBe(pending);

    await user.type(screen.getByLabelText('Authentication code'), codeOf(key));
    await user.click(screen.getByRole('button', { name: 'Turn on and sign in' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    // The codes shown are the ones the server keeps (as digests).
    const stored = await testDb().many<{ code_hash: string }>(
      'SELECT code_hash FROM admin_recovery_codes WHERE admin_id = $1 AND used_at IS NULL',
      [signedInNow().admin._id],
    );
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => recoveryCodeHash(readCode(item.textContent!).code))
        .sort(),
    ).toEqual(stored.map((row) => row.code_hash).sort());
    // Not signed in until the codes are saved: no session is live on the server either (turning two-factor on ended
    // the Owner's others, the tests' own API session among them).
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(await liveSessions()).toBe(0);
    const next = screen.getByRole('button', { name: 'Continue' });
    expect(next).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'I have saved my recovery codes' }));
    await user.click(next);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(localStorage.getItem('accessToken')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    // Saving the codes is what started it: the challenge that came with them, used up.
    const [saved] = await apiCalls('/api/login/two-factor/acknowledge');
    expect(saved?.body).toEqual({ challenge: expect.any(String) });
    expect(await challengeRow((saved?.body as { challenge: string }).challenge)).toMatchObject({
      kind: 'codes',
      used_at: expect.anything(),
    });
    expect(await liveSessions()).toBe(1);
  });

  it('against an API without the extension, the password alone signs in and nothing else is asked', async () => {
    specOnlyApi();
    const { user, router } = renderApp('/sign-in', { signedIn: false });
    await password(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await apiCalls('/api/login/two-factor')).toHaveLength(0);
    expect(await apiCalls('/api/login/two-factor/setup')).toHaveLength(0);
  });
});

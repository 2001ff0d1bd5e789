import { screen, waitFor, within } from '@testing-library/react';
import { Secret, TOTP } from 'otpauth';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readCode } from '@contract/two-factor';
import { recoveryCodeHash } from '../../server/lib/two-factor';
import { CONSOLE_ADMIN } from '../support/api-fixture';
import { api, callApi, resetData, signedInNow, signInAs, testDb } from '../support/api-server';
import { apiCalls } from '../support/request-log';
import { renderApp, specOnlyApi } from '../support/render';

/**
 * The own profile's "Two-factor" tab ('two-factor'): set it up (QR code, key, first code, recovery codes shown once),
 * get new recovery codes, turn it off; absent against an API that does not announce it.
 */

const codeOf = (secret: string, at = Date.now()) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: at,
  });

async function openTab(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('tab', { name: 'Two-factor' }));
  return screen.findByRole('region', { name: 'Two-factor sign-in' });
}

// Each test starts from the demo data, where the Owner has no two-factor: the tests turn it on.
beforeEach(resetData);

/** Signs the Owner in with the password and `code` (a recovery code, say), as another browser would: its token. */
async function signInWithCode(code: string) {
  const json = { ...CONSOLE_ADMIN, isRole: 'admin' };
  const password = await callApi<{ result: { challenge: string } }>('POST', '/api/login', {
    json,
    token: null,
  });
  const signedIn = await callApi<{ result: { token: string } }>('POST', '/api/login/two-factor', {
    json: { challenge: password.body.result.challenge, code },
    token: null,
  });
  expect(signedIn.status).toBe(200);
  return signedIn.body.result.token;
}

/**
 * The Owner's two-factor, turned on through the API a minute ago (so that the codes of now and of the next step are
 * still to be taken) in the session the test goes on in, 3 of its 10 recovery codes used since at sign-ins. Its
 * secret.
 */
async function enabled() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() - 60_000);
  let recoveryCodes: string[];
  let secret: string;
  try {
    await signInAs('owner');
    ({ secret } = await api.post<{ secret: string }>('/api/admin/two-factor/setup'));
    ({ recoveryCodes } = await api.post<{ recoveryCodes: string[] }>('/api/admin/two-factor/confirm', {
      code: codeOf(secret),
    }));
  } finally {
    vi.useRealTimers();
  }
  for (const code of recoveryCodes.slice(0, 3)) await signInWithCode(code);
  return secret;
}

/** The stored digests of the Owner's unused recovery codes. */
const unusedCodeHashes = async () =>
  (
    await testDb().many<{ code_hash: string }>(
      'SELECT code_hash FROM admin_recovery_codes WHERE admin_id = $1 AND used_at IS NULL',
      [signedInNow().admin._id],
    )
  )
    .map((row) => row.code_hash)
    .sort();

/** Whether the server still takes `token`. */
const takes = async (token: string) => (await callApi('GET', '/api/user/read', { token })).status === 200;

describe('own profile: two-factor', () => {
  it('sets two-factor up: QR code and key, a code turns it on, the codes are shown once', async () => {
    // The Owner is signed in on another browser too.
    const elsewhere = (
      await callApi<{ result: { token: string } }>('POST', '/api/login', {
        json: { ...CONSOLE_ADMIN, isRole: 'admin' },
        token: null,
      })
    ).body.result.token;
    const { user } = renderApp('/profile');
    expect(await apiCalls('/api/admin/two-factor')).toHaveLength(0);
    const panel = await openTab(user);
    await user.click(await within(panel).findByRole('button', { name: 'Set up two-factor' }));
    const qr = await within(panel).findByRole('img', {
      name: 'QR code to add this account to your authenticator app',
    });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    const key = within(panel).getByTestId('two-factor-key').textContent!.replace(/\s/g, '');

    const field = within(panel).getByLabelText('Authentication code');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    await user.type(field, '12a');
    await user.click(within(panel).getByRole('button', { name: 'Turn on' }));
    expect(await within(panel).findByText('Enter the 6 digits of the code')).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, '000000');
    await user.click(within(panel).getByRole('button', { name: 'Turn on' }));
    // The server's refusal names the field: said under it.
    expect(
      await within(panel).findByText('The code is incorrect or has already been used'),
    ).toBeInTheDocument();

    await user.clear(field);
    const code = codeOf(key);
    await user.type(field, code);
    await user.click(within(panel).getByRole('button', { name: 'Turn on' }));
    const list = await within(panel).findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect((await apiCalls('/api/admin/two-factor/confirm')).at(-1)?.body).toEqual({ code });
    const done = within(panel).getByRole('button', { name: 'Done' });
    expect(done).toBeDisabled();
    await user.click(within(panel).getByRole('checkbox', { name: 'I have saved my recovery codes' }));
    await user.click(done);
    expect(
      await within(panel).findByText(
        'Two-factor sign-in is on: signing in asks for a code from your authenticator app.',
      ),
    ).toBeInTheDocument();
    expect(within(panel).getByText('10 unused recovery codes left.')).toBeInTheDocument();
    expect(within(panel).queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    // This session goes on; the others ended.
    expect(await takes(signedInNow().token)).toBe(true);
    expect(await takes(elsewhere)).toBe(false);
  });

  it('gets new recovery codes with a code, and turns two-factor off with the password and a code', async () => {
    const secret = await enabled();
    const { user } = renderApp('/profile');
    const panel = await openTab(user);
    expect(await within(panel).findByText('7 unused recovery codes left.')).toBeInTheDocument();

    const renew = within(panel).getByRole('button', { name: 'Get new recovery codes' }).closest('form')!;
    await user.type(within(renew).getByLabelText('Authentication code'), codeOf(secret));
    await user.click(within(renew).getByRole('button', { name: 'Get new recovery codes' }));
    const list = await within(panel).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toHaveLength(10);
    // The codes shown are the ones the server now keeps (as digests), the old ones gone.
    const shown = within(list)
      .getAllByRole('listitem')
      .map((item) => recoveryCodeHash(readCode(item.textContent!).code))
      .sort();
    expect(await unusedCodeHashes()).toEqual(shown);
    await user.click(within(panel).getByRole('checkbox', { name: 'I have saved my recovery codes' }));
    await user.click(within(panel).getByRole('button', { name: 'Done' }));

    const off = (await within(panel).findByRole('button', { name: 'Turn off' })).closest('form')!;
    await user.type(within(off).getByLabelText('Password'), 'wrong-one');
    await user.type(within(off).getByLabelText('Authentication code'), codeOf(secret, Date.now() + 30_000));
    await user.click(within(off).getByRole('button', { name: 'Turn off' }));
    expect(await within(off).findByText('The password is incorrect')).toBeInTheDocument();
    await user.clear(within(off).getByLabelText('Password'));
    await user.type(within(off).getByLabelText('Password'), CONSOLE_ADMIN.password);
    await user.click(within(off).getByRole('button', { name: 'Turn off' }));
    expect(await within(panel).findByRole('button', { name: 'Set up two-factor' })).toBeInTheDocument();
    expect(await api.get('/api/admin/two-factor')).toMatchObject({ enabled: false });
    expect((await apiCalls('/api/admin/two-factor/disable')).at(-1)?.body).toEqual({
      password: CONSOLE_ADMIN.password,
      code: codeOf(secret, Date.now() + 30_000),
    });
  });

  it('offers no turning off while two-factor is required', async () => {
    await enabled();
    await api.patch('/api/admin/security', { twoFactorRequired: true });
    const { user } = renderApp('/profile');
    const panel = await openTab(user);
    expect(
      await within(panel).findByText(
        'Two-factor sign-in is required for every admin, so it cannot be turned off.',
      ),
    ).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Turn off' })).not.toBeInTheDocument();
  });

  it('is not there against an API without the extension', async () => {
    specOnlyApi();
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Update Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Two-factor' })).not.toBeInTheDocument();
    await waitFor(async () => expect(await apiCalls('/api/user/read')).toHaveLength(1));
    expect(await apiCalls('/api/admin/two-factor')).toHaveLength(0);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { readCode } from '@contract/two-factor';
import { recoveryCodeHash } from '../../server/lib/two-factor';
import { CONSOLE_ADMIN } from '../support/api-fixture';
import { api, callApi, resetData, signedInNow, testDb } from '../support/api-server';
import { apiCalls } from '../support/request-log';
import { renderApp, specOnlyApi } from '../support/render';
import { codeOf, signInWithCode, turnOnOwnersTwoFactor } from '../support/two-factor';

/**
 * The own profile's "Two-factor" tab ('two-factor'): set it up (QR code, key, first code, recovery codes shown once),
 * get new recovery codes, turn it off; absent against an API that does not announce it.
 */

async function openTab(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('tab', { name: 'Two-factor' }));
  return screen.findByRole('region', { name: 'Two-factor sign-in' });
}

// Each test starts from the demo data, where the Owner has no two-factor: the tests turn it on.
beforeEach(resetData);

/** The Owner's two-factor, turned on through the API, 3 of its 10 recovery codes used since at sign-ins. Its secret. */
async function enabled() {
  const { secret, recoveryCodes } = await turnOnOwnersTwoFactor();
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

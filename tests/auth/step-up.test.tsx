import { screen, waitFor, within } from '@testing-library/react';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it, vi } from 'vitest';
import { db } from '@mocks/db';
import { ageProofs, fillBulkWindow } from '@mocks/handlers/step-up';
import { apiCalls } from '../support/request-log';
import { restoreObjectUrlsAfterEach } from '../support/object-urls';
import { renderApp, withoutFeatures } from '../support/render';

/**
 * Step-up ('step-up'): a call the server refuses for want of a recent password asks for it in place, and is sent
 * again once the server took it; declining fails the call with the server's words, asked once however many calls
 * were refused together.
 */

restoreObjectUrlsAfterEach();

async function usersTable() {
  const table = await screen.findByRole('table', { name: 'Users' });
  await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'));
  return table;
}

/** jsdom saves no file: an export's object URL and its link's click are stood in for. */
function stubDownloads() {
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: () => 'blob:export' });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => {} });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
}

const stepUpCalls = async () =>
  (await apiCalls()).filter((call) => call.path === '/api/admin/step-up').map((call) => call.body);

describe('step-up', () => {
  it('asks for the password when an export is refused, says a wrong one under the field, then exports', async () => {
    stubDownloads();
    const { user } = renderApp('/users');
    await usersTable();
    ageProofs();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const proof = await screen.findByRole('dialog', { name: 'Confirm your password' });
    expect(within(proof).getByText(/Confirm your password to continue\./)).toBeInTheDocument();
    const password = within(proof).getByLabelText(/Password/);
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    await user.type(password, 'not-it');
    await user.click(within(proof).getByRole('button', { name: 'Confirm' }));
    expect(await within(proof).findByText('The password is incorrect')).toBeInTheDocument();

    await user.clear(password);
    await user.type(password, db.admin.password);
    await user.click(within(proof).getByRole('button', { name: 'Confirm' }));
    const exported = await screen.findByRole('dialog', { name: 'Export CSV' });
    expect(await within(exported).findByText(/^Exported \d+ rows/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Confirm your password' })).not.toBeInTheDocument();
    expect(await stepUpCalls()).toEqual([{ password: 'not-it' }, { password: db.admin.password }]);
    const exports = (await apiCalls()).filter((call) => call.path === '/api/admin/list/export');
    expect(exports).toHaveLength(2);
    expect(db.activity.filter((entry) => entry.action === 'export')).toHaveLength(1);
  });

  it('fails the export with the server’s words when the admin cancels', async () => {
    const { user } = renderApp('/users');
    await usersTable();
    ageProofs();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const proof = await screen.findByRole('dialog', { name: 'Confirm your password' });
    await user.click(within(proof).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findAllByText('Confirm your password to continue.')).not.toHaveLength(0);
    expect(await stepUpCalls()).toEqual([]);
    expect(db.activity.filter((entry) => entry.action === 'export')).toHaveLength(0);
  });

  it('asks once for a bulk action’s refused rows; declined, none is changed and the rest are not sent', async () => {
    // A reason's dialog, as without 'restrictions' (its own dialog: tests/users/restrictions.test.tsx).
    withoutFeatures('restrictions');
    const { user } = renderApp('/users?status=true');
    const table = await usersTable();
    ageProofs();
    fillBulkWindow();
    const targets = db.users.filter((item) => item.enabled).slice(0, 6);
    for (const target of targets)
      await user.click(
        within(table).getByRole('checkbox', { name: `Select ${target.name} ${target.surname}` }),
      );
    await user.click(screen.getByRole('button', { name: 'Deactivate selected' }));
    const reason = await screen.findByRole('dialog', { name: 'Deactivate 6 users?' });
    await user.click(within(reason).getByRole('button', { name: 'Deactivate' }));
    const proof = await screen.findByRole('dialog', { name: 'Confirm your password' });
    await user.click(within(proof).getByRole('button', { name: 'Cancel' }));
    expect(
      await screen.findByText(/6 failed: Confirm your password to continue\.$/, {
        selector: '.mantine-Notification-description',
      }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Confirm your password' })).not.toBeInTheDocument();
    expect(targets.every((target) => target.enabled)).toBe(true);
    // Four were in flight when the server refused; the other two were never sent.
    const sent = (await apiCalls()).filter((call) => call.path.startsWith('/api/admin/status/'));
    expect(sent).toHaveLength(4);
  });

  it('sends a bulk action’s refused rows again once the password is confirmed', async () => {
    // A reason's dialog, as without 'restrictions' (its own dialog: tests/users/restrictions.test.tsx).
    withoutFeatures('restrictions');
    const { user } = renderApp('/users?status=true');
    const table = await usersTable();
    ageProofs();
    fillBulkWindow();
    const targets = db.users.filter((item) => item.enabled).slice(0, 6);
    for (const target of targets)
      await user.click(
        within(table).getByRole('checkbox', { name: `Select ${target.name} ${target.surname}` }),
      );
    await user.click(screen.getByRole('button', { name: 'Deactivate selected' }));
    const reason = await screen.findByRole('dialog', { name: 'Deactivate 6 users?' });
    await user.click(within(reason).getByRole('button', { name: 'Deactivate' }));
    const proof = await screen.findByRole('dialog', { name: 'Confirm your password' });
    await user.type(within(proof).getByLabelText(/Password/), db.admin.password);
    await user.click(within(proof).getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('6 users deactivated', { selector: '.mantine-Notification-description' }),
    ).toBeInTheDocument();
    expect(targets.every((target) => !target.enabled)).toBe(true);
    expect(await stepUpCalls()).toHaveLength(1);
  });

  it('takes a two-factor code instead of the password where the admin has two-factor', async () => {
    const secret = new Secret({ size: 20 }).base32;
    db.twoFactor = { secret, pending: null, lastStep: 0, recoveryCodes: [] };
    stubDownloads();
    const { user } = renderApp('/users');
    await usersTable();
    ageProofs();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const proof = await screen.findByRole('dialog', { name: 'Confirm your password' });
    await user.click(within(proof).getByRole('button', { name: 'Use a two-factor code instead' }));
    const code = within(proof).getByLabelText(/Code from your authenticator app/);
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(code, '000000');
    await user.click(within(proof).getByRole('button', { name: 'Confirm' }));
    expect(
      await within(proof).findByText('The code is incorrect or has already been used'),
    ).toBeInTheDocument();
    await user.clear(code);
    await user.type(
      code,
      new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate(),
    );
    await user.click(within(proof).getByRole('button', { name: 'Confirm' }));
    const exported = await screen.findByRole('dialog', { name: 'Export CSV' });
    expect(await within(exported).findByText(/^Exported \d+ rows/)).toBeInTheDocument();
    expect((await stepUpCalls()).map((body) => Object.keys(body as object))).toEqual([['code'], ['code']]);
  });
});

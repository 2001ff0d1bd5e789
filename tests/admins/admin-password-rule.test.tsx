import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_PASSWORD_MESSAGES, ADMIN_PASSWORD_RULE } from '@contract/admin-password';
import * as reload from '@/features/own-profile/reload';
import { CONSOLE_ADMIN } from '../support/api-fixture';
import { api, callApi, inviteAdmin, resetData } from '../support/api-server';
import { apiCalls } from '../support/request-log';
import { renderApp, withoutFeatures } from '../support/render';

/**
 * The admin password rule ('admin-password-rule'): stated above the password field of the invitation page and of the
 * own profile's new password where the server announces it, SPEC's rule and words where it does not; the server's
 * refusal is said on the field, keeping what was typed.
 */

// Each test starts from the demo data: they invite Eve, and one may change the Owner's password.
beforeEach(resetData);

/** Eve's invitation (the Owner invites her), whose link's token the invitation page opens. */
const inviteEve = () => inviteAdmin({ name: 'Eve Editor', email: 'eve@example.com', role: 'editor' });

/** The status of the admin with this e-mail, as the Admins list answers it. */
async function statusOf(email: string) {
  const admins = await api.get<{ email: string; status: string }[]>(`/api/admin/admins?q=${email}`);
  return admins.find((admin) => admin.email === email)?.status;
}

/** Whether the server signs the Owner in with `password`. */
async function ownerSignsInWith(password: string) {
  const answer = await callApi('POST', '/api/login', {
    json: { email: CONSOLE_ADMIN.email, password, isRole: 'admin' },
    token: null,
  });
  return answer.status === 200;
}

/** The error said under a field, if any (Mantine's error element, which the field names among its descriptions). */
const messageOf = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter((id) => id.endsWith('-error'))
    .map((id) => document.getElementById(id)?.textContent)
    .join('') || undefined;

/** Whether `text` is shown before `field` on the page (above it, in a form's one column). */
const isAbove = (text: HTMLElement, field: HTMLElement) =>
  Boolean(text.compareDocumentPosition(field) & Node.DOCUMENT_POSITION_FOLLOWING);

/** One character twelve times: long enough for the console, refused by the server's rule. */
const REPEATED = 'z'.repeat(12);

describe('the invitation page', () => {
  it('states the rule above the password; a password the server refuses is said on the field, kept as typed', async () => {
    const { token } = await inviteEve();
    const { user } = renderApp(`/invitation/${token}`, { signedIn: false });
    const password = await screen.findByLabelText('Password');
    expect(password).toHaveAccessibleDescription(ADMIN_PASSWORD_RULE);
    expect(isAbove(screen.getByText(ADMIN_PASSWORD_RULE), password)).toBe(true);

    await user.type(password, 'eleven-char');
    await user.type(screen.getByLabelText('Confirm password'), 'eleven-char');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(messageOf(password)).toBe(ADMIN_PASSWORD_MESSAGES.short));
    expect(await apiCalls('/api/invitation/accept')).toHaveLength(0);

    await user.clear(password);
    await user.type(password, REPEATED);
    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), REPEATED);
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(messageOf(password)).toBe(ADMIN_PASSWORD_MESSAGES.common));
    expect(password).toHaveValue(REPEATED);
    expect(screen.getByLabelText('Confirm password')).toHaveValue(REPEATED);
    expect(await apiCalls('/api/invitation/accept')).toHaveLength(1);
    expect(await statusOf('eve@example.com')).toBe('invited');
  });

  it('without the rule announced, states none and sends a password of SPEC-like length', async () => {
    withoutFeatures('admin-password-rule');
    const { token } = await inviteEve();
    const { user, router } = renderApp(`/invitation/${token}`, { signedIn: false });
    const password = await screen.findByLabelText('Password');
    expect(screen.queryByText(ADMIN_PASSWORD_RULE)).not.toBeInTheDocument();
    await user.type(password, 'Edit@123');
    await user.type(screen.getByLabelText('Confirm password'), 'Edit@123');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(async () => expect(await apiCalls('/api/invitation/accept')).toHaveLength(1));
    const [call] = await apiCalls('/api/invitation/accept');
    expect(call?.body).toEqual({ token, password: 'Edit@123' });
    // The reference server holds an invitation's password to its rule, announced or not: its refusal is on the field.
    await waitFor(() => expect(messageOf(password)).toBe(ADMIN_PASSWORD_MESSAGES.short));
    expect(router.state.location.pathname).toBe(`/invitation/${token}`);

    await user.clear(password);
    await user.type(password, 'Violet-harbour-2931');
    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'Violet-harbour-2931');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await statusOf('eve@example.com')).toBe('active');
  });
});

describe('the own profile', () => {
  it("states the rule above the new password; the server's refusal is said on the field, keeping what was typed", async () => {
    const reloadTo = vi.spyOn(reload, 'reloadTo').mockImplementation(() => {});
    const { user } = renderApp('/profile');
    const password = await screen.findByLabelText('New Password');
    expect(password).toHaveAccessibleDescription(ADMIN_PASSWORD_RULE);
    expect(isAbove(screen.getByText(ADMIN_PASSWORD_RULE), password)).toBe(true);

    await user.type(password, REPEATED);
    await user.type(screen.getByLabelText('Current password'), CONSOLE_ADMIN.password);
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    await waitFor(() => expect(messageOf(password)).toBe(ADMIN_PASSWORD_MESSAGES.common));
    expect(password).toHaveValue(REPEATED);
    expect(screen.getByLabelText('Current password')).toHaveValue(CONSOLE_ADMIN.password);
    expect(reloadTo).not.toHaveBeenCalled();
    expect(await ownerSignsInWith(REPEATED)).toBe(false);
    expect(await ownerSignsInWith(CONSOLE_ADMIN.password)).toBe(true);

    await user.clear(password);
    await user.type(password, 'eleven-char');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    await waitFor(() => expect(messageOf(password)).toBe(ADMIN_PASSWORD_MESSAGES.short));
    expect(await apiCalls('/api/admin/profile/update')).toHaveLength(1);
  });

  it('without the rule announced, states none and keeps the old minimum', async () => {
    withoutFeatures('admin-password-rule');
    const { user } = renderApp('/profile');
    const password = await screen.findByLabelText('New Password');
    expect(screen.queryByText(ADMIN_PASSWORD_RULE)).not.toBeInTheDocument();
    await user.type(password, '123');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    await waitFor(() => expect(messageOf(password)).toBe('Password must be at least 6 characters'));
  });
});

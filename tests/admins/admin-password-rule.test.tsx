import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_PASSWORD_MESSAGES, ADMIN_PASSWORD_RULE } from '@contract/admin-password';
import { db, MOCK_INVITATIONS } from '@mocks/db';
import * as reload from '@/features/own-profile/reload';
import { apiCalls } from '../support/request-log';
import { renderApp, withoutFeatures } from '../support/render';

/**
 * The admin password rule ('admin-password-rule'): stated above the password field of the invitation page and of the
 * own profile's new password where the server announces it, SPEC's rule and words where it does not; the server's
 * refusal (the mocks apply the rule without the server's list) is said on the field, keeping what was typed.
 */

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
    const { user } = renderApp(`/invitation/${MOCK_INVITATIONS.open}`, { signedIn: false });
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
    expect(db.admins.find((admin) => admin.email === 'eve@example.com')?.status).toBe('invited');
  });

  it('without the rule announced, states none and takes a password of SPEC-like length', async () => {
    withoutFeatures('admin-password-rule');
    const { user, router } = renderApp(`/invitation/${MOCK_INVITATIONS.open}`, { signedIn: false });
    const password = await screen.findByLabelText('Password');
    expect(screen.queryByText(ADMIN_PASSWORD_RULE)).not.toBeInTheDocument();
    await user.type(password, 'Edit@123');
    await user.type(screen.getByLabelText('Confirm password'), 'Edit@123');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const [call] = await apiCalls('/api/invitation/accept');
    expect(call?.body).toEqual({ token: MOCK_INVITATIONS.open, password: 'Edit@123' });
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
    await user.type(screen.getByLabelText('Current password'), db.admin.password);
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    await waitFor(() => expect(messageOf(password)).toBe(ADMIN_PASSWORD_MESSAGES.common));
    expect(password).toHaveValue(REPEATED);
    expect(screen.getByLabelText('Current password')).toHaveValue(db.admin.password);
    expect(reloadTo).not.toHaveBeenCalled();
    expect(db.admin.password).not.toBe(REPEATED);

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

import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { db } from '@mocks/db';
import { server } from '@mocks/node';
import * as reload from '@/features/own-profile/reload';
import { apiCalls } from '../support/request-log';
import { renderApp, TEST_TOKEN } from '../support/render';

/** Mantine's FileInput labels a button and keeps the real file input hidden beside it. */
const fileInput = () => {
  expect(screen.getByLabelText('Profile Image')).toBeInTheDocument();
  return document.querySelector('input[type="file"]') as HTMLInputElement;
};

const photo = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });

describe('own profile', () => {
  it('loads the e-mail, validates, sends multipart and reloads to the dashboard', async () => {
    const reloadTo = vi.spyOn(reload, 'reloadTo').mockImplementation(() => {});
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
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    const [call] = await apiCalls('/api/admin/profile/update');
    expect(call?.method).toBe('PATCH');
    expect(call?.headers.get('authorization')).toBe(`Bearer ${TEST_TOKEN}`);
    const body = call?.body as FormData;
    expect(body.get('email')).toBe('boss@example.com');
    expect(body.get('password')).toBe('123456');
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

  it('keeps what was typed and the chosen file when the server refuses', async () => {
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

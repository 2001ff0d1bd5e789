import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { testDb } from '../support/api-server';
import { server } from '../support/msw';
import { apiCalls } from '../support/request-log';
import { renderApp } from '../support/render';

/** The stored child safety policy: no API writes it (the server seeds it). */
const storePolicy = (html: string) =>
  testDb().run("UPDATE policies SET html = $1 WHERE key = 'childsafetypolicy'", [html]);

const notificationWith = async (title: string, message: string) => {
  const description = await screen.findByText(message, { selector: '.mantine-Notification-description' });
  const root = description.closest('.mantine-Notification-root') as HTMLElement;
  expect(within(root).getByText(title)).toBeInTheDocument();
};

describe('child safety policy', () => {
  it('shows a spinner, then the policy, fetched without a token even when signed in', async () => {
    server.use(
      // Long enough to outlast the screen's code, which loads alongside the call (the route prefetches it); then
      // the server answers with the policy it holds.
      http.get('*/api/childsafetypolicy', async () => {
        await delay(1000);
      }),
    );
    renderApp('/childsafetypolicy', { signedIn: true });
    expect(await screen.findByLabelText('Loading the policy')).toBeInTheDocument();
    expect(await screen.findByText(/zero tolerance/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Child Safety Policy', level: 1 })).toBeInTheDocument();
    const [call] = await apiCalls('/api/childsafetypolicy');
    expect(call?.headers.get('authorization')).toBeNull();
  });

  it('never runs script or event handlers from the stored HTML', async () => {
    const ran = vi.fn();
    (window as unknown as { __policyXss: () => void }).__policyXss = ran;
    await storePolicy(
      '<p>Policy text</p><script>window.__policyXss()</script><img src="x" onerror="window.__policyXss()"><a href="javascript:window.__policyXss()">bad link</a><iframe src="https://evil.example"></iframe>',
    );
    const { container } = renderApp('/childsafetypolicy', { signedIn: false });
    expect(await screen.findByText('Policy text')).toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(container.querySelector('iframe')).toBeNull();
    expect(screen.getByText('bad link')).not.toHaveAttribute('href', expect.stringContaining('javascript:'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ran).not.toHaveBeenCalled();
  });

  it("shows an Error notification with the server's message", async () => {
    server.use(
      http.get('*/api/childsafetypolicy', () =>
        HttpResponse.json({ success: false, message: 'Policy unavailable' }, { status: 404 }),
      ),
    );
    renderApp('/childsafetypolicy', { signedIn: false });
    await notificationWith('Error', 'Policy unavailable');
    expect(await screen.findByText('Could not load this data')).toBeInTheDocument();
  });

  it("falls back to 'Failed to fetch data' when the server gives no message", async () => {
    server.use(http.get('*/api/childsafetypolicy', () => HttpResponse.error()));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/childsafetypolicy', { signedIn: false });
    await notificationWith('Error', 'Failed to fetch data');
  });
});

describe('delete account', () => {
  it("validates the e-mail with SPEC's messages", async () => {
    const { user } = renderApp('/delete-account', { signedIn: false });
    expect(await screen.findByRole('heading', { name: 'Delete Your Account' })).toBeInTheDocument();
    const warning = screen.getByRole('heading', { level: 2 });
    expect(warning).toHaveTextContent(/cannot be undone/);
    expect(warning).toHaveTextContent(/all your data will be permanently deleted/);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Please input your email!')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The input is not valid E-mail!')).toBeInTheDocument();
    expect(await apiCalls()).toHaveLength(0);
  });

  it('sends the request without a token and confirms it', async () => {
    // A member with that address (no API changes a member's e-mail): the server records a deletion request for a
    // member's address alone, and answers every address alike.
    await testDb().run(
      "UPDATE users SET email = 'someone+test@example.com' WHERE id = (SELECT id FROM users WHERE role = 'user' ORDER BY rowid LIMIT 1)",
    );
    const { user } = renderApp('/delete-account', { signedIn: true });
    await user.type(await screen.findByLabelText('Email'), 'someone+test@example.com');
    await user.click(screen.getByRole('button', { name: 'Delete' }));

    await notificationWith('Success', 'Account delete successfully');
    const [call] = await apiCalls();
    expect(call?.method).toBe('DELETE');
    expect(call?.path).toBe('/api/user/delete-account/someone%2Btest%40example.com');
    expect(call?.headers.get('authorization')).toBeNull();
    const requests = await testDb().many<{ email: string }>('SELECT email FROM deletion_requests');
    expect(requests.map((request) => request.email)).toEqual(['someone+test@example.com']);
  });

  it("shows the server's message on success:false and keeps the e-mail", async () => {
    server.use(
      http.delete('*/api/user/delete-account/:email', () =>
        HttpResponse.json({ success: false, message: 'Please try again later' }),
      ),
    );
    const { user } = renderApp('/delete-account', { signedIn: false });
    await user.type(await screen.findByLabelText('Email'), 'someone@example.com');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await notificationWith('Info', 'Please try again later');
    expect(screen.queryByText('Account delete successfully')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('someone@example.com');
  });

  it('only logs a network error', async () => {
    server.use(http.delete('*/api/user/delete-account/:email', () => HttpResponse.error()));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderApp('/delete-account', { signedIn: false });
    await user.type(await screen.findByLabelText('Email'), 'someone@example.com');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(document.querySelector('.mantine-Notification-root')).toBeNull();
  });
});

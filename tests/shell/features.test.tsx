import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { FEATURES } from '@contract/features';
import { session } from '@/lib/core/session';
import { CONSOLE_ADMIN } from '../support/api-fixture';
import { answerFromServer } from '../support/api-server';
import { server } from '../support/msw';
import { apiCalls } from '../support/request-log';
import { renderApp, specOnlyApi } from '../support/render';

/**
 * The extensions the API announces at sign-in (DECISIONS, "Extensions of the reference API, announced"): kept with
 * the session, cleared with it, and the only thing that turns an extension on.
 */

async function signInAndOpenSendMail() {
  const view = renderApp('/sign-in', { signedIn: false });
  const { user, router } = view;
  await user.type(await screen.findByLabelText('Email'), CONSOLE_ADMIN.email);
  await user.type(screen.getByLabelText('Password'), CONSOLE_ADMIN.password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  const menu = await screen.findByRole('navigation', { name: 'Main menu' });
  await user.click(within(menu).getByRole('link', { name: 'Send Mail' }));
  const table = await screen.findByRole('table', { name: 'Send Mail' });
  await within(table).findAllByRole('button', { name: /^User List: / });
  return {
    ...view,
    headers: () =>
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
  };
}

const SPEC_HEADERS = ['Subject', 'Body', 'Users', 'Created At', 'Action'];

/**
 * The server's sign-in answer, with `features` as given instead of its own (left out when undefined); `issued()` is
 * the token the server issued.
 */
function signInAnswering(features: unknown) {
  let token: unknown;
  server.use(
    http.post('*/api/login', async ({ request }) => {
      const answer = await answerFromServer(request);
      const body = (await answer.json()) as { result: Record<string, unknown> };
      token = body.result.token;
      body.result.features = features;
      return HttpResponse.json(body, { status: answer.status });
    }),
  );
  return { issued: () => token };
}

describe('the extensions an API announces', () => {
  it('keeps the names the sign-in answer gives with the session, and uses them', async () => {
    const { headers } = await signInAndOpenSendMail();
    // Every extension the reference server offers, in the contract's order, as its sign-in answer names them.
    expect(JSON.parse(localStorage.getItem('features') ?? 'null')).toEqual([...FEATURES]);
    expect(FEATURES).toEqual(
      expect.arrayContaining(['mail-recipients', 'roles', 'review-queue', 'notice-templates']),
    );
    expect(headers()).toEqual(['Subject', 'Body', 'Users', 'Delivery', 'Created At', 'Action']);
  });

  it('uses none against a SPEC-only API: no extra column, and nothing stored but an empty list', async () => {
    specOnlyApi();
    const { headers } = await signInAndOpenSendMail();
    const [signIn] = await apiCalls('/api/login');
    expect(signIn?.method).toBe('POST');
    expect(JSON.parse(localStorage.getItem('features') ?? 'null')).toEqual([]);
    expect(headers()).toEqual(SPEC_HEADERS);
  });

  it('ignores names it does not know, and uses those it knows', async () => {
    signInAnswering(['streaming-export', 'mail-recipients']);
    const { headers, user } = await signInAndOpenSendMail();
    expect(headers()).toContain('Delivery');
    await user.click(screen.getByRole('link', { name: 'Send' }));
    await screen.findByLabelText('Subject');
    // 'mail-test' was not named: no test send.
    expect(screen.queryByRole('button', { name: 'Send me a test first' })).toBeNull();
  });

  it('reads a malformed list, in the answer or in storage, as none', async () => {
    const { issued } = signInAnswering('all of them');
    const { headers, unmount } = await signInAndOpenSendMail();
    expect(issued()).toEqual(expect.any(String));
    expect(localStorage.getItem('accessToken')).toBe(issued());
    expect(headers()).toEqual(SPEC_HEADERS);
    unmount();

    localStorage.setItem('features', '{"mail-recipients"');
    session.reload();
    renderApp('/send-mail', { signedIn: false });
    const table = await screen.findByRole('table', { name: 'Send Mail' });
    await within(table).findAllByRole('button', { name: /^User List: / });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(SPEC_HEADERS);
  });

  it('forgets them with the rest of the session on logout', async () => {
    const { user, router } = await signInAndOpenSendMail();
    expect(localStorage.getItem('features')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to logout?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('features')).toBeNull();
  });
});

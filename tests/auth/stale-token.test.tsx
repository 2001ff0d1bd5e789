import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { api } from '@/lib/data/api-client';
import { ApiError } from '@/lib/core/api-error';
import { session } from '@/lib/core/session';
import { faqQueries } from '@/features/faq/api';
import { CONSOLE_ADMIN } from '../support/api-fixture';
import { callApi, signedInNow } from '../support/api-server';
import { server } from '../support/msw';
import { apiCalls } from '../support/request-log';
import { renderApp, signIn } from '../support/render';

/** The token the console is signed in with (renderApp and signIn store it). */
const signedInToken = () => signedInNow().token;

/** A token of another session of the same admin, as a sign-in in another tab would get: the server takes it. */
async function freshToken() {
  const answer = await callApi<{ result: { token: string } }>('POST', '/api/login', {
    json: { ...CONSOLE_ADMIN, isRole: 'admin' },
    token: null,
  });
  return answer.body.result.token;
}

const expired = () => HttpResponse.json({ success: false, message: 'jwt expired' }, { status: 401 });

describe('a refused token that is no longer the stored one', () => {
  it('signs nobody out, and the call is made again with the stored token', async () => {
    const freshOne = await freshToken();
    const signedInOne = signedInToken();
    server.use(
      http.get('*/api/faq/listAll', ({ request }) => {
        if (request.headers.get('authorization') !== `Bearer ${signedInOne}`) return undefined;
        // A password change (or a sign-in in another tab) stores a new token while this call is on its way.
        session.update({ accessToken: freshOne });
        return expired();
      }),
    );
    const { router } = renderApp('/faq');

    expect(await screen.findByText('How do I reset my password?')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/faq');
    expect(localStorage.getItem('accessToken')).toBe(freshOne);
    const calls = await apiCalls('/api/faq/listAll');
    expect(calls.map((call) => call.headers.get('authorization'))).toEqual([
      `Bearer ${signedInOne}`,
      `Bearer ${freshOne}`,
    ]);
  });

  it('still ends the session when the stored token itself is refused', async () => {
    server.use(http.get('*/api/faq/listAll', expired));
    const { router } = renderApp('/faq');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('ends the session when the stored token is refused too after the retry', async () => {
    const freshOne = await freshToken();
    const signedInOne = signedInToken();
    server.use(
      http.get('*/api/faq/listAll', ({ request }) => {
        if (request.headers.get('authorization') === `Bearer ${signedInOne}`)
          session.update({ accessToken: freshOne });
        return expired();
      }),
    );
    const { router } = renderApp('/faq');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(await apiCalls('/api/faq/listAll')).toHaveLength(2);
  });
});

describe('a call sent while nobody was signed in', () => {
  const faqs = z.object({ result: z.array(z.object({ question: z.string() })) });

  it('is made again with the new token when the refusal arrives after the next sign-in', async () => {
    // A screen still mounted as its session ended asks again without a token; the admin signs in before the answer.
    server.use(
      http.get('*/api/faq/listAll', ({ request }) => {
        if (request.headers.get('authorization')) return undefined;
        signIn();
        return HttpResponse.json({ success: false, message: 'Unauthorized' }, { status: 401 });
      }),
    );

    const answer = await api.get('faq/listAll', faqs);

    expect(answer.result.map((faq) => faq.question)).toContain('How do I reset my password?');
    expect(localStorage.getItem('accessToken')).toBe(signedInToken());
    const calls = await apiCalls('/api/faq/listAll');
    expect(calls.map((call) => call.headers.get('authorization'))).toEqual([
      null,
      `Bearer ${signedInToken()}`,
    ]);
  });

  it('is refused as an expired session, once, while still nobody is signed in', async () => {
    const refusal = await api.get('faq/listAll', faqs).catch((error: unknown) => error);

    expect(refusal).toBeInstanceOf(ApiError);
    expect((refusal as ApiError).message).toBe('Your session has expired. Please sign in again.');
    expect(await apiCalls('/api/faq/listAll')).toHaveLength(1);
  });
});

describe('a read refused while nobody was signed in', () => {
  it('is asked again at the next sign-in, not shown as an expired session', async () => {
    const signedInOne = signedInToken();
    server.use(
      http.get('*/api/faq/listAll', ({ request }) =>
        request.headers.get('authorization') === `Bearer ${signedInOne}` ? expired() : undefined,
      ),
    );
    const { router, queryClient, user } = renderApp('/faq');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // The FAQ screen, still mounted as its session ended, asked again without a token and was refused.
    await queryClient.prefetchQuery(faqQueries.list());
    expect(queryClient.getQueryState(faqQueries.list().queryKey)?.status).toBe('error');

    await user.type(await screen.findByLabelText('Email'), CONSOLE_ADMIN.email);
    await user.type(screen.getByLabelText('Password'), CONSOLE_ADMIN.password);
    await user.click(screen.getByRole('button', { name: 'Login' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/faq'));
    expect(await screen.findByText('How do I reset my password?')).toBeInTheDocument();
    expect(screen.queryByText('Your session has expired. Please sign in again.')).not.toBeInTheDocument();
  });
});

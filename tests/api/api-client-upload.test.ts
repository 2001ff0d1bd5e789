import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { api } from '@/lib/data/api-client';
import { ApiError } from '@/lib/core/api-error';
import { session } from '@/lib/core/session';
import { signedInNow } from '../support/api-server';
import { server } from '../support/msw';
import { apiCalls } from '../support/request-log';
import { signIn } from '../support/render';

/**
 * The API client's watched upload (XMLHttpRequest): the same call, answer and failures as any other. The route is
 * the test's own (answered by its MSW handler, not the reference server): what is tested is the client.
 */
const answer = z.object({ message: z.string() });
const upload = () => {
  const body = new FormData();
  body.append('name', 'Sunset');
  body.append('image1', new File([new Uint8Array(2048)], 'sunset.png', { type: 'image/png' }));
  return body;
};
const reply = (resolver: Parameters<typeof http.post>[1]) =>
  server.use(http.post('*/api/test/upload', resolver));

describe('an upload with progress', () => {
  it('sends the multipart body with the token and query, reports progress up to 100 % and parses the answer', async () => {
    signIn();
    reply(() => HttpResponse.json({ success: true, message: 'Saved' }));
    const progress = vi.fn();
    const result = await api.post('test/upload', answer, {
      body: upload(),
      searchParams: { draft: true, skipped: undefined },
      onUploadProgress: progress,
    });

    expect(result).toEqual({ message: 'Saved' });
    expect(progress).toHaveBeenCalled();
    expect(progress.mock.calls.at(-1)?.[0]).toMatchObject({ percent: 1 });
    const [call] = await apiCalls('/api/test/upload');
    expect(call?.method).toBe('POST');
    expect(call?.query).toEqual({ draft: 'true' });
    expect(call?.headers.get('authorization')).toBe(`Bearer ${signedInNow().token}`);
    const body = call?.body as FormData;
    expect(body.get('name')).toBe('Sunset');
    // jsdom's File loses its name on the way into Node's Request (as with fetch); its bytes arrive.
    expect((body.get('image1') as Blob).size).toBe(2048);
  });

  it("turns a refusal into the server's message, like any other call", async () => {
    signIn();
    reply(() =>
      HttpResponse.json({ success: false, message: 'Video must be at most 50 MB' }, { status: 413 }),
    );
    const failure = await api
      .post('test/upload', answer, { body: upload(), onUploadProgress: () => {} })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      kind: 'http',
      status: 413,
      serverMessage: 'Video must be at most 50 MB',
    });
  });

  it('treats a 200 with success: false as a refusal, and an unreadable answer as invalid', async () => {
    signIn();
    reply(() => HttpResponse.json({ success: false, message: 'Name is required' }));
    await expect(
      api.post('test/upload', answer, { body: upload(), onUploadProgress: () => {} }),
    ).rejects.toMatchObject({ kind: 'http', status: 200, serverMessage: 'Name is required' });

    vi.spyOn(console, 'error').mockImplementation(() => {});
    reply(() => HttpResponse.json({ success: true, message: 42 }));
    await expect(
      api.post('test/upload', answer, { body: upload(), onUploadProgress: () => {} }),
    ).rejects.toMatchObject({ kind: 'invalid-response' });
  });

  it('ends the session when the token is refused', async () => {
    signIn();
    reply(() => HttpResponse.json({ success: false, message: 'jwt expired' }, { status: 401 }));
    await expect(
      api.post('test/upload', answer, { body: upload(), onUploadProgress: () => {} }),
    ).rejects.toMatchObject({ kind: 'session-expired' });
    expect(session.get()).toBeNull();
  });

  it('sends again with the stored token when a late answer refuses an older one', async () => {
    signIn();
    let first = true;
    reply(({ request }) => {
      const wasFirst = first;
      first = false;
      if (wasFirst) {
        session.update({ accessToken: 'newer-token' });
        return HttpResponse.json({ success: false, message: 'jwt expired' }, { status: 401 });
      }
      return HttpResponse.json({ success: true, message: request.headers.get('authorization') ?? '' });
    });
    const result = await api.post('test/upload', answer, { body: upload(), onUploadProgress: () => {} });
    expect(result.message).toBe('Bearer newer-token');
    expect(session.token()).toBe('newer-token');
  });

  it('gives up as a timeout after 30 s without any sign of progress', async () => {
    signIn();
    reply(async () => {
      await delay('infinite');
      return HttpResponse.json({ success: true, message: 'never' });
    });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const pending = api.post('test/upload', answer, { body: upload(), onUploadProgress: () => {} });
      let settled = false;
      const outcome = pending.catch((error: unknown) => error).finally(() => (settled = true));
      await vi.advanceTimersByTimeAsync(29_000);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(2_000);
      expect(await outcome).toMatchObject({ kind: 'timeout' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('reports a network failure as such, and an abort as an AbortError', async () => {
    signIn();
    reply(() => HttpResponse.error());
    await expect(
      api.post('test/upload', answer, { body: upload(), onUploadProgress: () => {} }),
    ).rejects.toMatchObject({ kind: 'network' });

    reply(async () => {
      await delay('infinite');
      return HttpResponse.json({ success: true, message: 'late' });
    });
    const controller = new AbortController();
    const pending = api.post('test/upload', answer, {
      body: upload(),
      signal: controller.signal,
      onUploadProgress: () => {},
    });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

import { MutationObserver, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import * as notifications from '@/lib/notify';
import { ApiError } from '@/lib/core/api-error';
import { createQueryClient } from '@/lib/query-client';
import { ACTIVITY_KEY } from '@/lib/core/query-roots';
import { userQueries } from '@/features/users/api';
import { apiCalls } from '../support/request-log';
import { signIn } from '../support/render';

/** The shared layer's meta: invalidation named by the writer, failures described by the call site. */
describe('the query client', () => {
  it("invalidates what a mutation's meta names (other resources by key, or keys), and waits for it", async () => {
    const client = createQueryClient();
    const dashboard = vi.fn().mockResolvedValue(1);
    const other = vi.fn().mockResolvedValue(2);
    const observers = [
      new QueryObserver(client, { queryKey: ['dashboard', 'single'], queryFn: dashboard }),
      new QueryObserver(client, { queryKey: ['faq', 'list', 'all', {}], queryFn: other }),
      new QueryObserver(client, { queryKey: ['faq', 'detail', 'x'], queryFn: other }),
    ];
    const unsubscribe = observers.map((observer) => observer.subscribe(() => {}));
    await vi.waitFor(() => expect(other).toHaveBeenCalledTimes(2));

    const write = new MutationObserver(client, {
      mutationFn: async () => 'ok',
      meta: { invalidates: ['dashboard', ['faq', 'list']] },
    });
    await write.mutate();
    expect(dashboard).toHaveBeenCalledTimes(2);
    expect(other).toHaveBeenCalledTimes(3);
    expect(client.getQueryState(['faq', 'detail', 'x'])?.isInvalidated).toBe(false);
    unsubscribe.forEach((stop) => stop());
  });

  it('refreshes the activity log after every write, which the server logs, but not after one that is no admin write', async () => {
    const client = createQueryClient();
    const log = vi.fn().mockResolvedValue([]);
    const stop = new QueryObserver(client, {
      queryKey: [ACTIVITY_KEY, 'list', 'page', {}],
      queryFn: log,
    }).subscribe(() => {});
    await vi.waitFor(() => expect(log).toHaveBeenCalledTimes(1));

    await new MutationObserver(client, {
      mutationFn: async () => 'ok',
      meta: { invalidates: ['faq'] },
    }).mutate();
    expect(log).toHaveBeenCalledTimes(2);
    await new MutationObserver(client, { mutationFn: async () => 'ok' }).mutate();
    expect(log).toHaveBeenCalledTimes(3);
    await new MutationObserver(client, { mutationFn: async () => 'ok', meta: { logged: false } }).mutate();
    expect(log).toHaveBeenCalledTimes(3);
    stop();
  });

  it.each([
    [{}, new ApiError({ kind: 'http', path: 'x', status: 400, serverMessage: 'No' }), 'info', 'No'],
    [
      { errorTitle: 'Error' as const },
      new ApiError({ kind: 'http', path: 'x', status: 400, serverMessage: 'No' }),
      'error',
      'No',
    ],
    [{ errorFallback: 'Failed' }, new ApiError({ kind: 'network', path: 'x' }), 'info', 'Failed'],
    [
      { errorFallback: 'Failed', refusedFallback: 'Refused' },
      new ApiError({ kind: 'http', path: 'x', status: 200 }),
      'info',
      'Refused',
    ],
    [{}, new ApiError({ kind: 'http', path: 'x', status: 500 }), 'info', 'The request failed (HTTP 500).'],
    [{ quietWithoutMessage: true }, new ApiError({ kind: 'network', path: 'x' }), null, null],
    [
      { errorFallback: 'Failed' },
      new ApiError({ kind: 'session-expired', path: 'x', status: 401 }),
      null,
      null,
    ],
    [
      { notifyError: false, errorFallback: 'Failed' },
      new ApiError({ kind: 'http', path: 'x', status: 400 }),
      null,
      null,
    ],
  ])('reports a failure with meta %o', async (meta, error, kind, message) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const shown = vi.spyOn(notifications.notify, 'failure').mockImplementation(() => {});
    const client = createQueryClient();
    const write = new MutationObserver(client, { mutationFn: () => Promise.reject(error), meta });
    await write.mutate().catch(() => {});
    // Titled as SPEC 8 says (Info, or Error where the call site says so), shown as a failure either way.
    expect(shown.mock.calls).toEqual(kind ? [[message, kind === 'info' ? 'Info' : 'Error']] : []);
  });
});

describe('the query factory', () => {
  it('reads an infinite list page after page while full pages come back', async () => {
    signIn();
    const client = createQueryClient();
    // The demo data's 300 members, 40 a page: seven full pages, then one of 20 that ends the list.
    const data = await client.fetchInfiniteQuery({
      ...userQueries.infinite({ size: 40, search: '', status: '', plan: '' }),
      pages: 10,
    });
    expect(data.pages.map((page) => page.rows.length)).toEqual([40, 40, 40, 40, 40, 40, 40, 20]);
    expect((await apiCalls('/api/admin/list')).map((call) => call.query)).toEqual(
      [1, 2, 3, 4, 5, 6, 7, 8].map((page) => ({ page: String(page), items: '40' })),
    );
  });
});

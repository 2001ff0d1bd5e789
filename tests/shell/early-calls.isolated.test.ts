import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PUBLIC_ROUTES, SIGNED_IN_ROUTES } from '@/app/feature-routes';
import { prefetchRoute } from '@/app/route-code';
import { readListParams } from '@/lib/list-state';
import { callPath, type FirstCall } from '@/lib/resource-calls';
import { api, signedInNow } from '../support/api-server';
import { signIn, specOnlyApi } from '../support/render';
import { apiCalls } from '../support/request-log';

/**
 * A route's first call (LazyRoute's `call`), which src/boot.ts sends before the main bundle arrives: it must be the
 * very call the route's prefetch then makes, or the page asks twice; and the API client takes boot's answer once,
 * for that call and that token only.
 */

const CALLS = import.meta.glob<{ firstCalls: Record<string, FirstCall> }>('/src/features/*/calls.ts', {
  eager: true,
});
const WITH_CALL = [...PUBLIC_ROUTES, ...SIGNED_IN_ROUTES].filter((route) => route.call);
const QUERIES = ['', 'page=2&size=20', 'q=ann lee&status=false&plan=gold&page=3', 'size=5000&page=-1'];
const quietClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

type Member = { _id: string };
/** The users list's page as the server answers it (the demo data's members, 10 a page). */
const membersOnPage = (page: number) => api.get<Member[]>(`/api/admin/list?page=${page}&items=10`);
/** A member of the demo data, whose id fills a route's parameters. */
let member: Member;
beforeAll(async () => {
  member = (await membersOnPage(1))[0]!;
});

/** What the API received, as the client's call path: 'admin/list?page=1&items=10'. */
const asCallPath = ({ path, query }: { path: string; query: Record<string, string> }) => {
  const search = new URLSearchParams(query).toString();
  return `${path.replace(/^\/api\//, '')}${search ? `?${search}` : ''}`;
};

/** The calls boot left for the client, by path. */
const earlyCallPaths = () => [...(window.earlyCalls?.keys() ?? [])];

afterEach(() => {
  window.earlyCalls = undefined;
  document.getElementById('route-files')?.remove();
  window.history.replaceState(null, '', '/');
});

describe("a route's first call is the call its prefetch makes", () => {
  it('the screens of their own declare one (catalogues and the read-only lists do not)', () => {
    expect(WITH_CALL.map((route) => route.path)).toEqual(
      expect.arrayContaining(['/', '/dashboard', '/users', '/users/:userId', '/faq', '/post', '/profile']),
    );
  });

  it.each(WITH_CALL.flatMap((route) => QUERIES.map((query) => [route.path, query, route] as const)))(
    '%s?%s',
    async (path, query, route) => {
      signIn();
      const params = Object.fromEntries([...path.matchAll(/:(\w+)/g)].map(([, name]) => [name, member._id]));
      await prefetchRoute(route.data!, quietClient(), params, new URLSearchParams(query));
      const sent = await apiCalls();
      expect(sent).toHaveLength(1);
      const firstCall = CALLS[route.call!.module]!.firstCalls[route.call!.name]!;
      expect(callPath(firstCall(params, new URLSearchParams(query)))).toBe(asCallPath(sent[0]!));
    },
  );
});

describe("boot's first call and the API client", () => {
  /** The route table as the build writes it into index.html, for /users only. */
  function builtTable() {
    const table = { files: [], routes: [['/users', 1, [], ['/src/features/users/calls.ts', 'list']]] };
    const script = Object.assign(document.createElement('script'), {
      type: 'application/json',
      id: 'route-files',
      textContent: JSON.stringify(table),
    });
    document.head.append(script);
  }

  async function usersPage(query: string, queryClient: QueryClient) {
    const { usersListQuery, USER_FILTERS } = await import('@/features/users/api');
    return queryClient.fetchQuery(usersListQuery(readListParams(new URLSearchParams(query), USER_FILTERS)));
  }

  it('boot sends a cold /users its call with the token; the list query takes that answer instead of asking again', async () => {
    signIn();
    builtTable();
    window.history.replaceState(null, '', '/users?page=2');
    vi.resetModules();
    await import('@/boot');

    const [sent, ...more] = await apiCalls('/api/admin/list');
    expect(more).toHaveLength(0);
    expect(sent!.query).toEqual({ page: '2', items: '10' });
    expect(sent!.headers.get('authorization')).toBe(`Bearer ${signedInNow().token}`);

    const queryClient = quietClient();
    const page = await usersPage('page=2', queryClient);
    expect(page.rows.map((user) => user._id)).toEqual((await membersOnPage(2)).map((user) => user._id));
    expect(await apiCalls('/api/admin/list')).toHaveLength(1);

    // Taken once: asking again goes to the server.
    await queryClient.refetchQueries();
    expect(await apiCalls('/api/admin/list')).toHaveLength(2);
  });

  it('boot sends nothing signed out; for a route without a first call, only the role read', async () => {
    builtTable();
    window.history.replaceState(null, '', '/users');
    vi.resetModules();
    await import('@/boot');
    expect(await apiCalls()).toHaveLength(0);
    expect(window.earlyCalls).toBeUndefined();

    signIn();
    window.history.replaceState(null, '', '/faq');
    vi.resetModules();
    await import('@/boot');
    expect((await apiCalls()).map((call) => call.path)).toEqual(['/api/user/read']);
    expect(earlyCallPaths()).toEqual(['user/read']);
  });

  it("boot reads a stored session's role ('roles') with the page's first call; the role read takes that answer", async () => {
    signIn();
    builtTable();
    window.history.replaceState(null, '', '/users');
    vi.resetModules();
    await import('@/boot');
    expect((await apiCalls()).map((call) => call.path).sort()).toEqual(['/api/admin/list', '/api/user/read']);

    // The stored role is stale: the server's answer, which boot fetched, replaces it without a second read.
    localStorage.setItem('role', 'viewer');
    const { session } = await import('@/lib/core/session');
    const { refreshRole } = await import('@/lib/data/api-client');
    await refreshRole();
    expect(session.get()?.role).toBe(signedInNow().admin.role);
    expect(await apiCalls('/api/user/read')).toHaveLength(1);

    // Without 'roles' (SPEC's API), no role is read.
    specOnlyApi();
    signIn();
    vi.resetModules();
    window.earlyCalls = undefined;
    await import('@/boot');
    expect(earlyCallPaths()).toEqual(['admin/list?page=1&items=10']);
  });

  it("boot sends an extension's first call only when the stored session's API announced it", async () => {
    const table = {
      files: [],
      routes: [['/activity', 1, [], ['/src/features/activity/calls.ts', 'activity'], 'activity-log']],
    };
    document.head.append(
      Object.assign(document.createElement('script'), {
        type: 'application/json',
        id: 'route-files',
        textContent: JSON.stringify(table),
      }),
    );
    window.history.replaceState(null, '', '/activity?action=deactivate');
    specOnlyApi();
    signIn();
    vi.resetModules();
    await import('@/boot');
    expect(window.earlyCalls).toBeUndefined();

    signIn();
    localStorage.setItem('features', JSON.stringify(['activity-log']));
    vi.resetModules();
    await import('@/boot');
    expect([...(window.earlyCalls?.keys() ?? [])]).toEqual([
      'activity/list?page=1&limit=10&action=deactivate',
    ]);
  });

  it('an answer left for another token, or for another call, is not taken', async () => {
    signIn();
    const stale = { token: 'an-older-token', answer: Promise.resolve(Response.json({ result: [] })) };
    window.earlyCalls = new Map([
      ['admin/list?page=1&items=10', stale],
      ['admin/list?page=9&items=10', { ...stale, token: signedInNow().token }],
    ]);
    const page = await usersPage('', quietClient());
    expect(page.rows).toHaveLength(10);
    expect(await apiCalls('/api/admin/list')).toHaveLength(1);
  });
});

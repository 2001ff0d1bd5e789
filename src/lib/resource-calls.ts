import type { Params } from 'react-router-dom';

// The API calls a resource reads with, as data: what its queryOptions ask (resource.ts) and what src/boot.ts sends
// for the first page before the main bundle has arrived. Plain functions and types only: a feature's calls module
// (features/<name>/calls.ts) imports this and is loaded by boot on its own, so nothing here may pull in other code.

/** A call's query string, before cleaning: undefined, null and '' are left out. */
export type SearchParams = Record<string, string | number | boolean | undefined | null>;

/** One read of the API: a path under /api and its query. */
export type ApiCall = { path: string; searchParams?: SearchParams };

/**
 * What a paginated list asks for: the page and its size, and its order when it has one (an announced extension:
 * list-state.ts). Lists with search or filters extend it.
 */
export type PageRequest = { page: number; size: number; sort?: { field: string; order: 'asc' | 'desc' } };

/** A page request's order as the reference server takes it: sort=<field>&order=asc|desc, nothing without one. */
export const sortParams = ({ sort }: PageRequest): SearchParams =>
  sort ? { sort: sort.field, order: sort.order } : {};

/** A resource's read endpoints (SPEC 7): the paths its queries call. */
export type ReadEndpoints<Request extends PageRequest = PageRequest> = {
  /** Every record at once (listAll); a fixed query string may follow the path. */
  list?: string;
  /** One page of records; a function when the path names what the records belong to (a mail's recipients). */
  page?: string | ((request: Request) => string);
  /** One record without an id (e.g. the dashboard's counts). */
  single?: string;
  detail?: (id: string) => string;
};

/** The query string as it is sent: values as text, empty ones left out. */
export function cleanParams(params: SearchParams | undefined): Record<string, string> | undefined {
  if (!params) return undefined;
  const entries = Object.entries(params).filter(
    ([, value]) => value !== undefined && value !== null && value !== '',
  );
  return Object.fromEntries(entries.map(([key, value]) => [key, String(value)]));
}

/** 'admin/list' with { page: 1, items: 10 } → 'admin/list?page=1&items=10': a call as the API client sends it. */
export function callPath({ path, searchParams }: ApiCall): string {
  const query = new URLSearchParams(cleanParams(searchParams)).toString();
  const bare = path.replace(/^\/+/, '');
  return query ? `${bare}?${query}` : bare;
}

/** 'hobbies/listAll?enabled=true' → the path, and its fixed query as search params. */
function splitPath(path: string): ApiCall & { searchParams: SearchParams } {
  const [bare = path, query = ''] = path.split('?');
  return { path: bare, searchParams: Object.fromEntries(new URLSearchParams(query)) };
}

/** An endpoint the resource must declare for this call (a missing one is a programming error). */
export function need<Endpoint>(endpoint: Endpoint | undefined, key: string, name: string): Endpoint {
  if (!endpoint) throw new Error(`${key} declares no ${name} endpoint`);
  return endpoint;
}

/** The default query of a page call: page + limit (SPEC 7.7-7.12), and the sort when there is one. */
const pageAndLimit = (request: PageRequest): SearchParams => ({
  page: request.page,
  limit: request.size,
  ...sortParams(request),
});

/** A resource's read calls, from its endpoints: the one place a query's path and query string are made. */
export function readCalls<Request extends PageRequest = PageRequest>(
  key: string,
  endpoints: ReadEndpoints<Request>,
  pageParams: (request: Request) => SearchParams = pageAndLimit,
) {
  return {
    list: (params: SearchParams = {}): ApiCall => {
      const { path, searchParams } = splitPath(need(endpoints.list, key, 'list'));
      return { path, searchParams: { ...searchParams, ...params } };
    },
    page: (request: Request): ApiCall => {
      const path = need(endpoints.page, key, 'page');
      return { path: typeof path === 'string' ? path : path(request), searchParams: pageParams(request) };
    },
    detail: (id: string): ApiCall => ({ path: need(endpoints.detail, key, 'detail')(id) }),
    single: (): ApiCall => ({ path: need(endpoints.single, key, 'single') }),
  };
}

/**
 * The call a route's screen makes first, for the route's params and query string: a feature's calls module exports
 * these as `firstCalls`, built from the same readCalls as its queries, and the route table names one (LazyRoute's
 * `call`). src/boot.ts sends it while the code downloads; the API client hands its answer to the query that asks the
 * same thing (api-client.ts, takeEarlyAnswer).
 */
export type FirstCall = (params: Readonly<Params>, searchParams: URLSearchParams) => ApiCall;

/** What src/boot.ts leaves for the API client: per call path, the token it was sent with and its answer. */
export type EarlyCalls = Map<string, { token: string; answer: Promise<Response> }>;

declare global {
  interface Window {
    /** Calls src/boot.ts sent for the first page, until the API client takes them (once each). */
    earlyCalls?: EarlyCalls;
  }
}

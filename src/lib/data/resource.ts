import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
  type MutationMeta,
  type QueryMeta,
} from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api, type RequestOptions } from './api-client';
import {
  need,
  readCalls,
  type ApiCall,
  type PageRequest,
  type ReadEndpoints,
  type SearchParams,
} from '../resource-calls';
import { text } from './schemas';
import { asStaleWrite, ifMatch } from '../core/versioned-update';

/** A list answer, paginated or not, as screens use it. */
export type Rows<T> = { rows: T[]; total: number };

/** { result: T[], pagination?: { count } } → { rows, total }. Lists without pagination count their rows. */
export const rowsResponse = <T>(item: z.ZodMiniType<T>) =>
  z.pipe(
    z.object({
      result: z.nullish(z.array(item)),
      pagination: z.nullish(z.object({ count: z.coerce.number().check(z.int(), z.nonnegative()) })),
    }),
    z.transform(({ result, pagination }): Rows<T> => {
      const rows = result ?? [];
      return { rows, total: pagination?.count ?? rows.length };
    }),
  );

export type { PageRequest };

type Body = Pick<RequestOptions, 'json' | 'body' | 'onUploadProgress'>;

/** Answers to writes: the message, and the saved record when the server sends it back. */
const writeAnswer = z.object({ message: text, result: z.optional(z.unknown()) });

export type ResourceDefinition<Item, Input, Request extends PageRequest, Detail> = {
  /** Root of every query key of this resource; other resources name it in `meta.invalidates`. */
  key: string;
  /**
   * Another reading of the records under `key` (the mail picker's members, by name alone; a catalogue's screen, and
   * the choices other forms offer from its records): its lists are kept apart under this name, inside the records'
   * own lists, so every write to the records refreshes them too, and a write through it refreshes every reading.
   */
  view?: string;
  /** The record's schema; Item is what it parses to. */
  item: z.ZodMiniType<Item>;
  /** Its endpoints: the reads (resource-calls.ts) and the writes. */
  endpoints: ReadEndpoints<Request> & {
    create?: string;
    update?: (id: string) => string;
    remove?: (id: string) => string;
  };
  /** How a page request becomes the page call's query string; by default page + limit (SPEC 7.7-7.12). */
  pageParams?: (request: Request) => SearchParams;
  /** The detail answer when it is more than `{ result: item }` (e.g. a user and their plan). */
  detailAnswer?: z.ZodMiniType<Detail>;
  /** How a form's values travel: JSON by default, multipart for resources with uploads (optionally watched). */
  toRequest?: (input: Input, write: 'create' | 'update') => Body;
  /** 'none' for the public pages' calls: no token, even when an admin is signed in. */
  auth?: RequestOptions['auth'];
  /** Other resources (by key) a write to this one changes, e.g. 'dashboard' counts. */
  invalidates?: readonly string[];
  /** Per call: what a failure shows (SPEC 8's per-screen fallbacks and titles). */
  meta?: {
    list?: QueryMeta;
    detail?: QueryMeta;
    create?: MutationMeta;
    update?: MutationMeta;
    remove?: MutationMeta;
  };
};

/**
 * Declares an API resource once: its key factory, its queryOptions (full list, paged list, infinite list, detail,
 * single record) and its mutation hooks. Keys go generic to specific: all, lists, list/page/infinite, details, detail.
 * Writes name what they change in `meta.invalidates`; the query client invalidates it (see query-client.ts), and
 * `isPending` lasts until fresh lists arrive. An update puts the saved record in the cache instead of refetching it.
 */
export function defineResource<Item, Input = never, Request extends PageRequest = PageRequest, Detail = Item>(
  definition: ResourceDefinition<Item, Input, Request, Detail>,
) {
  const { key, item, endpoints } = definition;
  const toRequest = definition.toRequest ?? ((input: Input): Body => ({ json: input }));
  const calls = readCalls<Request>(key, endpoints, definition.pageParams);
  const rows = rowsResponse(item);
  const detailAnswer =
    definition.detailAnswer ??
    (z.pipe(
      z.object({ result: item }),
      z.transform((answer) => answer.result),
    ) as unknown as z.ZodMiniType<Detail>);

  const lists = definition.view ? ([key, 'list', definition.view] as const) : ([key, 'list'] as const);
  const keys = {
    all: [key] as const,
    lists: () => lists,
    list: (params: SearchParams = {}) => [...lists, 'all', params] as const,
    page: (request: Request) => [...lists, 'page', request] as const,
    infinite: (request: Omit<Request, 'page'>) => [...lists, 'infinite', request] as const,
    details: () => [key, 'detail'] as const,
    detail: (id: string) => [key, 'detail', id] as const,
    single: () => [key, 'single'] as const,
  };

  /** A read call with the resource's schema for its answer. */
  const read = <Answer>(call: ApiCall, answer: z.ZodMiniType<Answer>, signal: AbortSignal) =>
    api.get(call.path, answer, { signal, searchParams: call.searchParams, auth: definition.auth });
  const fetchPage = (request: Request, signal: AbortSignal) => read(calls.page(request), rows, signal);

  const queries = {
    /** Every record (SPEC's listAll calls); `params` add to the path's own query. */
    list: (params: SearchParams = {}) =>
      queryOptions({
        queryKey: keys.list(params),
        queryFn: ({ signal }) => read(calls.list(params), rows, signal),
        meta: definition.meta?.list,
      }),
    /** One page; the previous page stays on screen while the next one loads. */
    page: (request: Request) =>
      queryOptions({
        queryKey: keys.page(request),
        queryFn: ({ signal }) => fetchPage(request, signal),
        placeholderData: keepPreviousData,
        meta: definition.meta?.list,
      }),
    /** Page after page while full pages come back (infinite scroll). */
    infinite: (request: Omit<Request, 'page'>) =>
      infiniteQueryOptions({
        queryKey: keys.infinite(request),
        queryFn: ({ signal, pageParam }) => fetchPage({ ...request, page: pageParam } as Request, signal),
        initialPageParam: 1,
        getNextPageParam: (last: Rows<Item>, pages: Rows<Item>[]) =>
          last.rows.length >= request.size ? pages.length + 1 : undefined,
        meta: definition.meta?.list,
      }),
    detail: (id: string) =>
      queryOptions({
        queryKey: keys.detail(id),
        queryFn: ({ signal }) => read(calls.detail(id), detailAnswer, signal),
        meta: definition.meta?.detail,
      }),
    single: () =>
      queryOptions({
        queryKey: keys.single(),
        queryFn: ({ signal }) => read(calls.single(), detailAnswer, signal),
        meta: definition.meta?.detail,
      }),
  };

  /** A write changes the records' lists (every view of them) and whatever else it declares. */
  const invalidates = [[key, 'list'] as const, ...(definition.invalidates ?? [])];

  function useCreate() {
    return useMutation({
      mutationFn: (input: Input) =>
        api.post(need(endpoints.create, key, 'create'), writeAnswer, toRequest(input, 'create')),
      meta: { invalidates, ...definition.meta?.create },
    });
  }

  function useUpdate() {
    const queryClient = useQueryClient();
    return useMutation({
      /** `version`: the updatedAt the form loaded (versioned-update.ts); without it the save is unconditional. */
      mutationFn: ({ id, input, version }: { id: string; input: Input; version?: string | null }) =>
        api
          .patch(need(endpoints.update, key, 'update')(id), writeAnswer, {
            ...toRequest(input, 'update'),
            headers: ifMatch(version),
          })
          .catch((error: unknown) => {
            throw asStaleWrite(error, version);
          }),
      // The form that saved is about to leave: the saved record goes into the cache rather than being refetched.
      // Without a readable record in the answer, the cached one is dropped so the next visit reads it afresh.
      onSuccess: (answer, { id }) => {
        const saved = definition.detailAnswer ? undefined : item.safeParse(answer.result);
        if (saved?.success) queryClient.setQueryData(keys.detail(id), saved.data as unknown as Detail);
        else queryClient.removeQueries({ queryKey: keys.detail(id) });
      },
      meta: { invalidates, ...definition.meta?.update },
    });
  }

  /** The delete call alone: a bulk delete makes it per record and invalidates `invalidates` once at the end. */
  const removeRecord = (id: string) => api.delete(need(endpoints.remove, key, 'remove')(id), writeAnswer);

  function useRemove() {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: removeRecord,
      onSuccess: (_answer, id) => queryClient.removeQueries({ queryKey: keys.detail(id) }),
      meta: { invalidates, ...definition.meta?.remove },
    });
  }

  return { key, keys, queries, invalidates, removeRecord, useCreate, useUpdate, useRemove };
}

/** Builds a multipart body, leaving out absent values; files are appended only when chosen. */
export function toFormData(
  fields: Record<string, string | number | boolean | Blob | null | undefined>,
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === null || value === undefined) continue;
    form.append(name, value instanceof Blob ? value : String(value));
  }
  return form;
}

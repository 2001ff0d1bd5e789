import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api, type RequestOptions } from './api-client';
import { ack } from './schemas';

export type ListParams = Record<string, string | number | undefined>;

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

/** What a paginated list asks for: the page and its size. Lists with search or filters extend it. */
export type PageRequest = { page: number; size: number };

type SearchParams = NonNullable<RequestOptions['searchParams']>;

/**
 * Declares a server-paginated list (users, contact messages, feedback, reports…): its query keys and queryOptions.
 * `searchParams` turns a request into the call's query string; by default page + limit (SPEC 7.7-7.12).
 * The previous page stays on screen while the next one loads.
 */
export function definePagedList<Item, Request extends PageRequest = PageRequest>(definition: {
  key: string;
  item: z.ZodMiniType<Item>;
  path: string;
  searchParams?: (request: Request) => SearchParams;
}) {
  const { key, item, path } = definition;
  const toSearchParams =
    definition.searchParams ??
    ((request: Request): SearchParams => ({ page: request.page, limit: request.size }));
  const schema = rowsResponse(item);
  const keys = {
    all: [key] as const,
    lists: () => [key, 'list'] as const,
    list: (request: Request) => [key, 'list', request] as const,
  };
  return {
    keys,
    list: (request: Request) =>
      queryOptions({
        queryKey: keys.list(request),
        queryFn: ({ signal }) => api.get(path, schema, { signal, searchParams: toSearchParams(request) }),
        placeholderData: keepPreviousData,
      }),
  };
}

type Endpoints = {
  list: string;
  detail: (id: string) => string;
  create: string;
  update: (id: string) => string;
  remove: (id: string) => string;
};

export type ResourceDefinition<Item, Input> = {
  /** Root of every query key of this resource. */
  key: string;
  /** The record's schema; Item is what it parses to. */
  item: z.ZodMiniType<Item>;
  endpoints: Endpoints;
  /** How a form's values travel: JSON by default, multipart for resources with uploads. */
  toRequest?: (input: Input) => Pick<RequestOptions, 'json' | 'body'>;
  /** Other cached data a write to this resource changes (e.g. dashboard counts). */
  alsoInvalidates?: QueryKey[];
};

/**
 * Declares a REST resource once: its key factory, its queryOptions and its mutation hooks.
 * Mutations own invalidation and return its promise, so `isPending` lasts until fresh lists arrive.
 */
export function defineResource<Item, Input>(definition: ResourceDefinition<Item, Input>) {
  const { key, item, endpoints } = definition;
  const toRequest = definition.toRequest ?? ((input: Input) => ({ json: input }));
  const listSchema = rowsResponse(item);
  const detailSchema = z.object({ result: item });

  const keys = {
    all: [key] as const,
    lists: () => [key, 'list'] as const,
    list: (params: ListParams) => [key, 'list', params] as const,
    details: () => [key, 'detail'] as const,
    detail: (id: string) => [key, 'detail', id] as const,
  };

  const queries = {
    list: (params: ListParams = {}) =>
      queryOptions({
        queryKey: keys.list(params),
        queryFn: ({ signal }) => api.get(endpoints.list, listSchema, { searchParams: params, signal }),
      }),
    detail: (id: string) =>
      queryOptions({
        queryKey: keys.detail(id),
        queryFn: async ({ signal }) => (await api.get(endpoints.detail(id), detailSchema, { signal })).result,
      }),
  };

  function useInvalidate() {
    const queryClient = useQueryClient();
    return (...extra: QueryKey[]) =>
      Promise.all(
        [keys.lists(), ...extra, ...(definition.alsoInvalidates ?? [])].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
  }

  function useCreate() {
    const invalidate = useInvalidate();
    return useMutation({
      mutationFn: (input: Input) => api.post(endpoints.create, ack, toRequest(input)),
      onSuccess: () => invalidate(),
    });
  }

  function useUpdate() {
    const invalidate = useInvalidate();
    return useMutation({
      mutationFn: ({ id, input }: { id: string; input: Input }) =>
        api.patch(endpoints.update(id), ack, toRequest(input)),
      onSuccess: (_answer, { id }) => invalidate(keys.detail(id)),
    });
  }

  function useRemove() {
    const invalidate = useInvalidate();
    return useMutation({
      mutationFn: (id: string) => api.delete(endpoints.remove(id), ack),
      onSuccess: () => invalidate(),
    });
  }

  return { keys, queries, useCreate, useUpdate, useRemove };
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

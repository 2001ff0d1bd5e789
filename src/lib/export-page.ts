import type { QueryClient, QueryKey, UseQueryOptions } from '@tanstack/react-query';
import type { Rows } from './data/resource';

/**
 * One page of a server-paged list's export (lib/list-export.ts's 'pages' source), read with the list's own page
 * query (its call, retries and words) but on a key of its own that is removed once the page is read: at a million
 * rows the query cache must not end up holding the whole list ("what grows with the audience must be paged, streamed
 * or counted, never held whole"). A failure is the export dialog's to show, not a notification as well; `signal`
 * aborting cancels the call. Loaded with import() on an export's first page, never in a first load.
 */
export async function fetchExportPage<Row, Key extends QueryKey>(
  queryClient: QueryClient,
  pageQuery: UseQueryOptions<Rows<Row>, Error, Rows<Row>, Key>,
  signal: AbortSignal,
): Promise<Rows<Row>> {
  const { queryKey: pageKey, queryFn: read, retry, meta } = pageQuery;
  if (typeof read !== 'function') throw new Error('The list has no page call to export');
  const queryKey = [...pageKey, 'export'];
  const cancel = () => void queryClient.cancelQueries({ queryKey, exact: true });
  signal.addEventListener('abort', cancel);
  try {
    return await queryClient.fetchQuery({
      queryKey,
      queryFn: (context) => read({ ...context, queryKey: pageKey }),
      retry,
      staleTime: 0,
      gcTime: 0,
      meta: { ...meta, notifyError: false },
    });
  } finally {
    signal.removeEventListener('abort', cancel);
    queryClient.removeQueries({ queryKey, exact: true });
  }
}

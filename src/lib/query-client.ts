import { MutationCache, QueryCache, QueryClient, type QueryClientConfig } from '@tanstack/react-query';
import { ApiError } from './api-error';
import { notify } from './notify';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { notifyError?: boolean };
    mutationMeta: { notifyError?: boolean };
  }
}

/**
 * SPEC 8: a failure is logged, and shown as an Info notification with the server's message when it gave one.
 * An ended session is not an error to report: the admin is sent to sign in.
 */
export function reportApiFailure(error: unknown, { notifyError = true }: { notifyError?: boolean } = {}) {
  console.error(error);
  if (notifyError && error instanceof ApiError && error.kind !== 'session-expired' && error.serverMessage) {
    notify.info(error.serverMessage);
  }
}

/** Reads retry at most twice in total (ky never retries); writes and refusals (4xx) never do. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  if (!(error instanceof ApiError)) return false;
  if (error.kind === 'network') return true;
  return error.kind === 'http' && (error.status ?? 0) >= 500;
}

export const FRESH_FOR_MS = 60_000;

export function createQueryClient(overrides: QueryClientConfig['defaultOptions'] = {}) {
  return new QueryClient({
    queryCache: new QueryCache({
      // A call site that opts out of the notification (meta.notifyError: false) still has its failure logged.
      onError: (error, query) => reportApiFailure(error, query.meta),
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => reportApiFailure(error, mutation.meta),
    }),
    defaultOptions: {
      queries: {
        staleTime: FRESH_FOR_MS,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
        ...overrides.queries,
      },
      mutations: { retry: false, ...overrides.mutations },
    },
  });
}

import {
  MutationCache,
  QueryCache,
  QueryClient,
  type QueryClientConfig,
  type QueryKey,
} from '@tanstack/react-query';
import { ApiError, errorText, fieldRefusals } from './core/api-error';
import { notify } from './notify';
import { ACTIVITY_KEY } from './core/query-roots';
import { StaleWriteError } from './core/versioned-update';

/**
 * What a call site says about its failures (SPEC 8), instead of building notifications by hand:
 * - notifyError: false — only log it (the screen shows the failure itself);
 * - errorTitle — 'Info' by default; 'Error' where SPEC says so (user status, the policy page);
 * - errorFallback — shown when the server gave no message (e.g. 'Failed to load data.');
 * - refusedFallback — for an answer with success: false and no message, when it differs from errorFallback;
 * - quietWithoutMessage — a write whose failure has no words (server's or fallback) is only logged, as SPEC 8 asks
 *   of the public pages' sign-in and account deletion; other writes then say what happened in the console's words.
 */
export type FailureMeta = {
  notifyError?: boolean;
  errorTitle?: 'Info' | 'Error';
  errorFallback?: string;
  refusedFallback?: string;
  quietWithoutMessage?: boolean;
};

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: FailureMeta;
    /**
     * invalidates: what a successful write changes — query keys from factories, or other resources by key.
     * logged: false for the calls that are no admin write, which the activity log does not hold (signing in, the
     * public pages' requests).
     */
    mutationMeta: FailureMeta & { invalidates?: readonly (QueryKey | string)[]; logged?: boolean };
  }
}

/**
 * SPEC 8: a failure is logged, and shown top right with the server's message (titled Info unless the call site
 * says Error), or the call site's fallback when the server gave none. A read without either shows nothing more than
 * its error state; a failed write has no other place to say so, so it shows the console's own sentence (issue 12).
 * An ended session is not an error to report: the admin is sent to sign in.
 */
export function reportApiFailure(error: unknown, meta: FailureMeta = {}, write = false) {
  console.error(error);
  const {
    notifyError = true,
    errorTitle = 'Info',
    errorFallback,
    refusedFallback,
    quietWithoutMessage,
  } = meta;
  if (!notifyError) return;
  if (error instanceof ApiError && error.kind === 'session-expired') return;
  // The form that saved asks the admin what to do (components/stale-write-dialog.tsx).
  if (error instanceof StaleWriteError) return;
  // The form that sent the field says the refusal under it.
  if (write && fieldRefusals.shownOnForm(error)) return;
  const refused = error instanceof ApiError && error.kind === 'http' && (error.status ?? 0) < 300;
  const message =
    (error instanceof ApiError ? error.serverMessage : undefined) ??
    (refused ? (refusedFallback ?? errorFallback) : errorFallback) ??
    (write && !quietWithoutMessage ? errorText(error) : undefined);
  if (!message) return;
  notify.failure(message, errorTitle);
}

/**
 * A read that failed with nothing on screen yet: its screen shows the failure where the data would be (an error
 * state), so it is reported there alone. A refetch that fails over data still shown is notified, as are the reads
 * whose failure SPEC 8 words itself (a fallback or the Error title: the mail picker, the policy page, a catalogue
 * list).
 */
const shownInline = (query: { state: { data: unknown }; meta?: FailureMeta }) =>
  query.state.data === undefined && !query.meta?.errorFallback && !query.meta?.errorTitle;

const quiet = (meta: FailureMeta = {}): FailureMeta => ({ ...meta, notifyError: false });

/** Reads retry at most twice in total (ky never retries); writes and refusals (4xx) never do. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  if (!(error instanceof ApiError)) return false;
  if (error.kind === 'network' || error.kind === 'timeout') return true;
  return error.kind === 'http' && (error.status ?? 0) >= 500;
}

export const FRESH_FOR_MS = 60_000;

/**
 * After an admin write: refetches what it changed (query keys, or resources by key) and the activity log, where the
 * server has just recorded it. Resolves once what is on screen has been refetched.
 */
export function refreshAfterWrite(
  queryClient: QueryClient,
  changed: readonly (QueryKey | string)[],
  { logged = true }: { logged?: boolean } = {},
) {
  const targets = logged ? [...changed, ACTIVITY_KEY] : changed;
  return Promise.all(
    targets.map((target) =>
      queryClient.invalidateQueries({ queryKey: typeof target === 'string' ? [target] : target }),
    ),
  );
}

export function createQueryClient(overrides: QueryClientConfig['defaultOptions'] = {}) {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => reportApiFailure(error, shownInline(query) ? quiet(query.meta) : query.meta),
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => reportApiFailure(error, mutation.meta, true),
      // Awaited by the mutation: it stays pending until what it changed has been refetched (when on screen).
      onSuccess: (_data, _variables, _context, mutation) =>
        refreshAfterWrite(queryClient, mutation.meta?.invalidates ?? [], { logged: mutation.meta?.logged }),
    }),
    defaultOptions: {
      queries: {
        staleTime: FRESH_FOR_MS,
        retry: shouldRetry,
        // A route's prefetch may have spent every retry while the screen's code loaded: mounting must not ask again
        // (a new visit prefetches afresh, and the error state offers Try again).
        retryOnMount: false,
        refetchOnWindowFocus: false,
        ...overrides.queries,
      },
      mutations: { retry: false, ...overrides.mutations },
    },
  });
  return queryClient;
}

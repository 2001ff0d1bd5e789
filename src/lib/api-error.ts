/**
 * Every failed API call becomes one ApiError.
 * - http: the server answered with a non-2xx status or with success: false;
 * - network: no answer (offline, refused);
 * - timeout: no answer within the client's time limit;
 * - invalid-response: the answer did not match the schema the screen relies on;
 * - session-expired: the token was refused; the session has been ended.
 */
export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'invalid-response' | 'session-expired';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | undefined;
  /** The server's own message, shown to the admin as is. Absent when the server gave none. */
  readonly serverMessage: string | undefined;
  readonly path: string;

  constructor(init: {
    kind: ApiErrorKind;
    path: string;
    status?: number | undefined;
    serverMessage?: string | undefined;
    cause?: unknown;
  }) {
    super(init.serverMessage ?? describe(init.kind, init.status), { cause: init.cause });
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status;
    this.serverMessage = init.serverMessage;
    this.path = init.path;
  }
}

function describe(kind: ApiErrorKind, status: number | undefined): string {
  switch (kind) {
    case 'network':
      return 'The server could not be reached. Check your connection and try again.';
    case 'timeout':
      return 'The server took too long to answer. Check your connection and try again.';
    case 'invalid-response':
      return 'The server sent data this screen cannot read.';
    case 'session-expired':
      return 'Your session has expired. Please sign in again.';
    case 'http':
      return status ? `The request failed (HTTP ${status}).` : 'The request failed.';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A plain sentence for an error state on screen, whatever the error is. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return 'Something went wrong.';
}

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
  /** The request's field the refusal is about, when the server names one (the reference server's `field`). */
  readonly field: string | undefined;
  /** The server asked for the password again ('step-up') and the admin did not give it. */
  readonly stepUp: boolean;
  readonly path: string;

  constructor(init: {
    kind: ApiErrorKind;
    path: string;
    status?: number | undefined;
    serverMessage?: string | undefined;
    field?: string | undefined;
    stepUp?: boolean;
    cause?: unknown;
  }) {
    super(init.serverMessage ?? describe(init.kind, init.status), { cause: init.cause });
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status;
    this.serverMessage = init.serverMessage;
    this.field = init.field;
    this.stepUp = init.stepUp ?? false;
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

/** The request fields each form on screen shows refusals under (components/form/use-form-controller.ts). */
const fieldsOnScreen = new Set<ReadonlySet<string>>();

/**
 * A refusal that names a field a form on screen shows is said under that field, by the form, instead of in a
 * notification; any other refusal is notified as before.
 */
export const fieldRefusals = {
  /** While a form is on screen: the request fields it shows. Returns the way to forget them. */
  show(fields: ReadonlySet<string>) {
    fieldsOnScreen.add(fields);
    return () => {
      fieldsOnScreen.delete(fields);
    };
  },
  /** Whether a form on screen says this refusal under one of its fields. */
  shownOnForm(error: unknown): boolean {
    const field = error instanceof ApiError && error.kind === 'http' ? error.field : undefined;
    return field !== undefined && [...fieldsOnScreen].some((fields) => fields.has(field));
  },
};

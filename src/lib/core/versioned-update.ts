import { z } from 'zod/mini';
import { ApiError } from './api-error';

/**
 * Stale-write protection. A record's version is its updatedAt as the API answers it; an update sends the version its
 * form loaded as `If-Match`, and an API that enforces it answers 409 when another admin saved the record meanwhile.
 * A record without updatedAt (an API without versions) is updated exactly as before: no header, no check.
 */

/** A record's version for item schemas: its updatedAt, or null when the API sends none. */
export const version = z.pipe(
  z.nullish(z.unknown()),
  z.transform((value) => (typeof value === 'string' && value ? value : null)),
);

/** The header an update based on `loaded` carries; none without a version. */
export function ifMatch(loaded: string | null | undefined): Record<string, string> | undefined {
  return loaded ? { 'If-Match': `"${loaded}"` } : undefined;
}

/** An update refused because the record changed after its form loaded it: the form asks what to do. */
export class StaleWriteError extends ApiError {
  constructor(error: ApiError) {
    super({ kind: 'http', path: error.path, status: error.status, serverMessage: error.serverMessage });
    this.name = 'StaleWriteError';
  }
}

/** A 409 to an update that carried a version is a stale write; any other failure stays as it was. */
export function asStaleWrite(error: unknown, loaded: string | null | undefined): unknown {
  return loaded && error instanceof ApiError && error.kind === 'http' && error.status === 409
    ? new StaleWriteError(error)
    : error;
}

import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';
import { isDatabaseUnavailable } from '../db/postgres/db';

/** An answer the client should see: status and message, nothing internal. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const notFound = (thing: string) => new HttpError(404, `${thing} not found`);
/** A 400; `field` names the request field it refuses, when it refuses one (the answer's `field`). */
export const badRequest = (message: string, field?: string) =>
  new HttpError(400, message, field ? { field } : {});

/** Every rule words its own message for an admin ("Title is required"), so it is answered as it stands. */
export function zodMessage(error: ZodError): string {
  return error.issues[0]?.message ?? 'Invalid request';
}

let lastUnavailableLog = 0;

/**
 * Every failure becomes { success: false, message }, with `field` when a rule refused one field of the request;
 * the database unreachable or restarting is 503 (with Retry-After), logged at most every 10 s; unexpected ones are
 * logged and answered without detail.
 */
export function handleError(error: Error, c: Context) {
  if (error instanceof HttpError) {
    for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
    return c.json({ success: false, message: error.message, ...error.extra }, error.status);
  }
  if (error instanceof ZodError) return c.json({ success: false, message: zodMessage(error) }, 400);
  if (error instanceof HTTPException) {
    const status = error.status as ContentfulStatusCode;
    const message = status === 413 ? 'The upload is too large' : error.message || 'Request refused';
    return c.json({ success: false, message }, status);
  }
  if (isDatabaseUnavailable(error)) {
    if (Date.now() - lastUnavailableLog > 10_000) {
      lastUnavailableLog = Date.now();
      console.error(`The database is unavailable (${error.message}): answering 503`);
    }
    c.header('Retry-After', '5');
    return c.json({ success: false, message: 'The database is unavailable; try again in a moment' }, 503);
  }
  console.error(`${c.req.method} ${c.req.path} failed:`, error);
  return c.json({ success: false, message: 'Something went wrong on the server' }, 500);
}

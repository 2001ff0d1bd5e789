import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HttpError } from './errors';
import { UPLOAD_BODY_LIMIT } from './uploads';

const KB = 1024;

/** The largest body each kind of route reads; a larger one is refused with 413 before it is read in full. */
export const BODY_LIMITS = {
  /** Sign-in: an e-mail address and a password. */
  signIn: 8 * KB,
  /** JSON writes: the longest texts (rich HTML, 50,000 characters) with room for escaping. */
  json: 1024 * KB,
  /** Routes that take files. */
  upload: UPLOAD_BODY_LIMIT,
} as const;

const isForm = (c: Context) =>
  /multipart\/form-data|application\/x-www-form-urlencoded/i.test(c.req.header('content-type') ?? '');

const limit = (maxSize: number, message: string): MiddlewareHandler =>
  bodyLimit({
    maxSize,
    onError: () => {
      throw new HttpError(413, message);
    },
  });

export const signInLimit = limit(BODY_LIMITS.signIn, 'The request body is too large');
export const jsonLimit = limit(BODY_LIMITS.json, 'The request body is too large');
const fileLimit = limit(BODY_LIMITS.upload, 'The upload is too large');
/** File routes: the upload limit for a form; a JSON body (no file changes) keeps the JSON limit. */
export const uploadLimit: MiddlewareHandler = (c, next) =>
  isForm(c) ? fileLimit(c, next) : jsonLimit(c, next);
/** Routes that read no body (GET, DELETE, PATCH with a query) still refuse a large one unread. */
export const noBodyLimit = limit(16 * KB, 'The request body is too large');

/** A multipart (or url-encoded) body; anything else, or a broken one, is the client's mistake. */
export async function formBody(c: Context): Promise<Record<string, unknown>> {
  if (!isForm(c)) throw new HttpError(400, 'The request must be multipart form data');
  const body = await c.req.parseBody({ all: true }).catch((error: unknown) => {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, 'The request must be multipart form data');
  });
  // A field named like a built-in property ("__proto__", "constructor") is only ever read as an own property.
  return Object.assign(Object.create(null) as Record<string, unknown>, body);
}

/** A JSON object body, whatever the content type claims; anything else is refused by name. */
export async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  const body: unknown = await c.req.json().catch((error: unknown) => {
    if (error instanceof HttpError) throw error;
    return undefined;
  });
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'The request body must be a JSON object');
  }
  return body as Record<string, unknown>;
}

/** Routes that take files accept a form, or JSON when no file changes. */
export const formOrJsonBody = (c: Context) => (isForm(c) ? formBody(c) : jsonBody(c));

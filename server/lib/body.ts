import type { Context } from 'hono';
import { HttpError } from './errors';

const isForm = (c: Context) =>
  /multipart\/form-data|application\/x-www-form-urlencoded/i.test(c.req.header('content-type') ?? '');

/** A multipart (or url-encoded) body; anything else, or a broken one, is the client's mistake. */
export async function formBody(c: Context): Promise<Record<string, unknown>> {
  if (!isForm(c)) throw new HttpError(400, 'The request must be multipart form data');
  return c.req.parseBody({ all: true }).catch(() => {
    throw new HttpError(400, 'The request must be multipart form data');
  });
}

/** A JSON object body, whatever the content type claims; anything else is refused by name. */
export async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  const body: unknown = await c.req.json().catch(() => undefined);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'The request body must be a JSON object');
  }
  return body as Record<string, unknown>;
}

/** Routes that take files accept a form, or JSON when no file changes. */
export const formOrJsonBody = (c: Context) => (isForm(c) ? formBody(c) : jsonBody(c));

import { HttpResponse } from 'msw';
import { db } from './db';

/** Matches the API on any origin, so VITE_API_URL does not matter to the mocks. */
export const apiPath = (path: string) => `*/api/${path}`;

export const ok = (body: Record<string, unknown> = {}) =>
  HttpResponse.json({ success: true, message: 'Success', ...body });

/** A refusal as the server answers it; `field` names the request field a rule refused. */
export const fail = (status: number, message: string, field?: string, extra: Record<string, unknown> = {}) =>
  HttpResponse.json({ success: false, message, ...(field ? { field } : {}), ...extra }, { status });

/** The server's rule (DECISIONS): admin routes need a token it issued. Returns the refusal, or null to go on. */
export function refuseWithoutAdmin(request: Request): Response | null {
  const header = request.headers.get('authorization') ?? '';
  const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
  if (!token) return fail(401, 'Authentication required');
  if (!db.tokens.has(token)) return fail(401, 'Invalid token');
  return null;
}

export function notFound(thing: string) {
  return fail(404, `${thing} not found`);
}

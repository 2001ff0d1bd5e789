import { HttpResponse } from 'msw';
import { db } from './db';

/** Matches the API on any origin, so VITE_API_URL does not matter to the mocks. */
export const apiPath = (path: string) => `*/api/${path}`;

export const ok = (body: Record<string, unknown> = {}) =>
  HttpResponse.json({ success: true, message: 'Success', ...body });

export const fail = (status: number, message: string) =>
  HttpResponse.json({ success: false, message }, { status });

/** The server's rule (DECISIONS): admin routes need a token it issued. Returns the refusal, or null to go on. */
export function refuseWithoutAdmin(request: Request): Response | null {
  const token = request.headers.get('authorization')?.replace(/^Bearer /, '');
  if (!token) return fail(401, 'No token provided');
  if (!db.tokens.has(token)) return fail(401, 'Invalid token');
  return null;
}

export function pageParams(url: URL, sizeParam: 'items' | 'limit') {
  const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1);
  const size = Math.max(1, Number(url.searchParams.get(sizeParam) ?? 10) || 10);
  return { page, size, skip: (page - 1) * size };
}

export function paginate<T>(rows: T[], url: URL, sizeParam: 'items' | 'limit') {
  const { size, skip } = pageParams(url, sizeParam);
  return { result: rows.slice(skip, skip + size), pagination: { count: rows.length } };
}

export function notFound(thing: string) {
  return fail(404, `${thing} not found`);
}

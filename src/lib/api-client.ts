import ky, { type Options } from 'ky';
import type { z } from 'zod/mini';
import { env } from '@/config/env';
import { ApiError } from './api-error';
import { session } from './session';

/**
 * The one HTTP client. Retries are React Query's job (reads only), so ky never retries.
 * Failures are not thrown by ky: `request` reads every answer and decides.
 */
const http = ky.create({
  prefixUrl: `${env.apiUrl || window.location.origin}/api`,
  retry: 0,
  timeout: 30_000,
  throwHttpErrors: false,
});

type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';

export type RequestOptions = {
  searchParams?: Record<string, string | number | boolean | undefined | null>;
  json?: unknown;
  body?: FormData;
  /** Public calls (sign-in, public pages) send no token and never end the session. */
  auth?: 'token' | 'none';
  signal?: AbortSignal;
};

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function field(body: unknown, key: string): unknown {
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[key] : undefined;
}

function serverMessageOf(body: unknown): string | undefined {
  const message = field(body, 'message');
  return typeof message === 'string' && message.trim() ? message : undefined;
}

function isTokenRefused(status: number, body: unknown): boolean {
  return status === 401 || field(body, 'message') === 'jwt expired' || field(body, 'jwtExpired') === true;
}

function cleanParams(params: RequestOptions['searchParams']): Record<string, string> | undefined {
  if (!params) return undefined;
  const entries = Object.entries(params).filter(
    ([, value]) => value !== undefined && value !== null && value !== '',
  );
  return Object.fromEntries(entries.map(([key, value]) => [key, String(value)]));
}

async function request<S extends z.ZodMiniType>(
  method: Method,
  path: string,
  schema: S,
  options: RequestOptions = {},
  retriedWithNewToken = false,
): Promise<z.output<S>> {
  const token = options.auth === 'none' ? null : session.token();
  const kyOptions: Options = {
    method,
    headers: token ? { Authorization: `Bearer ${token}` } : undefined,
    searchParams: cleanParams(options.searchParams),
    json: options.json,
    body: options.body,
    signal: options.signal,
  };

  let response: Response;
  try {
    response = await http(path.replace(/^\/+/, ''), kyOptions);
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({ kind: 'network', path, cause });
  }

  const body = await readBody(response);

  if (token && isTokenRefused(response.status, body)) {
    // A late answer to a call sent with an older token (before a password change, or while another tab signed in
    // again) says nothing about the stored token: the call is made once more with it, and nobody is signed out.
    const current = session.token();
    if (current && current !== token && !retriedWithNewToken) {
      return request(method, path, schema, options, true);
    }
    session.expire(token);
    throw new ApiError({ kind: 'session-expired', path, status: response.status });
  }
  if (!response.ok || field(body, 'success') === false) {
    throw new ApiError({ kind: 'http', path, status: response.status, serverMessage: serverMessageOf(body) });
  }

  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    console.error(`Unexpected response from ${method.toUpperCase()} /api/${path}`, parsed.error.issues);
    throw new ApiError({ kind: 'invalid-response', path, status: response.status, cause: parsed.error });
  }
  return parsed.data;
}

/** Typed calls: each takes the zod schema of the answer and returns what it parsed. */
export const api = {
  get: <S extends z.ZodMiniType>(path: string, schema: S, options?: RequestOptions) =>
    request('get', path, schema, options),
  post: <S extends z.ZodMiniType>(path: string, schema: S, options?: RequestOptions) =>
    request('post', path, schema, options),
  patch: <S extends z.ZodMiniType>(path: string, schema: S, options?: RequestOptions) =>
    request('patch', path, schema, options),
  delete: <S extends z.ZodMiniType>(path: string, schema: S, options?: RequestOptions) =>
    request('delete', path, schema, options),
};

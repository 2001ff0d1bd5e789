import ky, { isTimeoutError, type Options, type Progress } from 'ky';
import { z } from 'zod/mini';
import { apiRoot } from '@/config/api-root';
import { env } from '@/config/env';
import { ApiError } from '../core/api-error';
import { callPath, cleanParams, type SearchParams } from '../resource-calls';
import { session } from '../core/session';
import { storedFeature } from '../features';

/**
 * The one HTTP client. Retries are React Query's job (reads only), so ky never retries.
 * Failures are not thrown by ky: `request` reads every answer and decides.
 */
const API_BASE = apiRoot(env.apiUrl);
const TIMEOUT_MS = 30_000;

const http = ky.create({
  prefixUrl: API_BASE,
  retry: 0,
  timeout: TIMEOUT_MS,
  throwHttpErrors: false,
});

type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';

export type RequestOptions = {
  searchParams?: SearchParams;
  json?: unknown;
  body?: FormData;
  /**
   * Reports how much of `body` has been sent. Such a call travels by XMLHttpRequest (see sendWithUploadProgress);
   * its answer is read exactly like any other.
   */
  onUploadProgress?: (progress: Progress) => void;
  /** Public calls (sign-in, public pages) send no token and never end the session. */
  auth?: 'token' | 'none';
  /** Extra request headers (an update's If-Match). */
  headers?: Record<string, string>;
  /**
   * The call replaces the stored token (a password change, run through session.replacingToken): a refusal of its own
   * token does not wait for the replacement, which is itself.
   */
  replacesToken?: boolean;
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

/** The field a refusal names (the reference server's `field`), when it names one. */
function refusedFieldOf(body: unknown): string | undefined {
  const name = field(body, 'field');
  return typeof name === 'string' && name ? name : undefined;
}

/**
 * How the console asks the admin for the password again when a call answers 403 with `stepUp: true` ('step-up'):
 * resolves true once the server has taken it (the call is then sent again), false if the admin declined. The app
 * provides it (app/providers.tsx); without it, such a refusal fails like any other.
 */
type ProofProvider = (message: string | undefined) => Promise<boolean>;
let proofProvider: ProofProvider | null = null;
let proofAsked: Promise<boolean> | null = null;
/** How many times the admin has answered, and the last answer: what a call sent before it is refused with. */
let proofAnswers = 0;
let lastProofAnswer = false;

export function provideProof(provider: ProofProvider | null) {
  proofProvider = provider;
}

/**
 * One question at a time: the calls refused together (a bulk action's rows) all wait for the same answer, and a call
 * sent before the admin answered (`answersWhenSent` then), refused only after, takes that answer instead of asking
 * again.
 */
function askForProof(message: string | undefined, answersWhenSent: number): Promise<boolean> {
  if (!proofProvider) return Promise.resolve(false);
  if (!proofAsked && proofAnswers !== answersWhenSent) return Promise.resolve(lastProofAnswer);
  proofAsked ??= proofProvider(message)
    .then((answer) => {
      proofAnswers += 1;
      lastProofAnswer = answer;
      return answer;
    })
    .finally(() => {
      proofAsked = null;
    });
  return proofAsked;
}

function isTokenRefused(status: number, body: unknown): boolean {
  return status === 401 || field(body, 'message') === 'jwt expired' || field(body, 'jwtExpired') === true;
}

/**
 * The answer to this very read if src/boot.ts already asked for it (the first page's call, sent while the code was
 * downloading; see FirstCall): same path and query, same token. Each is handed out once; a retry, a refetch or any
 * later read asks the server again.
 */
function takeEarlyAnswer(method: Method, path: string, options: RequestOptions, token: string | null) {
  const calls = window.earlyCalls;
  if (method !== 'get' || !token || !calls?.size) return undefined;
  const key = callPath({ path, searchParams: options.searchParams });
  const early = calls.get(key);
  calls.delete(key);
  return early?.token === token ? early.answer : undefined;
}

/**
 * The same call as `http`, by XMLHttpRequest, for a body whose sending is worth watching (a post's video): ky reports
 * upload progress only by streaming the body, which Chrome allows over HTTP/2 alone. Resolves with a Response built
 * from the answer, so that `request` reads it like any other; a network failure rejects with a TypeError as fetch
 * does, an abort with an AbortError, and a stall with a TimeoutError. The time limit counts from the last sign of
 * life (a chunk sent, the answer starting), not from the start: a large file on a slow line may take minutes and
 * still be well.
 */
function sendWithUploadProgress(
  method: Method,
  path: string,
  options: Options,
  onProgress: (progress: Progress) => void,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const url = new URL(`${API_BASE}/${path.replace(/^\/+/, '')}`);
    for (const [key, value] of Object.entries((options.searchParams ?? {}) as Record<string, string>))
      url.searchParams.set(key, value);
    const xhr = new XMLHttpRequest();
    xhr.open(method.toUpperCase(), url.href);
    for (const [name, value] of Object.entries((options.headers ?? {}) as Record<string, string>))
      xhr.setRequestHeader(name, value);

    let stall: ReturnType<typeof setTimeout> | undefined;
    const { signal } = options;
    const settle = () => {
      clearTimeout(stall);
      signal?.removeEventListener('abort', abort);
    };
    const fail = (error: Error) => {
      settle();
      reject(error);
    };
    const alive = () => {
      clearTimeout(stall);
      stall = setTimeout(() => {
        xhr.abort();
        fail(new DOMException(`No progress for ${TIMEOUT_MS / 1000} s`, 'TimeoutError'));
      }, TIMEOUT_MS);
    };
    function abort() {
      xhr.abort();
      fail(new DOMException('The upload was cancelled', 'AbortError'));
    }

    xhr.upload.onprogress = (event) => {
      alive();
      if (event.lengthComputable && event.total > 0)
        onProgress({
          percent: event.loaded / event.total,
          transferredBytes: event.loaded,
          totalBytes: event.total,
        });
    };
    xhr.onreadystatechange = alive;
    xhr.onerror = () => fail(new TypeError('Network request failed'));
    xhr.onload = () => {
      settle();
      const empty = [204, 205, 304].includes(xhr.status);
      resolve(
        new Response(empty ? null : xhr.responseText, { status: xhr.status, statusText: xhr.statusText }),
      );
    };

    if (signal?.aborted) return abort();
    signal?.addEventListener('abort', abort);
    alive();
    xhr.send(options.body as FormData);
  });
}

function request<S extends z.ZodMiniType>(
  method: Method,
  path: string,
  schema: S,
  options?: RequestOptions,
  retriedWithNewToken?: boolean,
): Promise<z.output<S>>;
/**
 * No schema: a read whose answer is not JSON (a CSV export), handed over unread so that the caller can stream its
 * body. Sent and refused exactly as the typed calls are; a JSON answer is read as theirs are (the old API says "jwt
 * expired" with a 200), and one that is no failure is still not what was asked for.
 */
function request(
  method: Method,
  path: string,
  schema: null,
  options?: RequestOptions,
  retriedWithNewToken?: boolean,
): Promise<Response>;
async function request(
  method: Method,
  path: string,
  schema: z.ZodMiniType | null,
  options: RequestOptions = {},
  retriedWithNewToken = false,
): Promise<unknown> {
  const token = options.auth === 'none' ? null : session.token();
  const proofAnswersWhenSent = proofAnswers;
  const kyOptions: Options = {
    method,
    headers: { ...options.headers, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    searchParams: cleanParams(options.searchParams),
    json: options.json,
    body: options.body,
    signal: options.signal,
  };

  let response: Response;
  try {
    response =
      options.onUploadProgress && options.body
        ? await sendWithUploadProgress(method, path, kyOptions, options.onUploadProgress)
        : await (takeEarlyAnswer(method, path, options, token) ?? http(path.replace(/^\/+/, ''), kyOptions));
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    const timedOut =
      isTimeoutError(cause) || (cause instanceof DOMException && cause.name === 'TimeoutError');
    throw new ApiError({ kind: timedOut ? 'timeout' : 'network', path, cause });
  }

  // Without a schema the answer is the caller's to read, unless it is JSON: read as every answer is, below.
  if (!schema && response.ok && !response.headers.get('content-type')?.includes('json')) return response;
  const body = await readBody(response);

  if (options.auth !== 'none' && isTokenRefused(response.status, body)) {
    // A late answer to a call sent with an older token (before a password change, or while another tab signed in
    // again), or with none (a screen still mounted as its session ended, answered after the next sign-in), says
    // nothing about the stored token: the call is made once more with it, and nobody is signed out. A password change
    // still on its way has ended the token before its answer stores the fresh one: that answer is waited for first.
    if (!options.replacesToken) await session.tokenReplaced();
    const current = session.token();
    if (current && current !== token && !retriedWithNewToken) {
      return schema
        ? request(method, path, schema, options, true)
        : request(method, path, null, options, true);
    }
    if (token) session.expire(token);
    throw new ApiError({ kind: 'session-expired', path, status: response.status });
  }
  // A role refusal of what the console offered: the role changed since sign-in, so the console reads it again.
  if (response.status === 403 && typeof field(body, 'permission') === 'string') void refreshRole();
  const stepUp = response.status === 403 && field(body, 'stepUp') === true && storedFeature('step-up');
  if (stepUp && (await askForProof(serverMessageOf(body), proofAnswersWhenSent)))
    return schema
      ? request(method, path, schema, options, retriedWithNewToken)
      : request(method, path, null, options, retriedWithNewToken);
  if (!response.ok || field(body, 'success') === false) {
    throw new ApiError({
      stepUp,
      kind: 'http',
      path,
      status: response.status,
      serverMessage: serverMessageOf(body),
      field: refusedFieldOf(body),
    });
  }

  const parsed = schema?.safeParse(body);
  if (!parsed?.success) {
    console.error(`Unexpected response from ${method.toUpperCase()} /api/${path}`, parsed?.error.issues);
    throw new ApiError({ kind: 'invalid-response', path, status: response.status, cause: parsed?.error });
  }
  return parsed.data;
}

const roleAnswer = z.object({ result: z.object({ role: z.optional(z.nullable(z.string())) }) });
/** The longest a role an Owner changed goes unread while the console is open. */
export const ROLE_READ_EVERY_MS = 60_000;
let roleRead: Promise<void> | null = null;
let roleReadAt = Date.now();

/**
 * Reads the signed-in admin's role again ('roles'; GET /api/user/read carries it), so that a role an Owner changed
 * shows without a new sign-in: on each navigation, every minute and on the first load of a stored session
 * (app/require-auth.tsx), after a role refusal, and when the admin comes back to the tab after a minute. Calls made
 * together share one read.
 */
export function refreshRole(): Promise<void> {
  if (!storedFeature('roles') || !session.token()) return Promise.resolve();
  roleRead ??= request('get', 'user/read', roleAnswer)
    .then(({ result }) => {
      if (result.role) session.setRole(result.role);
    })
    .catch(() => undefined)
    .finally(() => {
      roleRead = null;
      roleReadAt = Date.now();
    });
  return roleRead;
}

if (typeof window !== 'undefined')
  window.addEventListener('focus', () => {
    if (Date.now() - roleReadAt >= ROLE_READ_EVERY_MS) void refreshRole();
  });

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
  /** GET with the answer unread (its body a stream), for answers that are not JSON; failures throw as above. */
  raw: (path: string, options: RequestOptions = {}) => request('get', path, null, options),
};

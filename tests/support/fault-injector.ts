import { delay, http, HttpResponse } from 'msw';
import { vi } from 'vitest';
import { serverRoutes } from './api-server';
import { server } from './msw';
import { apiCalls } from './request-log';

/**
 * The fault matrix's one injector: every way a call can fail (issue 12), each as an MSW answer to one endpoint.
 * `shown` is what the admin must read: the server's words where it sent any, else the console's own sentence.
 */
export type Fault = {
  name: string;
  answer: () => Response | Promise<Response>;
  shown: string;
  /** Whether `shown` is the server's own words (else a call site's fallback may stand in for it). */
  words: boolean;
  /** Worth asking again (5xx, no answer): reads retry it; writes never do. */
  transient: boolean;
  /** 401: a signed-in admin's session ends instead of an error being shown. */
  endsSession?: boolean;
  /** No answer ever comes: the client gives up at its time limit (fakeClock's passLimit). */
  hangs?: boolean;
};

const NO_ANSWER = 'The server could not be reached. Check your connection and try again.';
const TOO_SLOW = 'The server took too long to answer. Check your connection and try again.';
const UNREADABLE = 'The server sent data this screen cannot read.';

const json = (status: number, body: Record<string, unknown>, headers?: Record<string, string>) =>
  HttpResponse.json(body, { status, headers });
const html = (status: number, markup: string) =>
  new HttpResponse(markup, { status, headers: { 'Content-Type': 'text/html' } });

/**
 * `FAULT_MATRIX=full` (npm run test:faults:full): every read and every write meets every fault, instead of the
 * spread each matrix file describes. Too slow for every `npm test` (about 7 minutes here); its last figures are in
 * the README.
 */
export const FULL_MATRIX =
  (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env.FAULT_MATRIX ===
  'full';

export const FAULTS: Fault[] = [
  {
    name: '500',
    answer: () => json(500, { success: false, message: 'Database connection lost' }),
    shown: 'Database connection lost',
    words: true,
    transient: true,
  },
  {
    name: '502 (a proxy page)',
    answer: () => html(502, '<html><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>'),
    shown: 'The request failed (HTTP 502).',
    words: false,
    transient: true,
  },
  {
    name: '503',
    answer: () => json(503, { message: 'Down for maintenance until 18:00 UTC' }, { 'Retry-After': '120' }),
    shown: 'Down for maintenance until 18:00 UTC',
    words: true,
    transient: true,
  },
  {
    name: 'network error',
    answer: () => HttpResponse.error(),
    shown: NO_ANSWER,
    words: false,
    transient: true,
  },
  {
    name: 'timeout',
    answer: async () => {
      await delay('infinite');
      return json(200, {});
    },
    shown: TOO_SLOW,
    words: false,
    transient: true,
    hangs: true,
  },
  {
    name: 'a body that is not JSON',
    answer: () =>
      html(200, '<!doctype html><html><head><title>Admin console</title></head><body></body></html>'),
    shown: UNREADABLE,
    words: false,
    transient: false,
  },
  {
    name: 'a body of the wrong shape',
    // Not even an object: every answer the console reads (a record, a page, a write's acknowledgement) is one.
    answer: () => HttpResponse.json([{ unexpected: true }]),
    shown: UNREADABLE,
    words: false,
    transient: false,
  },
  {
    name: '401',
    answer: () => json(401, { success: false, message: 'jwt expired' }),
    shown: 'jwt expired',
    words: true,
    transient: false,
    endsSession: true,
  },
  {
    name: '403',
    answer: () => json(403, { success: false, message: 'Only a super admin may do this' }),
    shown: 'Only a super admin may do this',
    words: true,
    transient: false,
  },
  {
    name: '404',
    answer: () => json(404, { success: false, message: 'Record not found' }),
    shown: 'Record not found',
    words: true,
    transient: false,
  },
  {
    name: '429',
    answer: () =>
      json(
        429,
        { success: false, message: 'Too many requests, try again in a minute' },
        { 'Retry-After': '60' },
      ),
    shown: 'Too many requests, try again in a minute',
    words: true,
    transient: false,
  },
];

type Method = 'get' | 'post' | 'patch' | 'delete' | 'all';

/**
 * Makes `method /api/<path>` (a path as the console declares it, ':id' allowed, any query string ignored) answer
 * with `fault` until `lift()`, over the reference server: the other endpoints, and this one once lifted, are the
 * server's.
 */
export function inject(fault: Fault, method: Method, path: string) {
  let active = true;
  server.use(
    http[method](`*/api/${path.split('?')[0]!}`, ({ request }) => {
      if (!active) return undefined;
      if (fault.hangs) {
        hanging.add(request);
        request.signal.addEventListener('abort', () => hanging.delete(request), { once: true });
      }
      return fault.answer();
    }),
  );
  return {
    lift: () => {
      active = false;
    },
  };
}

/** The calls a fault holds with no answer, until the client gives up on them. */
const hanging = new Set<Request>();

/** The console's time limit for an answer (src/lib/data/api-client.ts). */
const CLIENT_TIME_LIMIT_MS = 30_000;
/** Where the client's timers are set: ky's limit, and the API client's own for an upload. */
const CLIENT_CODE = /[\\/]ky[\\/]|[\\/]src[\\/]lib[\\/]data[\\/]api-client\.ts/;

/** The calls that led here, deep enough to pass the spy's own frames. */
function callers() {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 30;
  try {
    return new Error().stack ?? '';
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/**
 * The client's time limit, passed at will: the timers the client sets for its limit (ky's, and an upload's stall
 * timer) are held instead of started, and passLimit() runs them as if the time had come, once the calls that the
 * server is still answering have their answers (only the calls a fault holds are still waiting). Every other timer
 * runs in real time: the reference server works in this process, and its database calls need them.
 */
export function fakeClock() {
  hanging.clear();
  // Each held timer's id is an object of its own, which no other code's id can equal (Mantine clears -1, say).
  const held = new Map<object, () => void>();
  const realSetTimeout = globalThis.setTimeout;
  const realClearTimeout = globalThis.clearTimeout;
  const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((
    handler: TimerHandler,
    ms?: number,
    ...args: unknown[]
  ) => {
    if (ms !== CLIENT_TIME_LIMIT_MS || typeof handler !== 'function' || !CLIENT_CODE.test(callers()))
      return realSetTimeout(handler as () => void, ms, ...args);
    const id = {};
    held.set(id, () => (handler as (...rest: unknown[]) => void)(...args));
    return id as ReturnType<typeof setTimeout>;
  }) as typeof setTimeout);
  const clearTimeoutSpy = vi.spyOn(globalThis, 'clearTimeout').mockImplementation(((
    id?: ReturnType<typeof setTimeout> | number,
  ) => {
    if (typeof id === 'object' && held.delete(id)) return;
    realClearTimeout(id);
  }) as typeof clearTimeout);
  return {
    passLimit: async () => {
      // The screen's other calls are the server's to answer, however busy the machine: their limits do not pass.
      await vi.waitFor(
        () => {
          if (held.size > hanging.size) throw new Error('Calls other than the held ones are still under way');
        },
        { timeout: 15_000, interval: 20 },
      );
      const due = [...held.values()];
      held.clear();
      for (const run of due) run();
      await new Promise((resolve) => realSetTimeout(resolve, 0));
    },
    restore: () => {
      setTimeoutSpy.mockRestore();
      clearTimeoutSpy.mockRestore();
    },
  };
}

/** The calls the API received at an endpoint of a route table ('faq/update/:id', a query string ignored). */
export async function callsTo(endpoint: string, which: 'reads' | 'writes') {
  const pattern = new RegExp(`^/api/${endpoint.split('?')[0]!.replace(/:[^/]+/g, '[^/]+')}$`);
  return (await apiCalls()).filter(
    (call) => (call.method === 'GET') === (which === 'reads') && pattern.test(call.path),
  );
}

/** An endpoint as the matrix compares them: no query string, every ':parameter' alike ('faq/read/:'). */
export const endpointKey = (endpoint: string) => endpoint.split('?')[0]!.replace(/:[^/]+/g, ':');

/**
 * Every endpoint the reference server serves (its app's routes under /api/), as the matrix names them
 * ('faq/read/:id'), reads (GET) or writes.
 */
export function servedEndpoints(which: 'reads' | 'writes') {
  const endpoints = serverRoutes().flatMap(({ method, path }) =>
    method !== 'ALL' &&
    path.startsWith('/api/') &&
    !path.includes('*') &&
    (method === 'GET') === (which === 'reads')
      ? [path.replace(/^\/api\//, '')]
      : [],
  );
  return [...new Set(endpoints)];
}

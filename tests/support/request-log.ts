import type { SetupServer } from 'msw/node';

/** What the API received, as a test asserts it: method, path, query, headers and body. */
export type LoggedRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Headers;
  body: unknown;
};

let log: Promise<LoggedRequest>[] = [];

async function describe(request: Request): Promise<LoggedRequest> {
  const url = new URL(request.url);
  const contentType = request.headers.get('content-type') ?? '';
  let body: unknown = undefined;
  if (contentType.includes('application/json')) body = await request.json();
  else if (contentType.includes('multipart/form-data')) body = await request.formData();
  else if (request.method !== 'GET' && request.method !== 'HEAD') body = (await request.text()) || undefined;
  return {
    method: request.method,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers: request.headers,
    body,
  };
}

/** Logs every API call `server` receives, until the function it returns is called. */
export function startRequestLog(server: SetupServer) {
  const record = ({ request }: { request: Request }) => {
    if (new URL(request.url).pathname.startsWith('/api/')) log.push(describe(request.clone()));
  };
  server.events.on('request:start', record);
  return () => server.events.removeListener('request:start', record);
}

export function resetRequestLog() {
  log = [];
}

/** Every API call so far, optionally only those to one path (e.g. '/api/admin/list'). */
export async function apiCalls(path?: string): Promise<LoggedRequest[]> {
  const all = await Promise.all(log);
  return path ? all.filter((call) => call.path === path) : all;
}

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { mockServiceWorker } from './mock-service-worker';

type Handler = (
  request: unknown,
  response: { setHeader: (name: string, value: string) => void; end: (body: Buffer) => void },
) => void;

describe('mock service worker', () => {
  it("serves msw's worker at /mockServiceWorker.js, from the dev server only", () => {
    const plugin = mockServiceWorker();
    expect(plugin.apply).toBe('serve');
    const routes = new Map<string, Handler>();
    const server = { middlewares: { use: (path: string, handler: Handler) => routes.set(path, handler) } };
    (plugin.configureServer as (server: unknown) => void)(server);
    const headers: Record<string, string> = {};
    let body: Buffer | undefined;
    routes.get('/mockServiceWorker.js')!(
      {},
      {
        setHeader: (name, value) => (headers[name] = value),
        end: (sent) => (body = sent),
      },
    );
    expect(headers['Content-Type']).toBe('text/javascript');
    expect(body).toEqual(readFileSync(createRequire(import.meta.url).resolve('msw/mockServiceWorker.js')));
  });
});

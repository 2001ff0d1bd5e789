import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure, getConfig, prettyDOM } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { session } from '@/lib/core/session';
import { settleRequests, signInAs, startApiServer, stopApiServer } from './api-server';
import { server } from './msw';
import { resetRequestLog, startRequestLog } from './request-log';

configure({
  // A screen's code loads lazily; the first render of a test file can take over a second on a busy CI machine.
  asyncUtilTimeout: 5000,
  // A query that finds nothing throws an error that prints the whole document. findBy* and waitFor() throw one on
  // every attempt until the element appears, and the printing was about a tenth of the tests' time: the message is
  // now written when something reads it (a failure's report), the same text as Testing Library's own.
  getElementError: (message, container) => {
    const error = new Error();
    error.name = 'TestingLibraryElementError';
    let text: string | undefined;
    Object.defineProperty(error, 'message', {
      configurable: true,
      get: () =>
        (text ??= [message, `Ignored nodes: comments, ${getConfig().defaultIgnore}\n${prettyDOM(container)}`]
          .filter(Boolean)
          .join('\n\n')),
    });
    return error;
  },
});

// jsdom lacks a few browser APIs that Mantine, Embla and ProseMirror use.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});
class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
/** jsdom lays nothing out, so everything counts as on screen: an observed element is reported visible at once. */
class VisibleObserver extends NoopObserver {
  report: IntersectionObserverCallback;
  constructor(report: IntersectionObserverCallback) {
    super();
    this.report = report;
  }
  override observe(...[target]: [Element?]) {
    if (!target) return;
    const entry = { target, isIntersecting: true, intersectionRatio: 1 } as IntersectionObserverEntry;
    queueMicrotask(() => this.report([entry], this as unknown as IntersectionObserver));
  }
}
Object.assign(window, { ResizeObserver: NoopObserver, IntersectionObserver: VisibleObserver });
window.HTMLElement.prototype.scrollIntoView = () => {};
window.scrollTo = () => {};
Range.prototype.getClientRects = () =>
  ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as never;
Range.prototype.getBoundingClientRect = () => new DOMRect();
document.elementFromPoint = () => null;
window.HTMLMediaElement.prototype.pause = () => {};
window.HTMLMediaElement.prototype.load = () => {};

// A worker runs several test files one after the other in the same modules (vite.config.ts: isolate false), each
// with this file run afresh: what one file starts, its own afterAll stops.
let stopRequestLog = () => {};
beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  stopRequestLog = startRequestLog(server);
  // The file's reference server over its own copy of the demo data; its tests share that data.
  await startApiServer();
});

beforeEach(async () => {
  // Each test starts signed in as the seed's Owner, in a session of its own.
  await signInAs('owner');
  resetRequestLog();
  localStorage.clear();
  sessionStorage.clear();
  session.reload();
});

afterEach(async () => {
  cleanup();
  // Mantine keeps notifications in a module-level store that outlives the unmounted app.
  notifications.clean();
  notifications.cleanQueue();
  server.resetHandlers();
  vi.restoreAllMocks();
  // A test that forgot its fake clock must not hand it to the next test, or to the next file in the same worker.
  vi.useRealTimers();
  // What the screen asked as it was taken down is answered now, not during the next test over the same data.
  const unanswered = await settleRequests();
  if (unanswered.length) console.warn(`Still answering ${unanswered.join(', ')} 2 s after the test ended`);
});

afterAll(async () => {
  stopRequestLog();
  server.close();
  await stopApiServer();
});

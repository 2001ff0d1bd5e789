import { http, HttpResponse } from 'msw';
import { isSpecOnly } from './spec-only';

/**
 * SPEC's API alone, in front of the reference server: when SPEC-only is chosen (tests' specOnlyApi(), demo mode's
 * panel), the extensions' routes answer 404 as an API without them would, and the sign-in answer names no
 * extension. Everything else goes on to the server. Holds no business rule: only what SPEC's API lacks.
 */
const EXTENSION_ROUTES: RegExp[] = [
  /^\/api\/mail-send\/(recipients|test)(\/|$)/,
  /^\/api\/event\/joined\//,
  /^\/api\/admin\/list\/export$/,
  /^\/api\/activity\//,
  /^\/api\/admin\/history\//,
  /^\/api\/chat-report\/case\//,
  /^\/api\/logout$/,
  /^\/api\/admin\/sessions(\/|$)/,
  /^\/api\/admin\/step-up$/,
  /^\/api\/login\/two-factor(\/|$)/,
  /^\/api\/admin\/two-factor(\/|$)/,
  /^\/api\/admin\/security$/,
  /^\/api\/admin\/admins(\/|$)/,
  /^\/api\/invitation(\/|$)/,
  /^\/api\/admin\/notes\//,
  /^\/api\/admin\/dashboard\//,
  /^\/api\/review-queue\//,
  /^\/api\/admin\/restrictions(\/|$)/,
  /^\/api\/appeals?(\/|$)/,
];

const pathOf = (request: Request) => new URL(request.url).pathname.replace(/^.*?(?=\/api\/)/, '');

/** What SPEC's answers lack, by route: the extensions' fields taken out of the server's answer. */
const SPEC_ANSWERS: { method: string; route: RegExp; reshape: (body: Record<string, unknown>) => void }[] = [
  {
    method: 'POST',
    route: /^\/api\/login$/,
    reshape: (body) => {
      const result = body.result as Record<string, unknown> | undefined;
      if (result) {
        delete result.features;
        delete result.role;
      }
    },
  },
  {
    method: 'GET',
    route: /^\/api\/user\/read$/,
    reshape: (body) => {
      const result = body.result as Record<string, unknown> | undefined;
      if (result) delete result.role;
    },
  },
];

/**
 * The handlers; `upstream` answers a request as the reference server does (in tests its app in-process, in demo mode
 * the network).
 */
export function specOnlyHandlers(upstream: (request: Request) => Promise<Response>) {
  return [
    http.all('*/api/*', async ({ request }) => {
      if (!isSpecOnly()) return undefined;
      const path = pathOf(request);
      if (EXTENSION_ROUTES.some((route) => route.test(path)))
        return HttpResponse.json({ success: false, message: 'Not found' }, { status: 404 });
      const reshapes = SPEC_ANSWERS.filter(
        (answer) => answer.method === request.method && answer.route.test(path),
      );
      if (reshapes.length === 0) return undefined;
      const response = await upstream(request);
      if (!(response.headers.get('content-type') ?? '').includes('json')) return response;
      const body = (await response.json()) as Record<string, unknown>;
      for (const { reshape } of reshapes) reshape(body);
      return HttpResponse.json(body, { status: response.status });
    }),
  ];
}

import { http, HttpResponse } from 'msw';
import { FEATURES } from '@contract/features';
import { announcedFeatures, isSpecOnly } from './spec-only';

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
  /^\/api\/contact-us\/[^/]+\/(status|escalate)$/,
  /^\/api\/notice-templates(\/|$)/,
];

const pathOf = (request: Request) => new URL(request.url).pathname.replace(/^.*?(?=\/api\/)/, '');

/** A member reference as SPEC's API sends it: these fields alone (no surname, no e-mail). */
const specMember = (ref: unknown, fields: readonly string[] = ['_id', 'name']) =>
  ref && typeof ref === 'object'
    ? Object.fromEntries(Object.entries(ref).filter(([key]) => fields.includes(key)))
    : ref;

/** Each record of an answer: its `result`, a list's or a read's. */
const eachResult = (body: Record<string, unknown>, reshape: (record: Record<string, unknown>) => void) => {
  const result = body.result;
  for (const record of Array.isArray(result) ? result : result ? [result] : [])
    if (record && typeof record === 'object') reshape(record as Record<string, unknown>);
};

type Upstream = (request: Request) => Promise<Response>;

/**
 * What SPEC's answers lack, by route: the extensions' fields taken out of the server's answer (or, where the extension
 * pages what SPEC sends whole, the whole read from the server: `request` and `upstream` are for that).
 */
const SPEC_ANSWERS: {
  method: string;
  route: RegExp;
  reshape: (
    body: Record<string, unknown>,
    context: { request: Request; upstream: Upstream },
  ) => void | Promise<void>;
}[] = [
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
  // A record's version (stale-write protection): SPEC's records carry no updatedAt, so an update sends no If-Match.
  {
    method: 'GET',
    route: /^\/api\/[^/]+\/read\/[^/]+$/,
    reshape: (body) => eachResult(body, (record) => void delete record.updatedAt),
  },
  // A member: SPEC's read has no strikes ('restrictions') and no summary ('member-summary').
  {
    method: 'GET',
    route: /^\/api\/user\/read\/[^/]+$/,
    reshape: (body) =>
      eachResult(body, (member) => {
        for (const field of ['strikes', 'strikesReversed', 'lastActiveAt', 'restriction'])
          delete member[field];
      }),
  },
  // A member referred to in a record: SPEC names them by `_id` and name (a feedback's author by name and contact).
  {
    method: 'GET',
    route: /^\/api\/chat-report\/list$/,
    reshape: (body) =>
      eachResult(body, (report) => {
        const thread = report.thread as { user_id?: unknown[] } | undefined;
        if (Array.isArray(thread?.user_id)) thread.user_id = thread.user_id.map((user) => specMember(user));
        // The case ('report-cases': status, note, who handled it) and the restrictions it names ('restrictions').
        for (const field of [
          'status',
          'note',
          'handledBy',
          'handledAt',
          'reportedRestriction',
          'actionedUnder',
        ])
          delete report[field];
      }),
  },
  // An event: SPEC's names everyone who joined in `joinedUsers`, and counts nothing ('event-joined' sends the first
  // 50 and the count, and pages the rest on its own route, read here for the whole list).
  {
    method: 'GET',
    route: /^\/api\/event\/(list-admin|read\/[^/]+)$/,
    reshape: async (body, { request, upstream }) => {
      const events: Record<string, unknown>[] = [];
      eachResult(body, (event) => void events.push(event));
      await Promise.all(
        events.map(async (event) => {
          event.userId = specMember(event.userId);
          const inline = Array.isArray(event.joinedUsers) ? event.joinedUsers : [];
          event.joinedUsers =
            typeof event.joinedCount === 'number' && event.joinedCount > inline.length
              ? await everyoneJoined(String(event._id), request, upstream)
              : inline.map((user) => specMember(user));
          delete event.joinedCount;
        }),
      );
    },
  },
  {
    method: 'GET',
    route: /^\/api\/post\/(list|read\/[^/]+)$/,
    reshape: (body) => eachResult(body, (post) => void (post.userId = specMember(post.userId))),
  },
  // A contact message's status, who handled it, the member it names and its case ('contact-status').
  {
    method: 'GET',
    route: /^\/api\/contact-us\/list$/,
    reshape: (body) =>
      eachResult(body, (contact) => {
        for (const field of ['status', 'handledBy', 'handledAt', 'sender', 'caseId']) delete contact[field];
      }),
  },
  {
    method: 'GET',
    route: /^\/api\/chat-block\/list$/,
    reshape: (body) =>
      eachResult(body, (block) => {
        block.blockBy = specMember(block.blockBy);
        block.blockedUser = specMember(block.blockedUser);
      }),
  },
  {
    method: 'GET',
    route: /^\/api\/feedback\/list$/,
    reshape: (body) =>
      eachResult(body, (feedback) => {
        feedback.user = specMember(feedback.user, ['_id', 'name', 'email', 'countryCode', 'phoneNumber']);
      }),
  },
  // A sent mail: SPEC's names every recipient in `users`, and counts nothing ('mail-recipients' sends the first 50,
  // the count and the delivery, and pages the rest on its own route, read here for the whole list).
  {
    method: 'GET',
    route: /^\/api\/mail-send\/list$/,
    reshape: async (body, { request, upstream }) => {
      const mails = (Array.isArray(body.result) ? body.result : []) as Record<string, unknown>[];
      await Promise.all(
        mails.map(async (mail) => {
          const inline = Array.isArray(mail.users) ? mail.users : [];
          if (typeof mail.recipientCount === 'number' && mail.recipientCount > inline.length)
            mail.users = await everyRecipient(String(mail._id), request, upstream);
          delete mail.recipientCount;
          delete mail.delivery;
        }),
      );
    },
  },
];

/**
 * Every row of a list the extension pages (a mail's recipients, an event's joined members), as SPEC's answer names
 * them whole: read from `route` (`/api/...` with no query) a page of 100 at a time, each row cut to `fields`.
 */
async function everyPage(route: string, fields: readonly string[], request: Request, upstream: Upstream) {
  const rows: unknown[] = [];
  for (let page = 1; ; page += 1) {
    const url = request.url.replace(/\/api\/.*$/, `${route}?page=${page}&limit=100`);
    const answer = await upstream(new Request(url, { headers: request.headers }));
    const { result } = (await answer.json()) as { result?: unknown[] };
    const pageRows = Array.isArray(result) ? result : [];
    rows.push(...pageRows.map((row) => specMember(row, fields)));
    if (pageRows.length < 100) return rows;
  }
}

/** Every recipient of a mail, as SPEC's `users` names them. */
const everyRecipient = (mailId: string, request: Request, upstream: Upstream) =>
  everyPage(`/api/mail-send/recipients/${mailId}`, ['_id', 'name', 'surname', 'email'], request, upstream);

/** Everyone who joined an event, as SPEC's `joinedUsers` names them. */
const everyoneJoined = (eventId: string, request: Request, upstream: Upstream) =>
  everyPage(`/api/event/joined/${eventId}`, ['_id', 'name'], request, upstream);

/**
 * The answers that name the extensions offered (`result.features`): with some of them withheld (tests'
 * withoutFeatures, demo mode's panel), they name the announced ones alone, as an API without the others would.
 */
const NAMING_FEATURES: { method: string; route: RegExp }[] = [
  { method: 'POST', route: /^\/api\/login(\/two-factor(\/acknowledge)?)?$/ },
  { method: 'GET', route: /^\/api\/invitation\/[^/]+$/ },
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
      for (const { reshape } of reshapes) await reshape(body, { request, upstream });
      return HttpResponse.json(body, { status: response.status });
    }),
    http.all('*/api/*', async ({ request }) => {
      const announced = announcedFeatures();
      if (isSpecOnly() || announced.length === FEATURES.length) return undefined;
      const path = pathOf(request);
      if (!NAMING_FEATURES.some((answer) => answer.method === request.method && answer.route.test(path)))
        return undefined;
      const response = await upstream(request);
      if (!(response.headers.get('content-type') ?? '').includes('json')) return response;
      const body = (await response.json()) as { result?: { features?: string[] } };
      if (Array.isArray(body.result?.features))
        body.result.features = body.result.features.filter((feature) =>
          (announced as string[]).includes(feature),
        );
      return HttpResponse.json(body, { status: response.status });
    }),
  ];
}

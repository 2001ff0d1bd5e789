import { http } from 'msw';
import { browserName, USER_AGENT_MAX } from '@contract/sessions';
import { recordActivity } from '../activity';
import { db, type MockSession } from '../db';
import { apiPath, fail, ok, refuseWithoutAdmin } from '../http';
import { paginate, refusing } from '../rules';
import { offers } from '../scenario';

const extensionMissing = () => fail(404, 'No such API route');

/** The browser's own requests carry no address the mock could see; the reference server's tests read the same. */
export const ADDRESS = 'unknown';

const bearer = (request: Request) =>
  request.headers
    .get('authorization')
    ?.replace(/^Bearer /, '')
    .trim() ?? '';

/** Starts a session for a sign-in, as the reference server does, and logs it; returns its token. */
export function startSession(request: Request): string {
  // Never the token of an earlier session (a reset or a password change empties the set): a late refusal of a call
  // sent with the old one must not be taken for a refusal of the new one.
  const token = `mock-token-${crypto.randomUUID()}`;
  const userAgent = (request.headers.get('user-agent') ?? '').slice(0, USER_AGENT_MAX);
  const at = new Date().toISOString();
  const session: MockSession = {
    _id: crypto.randomUUID().replace(/-/g, ''),
    token,
    userAgent,
    address: ADDRESS,
    createdAt: at,
    lastSeenAt: at,
    verifiedAt: at,
  };
  db.tokens.add(token);
  db.sessions.unshift(session);
  recordActivity({
    action: 'sign-in',
    recordType: 'session',
    recordId: session._id,
    recordName: browserName(userAgent),
    summary: `Signed in from ${ADDRESS}`,
  });
  return token;
}

/**
 * The session of the request's token. A token a test put in `tokens` directly gets one on first use, so that every
 * valid token has its session, as on the server.
 */
export function sessionOf(request: Request): MockSession {
  const token = bearer(request);
  let session = db.sessions.find((candidate) => candidate.token === token);
  if (!session) {
    const at = new Date().toISOString();
    session = {
      _id: crypto.randomUUID().replace(/-/g, ''),
      token,
      userAgent: '',
      address: ADDRESS,
      createdAt: at,
      lastSeenAt: at,
      verifiedAt: at,
    };
    db.sessions.unshift(session);
  }
  return session;
}

function end(session: MockSession) {
  db.tokens.delete(session.token);
  db.sessions = db.sessions.filter((candidate) => candidate !== session);
}

/** Ends every session but `keep`; how many it ended. */
export function endOtherSessions(keep?: MockSession): number {
  const others = db.sessions.filter((session) => session !== keep);
  for (const session of others) end(session);
  // Tokens a test added without a session are sessions too.
  const loose = [...db.tokens].filter((token) => token !== keep?.token);
  for (const token of loose) db.tokens.delete(token);
  return others.length + loose.length;
}

export const otherSessions = (n: number) => `${n} other session${n === 1 ? '' : 's'}`;

const answer = (session: MockSession, current: MockSession) => ({
  _id: session._id,
  browser: browserName(session.userAgent),
  userAgent: session.userAgent,
  address: session.address,
  createdAt: session.createdAt,
  lastSeenAt: session.lastSeenAt,
  current: session === current,
});

/** Sessions on the server ('sessions'), as the reference server answers them (server/routes/sessions.ts). */
export const sessionHandlers = [
  http.post(apiPath('logout'), ({ request }) => {
    const refusal = refuseWithoutAdmin(request);
    if (refusal) return refusal;
    if (!offers('sessions')) return extensionMissing();
    const session = sessionOf(request);
    end(session);
    recordActivity({
      action: 'sign-out',
      recordType: 'session',
      recordId: session._id,
      recordName: browserName(session.userAgent),
      summary: `Signed out from ${session.address}`,
    });
    return ok({ message: 'Signed out' });
  }),

  http.get(
    apiPath('admin/sessions'),
    refusing(({ request }) => {
      const refusal = refuseWithoutAdmin(request);
      if (refusal) return refusal;
      if (!offers('sessions')) return extensionMissing();
      const current = sessionOf(request);
      const { result, pagination } = paginate(db.sessions, new URL(request.url));
      return ok({ result: result.map((session) => answer(session, current)), pagination });
    }),
  ),

  http.post(apiPath('admin/sessions/end-others'), ({ request }) => {
    const refusal = refuseWithoutAdmin(request);
    if (refusal) return refusal;
    if (!offers('sessions')) return extensionMissing();
    const ended = endOtherSessions(sessionOf(request));
    if (ended > 0)
      recordActivity({
        action: 'session-end',
        recordType: 'session',
        recordId: null,
        recordName: '',
        summary: `Ended ${otherSessions(ended)}`,
      });
    return ok({ message: 'Other sessions ended', result: { ended } });
  }),

  http.delete(apiPath('admin/sessions/:id'), ({ request, params }) => {
    const refusal = refuseWithoutAdmin(request);
    if (refusal) return refusal;
    if (!offers('sessions')) return extensionMissing();
    sessionOf(request);
    const session = db.sessions.find((candidate) => candidate._id === params.id);
    if (!session) return fail(404, 'Session not found');
    end(session);
    recordActivity({
      action: 'session-end',
      recordType: 'session',
      recordId: session._id,
      recordName: browserName(session.userAgent),
      summary: `Ended the session from ${session.address}`,
    });
    return ok({ message: 'Session ended' });
  }),
];

import { http, HttpResponse } from 'msw';
import { TEXT_MAX } from '@contract/limits';
import { isEmpty } from '@contract/rules';
import { CODE_MAX, TWO_FACTOR_MESSAGES } from '@contract/two-factor';
import { BULK_WRITES, countsAsBulkWrite, STEP_UP_MESSAGE, STEP_UP_MS } from '@contract/step-up';
import { recordActivity } from '../activity';
import { db, type MockSession } from '../db';
import { apiPath, fail, ok, refuseWithoutAdmin } from '../http';
import { logRefusal } from '../roles';
import { inField, jsonBody, password, refusing, Refusal } from '../rules';
import { offers } from '../scenario';
import { checkPassword, TOO_MANY_CHECKS } from './profile';
import { sessionOf } from './sessions';
import { countCode, resetCounts, takeCode } from './two-factor';

/** Writes per session in the current window, as the reference server counts them ('bulk-writes'). */
const writes = new WeakMap<MockSession, { count: number; resetAt: number }>();

/**
 * The reference server's refusal of what asks for a recent proof ('step-up'), or null when the session's proof is
 * recent or the mock API does not offer step-up.
 */
export function proofRefusal(request: Request): Response | null {
  if (!offers('step-up')) return null;
  const session = sessionOf(request);
  if (Date.now() - Date.parse(session.verifiedAt) <= STEP_UP_MS) return null;
  logRefusal(request, 'the password must be confirmed again (step-up)');
  return HttpResponse.json({ success: false, message: STEP_UP_MESSAGE, stepUp: true }, { status: 403 });
}

/** Every valid token's session, each token given one as its first call would. */
function everySession(): MockSession[] {
  return [...db.tokens].map((token) =>
    sessionOf(new Request('http://localhost/', { headers: { authorization: `Bearer ${token}` } })),
  );
}

/** Makes every session's last proof older than STEP_UP_MS, as if the admin signed in a while ago. */
export function ageProofs() {
  const old = new Date(Date.now() - STEP_UP_MS - 60_000).toISOString();
  for (const session of everySession()) session.verifiedAt = old;
}

export const stepUpHandlers = [
  // First of all handlers: a write past BULK_WRITES in the window needs a recent proof; otherwise the request goes on
  // to its own handler.
  http.all(apiPath('*'), ({ request }) => {
    if (!offers('step-up') || refuseWithoutAdmin(request)) return undefined;
    if (!countsAsBulkWrite(request.method, new URL(request.url).pathname)) return undefined;
    const session = sessionOf(request);
    const now = Date.now();
    const count = writes.get(session);
    const current = count && count.resetAt > now ? count : { count: 0, resetAt: now + STEP_UP_MS };
    current.count += 1;
    writes.set(session, current);
    return current.count > BULK_WRITES ? (proofRefusal(request) ?? undefined) : undefined;
  }),

  http.post(
    apiPath('admin/step-up'),
    refusing(async ({ request }) => {
      const refusal = refuseWithoutAdmin(request);
      if (refusal) return refusal;
      if (!offers('step-up')) return fail(404, 'No such API route');
      const body = await jsonBody(request);
      const session = sessionOf(request);
      let how = 'the password';
      if (!isEmpty(body.code)) {
        const typed = inField('code', () => password('Code', body.code, { max: CODE_MAX }));
        countCode(false, 'code');
        if (!db.twoFactor.secret) throw new Refusal(400, TWO_FACTOR_MESSAGES.notEnabled, 'code');
        const taken = takeCode(typed);
        if (!taken) throw new Refusal(400, TWO_FACTOR_MESSAGES.wrongCode, 'code');
        resetCounts();
        how = taken === 'totp' ? 'a two-factor code' : 'a recovery code';
      } else {
        const typed = inField('password', () =>
          password('Password', body.password, { max: TEXT_MAX.profile.password }),
        );
        const checked = checkPassword(typed);
        if (checked === 'limited') throw new Refusal(429, TOO_MANY_CHECKS, 'password');
        if (checked === 'wrong') throw new Refusal(400, 'The password is incorrect', 'password');
      }
      session.verifiedAt = new Date().toISOString();
      recordActivity({
        action: 'step-up',
        recordType: 'session',
        recordId: session._id,
        recordName: '',
        summary: `Confirmed ${how}`,
      });
      return ok({ message: 'Confirmed', result: { verifiedAt: session.verifiedAt } });
    }),
  ),
];

/** Counts BULK_WRITES writes for every session in this window, as if a bulk action had just run. */
export function fillBulkWindow() {
  for (const session of db.sessions)
    writes.set(session, { count: BULK_WRITES, resetAt: Date.now() + STEP_UP_MS });
}

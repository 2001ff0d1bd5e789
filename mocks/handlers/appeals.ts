import { http } from 'msw';
import {
  APPEAL_DECISIONS,
  APPEAL_MESSAGES as MESSAGE,
  APPEAL_NOTE_MAX,
  APPEAL_STATEMENT_MAX,
  decisionMessage,
} from '@contract/appeals';
import { utcDateTimeText } from '@contract/dates';
import { plainText } from '@contract/moderation';
import { REFERENCE_PATTERN } from '@contract/restrictions';
import { recordActivity } from '../activity';
import type { MockAppeal } from '../appeals';
import { db, nextId, type MockUser } from '../db';
import { apiPath, fail, notFound, ok, refuseWithoutAdmin } from '../http';
import { forbid } from '../roles';
import { id, jsonBody, Refusal, refusing } from '../rules';
import { offers } from '../scenario';
import { inForceAnswer, inForceOf } from '../restrictions';

/** Appeals ('appeals') as the reference server answers them (server/routes/appeals.ts); no mail is sent. */

const extensionMissing = () => fail(404, 'No such API route');
const cleaned = (value: unknown) => (typeof value === 'string' ? plainText(value).trim() : undefined);
const nameOf = (user: MockUser | undefined) =>
  user ? [user.name, user.surname].filter(Boolean).join(' ') : '';
const utcText = utcDateTimeText;
const restrictionText = (endsAt: string | null) =>
  endsAt ? `Suspended until ${utcText(endsAt)}` : 'Deactivated permanently';

/** The activity summary's words for a member left restricted: 'still restricted under R-…'. */
const stillUnder = (userId: string) => {
  const inForce = inForceOf(userId);
  return inForce ? `still restricted under ${inForce.reference}` : 'unchanged';
};

const restrictionOf = (appeal: MockAppeal) =>
  db.restrictions.find((restriction) => restriction._id === appeal.restrictionId)!;
const adminName = (adminId: string | undefined) => {
  if (!adminId) return '';
  if (adminId === db.admin._id) return `${db.admin.name} ${db.admin.surname}`;
  return db.admins.find((admin) => admin._id === adminId)?.name ?? '';
};

function appealAnswer(appeal: MockAppeal) {
  const restriction = restrictionOf(appeal);
  const user = db.users.find((candidate) => candidate._id === appeal.userId);
  const policy = (db.catalogues.reportelement ?? []).find((element) => element._id === restriction.policyId);
  return {
    _id: appeal._id,
    state: appeal.state,
    member: user
      ? { _id: user._id, name: user.name, surname: user.surname, email: appeal.email, enabled: user.enabled }
      : null,
    email: appeal.email,
    statement: appeal.statement,
    createdAt: appeal.createdAt,
    confirmedAt: appeal.confirmedAt,
    decision: appeal.decision,
    restriction: {
      _id: restriction._id,
      reference: restriction.reference,
      policy: { name: restriction.policyName, explanation: String(policy?.explanation ?? '') },
      facts: restriction.facts,
      createdAt: restriction.createdAt,
      endsAt: restriction.endsAt,
      endedAt: restriction.endedAt,
      endedReason: restriction.endedAt ? (restriction.endedReason ?? null) : null,
      withheldReason: restriction.withheldReason,
      statement: '',
      restrictedBy: restriction.adminId
        ? { _id: restriction.adminId, name: adminName(restriction.adminId) }
        : null,
    },
    restrictedByYou: restriction.adminId === db.admin._id,
    inForce: inForceAnswer(inForceOf(appeal.userId)),
  };
}

export const appealHandlers = [
  // The same answer to every well-formed request, like the reference server.
  http.post(
    apiPath('appeal'),
    refusing(async ({ request }) => {
      const body = await jsonBody(request);
      const email = cleaned(body.email)?.toLowerCase();
      if (!email) throw new Refusal(400, MESSAGE.emailRequired, 'email');
      if (email.length > 254 || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
        throw new Refusal(400, MESSAGE.emailInvalid, 'email');
      const reference = cleaned(body.reference)?.toUpperCase();
      if (!reference) throw new Refusal(400, MESSAGE.referenceRequired, 'reference');
      if (!REFERENCE_PATTERN.test(reference)) throw new Refusal(400, MESSAGE.referenceInvalid, 'reference');
      const statement = cleaned(body.statement);
      if (!statement) throw new Refusal(400, MESSAGE.statementRequired, 'statement');
      if (statement.length > APPEAL_STATEMENT_MAX)
        throw new Refusal(400, MESSAGE.statementTooLong, 'statement');
      const restriction = db.restrictions.find((candidate) => candidate.reference === reference);
      const user = db.users.find((candidate) => candidate._id === restriction?.userId);
      if (restriction && user && user.email.toLowerCase() === email) {
        const existing = db.appeals.find((appeal) => appeal.restrictionId === restriction._id);
        const token = `${nextId()}${nextId()}`;
        if (!existing)
          db.appeals.push({
            _id: nextId(),
            restrictionId: restriction._id,
            userId: user._id,
            email,
            statement,
            state: 'unconfirmed',
            token,
            createdAt: new Date().toISOString(),
            confirmedAt: null,
            decision: null,
          });
        else if (existing.state === 'unconfirmed') Object.assign(existing, { statement, token });
      }
      return ok({ message: MESSAGE.requested });
    }),
  ),

  http.post(
    apiPath('appeal/confirm'),
    refusing(async ({ request }) => {
      const body = await jsonBody(request);
      const appeal = db.appeals.find(
        (candidate) => candidate.state === 'unconfirmed' && candidate.token && candidate.token === body.token,
      );
      if (!appeal) throw new Refusal(400, MESSAGE.linkInvalid, 'token');
      const at = new Date().toISOString();
      Object.assign(appeal, { state: 'open', token: null, confirmedAt: at });
      db.reviewItems.push({
        _id: nextId(),
        kind: 'appeal',
        ref: appeal._id,
        state: 'open',
        assignee: null,
        claimedAt: null,
        createdAt: at,
        doneAt: null,
      });
      const restriction = restrictionOf(appeal);
      recordActivity(
        {
          action: 'appeal',
          recordType: 'user',
          recordId: appeal.userId,
          recordName: nameOf(db.users.find((user) => user._id === appeal.userId)),
          summary: `Appeal of ${restriction.reference} opened by the member (${restrictionText(restriction.endsAt)}, citing "${restriction.policyName}")`,
          reason: appeal.statement,
        },
        { signedIn: false },
      );
      return ok({ message: MESSAGE.confirmed });
    }),
  ),

  http.get(
    apiPath('admin/appeals/:id'),
    refusing(({ request, params }) => {
      const refusal = refuseWithoutAdmin(request);
      if (refusal) return refusal;
      if (!offers('appeals')) return extensionMissing();
      const appeal = db.appeals.find((candidate) => candidate._id === id(params.id));
      if (!appeal) return notFound('Appeal');
      return ok({ result: appealAnswer(appeal) });
    }),
  ),

  http.post(
    apiPath('admin/appeals/:id/decide'),
    refusing(async ({ request, params }) => {
      const refusal = refuseWithoutAdmin(request);
      if (refusal) return refusal;
      if (!offers('appeals')) return extensionMissing();
      const appealId = id(params.id);
      const body = await jsonBody(request);
      const decision = APPEAL_DECISIONS.find((one) => one === body.decision);
      if (!decision) throw new Refusal(400, MESSAGE.decisionRequired, 'decision');
      const note = cleaned(body.note);
      if (!note) throw new Refusal(400, MESSAGE.noteRequired, 'note');
      if (note.length > APPEAL_NOTE_MAX) throw new Refusal(400, MESSAGE.noteTooLong, 'note');
      if (body.liftInForce !== undefined && typeof body.liftInForce !== 'boolean')
        throw new Refusal(400, MESSAGE.liftInForceInvalid, 'liftInForce');
      const liftInForce = body.liftInForce === true;
      if (liftInForce && decision !== 'reverse')
        throw new Refusal(400, MESSAGE.liftOnlyOnReverse, 'liftInForce');
      const appeal = db.appeals.find((candidate) => candidate._id === appealId);
      if (!appeal) return notFound('Appeal');
      if (appeal.decision) return fail(409, MESSAGE.alreadyDecided);
      if (appeal.state !== 'open') return fail(409, MESSAGE.notOpen);
      const restriction = restrictionOf(appeal);
      if (restriction.adminId === db.admin._id) return forbid(request, MESSAGE.ownRestriction);
      const at = new Date().toISOString();
      const user = db.users.find((candidate) => candidate._id === appeal.userId);
      Object.assign(appeal, {
        state: decision === 'reverse' ? 'reversed' : 'upheld',
        decision: { decision, note, admin: { _id: db.admin._id, name: adminName(db.admin._id) }, at },
      });
      let summary = `Appeal of ${restriction.reference} upheld: the restriction stands (${restrictionText(restriction.endsAt)}); the member is told by mail`;
      if (decision === 'reverse') {
        const inForce = !restriction.endedAt;
        const other = inForceOf(appeal.userId);
        const lifted = liftInForce && other && other !== restriction ? other : undefined;
        const was = user?.enabled;
        if (inForce) Object.assign(restriction, { endedAt: at, endedReason: 'reversed' });
        if (lifted) Object.assign(lifted, { endedAt: at, endedReason: 'reversed' });
        const active = (inForce || lifted) && !inForceOf(appeal.userId);
        if (active && user) Object.assign(user, { enabled: true, updatedAt: at });
        summary = `Appeal of ${restriction.reference} reversed: ${
          inForce
            ? 'the restriction ended'
            : `the restriction had already ended (${restriction.endedReason ?? 'ended'})`
        }${lifted ? `; ${lifted.reference} in force lifted too` : ''}; ${
          active ? (was ? 'already Active' : 'Inactive → Active') : stillUnder(appeal.userId)
        }; the member is told by mail`;
      }
      for (const item of db.reviewItems)
        if (item.kind === 'appeal' && item.ref === appeal._id && item.state !== 'done')
          Object.assign(item, { state: 'done', doneAt: at });
      recordActivity({
        action: decision === 'reverse' ? 'appeal-reverse' : 'appeal-uphold',
        recordType: 'user',
        recordId: appeal.userId,
        recordName: nameOf(user),
        summary,
        reason: note,
      });
      return ok({ message: decisionMessage(decision, inForceOf(appeal.userId) ?? null) });
    }),
  ),
];

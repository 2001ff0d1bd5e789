import {
  actionedUnderNote,
  actionedUnderSummary,
  RESTRICTION_MESSAGES,
  type RestrictionInput,
} from '../../contract/restrictions';
import { setMailText } from '../db/mail';
import { actionUnder, findReport, lockOpenReportsOf } from '../db/moderation';
import type { Db } from '../db/postgres/db';
import {
  endOpenRestrictions,
  findPolicy,
  inForceAnswer,
  restrictionInForce,
  setRestrictionMail,
} from '../db/restrictions';
import { lockMemberStatus, setMemberStatus } from '../db/users';
import { activityLog, summarise } from '../lib/activity';
import { HttpError, notFound } from '../lib/errors';
import { now } from '../lib/ids';
import type { MailQueue } from '../lib/mail-queue';
import { factsAsReason, recordRestriction, restrictionText, statementOfReasons } from '../lib/restrictions';

/**
 * Restricting members ('restrictions'; DECISIONS: a restriction cites a policy and the facts), activating them, and
 * acting on a chat report under the restriction in force. Each runs in one transaction that locks the member first,
 * then the restriction in force, then the reports.
 */

/**
 * A restriction: the member deactivated, the restriction stored with its statement, the activity entry, the
 * member's Open chat reports Actioned under it (unless the input says not), and the statement's mail queued to the
 * member, in one transaction (no mail when the statement is withheld). Refused (409, nothing written, no mail) while
 * another restriction is in force, unless the input names it in `replaces`.
 */
export async function restrict(
  { db, queue, publicUrl }: { db: Db; queue: MailQueue; publicUrl: string },
  {
    adminId,
    userId,
    input,
    also,
  }: {
    adminId: string;
    userId: string;
    input: RestrictionInput;
    /** More writes in the restriction's transaction, after it (a review case's decision: services/review-cases.ts). */
    also?: (tx: Db, made: { reference: string; closed: number }) => Promise<void>;
  },
): Promise<{ reference: string; closed: number }> {
  const log = activityLog(db);
  const policy = await findPolicy(db, input.policyId);
  if (!policy) throw new HttpError(400, RESTRICTION_MESSAGES.policyUnknown, { field: 'policyId' });
  let stored: (Awaited<ReturnType<typeof recordRestriction>> & { closed: number }) | undefined;
  const write = async (tx: Db) => {
    const before = await lockMemberStatus(tx, userId);
    if (!before) throw notFound('User');
    const inForce = await restrictionInForce(tx, userId, { lock: true });
    if (input.replaces !== undefined && input.replaces !== inForce?.reference)
      throw new HttpError(409, RESTRICTION_MESSAGES.notInForce(input.replaces), {
        inForce: inForceAnswer(inForce),
      });
    if (inForce && input.replaces === undefined)
      throw new HttpError(409, RESTRICTION_MESSAGES.alreadyRestricted(inForce.reference), {
        inForce: inForceAnswer(inForce),
      });
    const stamp = now();
    await setMemberStatus(tx, userId, false, stamp);
    const memberName = `${before.name} ${before.surname}`.trim();
    const made = await recordRestriction(
      tx,
      {
        user_id: userId,
        email: before.email,
        admin_id: adminId,
        policy_id: input.policyId,
        policy_name: policy.message,
        policy_explanation: policy.explanation,
        facts: input.facts,
        created_at: stamp,
        ends_at: input.endsAt,
        withheld_reason: input.withheldReason ?? null,
      },
      (reference) =>
        statementOfReasons({
          reference,
          memberName: before.name,
          policyName: policy.message,
          policyExplanation: policy.explanation,
          facts: input.facts,
          endsAt: input.endsAt,
          at: stamp,
          publicUrl,
          replaces: inForce?.reference,
        }),
    );
    await log.record(tx, adminId, {
      action: 'restrict',
      recordType: 'user',
      recordId: userId,
      recordName: memberName,
      summary: `${restrictionText(input.endsAt)}, citing "${policy.message}" (${made.reference}${
        inForce ? `, replacing ${inForce.reference}` : ''
      }); ${input.withheldReason ? `statement withheld: ${input.withheldReason}` : 'statement of reasons mailed'}`,
      reason: factsAsReason(input.facts),
    });
    const reports = input.closeReports === false ? [] : await lockOpenReportsOf(tx, userId);
    const note = actionedUnderNote(made.reference);
    await actionUnder(
      tx,
      reports.map((report) => report.id),
      { restrictionId: made.id, note, adminId, stamp },
    );
    await logReportDecisions(tx, adminId, reports, actionedUnderSummary(made.reference), note);
    stored = { ...made, closed: reports.length };
    await also?.(tx, { reference: made.reference, closed: reports.length });
  };
  if (input.withheldReason) await db.transaction(write);
  // The statement's text is known only once the reference is drawn inside the transaction: the mail is stored
  // with a placeholder and given its text in the same transaction.
  else
    await queue.store(
      { title: 'Statement of reasons', body: '', recipients: [userId], kind: 'restriction' },
      async (tx, mailId) => {
        const made = stored!;
        await setRestrictionMail(tx, made.id, mailId);
        await setMailText(tx, mailId, made.statement);
      },
      write,
    );
  return { reference: stored!.reference, closed: stored!.closed };
}

/**
 * Each chat report a decision closed, logged on the report as its case PATCH would log it (one 'case' entry each):
 * a restriction's, a review case's.
 */
export async function logReportDecisions(
  tx: Db,
  adminId: string,
  reports: readonly { id: string; message: string }[],
  summary: string,
  reason: string,
) {
  const log = activityLog(tx);
  for (const report of reports)
    await log.record(tx, adminId, {
      action: 'case',
      recordType: 'chat-report',
      recordId: report.id,
      recordName: report.message,
      summary,
      reason,
    });
}

/**
 * A member made active or inactive without a restriction, with the admin's `reason` on the activity entry. An
 * activation ends the member's suspension: the sweep has nothing left to end.
 */
export async function setMemberActive(
  { db }: { db: Db },
  { adminId, userId, active, reason }: { adminId: string; userId: string; active: boolean; reason?: string },
): Promise<void> {
  const log = activityLog(db);
  await db.transaction(async (tx) => {
    const before = await lockMemberStatus(tx, userId);
    if (!before) throw notFound('User');
    const stamp = now();
    await setMemberStatus(tx, userId, active, stamp);
    if (active) await endOpenRestrictions(tx, userId, 'reactivated', stamp);
    await log.record(tx, adminId, {
      action: active ? 'activate' : 'deactivate',
      recordType: 'user',
      recordId: userId,
      recordName: `${before.name} ${before.surname}`.trim(),
      summary:
        before.enabled === active
          ? `Already ${active ? 'Active' : 'Inactive'}`
          : summarise([{ name: 'enabled', kind: 'status', before: before.enabled, after: active }], 'user'),
      reason,
    });
  });
}

/**
 * A chat report Actioned under its reported member's restriction in force, named by `reference`: linked to it, with
 * the note given or `Actioned under R-…`; no new restriction and no mail. Undefined, with nothing written, when the
 * admin may not decide cases (`mayDecide`), which is told only once the report is known to exist.
 */
export async function actionUnderRestriction(
  { db }: { db: Db },
  {
    reportId,
    reference,
    note,
    adminId,
    mayDecide,
  }: { reportId: string; reference: string; note: string | undefined; adminId: string; mayDecide: boolean },
) {
  const log = activityLog(db);
  return db.transaction(async (tx) => {
    const found = await findReport(tx, reportId);
    if (!found) throw notFound('Report');
    if (!mayDecide) return undefined;
    if (found.reported_id) await lockMemberStatus(tx, found.reported_id);
    const inForce = found.reported_id
      ? await restrictionInForce(tx, found.reported_id, { lock: true })
      : undefined;
    const before = await findReport(tx, reportId, { lock: true });
    if (!before) throw notFound('Report');
    if (!inForce || inForce.reference !== reference || before.reported_id !== found.reported_id)
      throw new HttpError(409, RESTRICTION_MESSAGES.notInForce(reference));
    if (before.status !== 'Open') throw new HttpError(409, RESTRICTION_MESSAGES.caseNotOpen);
    const stated = note || actionedUnderNote(reference);
    await actionUnder(tx, [reportId], { restrictionId: inForce.id, note: stated, adminId, stamp: now() });
    await log.record(tx, adminId, {
      action: 'case',
      recordType: 'chat-report',
      recordId: reportId,
      recordName: before.message,
      summary: actionedUnderSummary(reference),
      reason: stated,
    });
    return (await findReport(tx, reportId))!;
  });
}

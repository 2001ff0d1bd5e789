import {
  CASE_MESSAGES,
  DISMISS_REASON_MAX,
  RULE_KINDS,
  WARNING_MAX,
  type DecideBody,
  type LevelsBody,
} from '../../contract/review-cases';
import { fillTemplate } from '../../contract/notice-templates';
import { plainText } from '../../contract/moderation';
import { findTemplate } from '../db/notice-templates';
import type { Db } from '../db/postgres/db';
import { REVERSED } from '../db/restrictions';
import {
  caseContacts,
  caseMember,
  caseReports,
  contactJoinsCase,
  decideReports,
  escalateItem,
  findItem,
  findLevel,
  finishItem,
  insertContactCase,
  knownPolicies,
  levels,
  levelsInUse,
  lockLevels,
  lockOpenReportsOfCase,
  openCaseOf,
  releaseItem,
  replaceRules,
  rules,
  upsertLevel,
  type ReviewItemRow,
} from '../db/review-queue';
import { findAdminRow } from '../db/admins';
import { lastActiveOf } from '../db/users';
import { can } from '../../contract/roles';
import { activityLog } from '../lib/activity';
import { HttpError, notFound } from '../lib/errors';
import { newId, now } from '../lib/ids';
import type { MailQueue } from '../lib/mail-queue';
import { logReportDecisions, restrict } from './restrictions';

/**
 * Review cases ('review-cases') and priorities ('review-priorities'): a case's decision (dismiss, warn, restrict,
 * escalate, release), each in one transaction with its activity entries; a contact message escalated into a case;
 * the levels and rules an Owner sets. The triggers of migration 019 keep cases in step with their reports.
 */

export type CaseDeps = { db: Db; queue: MailQueue; publicUrl: string };

/** The most reports a case page reads (contract CASE_REPORTS_MAX). */
export { CASE_REPORTS_MAX } from '../../contract/review-cases';

/**
 * A Contact Us message escalated to the review queue ('contact-status' calls this in its own transaction `tx`): it
 * joins the open case of the member it names (opened for them when they have none), or is a case of its own when it
 * names no one; the case is at `levelId` at least. The activity entry is the caller's. Answers the case's id.
 */
export async function escalateContact(
  tx: Db,
  {
    contactId,
    memberId,
    levelId,
  }: { contactId: string; memberId: string | null; levelId: string | null; adminId: string },
): Promise<{ caseId: string }> {
  if (levelId && !(await findLevel(tx, levelId)))
    throw new HttpError(400, CASE_MESSAGES.levelUnknown, { field: 'levelId' });
  let caseId = memberId ? await openCaseOf(tx, memberId) : undefined;
  caseId ??= await insertContactCase(tx, { contactId, memberId, levelId });
  // Another writer opened the member's case between the look-up and the insert: join theirs.
  if (!caseId && memberId) caseId = await openCaseOf(tx, memberId);
  if (!caseId) throw notFound('Contact message');
  await contactJoinsCase(tx, { contactId, caseId, levelId });
  return { caseId };
}

const memberName = (row: ReviewItemRow) => `${row.subject_name ?? ''} ${row.subject_surname ?? ''}`.trim();

/** The item `id` locked for a decision by `adminId`: a case not done, not claimed by another admin (an Owner may). */
async function lockCase(tx: Db, id: string, adminId: string, role: string) {
  return decidable(await findItem(tx, id, { lock: true }), adminId, role);
}

/**
 * The case's Open reports, then the case, locked in the order every other write takes them (a report's case PATCH and
 * restrict() lock a report, and its trigger then the case): the other order met them in a deadlock. Answers the Open
 * reports as they are once the case is held, with any that joined it meanwhile.
 */
async function lockReportsThenCase(tx: Db, id: string, adminId: string, role: string) {
  await lockOpenReportsOfCase(tx, id);
  await lockCase(tx, id, adminId, role);
  return lockOpenReportsOfCase(tx, id);
}

/** `item` if `adminId` may decide it now: a case not done, not claimed by another admin (an Owner may). */
function decidable(item: ReviewItemRow | undefined, adminId: string, role: string) {
  if (!item) throw notFound('Item');
  if (item.kind !== 'case') throw new HttpError(400, CASE_MESSAGES.notACase);
  if (item.state === 'done') throw new HttpError(409, CASE_MESSAGES.done);
  if (item.state === 'claimed' && item.assignee_id !== adminId && role !== 'owner')
    throw new HttpError(409, CASE_MESSAGES.claimedByOther(item.assignee_name ?? ''));
  return item;
}

/** The text of a reason or message as stored: plain text, trimmed, required and at most `max` characters. */
function required(value: string, max: number, missing: string, tooLong: string, field: string) {
  const text = plainText(value).trim();
  if (!text) throw new HttpError(400, missing, { field });
  if (text.length > max) throw new HttpError(400, tooLong, { field });
  return text;
}

/**
 * Decides the case `id` as `body` says, in one transaction, logged: dismiss and warn close every Open report of the
 * case (Dismissed, Actioned) and the case with them; restrict is restrict() with the member's Open reports (the
 * case's) Actioned under the new reference; escalate sets the level and hands the case to an admin or back to the
 * queue for the Owners; release hands it back. Answers the item as it is after.
 */
export async function decideCase(
  { db, queue, publicUrl }: CaseDeps,
  { id, adminId, role, body }: { id: string; adminId: string; role: string; body: DecideBody },
): Promise<ReviewItemRow> {
  const log = activityLog(db);
  const stamp = now();

  switch (body.action) {
    case 'dismiss': {
      const reason = required(
        body.reason,
        DISMISS_REASON_MAX,
        CASE_MESSAGES.reasonRequired,
        CASE_MESSAGES.reasonTooLong,
        'reason',
      );
      await db.transaction(async (tx) => {
        const reports = await lockReportsThenCase(tx, id, adminId, role);
        await decideReports(
          tx,
          reports.map((report) => report.id),
          { status: 'Dismissed', note: reason, adminId, stamp },
        );
        await logReportDecisions(tx, adminId, reports, 'Open → Dismissed (review case)', reason);
        await finishItem(tx, id, adminId, stamp);
      });
      break;
    }
    case 'warn': {
      const message = required(
        body.message,
        WARNING_MAX,
        CASE_MESSAGES.messageRequired,
        CASE_MESSAGES.messageTooLong,
        'message',
      );
      const unfilled = fillTemplate(message, {}).unfilled;
      if (unfilled.length)
        throw new HttpError(400, CASE_MESSAGES.unfilled(unfilled), { field: 'message', unfilled });
      const before = await findItem(db, id);
      if (!before) throw notFound('Item');
      if (before.kind === 'case' && !before.subject_id) throw new HttpError(400, CASE_MESSAGES.noSubject);
      const template = body.templateId ? await findTemplate(db, body.templateId) : undefined;
      if (body.templateId && !template)
        throw new HttpError(400, 'The template does not exist', { field: 'templateId' });
      const subject =
        template && !fillTemplate(template.subject, {}).unfilled.length
          ? template.subject
          : 'A warning about your account';
      const work = async (tx: Db) => {
        const reports = await lockReportsThenCase(tx, id, adminId, role);
        const item = (await findItem(tx, id))!;
        if (item.subject_id !== before.subject_id) throw new HttpError(409, CASE_MESSAGES.done);
        await decideReports(
          tx,
          reports.map((report) => report.id),
          { status: 'Actioned', note: 'Warned', adminId, stamp },
        );
        await log.record(tx, adminId, {
          action: 'send',
          recordType: 'user',
          recordId: item.subject_id,
          recordName: memberName(item),
          summary: template
            ? `Warning mailed from the template "${template.name}" (no strike)`
            : 'Warning mailed (no strike)',
          reason: message,
        });
        await logReportDecisions(tx, adminId, reports, 'Open → Actioned (warned)', 'Warned');
        await finishItem(tx, id, adminId, stamp);
      };
      await queue.store(
        { title: subject, body: message, recipients: [before.subject_id!], kind: 'member' },
        undefined,
        work,
      );
      break;
    }
    case 'restrict': {
      // Checked before restrict() writes: once it has closed the case's reports, the case is done.
      const before = decidable(await findItem(db, id), adminId, role);
      if (!before.subject_id) throw new HttpError(400, CASE_MESSAGES.noSubject);
      await restrict(
        { db, queue, publicUrl },
        {
          adminId,
          userId: before.subject_id!,
          input: { ...body.restriction, closeReports: true },
          // restrict() closed the member's Open reports, the case's: the trigger made it done; this decision's.
          also: (tx) => finishItem(tx, id, adminId, stamp),
        },
      );
      break;
    }
    case 'escalate': {
      await db.transaction(async (tx) => {
        const item = await lockCase(tx, id, adminId, role);
        const level = await findLevel(tx, body.levelId);
        if (!level) throw new HttpError(400, CASE_MESSAGES.levelUnknown, { field: 'levelId' });
        let assignee: { id: string; name: string } | null = null;
        if (body.assigneeId !== 'owners') {
          const admin = /^[0-9a-f]{24}$/.test(body.assigneeId)
            ? await findAdminRow(tx, body.assigneeId)
            : undefined;
          if (!admin || admin.admin_status !== 'active' || !can(admin.admin_role, 'queue.claim'))
            throw new HttpError(400, CASE_MESSAGES.assigneeUnknown, { field: 'assigneeId' });
          assignee = { id: admin.id, name: admin.name };
        }
        await escalateItem(tx, id, { levelId: level.id, assigneeId: assignee?.id ?? null, stamp });
        await log.record(tx, adminId, {
          action: assignee ? 'claim' : 'release',
          recordType: 'user',
          recordId: item.subject_id,
          recordName: memberName(item),
          summary: `Escalated the review case to ${level.name}, ${assignee ? `to ${assignee.name}` : 'for the Owners'}`,
        });
      });
      break;
    }
    case 'release': {
      await db.transaction(async (tx) => {
        const item = await lockCase(tx, id, adminId, role);
        if (item.state !== 'claimed') throw new HttpError(409, 'This item is not claimed');
        await releaseItem(tx, id);
        await log.record(tx, adminId, {
          action: 'release',
          recordType: 'user',
          recordId: item.subject_id,
          recordName: memberName(item),
          summary: 'Released the review case to the queue',
        });
      });
      break;
    }
  }
  return (await findItem(db, id))!;
}

/** The case page's data: the item, its reports in full, its contact messages, and its member's summary. */
export async function caseView(
  db: Db,
  id: string,
  { strikeDays, limit }: { strikeDays: number; limit: number },
) {
  const item = await findItem(db, id);
  if (!item) throw notFound('Item');
  const strikesSince = new Date(Date.now() - strikeDays * 86_400_000).toISOString();
  const [reports, contacts, member, lastActiveAt] = await Promise.all([
    item.kind === 'case' ? caseReports(db, id, limit) : Promise.resolve([]),
    item.kind === 'case' ? caseContacts(db, id) : Promise.resolve([]),
    item.subject_id
      ? caseMember(db, item.subject_id, id, strikesSince, REVERSED)
      : Promise.resolve(undefined),
    item.subject_id ? lastActiveOf(db, item.subject_id) : Promise.resolve(null),
  ]);
  return { item, reports, contacts, member, lastActiveAt };
}

/** The levels and rules, as GET /api/review-queue/levels answers them. */
export async function levelsAndRules(db: Db) {
  const [levelRows, ruleRows] = await Promise.all([levels(db), rules(db)]);
  return {
    levels: levelRows.map((level) => ({
      _id: level.id,
      name: level.name,
      rank: level.rank,
      targetMinutes: level.target_minutes,
    })),
    rules: ruleRows.map((rule) => ({
      _id: rule.id,
      kind: rule.kind,
      policy: rule.policy_id ? { _id: rule.policy_id, name: rule.policy_name ?? '' } : null,
      levelId: rule.level_id,
    })),
  };
}

/**
 * An Owner's levels and rules, replacing the stored ones in one transaction, logged: levels with distinct names and
 * ranks (1 and up) and target minutes of at least 1; a level left out removed, unless an item not done uses it; every
 * rule naming a level of the body (by `_id`, or a new one by name) and a Report Element or none, one per kind and
 * policy; each kind keeps a rule of its own.
 */
export async function replaceLevels(db: Db, adminId: string, body: LevelsBody) {
  const invalid = () => new HttpError(400, CASE_MESSAGES.levelsInvalid, { field: 'levels' });
  const names = body.levels.map((level) => level.name.trim());
  const ranks = body.levels.map((level) => level.rank);
  if (
    !body.levels.length ||
    names.some((name) => !name || name.length > 50) ||
    new Set(names.map((name) => name.toLowerCase())).size !== names.length ||
    new Set(ranks).size !== ranks.length ||
    body.levels.some(
      (level) =>
        !Number.isInteger(level.rank) ||
        level.rank < 1 ||
        !Number.isInteger(level.targetMinutes) ||
        level.targetMinutes < 1 ||
        level.targetMinutes > 525_600,
    )
  )
    throw invalid();
  const log = activityLog(db);
  await db.transaction(async (tx) => {
    await lockLevels(tx);
    const stored = await levels(tx);
    const storedIds = new Set(stored.map((level) => level.id));
    const next = body.levels.map((level) => ({
      id: level._id && storedIds.has(level._id) ? level._id : newId(),
      name: level.name.trim(),
      rank: level.rank,
      target_minutes: level.targetMinutes,
      given: level._id,
    }));
    if (body.levels.some((level) => level._id && !storedIds.has(level._id)))
      throw new HttpError(400, CASE_MESSAGES.levelUnknown, { field: 'levels' });
    const byRef = new Map<string, string>();
    for (const level of next) {
      if (level.given) byRef.set(level.given, level.id);
      byRef.set(level.name, level.id);
    }
    const ruleRows = body.rules.map((rule) => {
      const levelId = byRef.get(rule.levelId);
      if (!levelId) throw new HttpError(400, CASE_MESSAGES.levelUnknown, { field: 'rules' });
      return { id: newId(), kind: rule.kind, policy_id: rule.policyId, level_id: levelId };
    });
    const keys = ruleRows.map((rule) => `${rule.kind}:${rule.policy_id ?? ''}`);
    if (new Set(keys).size !== keys.length || RULE_KINDS.some((kind) => !keys.includes(`${kind}:`)))
      throw new HttpError(400, 'Each kind needs one rule of its own, and a policy one rule per kind', {
        field: 'rules',
      });
    const policies = [...new Set(ruleRows.flatMap((rule) => (rule.policy_id ? [rule.policy_id] : [])))];
    if ((await knownPolicies(tx, policies)).length !== policies.length)
      throw new HttpError(400, 'A rule cites a policy that is not a Report Element', { field: 'rules' });
    const keep = next.map((level) => level.id);
    const removed = stored.filter((level) => !keep.includes(level.id));
    if (
      (
        await levelsInUse(
          tx,
          removed.map((level) => level.id),
        )
      ).length
    )
      throw new HttpError(409, CASE_MESSAGES.levelInUse);
    for (const level of next) await upsertLevel(tx, level);
    await replaceRules(tx, ruleRows, keep);
    await log.record(tx, adminId, {
      action: 'update',
      recordType: 'setting',
      recordId: null,
      recordName: 'Review priorities',
      summary: `Review priorities: ${next
        .slice()
        .sort((a, b) => a.rank - b.rank)
        .map((level) => `${level.name} ${level.target_minutes} min`)
        .join(
          ', ',
        )}; ${ruleRows.length} rules${removed.length ? `; removed ${removed.map((level) => level.name).join(', ')}` : ''}`,
    });
  });
  return levelsAndRules(db);
}

import {
  fillNotice,
  PLACEHOLDER_VALUE_MAX,
  TEMPLATE_MESSAGES,
  type PlaceholderValues,
  type TemplateKind,
} from '../../contract/notice-templates';
import {
  deleteTemplate as deleteRow,
  findTemplate,
  insertTemplate,
  policyExists,
  updateTemplate as updateRow,
  type NoticeTemplateRow,
  type NoticeTemplateValues,
} from '../db/notice-templates';
import type { Db } from '../db/postgres/db';
import { activityLog, summarise, type Change } from '../lib/activity';
import { HttpError, notFound } from '../lib/errors';
import { newId } from '../lib/ids';
import { checkVersion, nextVersion } from '../lib/versions';

/** A message ready to send: the template's subject and body with every placeholder filled, and which template it was. */
export type RenderedNotice = {
  template: { id: string; name: string; kind: TemplateKind };
  subject: string;
  body: string;
};

/**
 * The template `templateId` filled with `values` (contract/notice-templates.ts, fillNotice), for a message about to be
 * sent (the review queue's warn, helper services). Refuses with 400 when the template does not exist (`field:
 * 'templateId'`), a value is too long, or a placeholder is left unfilled: the message names each one, and the answer's
 * `unfilled` lists them. Reads with `db` as given, so inside a transaction it reads that transaction's view.
 */
export async function renderNotice(
  db: Db,
  { templateId, values }: { templateId: string; values: PlaceholderValues },
): Promise<RenderedNotice> {
  const template = await findTemplate(db, templateId);
  if (!template) throw new HttpError(400, TEMPLATE_MESSAGES.notFound, { field: 'templateId' });
  for (const [name, value] of Object.entries(values))
    if (typeof value === 'string' && value.trim().length > PLACEHOLDER_VALUE_MAX)
      throw new HttpError(400, TEMPLATE_MESSAGES.valueTooLong(name), { field: 'values' });
  const { subject, body, unfilled } = fillNotice(template, values);
  if (unfilled.length)
    throw new HttpError(400, TEMPLATE_MESSAGES.unfilled(unfilled), { field: 'values', unfilled });
  return {
    template: { id: template.id, name: template.name, kind: template.kind as TemplateKind },
    subject,
    body,
  };
}

/** The policy a template cites, checked in the write's transaction: a Report Element, or none. */
async function checkPolicy(tx: Db, policyId: string | null) {
  if (policyId !== null && !(await policyExists(tx, policyId)))
    throw new HttpError(400, TEMPLATE_MESSAGES.policyUnknown, { field: 'policyId' });
}

const log = (db: Db) => activityLog(db);

/** Adds a template, with its 'create' entry in the activity log. */
export function createTemplate(db: Db, adminId: string, values: NoticeTemplateValues) {
  return db.transaction(async (tx) => {
    await checkPolicy(tx, values.policyId);
    const row = await insertTemplate(tx, { ...values, id: newId(), adminId, at: new Date().toISOString() });
    await log(db).record(tx, adminId, {
      action: 'create',
      recordType: 'notice-template',
      recordId: row.id,
      recordName: row.name,
      summary: `${row.kind === 'warning' ? 'Warning' : 'Notice'} template added${row.policy_name ? ` for ${row.policy_name}` : ''}`,
    });
    return row;
  });
}

/** What an update changed, as the activity entry's summary names it. */
function changes(before: NoticeTemplateRow, after: NoticeTemplateRow): Change[] {
  return [
    { name: 'kind', kind: 'text', before: before.kind, after: after.kind },
    { name: 'policy', kind: 'text', before: before.policy_name ?? '', after: after.policy_name ?? '' },
    { name: 'name', kind: 'text', before: before.name, after: after.name },
    { name: 'subject', kind: 'text', before: before.subject, after: after.subject },
    { name: 'body', kind: 'text', before: before.body, after: after.body },
  ];
}

/**
 * Changes a template (every field), with its 'update' entry naming what changed; refused with 409 when `expected`
 * (If-Match's versions) does not name its version.
 */
export function updateTemplate(
  db: Db,
  adminId: string,
  id: string,
  values: NoticeTemplateValues,
  expected?: string[],
) {
  return db.transaction(async (tx) => {
    const before = await findTemplate(tx, id, { lock: true });
    if (!before) throw notFound('Template');
    checkVersion(expected, before.updated_at);
    await checkPolicy(tx, values.policyId);
    const after = await updateRow(tx, { ...values, id, adminId, at: nextVersion(before.updated_at) });
    await log(db).record(tx, adminId, {
      action: 'update',
      recordType: 'notice-template',
      recordId: id,
      recordName: after.name,
      summary: summarise(changes(before, after), 'notice-template'),
    });
    return after;
  });
}

/** Deletes a template, with its 'delete' entry. */
export function deleteTemplate(db: Db, adminId: string, id: string) {
  return db.transaction(async (tx) => {
    const template = await findTemplate(tx, id, { lock: true });
    if (!template) throw notFound('Template');
    await deleteRow(tx, id);
    await log(db).record(tx, adminId, {
      action: 'delete',
      recordType: 'notice-template',
      recordId: id,
      recordName: template.name,
      summary: `${template.kind === 'warning' ? 'Warning' : 'Notice'} template deleted`,
    });
  });
}

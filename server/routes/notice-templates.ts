import type { Hono } from 'hono';
import { z } from 'zod';
import {
  placeholderProblem,
  placeholdersIn,
  TEMPLATE_BODY_MAX,
  TEMPLATE_KINDS,
  TEMPLATE_MESSAGES,
  TEMPLATE_NAME_MAX,
  TEMPLATE_SUBJECT_MAX,
} from '../../contract/notice-templates';
import { isEmpty } from '../../contract/rules';
import { findTemplate, listTemplates, type NoticeTemplateRow } from '../db/notice-templates';
import type { Db } from '../db/postgres/db';
import { jsonBody, jsonLimit } from '../lib/body';
import type { AppEnv } from '../lib/env';
import { HttpError, notFound } from '../lib/errors';
import { parseId } from '../lib/ids';
import { expectedVersions } from '../lib/versions';
import { fields, freeText, text } from '../lib/validate';
import { createTemplate, deleteTemplate, updateTemplate } from '../services/notice-templates';

const ID = /^[0-9a-f]{24}$/;

const listQuery = z.object({
  kind: z.enum(TEMPLATE_KINDS, { error: TEMPLATE_MESSAGES.kindInvalid }).optional(),
  policy: z
    .string()
    .regex(/^(none|[0-9a-f]{24})$/, 'Policy must be none or a Report Element id')
    .optional(),
});

const templateBody = fields({
  kind: text('Kind', { required: true, oneOf: TEMPLATE_KINDS }),
  policyId: z.unknown().transform((value, ctx) => {
    if (isEmpty(value)) return null;
    if (typeof value === 'string' && ID.test(value.trim())) return value.trim();
    ctx.addIssue({ code: 'custom', message: TEMPLATE_MESSAGES.policyUnknown });
    return z.NEVER;
  }),
  name: text('Name', { required: true, max: TEMPLATE_NAME_MAX }),
  subject: text('Subject', { required: true, max: TEMPLATE_SUBJECT_MAX }),
  body: freeText('Message', { max: TEMPLATE_BODY_MAX }),
});

/** A request's template, each field by its rule, then the placeholders its subject and body name. */
function templateValues(body: Record<string, unknown>) {
  const values = { ...templateBody.parse(body) };
  const message = values.body;
  if (!message) throw new HttpError(400, TEMPLATE_MESSAGES.bodyRequired, { field: 'body' });
  for (const [field, text] of [
    ['subject', values.subject],
    ['body', message],
  ] as const) {
    const problem = placeholderProblem(text);
    if (problem) throw new HttpError(400, problem, { field });
  }
  return { ...values, body: message };
}

/** A template as the API answers it, with the placeholders it names (subject first, then body). */
function serialize(row: NoticeTemplateRow) {
  return {
    _id: row.id,
    kind: row.kind,
    policy: row.policy_id ? { _id: row.policy_id, name: row.policy_name ?? '' } : null,
    name: row.name,
    subject: row.subject,
    body: row.body,
    placeholders: placeholdersIn(`${row.subject}\n${row.body}`),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by ? { _id: row.updated_by, name: row.updated_by_name } : null,
  };
}

/**
 * Notice templates (announced as 'notice-templates'): the library of warnings and notices per policy. Anyone who reads
 * the review queue lists and reads them; an Owner (templates.write) adds, changes and deletes them, each write one
 * entry in the activity log. Sending one is the caller's (services/notice-templates.ts, renderNotice).
 */
export function registerNoticeTemplateRoutes(app: Hono<AppEnv>, db: Db) {
  app.get('/api/notice-templates', async (c) => {
    const query = c.req.query();
    const chosen = listQuery.parse(
      Object.fromEntries(Object.entries(query).filter(([name, value]) => name in listQuery.shape && value)),
    );
    const rows = await listTemplates(db, {
      kind: chosen.kind,
      policyId: chosen.policy === 'none' ? null : chosen.policy,
    });
    return c.json({ success: true, message: 'Success', result: rows.map(serialize) });
  });

  app.get('/api/notice-templates/:id', async (c) => {
    const row = await findTemplate(db, parseId(c.req.param('id')));
    if (!row) throw notFound('Template');
    return c.json({ success: true, message: 'Success', result: serialize(row) });
  });

  app.post('/api/notice-templates', jsonLimit, async (c) => {
    const values = templateValues(await jsonBody(c));
    const row = await createTemplate(db, c.get('adminId'), values);
    return c.json({ success: true, message: 'Template added', result: serialize(row) });
  });

  app.patch('/api/notice-templates/:id', jsonLimit, async (c) => {
    const id = parseId(c.req.param('id'));
    const values = templateValues(await jsonBody(c));
    const row = await updateTemplate(db, c.get('adminId'), id, values, expectedVersions(c));
    return c.json({ success: true, message: 'Template updated', result: serialize(row) });
  });

  app.delete('/api/notice-templates/:id', async (c) => {
    await deleteTemplate(db, c.get('adminId'), parseId(c.req.param('id')));
    return c.json({ success: true, message: 'Template deleted' });
  });
}

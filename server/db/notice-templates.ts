import type { Db, SqlValue } from './postgres/db';

/** Notice templates (migration 020; routes/notice-templates.ts, services/notice-templates.ts). */

export type NoticeTemplateRow = {
  id: string;
  kind: string;
  policy_id: string | null;
  policy_name: string | null;
  name: string;
  subject: string;
  body: string;
  created_at: string;
  updated_at: string;
  updated_by: string | null;
  updated_by_name: string;
};

export type NoticeTemplateValues = {
  kind: string;
  policyId: string | null;
  name: string;
  subject: string;
  body: string;
};

const select = `SELECT t.id, t.kind, t.policy_id, p.message AS policy_name, t.name, t.subject, t.body, t.created_at,
  t.updated_at, t.updated_by, t.updated_by_name
  FROM notice_templates t LEFT JOIN report_elements p ON p.id = t.policy_id`;

/**
 * The templates of `kind` (or every kind) for `policy`: a policy's id lists its own and those for any policy; 'none'
 * lists only those for any policy. Ordered by kind, then the policy's (none first), then name.
 */
export function listTemplates(db: Db, filter: { kind?: string; policyId?: string | null }) {
  const params: SqlValue[] = [];
  const conditions: string[] = [];
  if (filter.kind) {
    params.push(filter.kind);
    conditions.push(`t.kind = $${params.length}`);
  }
  if (filter.policyId === null) conditions.push('t.policy_id IS NULL');
  else if (filter.policyId) {
    params.push(filter.policyId);
    conditions.push(`(t.policy_id = $${params.length} OR t.policy_id IS NULL)`);
  }
  return db.many<NoticeTemplateRow>(
    `${select}${conditions.length ? ` WHERE ${conditions.join(' AND ')}` : ''}
     ORDER BY t.kind, t.policy_id IS NOT NULL, lower(p.message), lower(t.name), t.id`,
    params,
  );
}

/** A template, locked for the write when `lock`. */
export function findTemplate(db: Db, id: string, { lock = false } = {}) {
  return db.maybeOne<NoticeTemplateRow>(`${select} WHERE t.id = $1${lock ? ' FOR UPDATE OF t' : ''}`, [id]);
}

/** Whether `policyId` is a Report Element, read in `tx` with a share lock so that it stays while the write commits. */
export async function policyExists(tx: Db, policyId: string) {
  return Boolean(await tx.maybeOne('SELECT 1 FROM report_elements WHERE id = $1 FOR SHARE', [policyId]));
}

const adminName = "coalesce((SELECT trim(name || ' ' || surname) FROM users WHERE id = $2), '')";

export async function insertTemplate(
  tx: Db,
  template: NoticeTemplateValues & { id: string; adminId: string; at: string },
) {
  await tx.run(
    `INSERT INTO notice_templates (id, kind, policy_id, name, subject, body, created_at, updated_at, updated_by,
       updated_by_name)
     VALUES ($1, $3, $4, $5, $6, $7, $8, $8, $2, ${adminName})`,
    [
      template.id,
      template.adminId,
      template.kind,
      template.policyId,
      template.name,
      template.subject,
      template.body,
      template.at,
    ],
  );
  return (await findTemplate(tx, template.id))!;
}

export async function updateTemplate(
  tx: Db,
  template: NoticeTemplateValues & { id: string; adminId: string; at: string },
) {
  await tx.run(
    `UPDATE notice_templates SET kind = $3, policy_id = $4, name = $5, subject = $6, body = $7, updated_at = $8,
       updated_by = $2, updated_by_name = ${adminName}
     WHERE id = $1`,
    [
      template.id,
      template.adminId,
      template.kind,
      template.policyId,
      template.name,
      template.subject,
      template.body,
      template.at,
    ],
  );
  return (await findTemplate(tx, template.id))!;
}

export function deleteTemplate(tx: Db, id: string) {
  return tx.run('DELETE FROM notice_templates WHERE id = $1', [id]);
}

import type { RecordType } from '../../contract/activity';
import type { ActivityAction } from '../../contract/moderation';
import type { Db } from './postgres/db';

/** The activity log's rows (lib/activity.ts writes them; db/moderation.ts pages them). */

export type ActivityRow = {
  id: string;
  created_at: string;
  admin_id: string | null;
  admin_name: string;
  admin_email: string;
  action: ActivityAction;
  record_type: RecordType;
  record_id: string | null;
  record_name: string;
  summary: string;
  reason: string | null;
};

/** An entry's values: id, created_at, admin_id, action, record_type, record_id, record_name, summary, reason. */
export type EntryValues = [
  string,
  string,
  string | null,
  string,
  string,
  string | null,
  string,
  string,
  string | null,
];

/**
 * Entries in one statement: the day counts' trigger runs once for them all. Each entry's admin name and e-mail are
 * copied from the admin's row as it is now, in the same statement.
 */
export async function insertEntries(tx: Db, entries: readonly EntryValues[]): Promise<void> {
  const columns = Array.from({ length: 9 }, (_, index) => entries.map((entry) => entry[index] ?? null));
  await tx.run(
    `INSERT INTO activity (id, created_at, admin_id, admin_name, admin_email, action, record_type, record_id,
       record_name, summary, reason)
     SELECT e.id, e.created_at, e.admin_id, coalesce(trim(u.name || ' ' || u.surname), ''), coalesce(u.email, ''),
       e.action, e.record_type, e.record_id, e.record_name, e.summary, e.reason
     FROM unnest($1::text[], $2::timestamptz[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
       $8::text[], $9::text[]) AS e (id, created_at, admin_id, action, record_type, record_id, record_name, summary,
       reason)
     LEFT JOIN users u ON u.id = e.admin_id`,
    columns,
  );
}

/** Which of `ids` are still rows of `table` (with `role`, for users). */
export async function existingIds(
  db: Db,
  table: string,
  ids: readonly string[],
  role?: 'user' | 'admin',
): Promise<string[]> {
  const found = await db.many<{ id: string }>(
    `SELECT id FROM ${table} WHERE id = ANY($1::text[])${role ? ' AND role = $2' : ''}`,
    role ? [ids, role] : [ids],
  );
  return found.map((row) => row.id);
}

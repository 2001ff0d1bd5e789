import { memberColumns } from './members';
import type { Db, SqlValue } from './postgres/db';

/** The review queue's items (migration 013; routes/review-queue.ts). Items come and go with their sources' triggers. */

export type ReviewItemRow = {
  id: string;
  kind: string;
  ref_id: string;
  subject_id: string | null;
  state: string;
  assignee_id: string | null;
  claimed_at: string | null;
  created_at: string;
  done_at: string | null;
  subject_name: string | null;
  subject_surname: string | null;
  subject_email: string | null;
  assignee_name: string | null;
  report_message: string | null;
  report_status: string | null;
  reporter_id: string | null;
  reporter_name: string | null;
  reporter_surname: string | null;
  reporter_email: string | null;
  appeal_reference: string | null;
  /** Who made the restriction an appeal's item appeals (they may not claim it). */
  appeal_restricted_by: string | null;
  /** The subject's restriction in force ('restrictions'). */
  subject_restriction: string | null;
  subject_restriction_ends_at: string | null;
};

/** The list's filters: `assignee` is an admin's id, or null for items nobody has. */
export type QueueFilter = { kind?: string; state?: string; assignee?: string | null };

/**
 * An item with its subject (and their restriction in force), assignee and source (a chat report's message, status and
 * reporter; an appeal's restriction reference and who made it), from `items` as `r`.
 */
const itemSelect = (items: string) => `SELECT r.*, ${memberColumns('s', 'subject')}, s.email AS subject_email,
  a.name AS assignee_name, t.message AS report_message, t.status AS report_status, t.reporter_id,
  ${memberColumns('p', 'reporter')}, p.email AS reporter_email, rs.reference AS appeal_reference,
  rs.admin_id AS appeal_restricted_by, sr.reference AS subject_restriction, sr.ends_at AS subject_restriction_ends_at
  FROM ${items} r LEFT JOIN users s ON s.id = r.subject_id LEFT JOIN users a ON a.id = r.assignee_id
  LEFT JOIN chat_reports t ON r.kind = 'chat-report' AND t.id = r.ref_id LEFT JOIN users p ON p.id = t.reporter_id
  LEFT JOIN appeals ap ON r.kind = 'appeal' AND ap.id = r.ref_id LEFT JOIN restrictions rs ON rs.id = ap.restriction_id
  LEFT JOIN restrictions sr ON sr.user_id = r.subject_id AND sr.ended_at IS NULL`;

/** The conditions of `filter` over review_items, numbered after `params`. No state means the items not done. */
function where(filter: QueueFilter, params: SqlValue[]) {
  const conditions: string[] = [];
  if (filter.kind) {
    params.push(filter.kind);
    conditions.push(`kind = $${params.length}`);
  }
  if (filter.state) {
    params.push(filter.state);
    conditions.push(`state = $${params.length}`);
  } else conditions.push("state <> 'done'");
  if (filter.assignee === null) conditions.push('assignee_id IS NULL');
  else if (filter.assignee !== undefined) {
    params.push(filter.assignee);
    conditions.push(`assignee_id = $${params.length}`);
  }
  return conditions.join(' AND ');
}

/**
 * A page of the items matching `filter`, oldest first: the page's ids are read from the filter's index, then joined
 * with what they show, so a page costs its offset's index entries and its own rows.
 */
export async function pageOfItems(
  db: Db,
  filter: QueueFilter,
  { limit, offset }: { limit: number; offset: number },
): Promise<ReviewItemRow[]> {
  const params: SqlValue[] = [limit, offset];
  const page = `(SELECT * FROM review_items WHERE ${where(filter, params)}
    ORDER BY created_at, id LIMIT $1 OFFSET $2)`;
  return db.many<ReviewItemRow>(`${itemSelect(page)} ORDER BY r.created_at, r.id`, params);
}

/**
 * How many items match `filter`: by kind and state from the counters, or (an assignee) counted on the assignee's
 * index, where an admin's items are few; items nobody has are the open ones, plus the done ones never claimed.
 */
export async function countItems(db: Db, filter: QueueFilter): Promise<number> {
  if (filter.assignee === undefined || (filter.assignee === null && filter.state === 'open')) {
    const params: SqlValue[] = [];
    const conditions = [];
    if (filter.kind) {
      params.push(filter.kind);
      conditions.push(`kind = $${params.length}`);
    }
    if (filter.state) {
      params.push(filter.state);
      conditions.push(`state = $${params.length}`);
    } else conditions.push("state <> 'done'");
    const { n } = await db.one<{ n: number }>(
      `SELECT coalesce(sum(n), 0)::bigint AS n FROM review_counts WHERE ${conditions.join(' AND ')}`,
      params,
    );
    return Number(n);
  }
  if (filter.assignee === null && !filter.state) return countItems(db, { ...filter, state: 'open' });
  const params: SqlValue[] = [];
  const { n } = await db.one<{ n: number }>(
    `SELECT count(*) AS n FROM review_items WHERE ${where(filter, params)}`,
    params,
  );
  return Number(n);
}

/** The menu's figures: items nobody has, items claimed, and those claimed by `adminId`. */
export async function queueCounts(db: Db, adminId: string) {
  return db.one<{ open: number; claimed: number; mine: number }>(
    `SELECT
       (SELECT coalesce(sum(n), 0) FROM review_counts WHERE state = 'open')::int AS open,
       (SELECT coalesce(sum(n), 0) FROM review_counts WHERE state = 'claimed')::int AS claimed,
       (SELECT count(*) FROM review_items WHERE assignee_id = $1 AND state = 'claimed')::int AS mine`,
    [adminId],
  );
}

export function findItem(db: Db, id: string, { lock = false } = {}): Promise<ReviewItemRow | undefined> {
  return db.maybeOne<ReviewItemRow>(
    `${itemSelect('review_items')} WHERE r.id = $1${lock ? ' FOR UPDATE OF r' : ''}`,
    [id],
  );
}

/**
 * Gives `adminId` the oldest open item (of `kind`, when given) but the appeals of restrictions they made (another
 * admin decides those), answered as the list shows it: one statement, whose
 * SKIP LOCKED passes over the items other admins are claiming at that moment, so two admins never get the same one
 * and neither waits.
 */
export function claimNext(
  db: Db,
  adminId: string,
  kind: string | undefined,
  stamp: string,
): Promise<ReviewItemRow | undefined> {
  return db.maybeOne<ReviewItemRow>(
    `WITH claimed AS (
       UPDATE review_items SET state = 'claimed', assignee_id = $1, claimed_at = $2
       WHERE id = (
         SELECT id FROM review_items i WHERE state = 'open' AND ($3::text IS NULL OR kind = $3)
           AND (kind <> 'appeal' OR NOT EXISTS (
             SELECT 1 FROM appeals ap JOIN restrictions rs ON rs.id = ap.restriction_id
             WHERE ap.id = i.ref_id AND rs.admin_id = $1
           ))
         ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED
       ) AND state = 'open'
       RETURNING *
     )
     ${itemSelect('claimed')}`,
    [adminId, stamp, kind ?? null],
  );
}

/** Claims one item for `adminId` if it is open; whether it was. */
export async function claimItem(db: Db, id: string, adminId: string, stamp: string): Promise<boolean> {
  return (
    (await db.run(
      `UPDATE review_items SET state = 'claimed', assignee_id = $2, claimed_at = $3 WHERE id = $1 AND state = 'open'`,
      [id, adminId, stamp],
    )) === 1
  );
}

export async function releaseItem(db: Db, id: string): Promise<void> {
  await db.run(
    `UPDATE review_items SET state = 'open', assignee_id = NULL, claimed_at = NULL WHERE id = $1 AND state = 'claimed'`,
    [id],
  );
}

import { memberColumns } from './members';
import type { Db } from './postgres/db';
import { countedRows } from './row-counts';

/** Contact Us messages (routes/contact-us.ts): SPEC's list, with their status ('contact-status'). */

export type ContactRow = {
  id: string;
  title: string;
  email: string;
  phone_no: string;
  description: string;
  created_at: string;
  status: 'Open' | 'Handled';
  handled_by: string | null;
  handled_at: string | null;
  handler_name: string | null;
  /** The member whose e-mail is the message's, if any (the sender, most likely). */
  sender_id: string | null;
  sender_name: string | null;
  sender_surname: string | null;
  sender_email: string | null;
  /** The review case the message joined, once escalated (contacts.case_id, migration 019), and its state. */
  case_id: string | null;
  case_state: 'open' | 'claimed' | 'done' | null;
};

const contactSelect = `SELECT t.id, t.title, t.email, t.phone_no, t.description, t.created_at, t.status,
  t.handled_by, t.handled_at, h.name AS handler_name, s.id AS sender_id, ${memberColumns('s', 'sender')},
  s.email AS sender_email, t.case_id, r.state AS case_state
  FROM contacts t LEFT JOIN users h ON h.id = t.handled_by
  LEFT JOIN users s ON lower(s.email) = lower(t.email) AND s.role = 'user'
  LEFT JOIN review_items r ON r.id = t.case_id`;

/** A page of messages in `order` (over `t`), of one status or all, and how many there are (kept by trigger). */
export async function pageOfContacts(
  db: Db,
  { status }: { status?: string },
  order: string,
  { limit, offset }: { limit: number; offset: number },
) {
  const rows = await db.many<ContactRow>(
    `${contactSelect} ${status ? 'WHERE t.status = $3' : ''} ORDER BY ${order} LIMIT $1 OFFSET $2`,
    status ? [limit, offset, status] : [limit, offset],
  );
  return { rows, count: await countedRows(db, 'contacts', status ?? '') };
}

/** One message; `lock` takes its row lock. */
export function findContact(db: Db, id: string, { lock = false } = {}): Promise<ContactRow | undefined> {
  return db.maybeOne<ContactRow>(`${contactSelect} WHERE t.id = $1${lock ? ' FOR UPDATE OF t' : ''}`, [id]);
}

/** Sets a message's status, handled by `adminId` at `stamp`; reopened, it keeps no handler. */
export async function setContactStatus(
  db: Db,
  id: string,
  { status, adminId, stamp }: { status: 'Open' | 'Handled'; adminId: string; stamp: string },
): Promise<void> {
  await db.run(
    `UPDATE contacts SET status = $2,
       handled_by = CASE WHEN $2 = 'Handled' THEN $3 END, handled_at = CASE WHEN $2 = 'Handled' THEN $4::timestamptz END,
       updated_at = $4
     WHERE id = $1`,
    [id, status, adminId, stamp],
  );
}

export type MemberRow = { id: string; name: string; surname: string; email: string };

/** A member (not an admin) by id, as an escalation names them. */
export function findMember(db: Db, id: string): Promise<MemberRow | undefined> {
  return db.maybeOne<MemberRow>(
    "SELECT id, name, surname, email FROM users WHERE id = $1 AND role = 'user'",
    [id],
  );
}

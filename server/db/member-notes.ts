import type { Db } from './postgres/db';

/** Notes on a member ('member-notes'; routes/member-notes.ts). */

export type NoteRow = {
  id: string;
  user_id: string;
  author_id: string | null;
  author_name: string;
  text: string;
  pinned: boolean;
  created_at: string;
};

const noteColumns = 'id, user_id, author_id, author_name, text, pinned, created_at';

/** A page of a member's notes, pinned first then newest first (member_notes_page's order), and how many there are. */
export async function pageOfNotes(
  db: Db,
  userId: string,
  { limit, offset }: { limit: number; offset: number },
) {
  const [rows, { n }] = await Promise.all([
    db.many<NoteRow>(
      `SELECT ${noteColumns} FROM member_notes WHERE user_id = $1
       ORDER BY pinned DESC, created_at DESC, id DESC LIMIT $2 OFFSET $3`,
      [userId, limit, offset],
    ),
    db.one<{ n: number }>('SELECT count(*) AS n FROM member_notes WHERE user_id = $1', [userId]),
  ]);
  return { rows, count: n };
}

/** A member's note, locked for the write when `lock`. */
export function findNote(db: Db, userId: string, noteId: string, { lock = false } = {}) {
  return db.maybeOne<NoteRow>(
    `SELECT ${noteColumns} FROM member_notes WHERE id = $1 AND user_id = $2${lock ? ' FOR UPDATE' : ''}`,
    [noteId, userId],
  );
}

/** Adds a note; its author's name is copied from their row as it is now. */
export function insertNote(
  tx: Db,
  note: { id: string; userId: string; authorId: string; text: string; at: string },
) {
  return tx.one<NoteRow>(
    `INSERT INTO member_notes (id, user_id, author_id, author_name, text, created_at)
     SELECT $1, $2, $3, coalesce((SELECT trim(name || ' ' || surname) FROM users WHERE id = $3), ''), $4, $5
     RETURNING ${noteColumns}`,
    [note.id, note.userId, note.authorId, note.text, note.at],
  );
}

export function setNotePinned(tx: Db, noteId: string, pinned: boolean) {
  return tx.one<NoteRow>(`UPDATE member_notes SET pinned = $2 WHERE id = $1 RETURNING ${noteColumns}`, [
    noteId,
    pinned,
  ]);
}

export function deleteNote(tx: Db, noteId: string) {
  return tx.run('DELETE FROM member_notes WHERE id = $1', [noteId]);
}

/** A member's name as an activity entry names them, locked so the note is written on a member who stays. */
export function lockedMember(tx: Db, userId: string) {
  return tx.maybeOne<{ name: string; surname: string; email: string }>(
    "SELECT name, surname, email FROM users WHERE id = $1 AND role = 'user' FOR SHARE",
    [userId],
  );
}

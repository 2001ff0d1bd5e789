import type { Context, Hono } from 'hono';
import { MEMBER_NOTE_MAX } from '../../contract/member-notes';
import {
  deleteNote,
  findNote,
  insertNote,
  lockedMember,
  pageOfNotes,
  setNotePinned,
  type NoteRow,
} from '../db/member-notes';
import { isUser } from '../db/moderation';
import type { Db } from '../db/postgres/db';
import { activityLog } from '../lib/activity';
import { jsonBody, jsonLimit } from '../lib/body';
import type { AppEnv } from '../lib/env';
import { HttpError, notFound } from '../lib/errors';
import { newId, parseId } from '../lib/ids';
import { pageBody, paging } from '../lib/paging';
import { unsorted } from '../lib/sort';
import { bool, fields, freeText } from '../lib/validate';

const addBody = fields({ text: freeText('Note', { max: MEMBER_NOTE_MAX }) });
const pinBody = fields({ pinned: bool('Pinned', { required: true }) });

/** The note's first words, as an entry's summary quotes them. */
const quoted = (text: string) => {
  const characters = [...text];
  return `"${characters.length > 40 ? `${characters.slice(0, 39).join('')}…` : text}"`;
};

/**
 * Notes on a member (announced as 'member-notes'): the team's short notes on a profile, pinned first then newest
 * first. Anyone who may write notes (members.note) adds, pins and unpins them; a note is deleted by its author, or by
 * an Owner. Every write is one 'note' entry in the activity log, on the member.
 */
export function registerMemberNoteRoutes(app: Hono<AppEnv>, db: Db) {
  const log = activityLog(db);
  /** A note as the API answers it to the caller: `deletable` says whether they may delete it. */
  const answer = (c: Context<AppEnv>, row: NoteRow) => ({
    _id: row.id,
    text: row.text,
    pinned: row.pinned,
    author: row.author_id ? { _id: row.author_id, name: row.author_name } : null,
    createdAt: row.created_at,
    deletable: mayDelete(c, row),
  });
  const mayDelete = (c: Context<AppEnv>, row: NoteRow) =>
    row.author_id === c.get('adminId') || c.get('adminRole') === 'owner';

  /** In the write's transaction: the member (locked, so they are not deleted under the note), or 404. */
  async function member(tx: Db, userId: string) {
    const found = await lockedMember(tx, userId);
    if (!found) throw notFound('User');
    return `${found.name} ${found.surname}`.trim();
  }

  app.get('/api/admin/notes/:userId', async (c) => {
    const userId = parseId(c.req.param('userId'));
    const query = c.req.query();
    const { page, size, offset } = paging(query);
    unsorted(query, 'pinned first, then newest first');
    if (!(await isUser(db, userId))) throw notFound('User');
    const { rows, count } = await pageOfNotes(db, userId, { limit: size, offset });
    return c.json(
      pageBody(
        rows.map((row) => answer(c, row)),
        count,
        page,
        size,
      ),
    );
  });

  app.post('/api/admin/notes/:userId', jsonLimit, async (c) => {
    const userId = parseId(c.req.param('userId'));
    const { text } = addBody.parse(await jsonBody(c));
    if (!text) throw new HttpError(400, 'Note is required', { field: 'text' });
    const adminId = c.get('adminId');
    const note = await db.transaction(async (tx) => {
      const name = await member(tx, userId);
      const row = await insertNote(tx, {
        id: newId(),
        userId,
        authorId: adminId,
        text,
        at: new Date().toISOString(),
      });
      await log.record(tx, adminId, {
        action: 'note',
        recordType: 'user',
        recordId: userId,
        recordName: name,
        summary: `Note added: ${quoted(text)}`,
      });
      return row;
    });
    return c.json({ success: true, message: 'Note added', result: answer(c, note) });
  });

  app.patch('/api/admin/notes/:userId/:noteId', jsonLimit, async (c) => {
    const userId = parseId(c.req.param('userId'));
    const noteId = parseId(c.req.param('noteId'));
    const pinned = pinBody.parse(await jsonBody(c)).pinned === true;
    const adminId = c.get('adminId');
    const note = await db.transaction(async (tx) => {
      const name = await member(tx, userId);
      const before = await findNote(tx, userId, noteId, { lock: true });
      if (!before) throw notFound('Note');
      const after = await setNotePinned(tx, noteId, pinned);
      await log.record(tx, adminId, {
        action: 'note',
        recordType: 'user',
        recordId: userId,
        recordName: name,
        summary: `Note ${pinned ? 'pinned' : 'unpinned'}${before.pinned === pinned ? ' (no change)' : ''}: ${quoted(before.text)}`,
      });
      return after;
    });
    return c.json({
      success: true,
      message: note.pinned ? 'Note pinned' : 'Note unpinned',
      result: answer(c, note),
    });
  });

  app.delete('/api/admin/notes/:userId/:noteId', async (c) => {
    const userId = parseId(c.req.param('userId'));
    const noteId = parseId(c.req.param('noteId'));
    const adminId = c.get('adminId');
    await db.transaction(async (tx) => {
      const name = await member(tx, userId);
      const note = await findNote(tx, userId, noteId, { lock: true });
      if (!note) throw notFound('Note');
      if (!mayDelete(c, note)) throw new HttpError(403, "Only the note's author or an Owner may delete it");
      await deleteNote(tx, noteId);
      await log.record(tx, adminId, {
        action: 'note',
        recordType: 'user',
        recordId: userId,
        recordName: name,
        summary: `Note deleted: ${quoted(note.text)}`,
        reason: note.text,
      });
    });
    return c.json({ success: true, message: 'Note deleted' });
  });
}

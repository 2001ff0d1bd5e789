import { http } from 'msw';
import { MEMBER_NOTE_MAX } from '@contract/member-notes';
import { plainText } from '@contract/moderation';
import { recordActivity } from '../activity';
import { db, nextId, type MockMemberNote } from '../db';
import { apiPath, fail, notFound, ok, refuseWithoutAdmin } from '../http';
import { forbid } from '../roles';
import { bool, id, inField, jsonBody, paginate, paging, Refusal, refusing, text } from '../rules';
import { offers } from '../scenario';

const extensionMissing = () => fail(404, 'No such API route');

/** Whether the signed-in admin may delete `note`: its author, or an Owner (everyone where roles are not offered). */
const mayDelete = (note: MockMemberNote) =>
  note.author?._id === db.admin._id || !offers('roles') || db.admin.role === 'owner';

const answer = (note: MockMemberNote) => ({
  _id: note._id,
  text: note.text,
  pinned: note.pinned,
  author: note.author,
  createdAt: note.createdAt,
  deletable: mayDelete(note),
});

/** Pinned first, then newest first, as the server's index orders them. */
const inOrder = (notes: MockMemberNote[]) =>
  [...notes].sort(
    (a, b) =>
      Number(b.pinned) - Number(a.pinned) ||
      b.createdAt.localeCompare(a.createdAt) ||
      b._id.localeCompare(a._id),
  );

const quoted = (text: string) => {
  const characters = [...text];
  return `"${characters.length > 40 ? `${characters.slice(0, 39).join('')}…` : text}"`;
};

/** The member a note is on, or the 404 the server answers. */
function memberOf(userId: string) {
  const user = db.users.find((candidate) => candidate._id === userId);
  if (!user) throw new Refusal(404, 'User not found');
  return { recordType: 'user', recordId: user._id, recordName: `${user.name} ${user.surname}`.trim() };
}

function noteOf(userId: string, noteId: string) {
  const note = db.memberNotes.find((candidate) => candidate._id === noteId && candidate.userId === userId);
  if (!note) throw new Refusal(404, 'Note not found');
  return note;
}

/** Notes on a member ('member-notes'), as server/routes/member-notes.ts answers them. */
export const memberNoteHandlers = [
  http.get(
    apiPath('admin/notes/:userId'),
    refusing(({ request, params }) => {
      const refusal = refuseWithoutAdmin(request);
      if (refusal) return refusal;
      if (!offers('member-notes')) return extensionMissing();
      const userId = id(params.userId);
      const url = new URL(request.url);
      paging(url);
      if (!db.users.some((user) => user._id === userId)) return notFound('User');
      const { result, pagination } = paginate(
        inOrder(db.memberNotes.filter((note) => note.userId === userId)),
        url,
      );
      return ok({ result: result.map(answer), pagination });
    }),
  ),

  http.post(
    apiPath('admin/notes/:userId'),
    refusing(async ({ request, params }) => {
      const refusal = refuseWithoutAdmin(request);
      if (refusal) return refusal;
      if (!offers('member-notes')) return extensionMissing();
      const userId = id(params.userId);
      const body = await jsonBody(request);
      const note = inField('text', () =>
        text('Note', typeof body.text === 'string' ? plainText(body.text) : body.text, {
          max: MEMBER_NOTE_MAX,
        }),
      );
      if (!note) return fail(400, 'Note is required', 'text');
      const member = memberOf(userId);
      const added: MockMemberNote = {
        _id: nextId(),
        userId,
        author: { _id: db.admin._id, name: `${db.admin.name} ${db.admin.surname}`.trim() },
        text: note,
        pinned: false,
        createdAt: new Date().toISOString(),
      };
      db.memberNotes.push(added);
      recordActivity({ action: 'note', ...member, summary: `Note added: ${quoted(note)}` });
      return ok({ message: 'Note added', result: answer(added) });
    }),
  ),

  http.patch(
    apiPath('admin/notes/:userId/:noteId'),
    refusing(async ({ request, params }) => {
      const refusal = refuseWithoutAdmin(request);
      if (refusal) return refusal;
      if (!offers('member-notes')) return extensionMissing();
      const userId = id(params.userId);
      const noteId = id(params.noteId);
      const body = await jsonBody(request);
      const pinned = inField('pinned', () => bool('Pinned', body.pinned));
      const member = memberOf(userId);
      const note = noteOf(userId, noteId);
      const unchanged = note.pinned === pinned ? ' (no change)' : '';
      note.pinned = pinned;
      recordActivity({
        action: 'note',
        ...member,
        summary: `Note ${pinned ? 'pinned' : 'unpinned'}${unchanged}: ${quoted(note.text)}`,
      });
      return ok({ message: pinned ? 'Note pinned' : 'Note unpinned', result: answer(note) });
    }),
  ),

  http.delete(
    apiPath('admin/notes/:userId/:noteId'),
    refusing(({ request, params }) => {
      const refusal = refuseWithoutAdmin(request);
      if (refusal) return refusal;
      if (!offers('member-notes')) return extensionMissing();
      const userId = id(params.userId);
      const noteId = id(params.noteId);
      const member = memberOf(userId);
      const note = noteOf(userId, noteId);
      if (!mayDelete(note)) return forbid(request, "Only the note's author or an Owner may delete it");
      db.memberNotes = db.memberNotes.filter((candidate) => candidate !== note);
      recordActivity({
        action: 'note',
        ...member,
        summary: `Note deleted: ${quoted(note.text)}`,
        reason: note.text,
      });
      return ok({ message: 'Note deleted' });
    }),
  ),
];

import { describe, expect, it } from 'vitest';
import { MEMBER_NOTE_MAX } from '../../contract/member-notes';
import { newId } from '../lib/ids';
import { adminWithRole, makeServer } from './harness';

/** Notes on a member ('member-notes'). */

type Server = Awaited<ReturnType<typeof makeServer>>;

async function addUser(s: Server, name: string) {
  const id = newId();
  await s.db.run(
    "INSERT INTO users (id, role, name, surname, email, created_at, updated_at) VALUES ($1, 'user', $2, 'Doe', $3, now(), now())",
    [id, name, `${name.toLowerCase()}-${id}@example.com`],
  );
  return id;
}

const notesOf = async (s: Server, user: string, query = '', token?: string) =>
  s.call('GET', `/api/admin/notes/${user}${query}`, { token });
const texts = (answer: { body: Record<string, unknown> }) =>
  (answer.body.result as { text: string }[]).map((note) => note.text);
const noteEntries = async (s: Server) =>
  (
    (await s.call('GET', '/api/activity/list?action=note&limit=100')).body.result as Record<string, unknown>[]
  ).reverse();

describe('notes on a member', () => {
  it('adds a note with who and when, lists pinned first then newest, and logs every write', async () => {
    const s = await makeServer();
    const user = await addUser(s, 'Ann');
    const first = await s.call('POST', `/api/admin/notes/${user}`, {
      json: { text: '  Asked about refunds  ' },
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      success: true,
      message: 'Note added',
      result: { text: 'Asked about refunds', pinned: false, author: { _id: s.adminId }, deletable: true },
    });
    const firstId = (first.body.result as { _id: string })._id;
    expect(Date.now() - Date.parse((first.body.result as { createdAt: string }).createdAt)).toBeLessThan(
      60_000,
    );
    await s.call('POST', `/api/admin/notes/${user}`, { json: { text: 'Second' } });
    await s.call('POST', `/api/admin/notes/${user}`, { json: { text: 'Third' } });
    expect(texts(await notesOf(s, user))).toEqual(['Third', 'Second', 'Asked about refunds']);

    const pinned = await s.call('PATCH', `/api/admin/notes/${user}/${firstId}`, { json: { pinned: true } });
    expect(pinned.status).toBe(200);
    expect(pinned.body).toMatchObject({ message: 'Note pinned', result: { pinned: true } });
    expect(texts(await notesOf(s, user))).toEqual(['Asked about refunds', 'Third', 'Second']);
    await s.call('PATCH', `/api/admin/notes/${user}/${firstId}`, { json: { pinned: false } });
    expect(texts(await notesOf(s, user))).toEqual(['Third', 'Second', 'Asked about refunds']);

    const removed = await s.call('DELETE', `/api/admin/notes/${user}/${firstId}`);
    expect(removed.status).toBe(200);
    expect(texts(await notesOf(s, user))).toEqual(['Third', 'Second']);

    expect(await noteEntries(s)).toMatchObject([
      {
        action: 'note',
        recordType: 'user',
        recordId: user,
        recordName: 'Ann Doe',
        summary: 'Note added: "Asked about refunds"',
      },
      { summary: 'Note added: "Second"' },
      { summary: 'Note added: "Third"' },
      { summary: 'Note pinned: "Asked about refunds"' },
      { summary: 'Note unpinned: "Asked about refunds"' },
      { summary: 'Note deleted: "Asked about refunds"', reason: 'Asked about refunds' },
    ]);
  });

  it('pages a member with many notes, and counts them all', async () => {
    const s = await makeServer();
    const user = await addUser(s, 'Ben');
    for (let index = 1; index <= 12; index += 1)
      await s.call('POST', `/api/admin/notes/${user}`, { json: { text: `Note ${index}` } });
    const first = await notesOf(s, user, '?page=1&limit=5');
    expect(texts(first)).toEqual(['Note 12', 'Note 11', 'Note 10', 'Note 9', 'Note 8']);
    expect(first.body.pagination).toEqual({ count: 12, page: 1, items: 5 });
    expect(texts(await notesOf(s, user, '?page=3&limit=5'))).toEqual(['Note 2', 'Note 1']);
    const other = await addUser(s, 'Cy');
    expect(texts(await notesOf(s, other))).toEqual([]);
  });

  it('refuses an empty or too long note, and a note on no member, writing nothing', async () => {
    const s = await makeServer();
    const user = await addUser(s, 'Dee');
    const empty = await s.call('POST', `/api/admin/notes/${user}`, { json: { text: '   ' } });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ message: 'Note is required', field: 'text' });
    const long = await s.call('POST', `/api/admin/notes/${user}`, {
      json: { text: 'x'.repeat(MEMBER_NOTE_MAX + 1) },
    });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ message: `Note must be at most ${MEMBER_NOTE_MAX} characters` });
    const missing = await s.call('POST', `/api/admin/notes/${newId()}`, { json: { text: 'Hello' } });
    expect(missing.status).toBe(404);
    const onAdmin = await s.call('POST', `/api/admin/notes/${s.adminId}`, { json: { text: 'Hello' } });
    expect(onAdmin.status).toBe(404);
    const badPin = await s.call('PATCH', `/api/admin/notes/${user}/${newId()}`, { json: { pinned: true } });
    expect(badPin.status).toBe(404);
    expect(texts(await notesOf(s, user))).toEqual([]);
    expect(await noteEntries(s)).toEqual([]);
  });

  it('Support and Moderators write notes; only the author or an Owner deletes one; an Editor cannot read them', async () => {
    const s = await makeServer();
    const user = await addUser(s, 'Eve');
    const support = await adminWithRole(s.db, 'support');
    const moderator = await adminWithRole(s.db, 'moderator');
    const editor = await adminWithRole(s.db, 'editor');
    const bySupport = await s.call('POST', `/api/admin/notes/${user}`, {
      json: { text: 'Called in' },
      token: support.token,
    });
    expect(bySupport.status).toBe(200);
    expect(bySupport.body.result).toMatchObject({ author: { _id: support.id, name: 'Support Admin' } });
    const noteId = (bySupport.body.result as { _id: string })._id;

    // The Moderator sees it, may pin it, but may not delete it.
    const seen = await notesOf(s, user, '', moderator.token);
    expect(seen.body.result).toMatchObject([{ text: 'Called in', deletable: false }]);
    expect(
      (
        await s.call('PATCH', `/api/admin/notes/${user}/${noteId}`, {
          json: { pinned: true },
          token: moderator.token,
        })
      ).status,
    ).toBe(200);
    const refused = await s.call('DELETE', `/api/admin/notes/${user}/${noteId}`, { token: moderator.token });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Only the note's author or an Owner may delete it");
    expect(texts(await notesOf(s, user))).toEqual(['Called in']);

    // The author sees it as theirs; an Owner may delete anyone's.
    expect((await notesOf(s, user, '', support.token)).body.result).toMatchObject([{ deletable: true }]);
    expect((await notesOf(s, user)).body.result).toMatchObject([{ deletable: true }]);
    expect((await s.call('DELETE', `/api/admin/notes/${user}/${noteId}`)).status).toBe(200);

    const mine = await s.call('POST', `/api/admin/notes/${user}`, {
      json: { text: 'Mine' },
      token: moderator.token,
    });
    const mineId = (mine.body.result as { _id: string })._id;
    expect(
      (await s.call('DELETE', `/api/admin/notes/${user}/${mineId}`, { token: moderator.token })).status,
    ).toBe(200);

    expect((await notesOf(s, user, '', editor.token)).status).toBe(403);
    const editorWrite = await s.call('POST', `/api/admin/notes/${user}`, {
      json: { text: 'x' },
      token: editor.token,
    });
    expect(editorWrite.status).toBe(403);
    expect(editorWrite.body).toMatchObject({ permission: 'members.note' });
  });

  it('goes with its member: a deleted member leaves no notes', async () => {
    const s = await makeServer();
    const user = await addUser(s, 'Fay');
    await s.call('POST', `/api/admin/notes/${user}`, { json: { text: 'Gone soon' } });
    await s.db.run('DELETE FROM users WHERE id = $1', [user]);
    expect((await s.db.one<{ n: number }>('SELECT count(*)::int AS n FROM member_notes')).n).toBe(0);
  });
});

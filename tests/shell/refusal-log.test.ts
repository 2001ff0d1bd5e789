import { describe, expect, it } from 'vitest';
import { db } from '@mocks/db';
import { ageProofs } from '@mocks/handlers/step-up';
import { setMockRole } from '@mocks/roles';
import { signIn, TEST_TOKEN } from '../support/render';

/**
 * The mock API logs every 403 it answers to the signed-in admin once, as the reference server does
 * (server/test/refusal-log.test.ts): the role's refusals and the others, each as a 'refused' entry.
 */

const call = (method: string, path: string, json?: unknown) =>
  fetch(`http://localhost${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${TEST_TOKEN}`,
      ...(json === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
const refusals = () => db.activity.filter((entry) => entry.action === 'refused');

describe('refusals in the mock API', () => {
  it("logs deleting another admin's note as a role refusal is logged: once, with the call and why", async () => {
    signIn();
    setMockRole('moderator');
    const note = db.memberNotes.find((candidate) => candidate.author?._id !== db.admin._id)!;
    const answer = await call('DELETE', `/api/admin/notes/${note.userId}/${note._id}`);
    expect(answer.status).toBe(403);
    const path = `/api/admin/notes/${note.userId}/${note._id}`;
    expect(refusals()).toEqual([
      expect.objectContaining({
        recordType: 'session',
        recordName: `DELETE ${path}`,
        summary: `DELETE ${path} refused: Only the note's author or an Owner may delete it`,
      }),
    ]);
  });

  it('logs a step-up asked for', async () => {
    signIn();
    ageProofs();
    const answer = await call('POST', '/api/mail-send/create', { title: 'News', body: 'Hi', users: 'all' });
    expect(answer.status).toBe(403);
    expect(refusals().map((entry) => entry.summary)).toEqual([
      'POST /api/mail-send/create refused: the password must be confirmed again (step-up)',
    ]);
  });
});

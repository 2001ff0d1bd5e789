import { expect } from 'vitest';
import type { Catalogue } from '@/features/catalogues/define-catalogue';
import type { Db } from '../../server/db/postgres/db';
import { CONSOLE_ADMIN } from '../support/api-fixture';
import { api, callApi, inviteAdmin, signedInNow, testDb } from '../support/api-server';
import { confirmAppeal, restrictMember } from '../support/restrictions';
import { codeOf } from '../support/two-factor';

/**
 * The records the fault matrices open, found in the test file's copy of the demo data when a test runs, or added to
 * it through the API where the demo data has none (an admin besides the Owner, an invitation, an appeal, a note, a
 * claimed queue item). What is added is added once per database: resetData()'s new copy gets its own.
 */

const made = new WeakMap<Db, Map<string, Promise<unknown>>>();
function once<T>(name: string, make: () => Promise<T>): Promise<T> {
  const db = testDb();
  let records = made.get(db);
  if (!records) made.set(db, (records = new Map()));
  if (!records.has(name)) records.set(name, make());
  return records.get(name) as Promise<T>;
}

type Member = { _id: string; name: string; surname: string; email: string; enabled: boolean };
type Record = { _id: string };

/** The users list's first page in the server's order: what /users and Send Mail's picker show first. */
export const firstMembers = () => api.get<Member[]>('/api/admin/list?page=1&items=10');
export const firstMember = async () => (await firstMembers())[0]!;
/** Active members, in the list's order: their profiles offer Deactivate. */
const activeMembers = () =>
  api.get<Member[]>('/api/admin/list?page=1&items=10&filter=user.enabled&equal=true');
export const activeMember = async () => (await activeMembers())[0]!;

/** A catalogue's first record, as its list answers (its update form's route). */
export const firstRecordOf = async (catalogue: Catalogue) =>
  (await api.get<Record[]>(`/api/${catalogue.api.list}`))[0]!._id;
export const firstFaq = async () => (await api.get<Record[]>('/api/faq/listAll'))[0]!._id;
export const firstPost = async () => (await api.get<Record[]>('/api/post/list?page=1&items=10'))[0]!._id;

/** A password the admin password rule takes (12+ characters, not a common one). */
export const NEW_ADMIN_PASSWORD = 'Violet-harbour-2931';

/** An invitation to the console not yet accepted: its link's token (/invitation/<token>). */
export const openInvitation = () =>
  once('invitation', async () => {
    const { token } = await inviteAdmin({
      name: 'Nia Invited',
      email: 'nia.invited@example.com',
      role: 'support',
    });
    return token;
  });

/**
 * Mia Moderator, an admin besides the Owner: invited, her invitation accepted, signed in (her session's token).
 * The Admins screen's row actions are hers.
 */
export const miaModerator = () =>
  once('mia', async () => {
    const { admin, token: invitation } = await inviteAdmin({
      name: 'Mia Moderator',
      email: 'mia.moderator@example.com',
      role: 'moderator',
    });
    const accepted = await callApi('POST', '/api/invitation/accept', {
      json: { token: invitation, password: NEW_ADMIN_PASSWORD },
      token: null,
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const signedIn = await callApi<{ result: { token: string } }>('POST', '/api/login', {
      json: { email: admin.email, password: NEW_ADMIN_PASSWORD, isRole: 'admin' },
      token: null,
    });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    return { admin, token: signedIn.body.result.token };
  });

/** Mia Moderator with two-factor on (set up and confirmed in her session): her row offers Reset two-factor. */
export const miaWithTwoFactor = () =>
  once('mia two-factor', async () => {
    const mia = await miaModerator();
    await turnOnTwoFactor(mia.token);
    return mia;
  });

/** Turns two-factor on for the admin of `token` (the signed-in admin's by default): its set-up and first code. */
export async function turnOnTwoFactor(token = signedInNow().token) {
  const setup = await callApi<{ result: { secret: string } }>('POST', '/api/admin/two-factor/setup', {
    token,
  });
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  const { secret } = setup.body.result;
  const confirmed = await callApi('POST', '/api/admin/two-factor/confirm', {
    json: { code: codeOf(secret) },
    token,
  });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return secret;
}

/**
 * An open appeal (its id, /appeals/<id>): Mia Moderator suspended an active member, who asked for a review on the
 * public form and confirmed it by the mailed link. Another admin than Mia, the Owner may decide it.
 */
export const openAppeal = () =>
  once('appeal', async () => {
    const mia = await miaModerator();
    const member = (await activeMembers())[3]!;
    const reference = await restrictMember(member._id, {
      policy: 'Spam or scam',
      facts: 'Sent the same link to forty members.',
      endsAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      token: mia.token,
    });
    await confirmAppeal({
      email: member.email,
      reference,
      statement: 'I sent it to friends who asked for it.',
    });
    const appeals = await api.get<{ ref: string; subject: { _id: string } }[]>(
      '/api/review-queue/list?kind=appeal&page=1&items=50',
    );
    return appeals.find((item) => item.subject._id === member._id)!.ref;
  });

/** The first member, with a note of the Owner's on their profile (Pin and Delete are on it). */
export const memberWithNote = () =>
  once('note', async () => {
    const member = await firstMember();
    await api.post(`/api/admin/notes/${member._id}`, { text: 'Asked about refunds' });
    return member._id;
  });

/** A queue item the Owner has claimed (its row offers Release); the other open items still offer Claim. */
export const claimedQueueItem = () =>
  once('claimed', async () => {
    const [item] = await api.get<Record[]>('/api/review-queue/list?kind=case&state=open&page=1&items=10');
    await api.post(`/api/review-queue/${item!._id}/claim`);
    return item!._id;
  });

/**
 * Another browser signed in to the Owner's account (a sign-in through the API), from an address and a browser that
 * the sessions list shows: a session's address and user agent are the client's, which no API call here sets.
 */
export const ownerSignedInElsewhere = () =>
  once('other browser', async () => {
    const signedIn = await callApi('POST', '/api/login', {
      json: { ...CONSOLE_ADMIN, isRole: 'admin' },
      token: null,
    });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    await testDb().run(
      `UPDATE admin_sessions SET ip = '198.51.100.7',
         user_agent = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'
       WHERE id = (SELECT id FROM admin_sessions WHERE admin_id = $1 AND ended_at IS NULL
                   ORDER BY created_at DESC, id DESC LIMIT 1)`,
      [signedInNow().admin._id],
    );
  });

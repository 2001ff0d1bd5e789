import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { STEP_UP_MESSAGE, STEP_UP_MS, STEP_UP_RECIPIENTS } from '@contract/step-up';
import { CONSOLE_ADMIN } from '../support/api-fixture';
import { api, signedInNow, testDb } from '../support/api-server';
import { server } from '../support/msw';
import { apiCalls } from '../support/request-log';
import { renderApp, signIn } from '../support/render';

/**
 * Step-up ('step-up') for Send Mail: a mail to more than STEP_UP_RECIPIENTS chosen members asks for a recent proof,
 * as one to All Users does, and the console asks for the password in place and sends the same mail again.
 */

type Person = { _id: string; name: string; surname: string; email: string };
/** The picker's first users, as the server lists them (its own call: 10 a page, names only). */
const pickerUsers = () => api.get<Person[]>('/api/admin/list?page=1&items=10&fields=name,surname');
const listbox = () => screen.getByRole('listbox', { name: 'Select users' });
/** A user's option in the picker: their name and e-mail. */
const personOption = (person: Person) => ({ name: `${person.name} ${person.surname} ${person.email}` });
const createMail = (users: string[]) =>
  fetch('http://localhost/api/mail-send/create', {
    method: 'POST',
    headers: { Authorization: `Bearer ${signedInNow().token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ title: 'News', body: 'Hello', users }),
  });
/** Makes the session's last proof older than STEP_UP_MS, as if the admin signed in a while ago. */
const ageProofs = () =>
  testDb().run('UPDATE admin_sessions SET verified_at = $1', [
    new Date(Date.now() - STEP_UP_MS - 60_000).toISOString(),
  ]);
const mailTitles = async () =>
  (await api.get<{ title: string }[]>('/api/mail-send/list?page=1&limit=100')).map((mail) => mail.title);

describe('Send Mail to a large chosen list', () => {
  it(`is refused by the server for want of a recent proof past ${STEP_UP_RECIPIENTS} members`, async () => {
    signIn();
    await ageProofs();
    const many = Array.from(
      { length: STEP_UP_RECIPIENTS + 1 },
      (_, index) => `c${index.toString(16).padStart(23, '0')}`,
    );
    const refused = await createMail(many);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ success: false, message: STEP_UP_MESSAGE, stepUp: true });
    // Not more than the limit: asks for no proof (and goes on to the recipients, unknown here).
    const unknown = await createMail(many.slice(0, STEP_UP_RECIPIENTS));
    expect(unknown.status).toBe(400);
    expect(await mailTitles()).not.toContain('News');
  });

  it('asks for the password when the server refuses a chosen list for want of a proof, then sends it again', async () => {
    const [first, second] = await pickerUsers();
    const { user } = renderApp('/send-mail/add');
    await ageProofs();
    // The server's answer to a mail to more than STEP_UP_RECIPIENTS chosen members while the proof is old (the
    // picker chooses one member a click at a time, and the demo data has fewer): the first send is refused, the one
    // after the proof goes on to the server.
    let refusedOnce = false;
    server.use(
      http.post('*/api/mail-send/create', () => {
        if (refusedOnce) return undefined;
        refusedOnce = true;
        return HttpResponse.json({ success: false, message: STEP_UP_MESSAGE, stepUp: true }, { status: 403 });
      }),
    );
    await user.type(await screen.findByLabelText('Subject'), 'Hello');
    await user.type(screen.getByLabelText('Body'), 'A short note.');
    await user.click(await screen.findByRole('textbox', { name: 'Select users' }));
    await user.click(await within(listbox()).findByRole('option', personOption(first!)));
    await user.click(await within(listbox()).findByRole('option', personOption(second!)));
    await user.click(screen.getByRole('button', { name: 'Send' }));

    const proof = await screen.findByRole('dialog', { name: 'Confirm your password' });
    expect(within(proof).getByText(/Confirm your password to continue\./)).toBeInTheDocument();
    await user.type(within(proof).getByLabelText(/Password/), CONSOLE_ADMIN.password);
    await user.click(within(proof).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Mail sent successfully!')).toBeInTheDocument();
    const sent = await apiCalls('/api/mail-send/create');
    const chosen = [first!._id, second!._id];
    expect(sent.map((call) => call.body)).toEqual([
      { title: 'Hello', body: 'A short note.', users: chosen },
      { title: 'Hello', body: 'A short note.', users: chosen },
    ]);
    expect(await apiCalls('/api/admin/step-up')).toHaveLength(1);
    // The proof is the session's again, and the mail is the server's.
    const { verified_at } = await testDb().one<{ verified_at: string }>(
      'SELECT verified_at FROM admin_sessions WHERE admin_id = $1 ORDER BY verified_at DESC LIMIT 1',
      [signedInNow().admin._id],
    );
    expect(Date.now() - Date.parse(verified_at)).toBeLessThan(STEP_UP_MS);
    expect(await mailTitles()).toContain('Hello');
  });
});

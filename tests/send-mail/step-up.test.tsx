import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { STEP_UP_MESSAGE, STEP_UP_RECIPIENTS } from '@contract/step-up';
import { db } from '@mocks/db';
import { ageProofs } from '@mocks/handlers/step-up';
import { server } from '@mocks/node';
import { apiCalls } from '../support/request-log';
import { renderApp, signIn, TEST_TOKEN } from '../support/render';

/**
 * Step-up ('step-up') for Send Mail: a mail to more than STEP_UP_RECIPIENTS chosen members asks for a recent proof,
 * as one to All Users does, and the console asks for the password in place and sends the same mail again.
 */

const listbox = () => screen.getByRole('listbox', { name: 'Select users' });
/** A user's option in the picker: their name and e-mail. */
const personOption = (index: number) => ({
  name: `${db.users[index]!.name} ${db.users[index]!.surname} ${db.users[index]!.email}`,
});
const createMail = (users: string[]) =>
  fetch('http://localhost/api/mail-send/create', {
    method: 'POST',
    headers: { Authorization: `Bearer ${TEST_TOKEN}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ title: 'News', body: 'Hello', users }),
  });

describe('Send Mail to a large chosen list', () => {
  it(`is refused by the mock API for want of a recent proof past ${STEP_UP_RECIPIENTS} members, as by the server`, async () => {
    signIn();
    ageProofs();
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
    expect(db.mails.filter((mail) => mail.title === 'News')).toHaveLength(0);
  });

  it('asks for the password when the server refuses a chosen list for want of a proof, then sends it again', async () => {
    const { user } = renderApp('/send-mail/add');
    ageProofs();
    // The server's answer to a mail to more than STEP_UP_RECIPIENTS chosen members while the proof is old (the
    // picker chooses one member a click at a time): the first send is refused, the one after the proof goes through.
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
    await user.click(await within(listbox()).findByRole('option', personOption(0)));
    await user.click(await within(listbox()).findByRole('option', personOption(1)));
    await user.click(screen.getByRole('button', { name: 'Send' }));

    const proof = await screen.findByRole('dialog', { name: 'Confirm your password' });
    expect(within(proof).getByText(/Confirm your password to continue\./)).toBeInTheDocument();
    await user.type(within(proof).getByLabelText(/Password/), db.admin.password);
    await user.click(within(proof).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Mail sent successfully!')).toBeInTheDocument();
    const sent = await apiCalls('/api/mail-send/create');
    const chosen = [db.users[0]!._id, db.users[1]!._id];
    expect(sent.map((call) => call.body)).toEqual([
      { title: 'Hello', body: 'A short note.', users: chosen },
      { title: 'Hello', body: 'A short note.', users: chosen },
    ]);
    expect(await apiCalls('/api/admin/step-up')).toHaveLength(1);
  });
});

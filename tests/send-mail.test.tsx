import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { db } from '@mocks/db';
import { server } from '@mocks/node';
import { apiCalls } from './request-log';
import { renderApp, TEST_TOKEN } from './render';

/** Send mail (SPEC 2.22, 5, 7.2, 7.12, 8, 9): the sent mails, and the form with its user picker. */

const pickerCalls = async () =>
  (await apiCalls('/api/admin/list')).filter((call) => call.query.fields === 'name,surname');
const listbox = () => screen.getByRole('listbox', { name: 'Select users' });
const fullName = (index: number) => `${db.users[index]!.name} ${db.users[index]!.surname}`;

/** Scrolls the picker's list to `fromEnd` px above its end (jsdom lays nothing out, so the sizes are set by hand). */
function scrollPicker(fromEnd: number) {
  const list = listbox();
  Object.defineProperty(list, 'scrollHeight', { configurable: true, value: 1000 });
  Object.defineProperty(list, 'clientHeight', { configurable: true, value: 260 });
  list.scrollTop = 1000 - 260 - fromEnd;
  fireEvent.scroll(list);
}

async function openPicker(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('textbox', { name: 'Search users' }));
  return within(listbox()).findByRole('option', { name: fullName(0) });
}

afterEach(() => vi.useRealTimers());

describe('the sent mails (/send-mail)', () => {
  it('lists a page of mails: subject, body cut at 30 characters, created as DD-MM-YYYY HH:mm:ss, and a Send button', async () => {
    const { user } = renderApp('/send-mail');
    const table = await screen.findByRole('table', { name: 'Send Mail' });
    const mail = db.mails[0]!;
    const row = (await within(table).findByText(mail.title)).closest('tr')!;
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Subject', 'Body', 'Users', 'Created At', 'Action']);
    const cut = within(row).getByText(`${mail.body.slice(0, 30)}…`);
    await user.hover(cut);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(mail.body);
    expect(within(row).getByText('22-11-2026 18:45:30')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Send' })).toHaveAttribute('href', '/send-mail/add');
    const [call] = await apiCalls('/api/mail-send/list');
    expect(call?.query).toEqual({ page: '1', limit: '10' });
    expect(call?.headers.get('authorization')).toBe(`Bearer ${TEST_TOKEN}`);
  });

  it("opens the recipients in a 'User List' dialog, and a whole mail with its recipients", async () => {
    const { user } = renderApp('/send-mail');
    const table = await screen.findByRole('table', { name: 'Send Mail' });
    const mail = db.mails[0]!;
    const row = (await within(table).findByText(mail.title)).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: `User List: ${mail.title}` }));
    const dialog = await screen.findByRole('dialog', { name: 'User List' });
    expect(mail.users.length).toBeGreaterThan(0);
    expect(within(dialog).getAllByRole('row')).toHaveLength(mail.users.length + 1);
    for (const recipient of mail.users) {
      const line = within(dialog).getByText(`${recipient.name} ${recipient.surname}`).closest('tr')!;
      expect(within(line).getByText(recipient.email)).toBeInTheDocument();
    }
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(within(row).getByRole('button', { name: `Read mail: ${mail.title}` }));
    const whole = await screen.findByRole('dialog', { name: mail.title });
    expect(within(whole).getByText(mail.body)).toBeInTheDocument();
    expect(within(whole).getByText(mail.users[0]!.email)).toBeInTheDocument();
  });
});

describe('the send-mail form (/send-mail/add)', () => {
  it("asks for each field with SPEC's messages and sends nothing", async () => {
    const { user } = renderApp('/send-mail/add');
    await user.click(await screen.findByRole('button', { name: 'Send' }));
    for (const message of ['Please enter subject', 'Please enter body', 'Please select users'])
      expect(await screen.findByText(message)).toBeInTheDocument();
    expect((await apiCalls('/api/mail-send/create')).length).toBe(0);
  });

  it('pages the picker when its list is scrolled to within 10 px of the end, while full pages come back', async () => {
    const { user } = renderApp('/send-mail/add');
    await openPicker(user);
    expect(within(listbox()).getAllByRole('option')).toHaveLength(11); // All Users and a page of 10
    const [first] = await pickerCalls();
    expect(first?.query).toEqual({ page: '1', items: '10', fields: 'name,surname' });
    expect(first?.headers.get('authorization')).toBe(`Bearer ${TEST_TOKEN}`);

    scrollPicker(40);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await pickerCalls()).toHaveLength(1);

    scrollPicker(5);
    expect(await within(listbox()).findByRole('option', { name: fullName(10) })).toBeInTheDocument();
    expect((await pickerCalls()).at(-1)?.query).toEqual({ page: '2', items: '10', fields: 'name,surname' });
  });

  it('searches 1.5 s after typing stops', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp('/send-mail/add');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await openPicker(user);
    await user.type(screen.getByRole('textbox', { name: 'Search users' }), db.users[5]!.name);
    act(() => vi.advanceTimersByTime(1400));
    expect((await pickerCalls()).filter((call) => call.query.q)).toHaveLength(0);
    act(() => vi.advanceTimersByTime(200));
    await waitFor(async () =>
      expect((await pickerCalls()).filter((call) => call.query.q)).toEqual([
        expect.objectContaining({
          query: { page: '1', items: '10', fields: 'name,surname', q: db.users[5]!.name },
        }),
      ]),
    );
    expect(await within(listbox()).findByRole('option', { name: fullName(5) })).toBeInTheDocument();
  });

  it('sends the chosen ids, says how many will receive it, then lists the new mail', async () => {
    const { user, router } = renderApp('/send-mail/add');
    await user.type(await screen.findByLabelText('Subject'), 'Hello');
    await user.type(screen.getByLabelText('Body'), 'A short note.');
    await openPicker(user);
    await user.click(within(listbox()).getByRole('option', { name: fullName(0) }));
    await user.click(within(listbox()).getByRole('option', { name: fullName(1) }));
    expect(screen.getByRole('status')).toHaveTextContent('This mail will go to 2 users.');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Mail sent successfully!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/send-mail'));
    const [call] = await apiCalls('/api/mail-send/create');
    expect(call?.method).toBe('POST');
    expect(call?.headers.get('authorization')).toBe(`Bearer ${TEST_TOKEN}`);
    expect(call?.body).toEqual({
      title: 'Hello',
      body: 'A short note.',
      users: [db.users[0]!._id, db.users[1]!._id],
    });
    expect(await screen.findByText('Hello')).toBeInTheDocument();
  });

  it('All Users clears the other choices and disables them, and asks before sending to everyone', async () => {
    const { user } = renderApp('/send-mail/add');
    await user.type(await screen.findByLabelText('Subject'), 'To everyone');
    await user.type(screen.getByLabelText('Body'), 'News for all.');
    await openPicker(user);
    await user.click(within(listbox()).getByRole('option', { name: fullName(0) }));
    await user.click(within(listbox()).getByRole('option', { name: 'All Users' }));
    const pills = () => [...document.querySelectorAll('.mantine-Pill-label')].map((pill) => pill.textContent);
    expect(pills()).toEqual(['All Users']);
    expect(within(listbox()).getByRole('option', { name: fullName(1) })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    const active = db.users.filter((person) => person.enabled).length;
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        `This mail will go to all ${active} active users.`,
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this mail to all users?' });
    expect(within(dialog).getByText(`This mail will go to all ${active} active users.`)).toBeInTheDocument();
    expect(await apiCalls('/api/mail-send/create')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Send to all' }));
    expect(await screen.findByText('Mail sent successfully!')).toBeInTheDocument();
    const [call] = await apiCalls('/api/mail-send/create');
    expect(call?.body).toEqual({ title: 'To everyone', body: 'News for all.', users: ['all'] });
  });

  it("says 'Error occurred' when the picker cannot load users, keeping what was typed", async () => {
    server.use(http.get('*/api/admin/list', () => HttpResponse.json({ success: false }, { status: 500 })));
    const { user } = renderApp('/send-mail/add');
    await user.type(await screen.findByLabelText('Subject'), 'Kept');
    await user.click(screen.getByRole('textbox', { name: 'Search users' }));
    expect(await screen.findAllByText('Error occurred')).not.toHaveLength(0);
    expect(screen.getByLabelText('Subject')).toHaveValue('Kept');
  });
});

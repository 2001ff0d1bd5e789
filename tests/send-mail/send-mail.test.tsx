import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  api,
  deliverMail,
  holdMail,
  resetData,
  serverDataDir,
  signedInNow,
  testDb,
} from '../support/api-server';
import { server } from '../support/msw';
import { apiCalls } from '../support/request-log';
import { renderApp, specOnlyApi } from '../support/render';

/** Send mail (SPEC 2.22, 5, 7.2, 7.12, 8, 9): the sent mails, and the form with its user picker. */

type Person = { _id: string; name: string; surname: string; email: string; enabled?: boolean };
type Mail = {
  _id: string;
  title: string;
  body: string;
  allUsers: boolean;
  recipientCount: number;
  createdAt: string;
};
type Recipient = Person & { state: 'queued' | 'sent' | 'failed'; error: string | null };

const bearer = () => `Bearer ${signedInNow().token}`;
/** The sent mails, newest first, as the server lists them. */
const mails = () => api.get<Mail[]>('/api/mail-send/list?page=1&limit=100');
const mailTitled = async (title: string) => (await mails()).find((mail) => mail.title === title)!;
/** Every recipient of a mail, in the server's order (by name), with their delivery. */
async function recipientsOf(mail: Mail) {
  const all: Recipient[] = [];
  for (let page = 1; all.length < mail.recipientCount; page += 1)
    all.push(...(await api.get<Recipient[]>(`/api/mail-send/recipients/${mail._id}?page=${page}&limit=100`)));
  return all;
}
/** The users the picker lists first (newest first, as the users list), the first ten its first page. */
const pickerPeople = () => api.get<Person[]>('/api/admin/list?page=1&items=50&fields=name,surname');
/** How many members an All Users mail reaches: the active ones. */
const activeMembers = async () =>
  (await testDb().one<{ n: number }>("SELECT count(*)::int AS n FROM users WHERE role = 'user' AND enabled"))
    .n;
/** The .eml files the server's mail queue (or a test send) wrote: to whom, and the subject. */
const outbox = () => {
  const dir = join(serverDataDir(), 'outbox');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => readFileSync(join(dir, name), 'utf8'))
    .map((eml) => ({ to: /^To: (.*)$/m.exec(eml)?.[1], subject: /^Subject: (.*)$/m.exec(eml)?.[1] }));
};

/** The demo data's mail to All Users, with three deliveries the transport refused for good. */
const FAILURE = '550 5.1.1 Mailbox unavailable';
async function toEveryone() {
  const mail = (await mails()).find((candidate) => candidate.allUsers)!;
  const recipients = await recipientsOf(mail);
  // No API makes a transport refuse a delivery: the outcome is written as the queue records one.
  await testDb().run(
    "UPDATE mail_deliveries SET state = 'failed', error = $3 WHERE mail_id = $1 AND user_id = ANY($2)",
    [mail._id, [1, 12, 40].map((index) => recipients[index]!._id), FAILURE],
  );
  return { mail, recipients: await recipientsOf(mail) };
}
/** A recipient's State cell: the state, and the transport's reason under a failure. */
const stateCell = (recipient: Recipient) =>
  recipient.state === 'failed' ? `Failed${recipient.error}` : 'Sent';

/**
 * A mail to `people` stored while the queue is held, whose deliveries go out as the test lets them (release): each
 * release makes those recipients' deliveries due and delivers them.
 */
async function goingOut(title: string, body: string, people: Person[]) {
  await holdMail();
  await api.post('/api/mail-send/create', { title, body, users: people.map((person) => person._id) });
  const mail = await mailTitled(title);
  await testDb().run('UPDATE mail_deliveries SET due_at = $2 WHERE mail_id = $1', [
    mail._id,
    Date.now() + 86_400_000,
  ]);
  const release = async (some: Person[]) => {
    await testDb().run('UPDATE mail_deliveries SET due_at = 0 WHERE mail_id = $1 AND user_id = ANY($2)', [
      mail._id,
      some.map((person) => person._id),
    ]);
    await deliverMail();
  };
  return { mail, release };
}

const pickerCalls = async () =>
  (await apiCalls('/api/admin/list')).filter((call) => call.query.fields === 'name,surname');
const listbox = () => screen.getByRole('listbox', { name: 'Select users' });
const fullNameOf = (user: { name: string; surname: string }) => `${user.name} ${user.surname}`;
/** A user's option in the picker: the name, and the e-mail under it. */
const personOption = (person: Person) => ({ name: `${fullNameOf(person)} ${person.email}` });
const chooseAllUsers = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('radio', { name: 'All Users' }));

/** Scrolls the picker's list to `fromEnd` px above its end (jsdom lays nothing out, so the sizes are set by hand). */
function scrollPicker(fromEnd: number) {
  const list = listbox();
  Object.defineProperty(list, 'scrollHeight', { configurable: true, value: 1000 });
  Object.defineProperty(list, 'clientHeight', { configurable: true, value: 260 });
  list.scrollTop = 1000 - 260 - fromEnd;
  fireEvent.scroll(list);
}

async function openPicker(user: ReturnType<typeof userEvent.setup>, first: Person) {
  await user.click(await screen.findByRole('textbox', { name: 'Select users' }));
  return within(listbox()).findByRole('option', personOption(first));
}

// Each test starts from the demo data: most of them send a mail, change a delivery or deactivate a member.
beforeEach(resetData);
afterEach(() => vi.useRealTimers());

const SPEC_HEADERS = ['Subject', 'Body', 'Users', 'Created At', 'Action'];
const headers = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((header) => header.textContent);
/** The text of each body row's cells. */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

async function openUserList(user: ReturnType<typeof userEvent.setup>, mail: Mail, name: string) {
  const table = await screen.findByRole('table', { name: 'Send Mail' });
  const row = (await within(table).findByText(mail.title)).closest('tr')!;
  await user.click(within(row).getByRole('button', { name }));
  const dialog = await screen.findByRole('dialog', { name: 'User List' });
  return { dialog, list: within(dialog).getByRole('table', { name: 'User List' }) };
}

describe('the sent mails (/send-mail)', () => {
  it('lists a page of mails: subject, body cut at 30 characters, delivery, created as DD-MM-YYYY HH:mm:ss, and a Send button', async () => {
    const { mail: everyone } = await toEveryone();
    const mail = (await mails())[0]!;
    // A time of its own, so that the list's format can be read (the demo's times follow the clock).
    await testDb().run("UPDATE mails SET created_at = '2026-11-22T18:45:30Z' WHERE id = $1", [mail._id]);
    const { user } = renderApp('/send-mail');
    const table = await screen.findByRole('table', { name: 'Send Mail' });
    const row = (await within(table).findByText(mail.title)).closest('tr')!;
    expect(headers(table)).toEqual(['Subject', 'Body', 'Users', 'Delivery', 'Created At', 'Action']);
    const cut = within(row).getByText(`${mail.body.slice(0, 30)}…`);
    await user.hover(cut);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(mail.body);
    expect(within(row).getByText('22-11-2026 18:45:30')).toBeInTheDocument();
    expect(mail.recipientCount).toBe(3);
    expect(within(row).getByText('3 of 3 sent')).toBeInTheDocument();
    expect(
      within(row).getByRole('button', { name: `User List: ${mail.title} (3 recipients)` }),
    ).toBeInTheDocument();
    const everyoneRow = within(table).getByText(everyone.title).closest('tr')!;
    const total = everyone.recipientCount;
    expect(within(everyoneRow).getByText(`${total - 3} of ${total} sent · 3 failed`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Send' })).toHaveAttribute('href', '/send-mail/add');
    const [call] = await apiCalls('/api/mail-send/list');
    expect(call?.query).toEqual({ page: '1', limit: '10' });
    expect(call?.headers.get('authorization')).toBe(bearer());
  });

  it("pages the 'User List' from the API, 10 at a time, with each recipient's delivery, searched and filtered to failures", async () => {
    const { mail, recipients } = await toEveryone();
    const total = mail.recipientCount;
    const { user } = renderApp('/send-mail');
    const { dialog, list } = await openUserList(user, mail, `User List: ${mail.title} (${total} recipients)`);
    const path = `/api/mail-send/recipients/${mail._id}`;

    expect(await within(list).findByText(recipients[0]!.email)).toBeInTheDocument();
    expect(headers(list)).toEqual(['Name', 'Email', 'State']);
    expect(rowsOf(list)).toEqual(
      recipients
        .slice(0, 10)
        .map((recipient) => [fullNameOf(recipient), recipient.email, stateCell(recipient)]),
    );
    expect(rowsOf(list).map(([, , state]) => state)).toContain(`Failed${FAILURE}`);
    expect(within(dialog).getByText(`Showing 1–10 of ${total}`)).toBeInTheDocument();
    expect(within(dialog).getByText(`${total - 3} of ${total} sent · 3 failed`)).toBeInTheDocument();
    const [first] = await apiCalls(path);
    expect(first?.query).toEqual({ page: '1', limit: '10' });
    expect(first?.headers.get('authorization')).toBe(bearer());

    await user.click(within(dialog).getByRole('button', { name: 'Next page' }));
    expect(await within(list).findByText(recipients[10]!.email)).toBeInTheDocument();
    expect(within(list).queryByText(recipients[0]!.email)).toBeNull();
    expect(within(dialog).getByText(`Showing 11–20 of ${total}`)).toBeInTheDocument();
    expect((await apiCalls(path)).at(-1)?.query).toEqual({ page: '2', limit: '10' });

    // Typing may pause after 'Sop' (applied from 3 characters): what counts is the last search asked.
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search recipients' }), 'Sophia');
    await waitFor(async () =>
      expect((await apiCalls(path)).at(-1)?.query).toEqual({ page: '1', limit: '10', q: 'Sophia' }),
    );
    const sophias = recipients.filter((recipient) => recipient.name === 'Sophia');
    expect(sophias.length).toBeGreaterThan(1);
    await waitFor(() =>
      expect(rowsOf(list).map(([name]) => name)).toEqual(sophias.slice(0, 10).map(fullNameOf)),
    );
    expect(
      within(dialog).getByText(`Showing 1–${Math.min(10, sophias.length)} of ${sophias.length}`),
    ).toBeInTheDocument();
    await user.clear(within(dialog).getByRole('searchbox', { name: 'Search recipients' }));
    await user.type(
      within(dialog).getByRole('searchbox', { name: 'Search recipients' }),
      fullNameOf(sophias[0]!),
    );
    await waitFor(() =>
      expect(rowsOf(list).map(([name]) => name)).toEqual(
        sophias.filter((sophia) => sophia.surname === sophias[0]!.surname).map(fullNameOf),
      ),
    );

    await user.clear(within(dialog).getByRole('searchbox', { name: 'Search recipients' }));
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Show' }),
      'Failed deliveries only',
    );
    await waitFor(async () =>
      expect((await apiCalls(path)).at(-1)?.query).toEqual({ page: '1', limit: '10', state: 'failed' }),
    );
    const failed = recipients.filter((recipient) => recipient.state === 'failed');
    expect(failed).toHaveLength(3);
    await waitFor(() =>
      expect(rowsOf(list)).toEqual(
        failed.map((recipient) => [fullNameOf(recipient), recipient.email, `Failed${FAILURE}`]),
      ),
    );
    expect(within(list).getAllByText(FAILURE)).toHaveLength(3);
  });

  it('shows a mail whole, its recipients paged the same way', async () => {
    const { mail, recipients } = await toEveryone();
    const { user } = renderApp('/send-mail');
    const table = await screen.findByRole('table', { name: 'Send Mail' });
    const row = (await within(table).findByText(mail.title)).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: `Read mail: ${mail.title}` }));
    const whole = await screen.findByRole('dialog', { name: mail.title });
    expect(within(whole).getByText(mail.body)).toBeInTheDocument();
    const list = within(whole).getByRole('table', { name: 'User List' });
    expect(await within(list).findByText(recipients[9]!.email)).toBeInTheDocument();
    expect(rowsOf(list)).toHaveLength(10);
    expect(within(whole).getByText(`Showing 1–10 of ${mail.recipientCount}`)).toBeInTheDocument();
    await user.click(within(whole).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('refreshes the list every 3 s while a mail is still going out, and stops once every delivery is done', async () => {
    const people = (await pickerPeople()).slice(0, 6);
    const { mail: going, release } = await goingOut(
      'Going out now',
      'Six recipients, two at a time.',
      people,
    );
    await release(people.slice(0, 2));
    // The list's refresh is an interval (the server's own timers and pg's stay real).
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    renderApp('/send-mail');
    const table = await screen.findByRole('table', { name: 'Send Mail' });
    const row = (await within(table).findByText(going.title)).closest('tr')!;
    expect(await within(row).findByText('2 of 6 sent')).toBeInTheDocument();
    expect(await apiCalls('/api/mail-send/list')).toHaveLength(1);
    await release(people.slice(2, 4));
    act(() => vi.advanceTimersByTime(3000));
    expect(await within(row).findByText('4 of 6 sent')).toBeInTheDocument();
    await release(people.slice(4));
    act(() => vi.advanceTimersByTime(3000));
    expect(await within(row).findByText('6 of 6 sent')).toBeInTheDocument();
    expect(await apiCalls('/api/mail-send/list')).toHaveLength(3);

    act(() => vi.advanceTimersByTime(12_000));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(await apiCalls('/api/mail-send/list')).toHaveLength(3);
  });

  it("keeps an open User List up to date while the mail goes out: its progress and each recipient's state", async () => {
    const people = (await pickerPeople()).slice(0, 3);
    const { mail: going, release } = await goingOut(
      'Going out now',
      'Three recipients, one at a time.',
      people,
    );
    // Delivered in the User List's order (by name), so that each step's sent recipient is the next row.
    const inOrder = await recipientsOf(going);
    await release(inOrder.slice(0, 1));
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { user } = renderApp('/send-mail');
    const { dialog, list } = await openUserList(user, going, `User List: ${going.title} (3 recipients)`);
    expect(await within(dialog).findByText('1 of 3 sent')).toBeInTheDocument();
    await waitFor(() => expect(rowsOf(list).map((cells) => cells[2])).toEqual(['Sent', 'Queued', 'Queued']));

    await release(inOrder.slice(1, 2));
    act(() => vi.advanceTimersByTime(3000));
    expect(await within(dialog).findByText('2 of 3 sent')).toBeInTheDocument();
    await release(inOrder.slice(2));
    act(() => vi.advanceTimersByTime(3000));
    expect(await within(dialog).findByText('3 of 3 sent')).toBeInTheDocument();
    await waitFor(() => expect(rowsOf(list).map((cells) => cells[2])).toEqual(['Sent', 'Sent', 'Sent']));
  });

  it('shows a mail to 1,000,000 people with 50 inline as it shows one to 1: no work per recipient', async () => {
    const people = await pickerPeople();
    expect(people).toHaveLength(50);
    const answer = (inline: typeof people) => ({
      success: true,
      message: 'Success',
      result: Array.from({ length: 10 }, (_, index) => ({
        _id: `00000000000000000000${String(index).padStart(4, '0')}`,
        title: `Mail ${index}`,
        body: 'To everyone.',
        allUsers: true,
        users: inline.map(({ _id, name, surname, email }) => ({ _id, name, surname, email })),
        recipientCount: 1_000_000,
        delivery: { queued: 0, sent: 999_997, failed: 3 },
        createdAt: '2026-11-22T18:45:30.000Z',
      })),
      pagination: { count: 10 },
    });
    const shown = async (inline: typeof people) => {
      server.use(http.get('*/api/mail-send/list', () => HttpResponse.json(answer(inline))));
      const view = renderApp('/send-mail');
      const table = await screen.findByRole('table', { name: 'Send Mail' });
      expect(await within(table).findAllByText('999,997 of 1,000,000 sent · 3 failed')).toHaveLength(10);
      const elements = table.querySelectorAll('*').length;
      return { view, table, elements };
    };

    const one = await shown(people.slice(0, 1));
    one.view.unmount();
    const fifty = await shown(people);
    expect(fifty.elements).toBe(one.elements);
    expect(screen.queryByText(people[1]!.email)).toBeNull();

    server.use(
      http.get('*/api/mail-send/recipients/:mailId', () =>
        HttpResponse.json({
          success: true,
          message: 'Success',
          result: people.slice(0, 10).map((person) => ({
            ...person,
            state: 'sent',
            attempts: 1,
            error: null,
            updatedAt: '2026-11-22T18:46:00.000Z',
          })),
          pagination: { count: 1_000_000 },
        }),
      ),
    );
    await fifty.view.user.click(
      within(fifty.table).getByRole('button', { name: 'User List: Mail 0 (1,000,000 recipients)' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'User List' });
    const list = within(dialog).getByRole('table', { name: 'User List' });
    expect(await within(list).findByText(people[9]!.email)).toBeInTheDocument();
    expect(rowsOf(list)).toHaveLength(10);
    expect(within(dialog).getByText('Showing 1–10 of 1,000,000')).toBeInTheDocument();
    expect(
      (await apiCalls('/api/mail-send/recipients/000000000000000000000000')).map((call) => call.query),
    ).toEqual([{ page: '1', limit: '10' }]);
  });
});

describe('against a SPEC-only API', () => {
  it("lists SPEC's columns only, and pages and searches the User List over each mail's own list, asking nothing more", async () => {
    const { mail, recipients } = await toEveryone();
    const total = mail.recipientCount;
    const lastPage = Math.ceil(total / 10);
    specOnlyApi();
    const { user } = renderApp('/send-mail');
    const table = await screen.findByRole('table', { name: 'Send Mail' });
    await within(table).findByText(mail.title);
    expect(headers(table)).toEqual(SPEC_HEADERS);
    expect(within(table).queryByText(/ sent/)).toBeNull();

    const { dialog, list } = await openUserList(user, mail, `User List: ${mail.title}`);
    expect(headers(list)).toEqual(['Name', 'Email']);
    expect(rowsOf(list)).toEqual(
      recipients.slice(0, 10).map((recipient) => [fullNameOf(recipient), recipient.email]),
    );
    expect(within(dialog).getByText(`Showing 1–10 of ${total}`)).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: 'Show' })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: `Page ${lastPage}` }));
    expect(rowsOf(list)).toEqual(
      recipients.slice((lastPage - 1) * 10).map((recipient) => [fullNameOf(recipient), recipient.email]),
    );
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search recipients' }), 'rossi');
    const rossis = recipients.filter((recipient) => recipient.surname === 'Rossi');
    expect(rossis.length).toBeGreaterThan(1);
    await waitFor(() =>
      expect(rowsOf(list).map(([name]) => name)).toEqual(rossis.slice(0, 10).map(fullNameOf)),
    );
    expect(
      within(dialog).getByText(`Showing 1–${Math.min(10, rossis.length)} of ${rossis.length}`),
    ).toBeInTheDocument();
    // The full name a row shows finds it: every word, each in the name, surname or e-mail.
    const fullName = fullNameOf(rossis[0]!);
    await user.clear(within(dialog).getByRole('searchbox', { name: 'Search recipients' }));
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search recipients' }), fullName);
    const named = recipients.filter((recipient) =>
      fullName
        .toLowerCase()
        .split(' ')
        .every((word) =>
          [recipient.name, recipient.surname, recipient.email].some((value) =>
            value.toLowerCase().includes(word),
          ),
        ),
    );
    expect(named.length).toBeGreaterThan(0);
    await waitFor(() =>
      expect(rowsOf(list).map(([name]) => name)).toEqual(named.slice(0, 10).map(fullNameOf)),
    );

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await apiCalls()).map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /api/mail-send/list',
    ]);
  });

  it('offers no test send, and asks before a mail to everyone without a word about one', async () => {
    specOnlyApi();
    const { user } = renderApp('/send-mail/add');
    await user.type(await screen.findByLabelText('Subject'), 'To everyone');
    await user.type(screen.getByLabelText('Body'), 'News for all.');
    expect(screen.queryByRole('button', { name: 'Send me a test first' })).toBeNull();
    await chooseAllUsers(user);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this mail to all users?' });
    expect(within(dialog).queryByText(/test/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Send to all' }));
    expect(await screen.findByText('Mail sent successfully!')).toBeInTheDocument();
    expect((await apiCalls()).filter((call) => call.method !== 'GET').map((call) => call.path)).toEqual([
      '/api/mail-send/create',
    ]);
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
    const people = await pickerPeople();
    const { user } = renderApp('/send-mail/add');
    await openPicker(user, people[0]!);
    expect(within(listbox()).getAllByRole('option')).toHaveLength(10);
    const [first] = await pickerCalls();
    expect(first?.query).toEqual({ page: '1', items: '10', fields: 'name,surname' });
    expect(first?.headers.get('authorization')).toBe(bearer());

    scrollPicker(40);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await pickerCalls()).toHaveLength(1);

    scrollPicker(5);
    expect(await within(listbox()).findByRole('option', personOption(people[10]!))).toBeInTheDocument();
    expect((await pickerCalls()).at(-1)?.query).toEqual({ page: '2', items: '10', fields: 'name,surname' });
  });

  it('searches 1.5 s after typing stops', async () => {
    const people = await pickerPeople();
    const sought = people[5]!;
    const { user } = renderApp('/send-mail/add');
    await openPicker(user, people[0]!);
    // A fake clock from the typing until the search is due, while the server is idle (its pg client and mail queue
    // need real timers): the name arrives as one change, as user-event's typing waits on the clock between keys.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(screen.getByRole('textbox', { name: 'Select users' }), {
      target: { value: sought.name },
    });
    act(() => vi.advanceTimersByTime(1400));
    // A search asked now would be in the log once the network layer has taken it (a turn of the event loop).
    await new Promise((resolve) => setImmediate(resolve));
    expect((await pickerCalls()).filter((call) => call.query.q)).toHaveLength(0);
    act(() => vi.advanceTimersByTime(200));
    vi.useRealTimers();
    await waitFor(async () =>
      expect((await pickerCalls()).filter((call) => call.query.q)).toEqual([
        expect.objectContaining({
          query: { page: '1', items: '10', fields: 'name,surname', q: sought.name },
        }),
      ]),
    );
    expect(await within(listbox()).findByRole('option', personOption(sought))).toBeInTheDocument();
  });

  it("offers All Users as a choice of its own, never among a search's results; each user shows their e-mail; a pick clears the search", async () => {
    const people = await pickerPeople();
    const { user } = renderApp('/send-mail/add');
    expect(await screen.findByRole('radiogroup', { name: 'Send to' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Chosen users' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'All Users' })).not.toBeChecked();
    await openPicker(user, people[0]!);
    expect(within(listbox()).queryByRole('option', { name: /All Users/ })).toBeNull();

    const search = screen.getByRole('textbox', { name: 'Select users' });
    await user.type(search, people[5]!.name);
    const found = await within(listbox()).findByRole('option', personOption(people[5]!), { timeout: 3000 });
    expect(within(listbox()).queryByRole('option', { name: /All Users/ })).toBeNull();
    expect(within(found).getByText(people[5]!.email)).toBeInTheDocument();
    await user.click(found);
    expect(search).toHaveValue('');
    // The whole list again at once, not 1.5 s later: the search was cleared, not typed.
    expect(await within(listbox()).findByRole('option', personOption(people[0]!))).toBeInTheDocument();
  });

  it('Enter in the open list picks the highlighted user and never sends the form', async () => {
    const people = await pickerPeople();
    const { user } = renderApp('/send-mail/add');
    await user.type(await screen.findByLabelText('Subject'), 'Hello');
    await user.type(screen.getByLabelText('Body'), 'A short note.');
    await openPicker(user, people[0]!);
    await user.click(within(listbox()).getByRole('option', personOption(people[1]!)));
    const search = screen.getByRole('textbox', { name: 'Select users' });
    // The form is complete: an Enter whose default went through would send it. Nothing is highlighted yet.
    const enter = () => fireEvent.keyDown(search, { key: 'Enter', code: 'Enter' });
    expect(enter()).toBe(false); // false: its default, sending the form, was cancelled
    expect(listbox()).toBeInTheDocument();
    await user.keyboard('{ArrowDown}{Enter}');
    const pills = () => [...document.querySelectorAll('.mantine-Pill-label')].map((pill) => pill.textContent);
    expect(pills()).toEqual([fullNameOf(people[1]!), fullNameOf(people[0]!)]);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.keyboard('{Enter}'); // with the list closed, Enter sends the form as in any field
    expect(await screen.findByText('Mail sent successfully!')).toBeInTheDocument();
    const [call] = await apiCalls('/api/mail-send/create');
    expect(call?.body).toMatchObject({ users: [people[1]!._id, people[0]!._id] });
    expect((await mails())[0]).toMatchObject({ title: 'Hello', recipientCount: 2 });
  });

  it('sends the chosen ids, says how many will receive it, then lists the new mail', async () => {
    const people = await pickerPeople();
    const { user, router } = renderApp('/send-mail/add');
    await user.type(await screen.findByLabelText('Subject'), 'Hello');
    await user.type(screen.getByLabelText('Body'), 'A short note.');
    await openPicker(user, people[0]!);
    await user.click(within(listbox()).getByRole('option', personOption(people[0]!)));
    await user.click(within(listbox()).getByRole('option', personOption(people[1]!)));
    expect(screen.getByRole('status')).toHaveTextContent('This mail will go to 2 users.');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Mail sent successfully!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/send-mail'));
    const [call] = await apiCalls('/api/mail-send/create');
    expect(call?.method).toBe('POST');
    expect(call?.headers.get('authorization')).toBe(bearer());
    expect(call?.body).toEqual({
      title: 'Hello',
      body: 'A short note.',
      users: [people[0]!._id, people[1]!._id],
    });
    expect(await screen.findByText('Hello')).toBeInTheDocument();
    // The server's queue delivers it to the two of them.
    await waitFor(() =>
      expect(
        outbox()
          .filter((mail) => mail.subject === 'Hello')
          .map((mail) => mail.to),
      ).toEqual(expect.arrayContaining([people[0]!.email, people[1]!.email])),
    );
    expect(outbox().filter((mail) => mail.subject === 'Hello')).toHaveLength(2);
  });

  it('All Users clears the other choices and disables them, and asks before sending to everyone', async () => {
    const people = await pickerPeople();
    const active = await activeMembers();
    const { user } = renderApp('/send-mail/add');
    await user.type(await screen.findByLabelText('Subject'), 'To everyone');
    await user.type(screen.getByLabelText('Body'), 'News for all.');
    await openPicker(user, people[0]!);
    await user.click(within(listbox()).getByRole('option', personOption(people[0]!)));
    const pills = () => [...document.querySelectorAll('.mantine-Pill-label')].map((pill) => pill.textContent);
    expect(pills()).toEqual([fullNameOf(people[0]!)]);
    expect(screen.getByRole('radio', { name: 'Chosen users' })).toBeChecked();
    await chooseAllUsers(user);
    expect(pills()).toEqual([]);
    expect(screen.getByRole('textbox', { name: 'Select users' })).toBeDisabled();
    expect(screen.queryByRole('listbox')).toBeNull();
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        `This mail will go to all ${active} active users.`,
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this mail to all users?' });
    expect(within(dialog).getByText(`This mail will go to all ${active} active users.`)).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        "You have not sent yourself a test of this mail yet: 'Send me a test first' sends it to admin@example.com alone.",
      ),
    ).toBeInTheDocument();
    expect(await apiCalls('/api/mail-send/create')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Send to all' }));
    expect(await screen.findByText('Mail sent successfully!')).toBeInTheDocument();
    const [call] = await apiCalls('/api/mail-send/create');
    expect(call?.body).toEqual({ title: 'To everyone', body: 'News for all.', users: ['all'] });
    expect((await mails())[0]).toMatchObject({
      title: 'To everyone',
      allUsers: true,
      recipientCount: active,
    });
  });

  it('counts All Users afresh after a member is deactivated elsewhere', async () => {
    const active = await activeMembers();
    const target = (await api.get<Person[]>('/api/admin/list?page=1&items=10')).find(
      (person) => person.enabled,
    )!;
    const menuLink = (name: string) =>
      within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('link', { name });
    const { user } = renderApp('/send-mail/add');
    await screen.findByRole('radio', { name: 'All Users' });
    await chooseAllUsers(user);
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        `This mail will go to all ${active} active users.`,
      ),
    );

    await user.click(menuLink('Users'));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Leave this page?' })).getByRole('button', {
        name: 'Leave',
      }),
    );
    const row = (await screen.findByRole('link', { name: fullNameOf(target) })).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Deactivate' }));
    // The server's deactivation is a restriction: it cites a policy and the facts (tests/users/restrictions.test.tsx).
    const ask = await screen.findByRole('dialog', { name: /^Deactivate / });
    await user.click(within(ask).getAllByLabelText(/^Policy/)[0]!);
    await user.click(await screen.findByRole('option', { name: 'Spam or scam' }));
    await user.type(
      within(ask).getByRole('textbox', { name: /^Facts and circumstances/ }),
      'Links to a scam',
    );
    await user.click(within(ask).getByRole('radio', { name: 'Permanent' }));
    await user.click(within(ask).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(within(row).getByText('Inactive')).toBeInTheDocument());

    await user.click(menuLink('Send Mail'));
    await user.click(await screen.findByRole('link', { name: 'Send' }));
    await screen.findByRole('radio', { name: 'All Users' });
    await chooseAllUsers(user);
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        `This mail will go to all ${active - 1} active users.`,
      ),
    );
  });

  it("says 'Error occurred' when the picker cannot load users, keeping what was typed", async () => {
    server.use(http.get('*/api/admin/list', () => HttpResponse.json({ success: false }, { status: 500 })));
    const { user } = renderApp('/send-mail/add');
    await user.type(await screen.findByLabelText('Subject'), 'Kept');
    await user.click(screen.getByRole('textbox', { name: 'Select users' }));
    expect(await screen.findAllByText('Error occurred')).not.toHaveLength(0);
    expect(screen.getByLabelText('Subject')).toHaveValue('Kept');
  });

  it('sends a test of the subject and body to the admin alone, says so, and stays on the form', async () => {
    const { user, router } = renderApp('/send-mail/add');
    await user.type(await screen.findByLabelText('Subject'), '  Hello  ');
    await user.type(screen.getByLabelText('Body'), 'A short note.');
    await user.click(screen.getByRole('button', { name: 'Send me a test first' }));

    const notice = (await screen.findByText('Test mail sent to admin@example.com')).closest('[role="alert"]');
    expect(notice).toHaveTextContent('Success');
    const [call] = await apiCalls('/api/mail-send/test');
    expect(call?.method).toBe('POST');
    expect(call?.headers.get('authorization')).toBe(bearer());
    expect(call?.body).toEqual({ title: 'Hello', body: 'A short note.' });
    expect(outbox()).toContainEqual({ to: 'admin@example.com', subject: 'Hello' });
    expect(router.state.location.pathname).toBe('/send-mail/add');
    expect(screen.getByLabelText('Subject')).toHaveValue('  Hello  ');
    expect(screen.queryByText('Please select users')).toBeNull();
    expect(await apiCalls('/api/mail-send/create')).toHaveLength(0);

    // Tested as it stands: sending it to everyone no longer mentions a test.
    await chooseAllUsers(user);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this mail to all users?' });
    expect(within(dialog).queryByText(/test/)).toBeNull();
  });

  it("checks only the subject and body before a test, with SPEC's messages, and sends nothing", async () => {
    const { user } = renderApp('/send-mail/add');
    await user.click(await screen.findByRole('button', { name: 'Send me a test first' }));
    expect(await screen.findByText('Please enter subject')).toBeInTheDocument();
    expect(screen.getByText('Please enter body')).toBeInTheDocument();
    expect(screen.queryByText('Please select users')).toBeNull();
    expect(screen.getByLabelText('Subject')).toHaveFocus();
    expect(await apiCalls('/api/mail-send/test')).toHaveLength(0);
  });

  it("shows the server's reason when the test cannot be sent, keeping the form", async () => {
    server.use(
      http.post('*/api/mail-send/test', () =>
        HttpResponse.json(
          { success: false, message: 'The test mail could not be sent: connect ECONNREFUSED 127.0.0.1:587' },
          { status: 502 },
        ),
      ),
    );
    const { user } = renderApp('/send-mail/add');
    await user.type(await screen.findByLabelText('Subject'), 'Hello');
    await user.type(screen.getByLabelText('Body'), 'A short note.');
    await user.click(screen.getByRole('button', { name: 'Send me a test first' }));
    const notice = (
      await screen.findByText('The test mail could not be sent: connect ECONNREFUSED 127.0.0.1:587')
    ).closest('[role="alert"]');
    expect(notice).toHaveTextContent('Info');
    expect(screen.getByLabelText('Subject')).toHaveValue('Hello');
    expect(screen.getByRole('button', { name: 'Send me a test first' })).toBeEnabled();
  });
});

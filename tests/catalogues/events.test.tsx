import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import dayjs from 'dayjs';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { api, callApi, resetData, signedInNow, testDb } from '../support/api-server';
import { server } from '../support/msw';
import { apiCalls } from '../support/request-log';
import { renderApp, specOnlyApi } from '../support/render';
import { pngFile } from '../support/files';

/**
 * Events (SPEC 2.16, 3, 5 "Event", 7.10, 8; DECISIONS): the admin list, who joined, delete, and the one add/update
 * form, in depth. The declaration's SPEC words are also checked with every catalogue in catalogues.test.tsx.
 */

type Ref = { _id: string; name: string; surname?: string; email?: string };
type StoredEvent = {
  _id: string;
  name: string;
  venue: string;
  category: Ref | null;
  date: string;
  startTime: string;
  endTime: string;
  numberOfParticipants: number;
  image: string | null;
  userId: Ref;
  joinedUsers: Ref[];
  joinedCount: number;
};

/** The demo data's events as the server lists them (newest first). */
const events = async () =>
  (await callApi<{ result: StoredEvent[] }>('GET', '/api/event/list-admin?page=1&limit=100')).body.result;
const eventRead = (id: string) => api.get<StoredEvent>(`/api/event/read/${id}`);
/** Everyone who joined an event, in the server's name order, with their e-mails (event/joined, 100 a page). */
async function everyoneJoined(eventId: string) {
  const joined: Ref[] = [];
  for (let page = 1; ; page += 1) {
    const rows = await api.get<Ref[]>(`/api/event/joined/${eventId}?page=${page}&limit=100`);
    joined.push(...rows);
    if (rows.length < 100) return joined;
  }
}
/** An event every member joined: more than an answer carries inline (50). No admin API joins an event. */
async function crowdEvent(event: StoredEvent) {
  await testDb().run(
    `INSERT INTO event_participants (event_id, user_id)
     SELECT $1, id FROM users WHERE role = 'user' ON CONFLICT DO NOTHING`,
    [event._id],
  );
  return everyoneJoined(event._id);
}
/** Stored times the API would refuse (it takes HH:mm): no API writes them. */
const storeTimes = (event: StoredEvent, startTime: string, endTime: string) =>
  testDb().run('UPDATE events SET start_time = $2, end_time = $3 WHERE id = $1', [
    event._id,
    startTime,
    endTime,
  ]);
const poster = () => pngFile('poster.png');
/** An event added through the API, the signed-in admin's, with nobody joined. */
async function addEvent(name: string) {
  const [category] = await api.get<Ref[]>('/api/eventcategory/listAll?enabled=true');
  const form = new FormData();
  for (const [key, value] of Object.entries({
    name,
    venue: 'The Old Library, Leeds',
    startTime: '18:00',
    endTime: '20:00',
    date: new Date(Date.UTC(2031, 2, 14, 12)).toISOString(),
    numberOfParticipants: '12',
    category: category!._id,
  }))
    form.append(key, value);
  form.append('file', poster());
  return api.form<StoredEvent>('POST', '/api/event/create', form);
}
const bearer = () => `Bearer ${signedInNow().token}`;

// Each test starts from the demo data's 18 events: several add, change or delete one.
beforeEach(resetData);
const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;
const notification = async (text: string) =>
  (await screen.findByText(text, { selector: '.mantine-Notification-description' })).closest(
    '[role="alert"]',
  ) as HTMLElement;
const writes = async () => (await apiCalls()).filter((call) => call.method !== 'GET');
/** The multipart body as field → text, a file as its name. */
const entries = (body: unknown) =>
  Object.fromEntries(
    [...(body as FormData).entries()].map(([key, value]) => [
      key,
      // jsdom's File reaches MSW as a plain Blob (named 'blob'): its type and size tell which file it was.
      typeof value === 'string' ? value : `file:${(value as Blob).type}:${(value as Blob).size}`,
    ]),
  );

/** A user as the reference API names them (a SPEC-only API sends the name alone). */
const fullName = (person: Ref) => `${person.name} ${person.surname}`;
const emailOf = (person: Ref) => person.email!;
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

async function openJoined(user: UserEvent, event: StoredEvent, name: string) {
  const table = await screen.findByRole('table', { name: 'Events' });
  const row = (await within(table).findByText(event.name)).closest('tr')!;
  await user.click(within(row).getByRole('button', { name }));
  const dialog = await screen.findByRole('dialog', { name: 'Joined User' });
  return { dialog, list: within(dialog).getByRole('table', { name: 'Joined User' }) };
}

const REQUIRED = [
  'Please enter name',
  'Please enter venue',
  'Event image is required',
  'Please select start time',
  'Please select end time',
  'Please enter date and date',
  'Please enter number of participants',
];

async function type(user: UserEvent, label: string, text: string) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  await user.type(input, text);
}

/** Fills the whole add form as an admin would. */
async function fillEvent(user: UserEvent) {
  await type(user, 'Name', 'Wine tasting');
  await type(user, 'Venue', 'The Vaults, Bath');
  await user.upload(fileInput(), poster());
  await type(user, 'Start Time', '18:00');
  await type(user, 'End Time', '21:30');
  const day = await screen.findByRole('textbox', { name: 'Day and Date' });
  await user.type(day, '2031-03-14');
  await user.keyboard('{Escape}');
  await type(user, 'Number of Participants', '25');
  await user.click(screen.getByRole('combobox', { name: 'Category' }));
  await user.click(await screen.findByRole('option', { name: 'Outdoors' }));
}

describe('the events list', () => {
  it("asks for the URL's page with page and limit, and shows SPEC's columns, creator and edit links", async () => {
    const all = await events();
    const event = all[10]!;
    await testDb().run('UPDATE events SET date = $2 WHERE id = $1', [event._id, '2026-12-06T12:00:00.000Z']);
    const { user, router } = renderApp('/event?page=2');
    const table = await screen.findByRole('table', { name: 'Events' });
    const row = (await within(table).findByText(event.name)).closest('tr')!;
    expect(within(table).queryByText(all[0]!.name)).toBeNull();
    // SPEC's columns after the selection column (the list deletes in bulk): its header is the page's checkbox.
    const [selectAll, ...spec] = within(table).getAllByRole('columnheader');
    expect(within(selectAll!).getByRole('checkbox', { name: 'Select all on this page' })).toBeInTheDocument();
    expect(spec.map((header) => header.textContent)).toEqual([
      'Name',
      'Venue',
      'Category name',
      'Date',
      'Time',
      'Created By',
      'Joined User',
      'Action',
    ]);
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(1, 7)).toEqual([
      event.name,
      event.venue,
      event.category!.name,
      // The console's date format (SPEC gives this column none).
      '6 Dec 2026',
      `${event.startTime} - ${event.endTime}`,
      fullName(event.userId),
    ]);
    expect(within(row).getByRole('link', { name: fullName(event.userId) })).toHaveAttribute(
      'href',
      `/users/${event.userId._id}`,
    );
    expect(within(row).getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/event/update/${event._id}`,
    );
    expect(screen.getByRole('link', { name: 'Add' })).toHaveAttribute('href', '/event/add');
    expect(screen.getByText(`Showing 11–${all.length} of ${all.length}`)).toBeInTheDocument();

    const [call] = await apiCalls('/api/event/list-admin');
    expect(call?.method).toBe('GET');
    expect(call?.query).toEqual({ page: '2', limit: '10' });
    expect(call?.headers.get('authorization')).toBe(bearer());

    await user.click(screen.getByRole('button', { name: 'Page 1' }));
    expect(await within(table).findByText(all[0]!.name)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect((await apiCalls('/api/event/list-admin')).at(-1)?.query).toEqual({ page: '1', limit: '10' });
  });

  it('opens who joined in a dialog, each a link to their profile, and gives focus back on close', async () => {
    // Every demo event has someone: one with nobody is added.
    const lonely = await addEvent('Quiet reading hour');
    const event = (await events()).find((candidate) => candidate.joinedUsers.length > 0)!;
    const { user } = renderApp('/event');
    const table = await screen.findByRole('table', { name: 'Events' });
    expect(event.joinedUsers.length).toBeGreaterThan(0);
    const row = (await within(table).findByText(event.name)).closest('tr')!;
    const joined = within(row).getByRole('button', {
      name: `Joined User: ${event.name} (${event.joinedUsers.length})`,
    });
    await user.click(joined);
    const dialog = await screen.findByRole('dialog', { name: 'Joined User' });
    expect(await within(dialog).findAllByRole('link')).toHaveLength(event.joinedUsers.length);
    for (const person of event.joinedUsers)
      expect(within(dialog).getByRole('link', { name: fullName(person) })).toHaveAttribute(
        'href',
        `/users/${person._id}`,
      );
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(joined).toHaveFocus());

    const lonelyRow = within(table).getByText(lonely.name).closest('tr')!;
    await user.click(within(lonelyRow).getByRole('button', { name: `Joined User: ${lonely.name} (0)` }));
    const empty = await screen.findByRole('dialog', { name: 'Joined User' });
    expect(within(empty).getByText('No one has joined yet.')).toBeInTheDocument();
    expect(within(empty).queryByRole('link')).toBeNull();
  });

  it('counts who joined by joinedCount and pages them from event/joined, 10 at a time, searched, each a link', async () => {
    const event = (await events())[6]!;
    const joined = await crowdEvent(event);
    expect(joined.length).toBeGreaterThan(50);
    const { user } = renderApp('/event');
    const { dialog, list } = await openJoined(user, event, `Joined User: ${event.name} (${joined.length})`);
    const path = `/api/event/joined/${event._id}`;

    await waitFor(() => expect(rowsOf(list)).toHaveLength(10));
    expect(headers(list)).toEqual(['Name', 'Email']);
    expect(rowsOf(list)).toEqual(joined.slice(0, 10).map((person) => [fullName(person), emailOf(person)]));
    expect(within(list).getAllByRole('link')[0]).toHaveAttribute('href', `/users/${joined[0]!._id}`);
    expect(within(dialog).getByText(`Showing 1–10 of ${joined.length}`)).toBeInTheDocument();
    const [first] = await apiCalls(path);
    expect(first?.query).toEqual({ page: '1', limit: '10' });
    expect(first?.headers.get('authorization')).toBe(bearer());

    await user.click(within(dialog).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(rowsOf(list)[0]).toEqual([fullName(joined[10]!), emailOf(joined[10]!)]));
    expect((await apiCalls(path)).at(-1)?.query).toEqual({ page: '2', limit: '10' });

    // Typing may pause after 'kow' (applied from 3 characters): what counts is the last search asked.
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search by name or email' }), 'kowalski');
    await waitFor(async () =>
      expect((await apiCalls(path)).at(-1)?.query).toEqual({ page: '1', limit: '10', q: 'kowalski' }),
    );
    const kowalskis = joined.filter((person) => emailOf(person).includes('kowalski'));
    expect(kowalskis.length).toBeGreaterThan(1);
    await waitFor(() =>
      expect(rowsOf(list)).toEqual(
        kowalskis.slice(0, 10).map((person) => [fullName(person), emailOf(person)]),
      ),
    );
    expect(
      within(dialog).getByText(`Showing 1–${Math.min(10, kowalskis.length)} of ${kowalskis.length}`),
    ).toBeInTheDocument();
  });

  it("against a SPEC-only API, counts and pages each event's own list, asking nothing more", async () => {
    const event = (await events())[6]!;
    const joined = await crowdEvent(event);
    specOnlyApi();
    const { user } = renderApp('/event');
    const { dialog, list } = await openJoined(user, event, `Joined User: ${event.name} (${joined.length})`);
    expect(headers(list)).toEqual(['Name']);
    expect(rowsOf(list)).toEqual(joined.slice(0, 10).map((person) => [person.name]));
    expect(within(dialog).getByText(`Showing 1–10 of ${joined.length}`)).toBeInTheDocument();

    const last = Math.ceil(joined.length / 10);
    await user.click(within(dialog).getByRole('button', { name: `Page ${last}` }));
    expect(rowsOf(list)).toEqual(joined.slice((last - 1) * 10).map((person) => [person.name]));
    expect(within(list).getAllByRole('link').at(-1)).toHaveAttribute('href', `/users/${joined.at(-1)!._id}`);

    await user.type(within(dialog).getByRole('searchbox', { name: 'Search by name' }), 'Olivia');
    const olivias = joined.filter((person) => person.name === 'Olivia');
    expect(olivias.length).toBeGreaterThan(1);
    await waitFor(() => expect(rowsOf(list)).toEqual(olivias.slice(0, 10).map((person) => [person.name])));

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await apiCalls()).map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /api/event/list-admin',
    ]);
  });

  it("deletes an event after SPEC's confirmation, with 'Event deleted successfully!'", async () => {
    const event = (await events())[2]!;
    const { user } = renderApp('/event');
    const table = await screen.findByRole('table', { name: 'Events' });
    const row = (await within(table).findByText(event.name)).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to delete this item?' });
    expect(within(dialog).getByText('This action cannot be undone.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));

    expect(await notification('Event deleted successfully!')).toHaveTextContent('Success');
    await waitFor(() => expect(within(table).queryByText(event.name)).toBeNull());
    const [call] = await apiCalls(`/api/event/delete/${event._id}`);
    expect(call?.method).toBe('DELETE');
    expect(call?.headers.get('authorization')).toBe(bearer());
    expect((await events()).some((stored) => stored._id === event._id)).toBe(false);
    expect((await callApi('GET', `/api/event/read/${event._id}`)).status).toBe(404);
  });

  it('shows times of day whether the API stores them as times or as date-times, never a raw timestamp', async () => {
    const [first, second] = await events();
    await storeTimes(first!, '2025-02-14T19:00:00.000Z', '2025-02-14T22:00:00.000Z');
    await storeTimes(second!, '9:05', 'later');
    renderApp('/event');
    const table = await screen.findByRole('table', { name: 'Events' });
    await within(table).findByText(first!.name);
    const rowOf = (event: StoredEvent) => within(table).getByText(event.name).closest('tr')!;
    const local = (iso: string) => dayjs(iso).format('HH:mm');
    expect(
      within(rowOf(first!)).getByText(
        `${local('2025-02-14T19:00:00.000Z')} - ${local('2025-02-14T22:00:00.000Z')}`,
      ),
    ).toBeInTheDocument();
    expect(within(rowOf(second!)).getByText('09:05 - -')).toBeInTheDocument();
    expect(table).not.toHaveTextContent('2025-02-14T');
  });
});

describe('the event form', () => {
  it("adds an event: SPEC's messages on an empty submit, then every field as multipart, back to the list", async () => {
    const { user, router } = renderApp('/event/add');
    expect(await screen.findByRole('heading', { name: 'Add Event' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Event' }));
    for (const message of REQUIRED) expect(await screen.findByText(message)).toBeInTheDocument();
    expect(await writes()).toHaveLength(0);

    await fillEvent(user);
    expect(screen.getByRole('img', { name: 'Event Image preview' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
    await user.click(screen.getByRole('button', { name: 'Add Event' }));
    expect(await notification('Event added successfully!')).toHaveTextContent('Success');
    await waitFor(() => expect(router.state.location.pathname).toBe('/event'));

    const categories = await api.get<Ref[]>('/api/eventcategory/listAll');
    const outdoors = categories.find((category) => category.name === 'Outdoors')!;
    const [call] = await apiCalls('/api/event/create');
    expect(call?.method).toBe('POST');
    expect(call?.headers.get('authorization')).toBe(bearer());
    expect(entries(call?.body)).toEqual({
      name: 'Wine tasting',
      venue: 'The Vaults, Bath',
      file: 'file:image/png:70',
      startTime: '18:00',
      endTime: '21:30',
      date: dayjs('2031-03-14').hour(12).toISOString(),
      numberOfParticipants: '25',
      category: outdoors._id,
    });
    const table = await screen.findByRole('table', { name: 'Events' });
    const row = (await within(table).findByText('Wine tasting')).closest('tr')!;
    expect(within(row).getByText('Outdoors')).toBeInTheDocument();
    expect(within(row).getByText('18:00 - 21:30')).toBeInTheDocument();
    const [added] = await events();
    expect(added).toMatchObject({
      name: 'Wine tasting',
      venue: 'The Vaults, Bath',
      startTime: '18:00',
      endTime: '21:30',
      numberOfParticipants: 25,
      category: { _id: outdoors._id, name: 'Outdoors' },
      userId: { _id: signedInNow().admin._id },
    });
    expect(added?.image).toMatch(/\.png$/);
  });

  it('takes only a whole number of participants, and only images, saying so before anything is sent', async () => {
    const { user } = renderApp('/event/add');
    await screen.findByRole('heading', { name: 'Add Event' });
    await type(user, 'Number of Participants', '2.5');
    // The chooser's filter can be bypassed (a drop, a typed path): the form still checks the kind.
    fireEvent.change(fileInput(), {
      target: { files: [new File(['%PDF'], 'flyer.pdf', { type: 'application/pdf' })] },
    });
    await user.click(screen.getByRole('button', { name: 'Add Event' }));
    expect(await screen.findByText('Number of Participants must be a whole number')).toBeInTheDocument();
    expect(screen.getByText('Event Image must be a PNG, JPEG, WebP or GIF image')).toBeInTheDocument();
    expect(screen.getByLabelText('Number of Participants')).toHaveValue(2.5);
    expect(await writes()).toHaveLength(0);
  });

  it('updates an event read from event/read, prefilled, keeping its stored image when none is chosen', async () => {
    const event = (await events())[1]!;
    const { user, router } = renderApp(`/event/update/${event._id}`);
    expect(await screen.findByRole('heading', { name: 'Update Event' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue(event.name);
    expect(screen.getByLabelText('Venue')).toHaveValue(event.venue);
    expect(screen.getByLabelText('Start Time')).toHaveValue(event.startTime);
    expect(screen.getByLabelText('End Time')).toHaveValue(event.endTime);
    expect(screen.getByLabelText('Number of Participants')).toHaveValue(event.numberOfParticipants);
    expect(await screen.findByRole('textbox', { name: 'Day and Date' })).toHaveValue(
      dayjs(event.date).format('D MMM YYYY'),
    );
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue(event.category!.name),
    );
    expect(screen.getByRole('img', { name: 'Event Image preview' })).toHaveAttribute(
      'src',
      expect.stringContaining(event.image!),
    );
    const [read] = await apiCalls(`/api/event/read/${event._id}`);
    expect(read?.method).toBe('GET');
    expect(await apiCalls(`/api/plan/read/${event._id}`)).toHaveLength(0);

    await type(user, 'Venue', 'Kew Gardens');
    await user.click(screen.getByRole('button', { name: 'Update Event' }));
    expect(await notification('Event updated successfully!')).toHaveTextContent('Success');
    await waitFor(() => expect(router.state.location.pathname).toBe('/event'));

    const [call] = await apiCalls(`/api/event/update/${event._id}`);
    expect(call?.method).toBe('PATCH');
    expect(call?.headers.get('authorization')).toBe(bearer());
    expect(entries(call?.body)).toEqual({
      name: event.name,
      venue: 'Kew Gardens',
      startTime: event.startTime,
      endTime: event.endTime,
      date: dayjs(dayjs(event.date).format('YYYY-MM-DD')).hour(12).toISOString(),
      numberOfParticipants: String(event.numberOfParticipants),
      category: event.category!._id,
    });
    expect(await eventRead(event._id)).toMatchObject({ venue: 'Kew Gardens', image: event.image });
  });

  it('asks for an image on update only while the event has none', async () => {
    // Every demo event has an image: one loses it (no API removes an event's image).
    const event = (await events())[3]!;
    await testDb().run('UPDATE events SET image = NULL WHERE id = $1', [event._id]);
    const { user } = renderApp(`/event/update/${event._id}`);
    await screen.findByRole('heading', { name: 'Update Event' });
    await user.click(screen.getByRole('button', { name: 'Update Event' }));
    expect(await screen.findByText('Event image is required')).toBeInTheDocument();
    expect(await writes()).toHaveLength(0);

    await user.upload(fileInput(), poster());
    await user.click(screen.getByRole('button', { name: 'Update Event' }));
    expect(await notification('Event updated successfully!')).toBeInTheDocument();
    const [call] = await apiCalls(`/api/event/update/${event._id}`);
    expect(entries(call?.body).file).toBe('file:image/png:70');
    expect((await eventRead(event._id)).image).toMatch(/\.png$/);
  });

  it('prefills the times of an event stored as date-times as times of day', async () => {
    const event = (await events())[1]!;
    await storeTimes(event, '2025-02-14T19:00:00.000Z', '2025-02-14T22:30:00.000Z');
    renderApp(`/event/update/${event._id}`);
    await screen.findByRole('heading', { name: 'Update Event' });
    expect(screen.getByLabelText('Start Time')).toHaveValue(
      dayjs('2025-02-14T19:00:00.000Z').format('HH:mm'),
    );
    expect(screen.getByLabelText('End Time')).toHaveValue(dayjs('2025-02-14T22:30:00.000Z').format('HH:mm'));
  });

  it('refuses an event that ends before it starts, on the End Time field, sending nothing', async () => {
    const { user } = renderApp('/event/add');
    await screen.findByRole('heading', { name: 'Add Event' });
    await fillEvent(user);
    await type(user, 'Start Time', '19:00');
    await type(user, 'End Time', '18:00');
    await user.click(screen.getByRole('button', { name: 'Add Event' }));
    expect(await screen.findByText('End time must be after start time')).toBeInTheDocument();
    expect(screen.getByLabelText('End Time')).toHaveAccessibleDescription(
      'End time must be after start time',
    );
    expect(await writes()).toHaveLength(0);

    await type(user, 'End Time', '19:00');
    await user.click(screen.getByRole('button', { name: 'Add Event' }));
    expect(await screen.findByText('End time must be after start time')).toBeInTheDocument();
    expect(await writes()).toHaveLength(0);
    await type(user, 'End Time', '20:15');
    await user.click(screen.getByRole('button', { name: 'Add Event' }));
    expect(await notification('Event added successfully!')).toBeInTheDocument();
    expect(entries((await apiCalls('/api/event/create'))[0]?.body)).toMatchObject({
      startTime: '19:00',
      endTime: '20:15',
    });
  });

  it("keeps every typed value and the chosen file when the server refuses, showing the server's message", async () => {
    let refusals = 1;
    server.use(
      http.post('*/api/event/create', () =>
        refusals-- > 0
          ? HttpResponse.json(
              { success: false, message: 'Venue must be at most 300 characters' },
              { status: 400 },
            )
          : undefined,
      ),
    );
    const { user, router } = renderApp('/event/add');
    await screen.findByRole('heading', { name: 'Add Event' });
    await fillEvent(user);
    await user.click(screen.getByRole('button', { name: 'Add Event' }));

    expect(await notification('Venue must be at most 300 characters')).toHaveTextContent('Info');
    expect(router.state.location.pathname).toBe('/event/add');
    expect(screen.getByLabelText('Name')).toHaveValue('Wine tasting');
    expect(screen.getByLabelText('Venue')).toHaveValue('The Vaults, Bath');
    expect(screen.getByLabelText('Start Time')).toHaveValue('18:00');
    expect(screen.getByLabelText('End Time')).toHaveValue('21:30');
    expect(screen.getByRole('textbox', { name: 'Day and Date' })).toHaveValue('14 Mar 2031');
    expect(screen.getByLabelText('Number of Participants')).toHaveValue(25);
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('Outdoors');
    expect(screen.getByText('poster.png')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Event Image preview' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );

    await user.click(screen.getByRole('button', { name: 'Add Event' }));
    expect(await notification('Event added successfully!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/event'));
    const calls = await apiCalls('/api/event/create');
    expect(calls).toHaveLength(2);
    expect(entries(calls[1]!.body)).toEqual(entries(calls[0]!.body));
  });
});

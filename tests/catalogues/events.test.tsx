import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import dayjs from 'dayjs';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { CROWDED_EVENT } from '@mocks/catalogue-fixtures';
import { db } from '@mocks/db';
import { server } from '@mocks/node';
import { apiCalls } from '../support/request-log';
import { renderApp, specOnlyApi, TEST_TOKEN } from '../support/render';

/**
 * Events (SPEC 2.16, 3, 5 "Event", 7.10, 8; DECISIONS): the admin list, who joined, delete, and the one add/update
 * form, in depth. The declaration's SPEC words are also checked with every catalogue in catalogues.test.tsx.
 */

type Ref = { _id: string; name: string; surname?: string };
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
};

const events = () => db.catalogues.event as unknown as StoredEvent[];
const poster = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a])], 'poster.png', { type: 'image/png' });
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

const byNameThenId = (a: Ref, b: Ref) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : a._id < b._id ? -1 : a._id > b._id ? 1 : 0;
/** A user as the reference API names them (a SPEC-only API sends the name alone). */
const fullName = (person: Ref) => `${person.name} ${person.surname}`;
const emailOf = (person: Ref) => db.users.find((user) => user._id === person._id)!.email;
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
  await user.click(await screen.findByRole('option', { name: 'Outdoor' }));
}

describe('the events list', () => {
  it("asks for the URL's page with page and limit, and shows SPEC's columns, creator and edit links", async () => {
    const event = events()[10]!;
    event.date = '2026-12-06T12:00:00.000Z';
    const { user, router } = renderApp('/event?page=2');
    const table = await screen.findByRole('table', { name: 'Events' });
    const row = (await within(table).findByText(event.name)).closest('tr')!;
    expect(within(table).queryByText(events()[0]!.name)).toBeNull();
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
    expect(screen.getByText(`Showing 11–${events().length} of ${events().length}`)).toBeInTheDocument();

    const [call] = await apiCalls('/api/event/list-admin');
    expect(call?.method).toBe('GET');
    expect(call?.query).toEqual({ page: '2', limit: '10' });
    expect(call?.headers.get('authorization')).toBe(`Bearer ${TEST_TOKEN}`);

    await user.click(screen.getByRole('button', { name: 'Page 1' }));
    expect(await within(table).findByText(events()[0]!.name)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect((await apiCalls('/api/event/list-admin')).at(-1)?.query).toEqual({ page: '1', limit: '10' });
  });

  it('opens who joined in a dialog, each a link to their profile, and gives focus back on close', async () => {
    const { user } = renderApp('/event');
    const table = await screen.findByRole('table', { name: 'Events' });
    const event = events()[0]!;
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

    const lonely = events().find((candidate) => candidate.joinedUsers.length === 0)!;
    const lonelyRow = within(table).getByText(lonely.name).closest('tr')!;
    await user.click(within(lonelyRow).getByRole('button', { name: `Joined User: ${lonely.name} (0)` }));
    const empty = await screen.findByRole('dialog', { name: 'Joined User' });
    expect(within(empty).getByText('No one has joined yet.')).toBeInTheDocument();
    expect(within(empty).queryByRole('link')).toBeNull();
  });

  it('counts who joined by joinedCount and pages them from event/joined, 10 at a time, searched, each a link', async () => {
    const event = events()[CROWDED_EVENT]!;
    const joined = [...event.joinedUsers].sort(byNameThenId);
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
    expect(first?.headers.get('authorization')).toBe(`Bearer ${TEST_TOKEN}`);

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
      expect(rowsOf(list)).toEqual(kowalskis.map((person) => [fullName(person), emailOf(person)])),
    );
  });

  it("against a SPEC-only API, counts and pages each event's own list, asking nothing more", async () => {
    specOnlyApi();
    const event = events()[CROWDED_EVENT]!;
    const joined = [...event.joinedUsers].sort(byNameThenId);
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
    await waitFor(() => expect(rowsOf(list)).toEqual(olivias.map((person) => [person.name])));

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await apiCalls()).map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /api/event/list-admin',
    ]);
  });

  it("deletes an event after SPEC's confirmation, with 'Event deleted successfully!'", async () => {
    const event = events()[2]!;
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
    expect(call?.headers.get('authorization')).toBe(`Bearer ${TEST_TOKEN}`);
    expect(events().some((stored) => stored._id === event._id)).toBe(false);
  });

  it('shows times of day whether the API stores them as times or as date-times, never a raw timestamp', async () => {
    const [first, second] = events();
    Object.assign(first!, { startTime: '2025-02-14T19:00:00.000Z', endTime: '2025-02-14T22:00:00.000Z' });
    Object.assign(second!, { startTime: '9:05', endTime: 'later' });
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

    const outdoor = db.catalogues.eventcategory!.find((category) => category.name === 'Outdoor')!;
    const [call] = await apiCalls('/api/event/create');
    expect(call?.method).toBe('POST');
    expect(call?.headers.get('authorization')).toBe(`Bearer ${TEST_TOKEN}`);
    expect(entries(call?.body)).toEqual({
      name: 'Wine tasting',
      venue: 'The Vaults, Bath',
      file: 'file:image/png:6',
      startTime: '18:00',
      endTime: '21:30',
      date: dayjs('2031-03-14').hour(12).toISOString(),
      numberOfParticipants: '25',
      category: outdoor._id,
    });
    const table = await screen.findByRole('table', { name: 'Events' });
    const row = (await within(table).findByText('Wine tasting')).closest('tr')!;
    expect(within(row).getByText('Outdoor')).toBeInTheDocument();
    expect(within(row).getByText('18:00 - 21:30')).toBeInTheDocument();
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
    const event = events()[1]!;
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
    expect(call?.headers.get('authorization')).toBe(`Bearer ${TEST_TOKEN}`);
    expect(entries(call?.body)).toEqual({
      name: event.name,
      venue: 'Kew Gardens',
      startTime: event.startTime,
      endTime: event.endTime,
      date: dayjs(dayjs(event.date).format('YYYY-MM-DD')).hour(12).toISOString(),
      numberOfParticipants: String(event.numberOfParticipants),
      category: event.category!._id,
    });
    expect(events()[1]!.image).toBe(event.image);
  });

  it('asks for an image on update only while the event has none', async () => {
    const event = events().find((candidate) => !candidate.image)!;
    const { user } = renderApp(`/event/update/${event._id}`);
    await screen.findByRole('heading', { name: 'Update Event' });
    await user.click(screen.getByRole('button', { name: 'Update Event' }));
    expect(await screen.findByText('Event image is required')).toBeInTheDocument();
    expect(await writes()).toHaveLength(0);

    await user.upload(fileInput(), poster());
    await user.click(screen.getByRole('button', { name: 'Update Event' }));
    expect(await notification('Event updated successfully!')).toBeInTheDocument();
    const [call] = await apiCalls(`/api/event/update/${event._id}`);
    expect(entries(call?.body).file).toBe('file:image/png:6');
  });

  it('prefills the times of an event stored as date-times as times of day', async () => {
    const event = events()[1]!;
    Object.assign(event, { startTime: '2025-02-14T19:00:00.000Z', endTime: '2025-02-14T22:30:00.000Z' });
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
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('Outdoor');
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

import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Catalogue } from '@/features/catalogues/define-catalogue';
import { loadCatalogues } from '@/features/catalogues/registry';
import { DAY, fillCatalogueForm, TYPED } from './catalogue-form';
import { api, callApi, resetData, signedInNow, testDb } from '../support/api-server';
import { apiCalls } from '../support/request-log';
import { renderApp } from '../support/render';

const CATALOGUES = await loadCatalogues();

/**
 * SPEC's own words for every catalogue (2.2, 2.8-2.11, 2.23-2.24, 5, 7.3-7.6, 7.13, 8), written out here rather
 * than read from the declarations, so that a declaration which drifts from SPEC fails.
 * `:id` in routes and calls stands for the record's id; `body` is how create and update travel.
 */
type Expected = {
  list: string;
  add: string;
  update: string;
  headers: string[];
  listCall: [path: string, query: Record<string, string>];
  read: string;
  create: [path: string, body: 'json' | 'multipart'];
  updateCall: [path: string, body: 'json' | 'multipart'];
  remove?: string;
  required: string[];
  added: string;
  updated: string;
  deleted?: string;
  formTitle: [add: string, update: string];
  /** False when the list has no Add button (Plan). */
  addLink?: boolean;
  /** False when the records have no status (Events). */
  status?: boolean;
};

const NAME_STATUS = ['Please enter name', 'Please select status'];
const SPEC: Record<string, Expected> = {
  university: {
    list: '/university',
    add: '/university/add',
    update: '/university-update/:id',
    headers: ['Name', 'Description', 'STATUS', 'Action'],
    listCall: ['/api/university/listAll', {}],
    read: '/api/university/read/:id',
    create: ['/api/university/create', 'json'],
    updateCall: ['/api/university/update/:id', 'json'],
    remove: '/api/university/delete/:id',
    required: ['Please enter university name', 'Please enter description', 'Please select status'],
    added: 'University added successfully!',
    updated: 'University updated successfully!',
    deleted: 'University deleted successfully!',
    formTitle: ['Add University', 'Update University'],
  },
  'report-element': {
    list: '/report-element',
    add: '/report-element/add',
    update: '/report-element/update/:id',
    headers: ['#', 'Message', 'Status', 'Action'],
    listCall: ['/api/reportelement/listAll', {}],
    read: '/api/reportelement/read/:id',
    create: ['/api/reportelement/create', 'json'],
    updateCall: ['/api/reportelement/update/:id', 'json'],
    remove: '/api/reportelement/delete/:id',
    required: ['Please enter message', 'Please select status'],
    added: 'Report element added successfully!',
    updated: 'Report element updated successfully!',
    deleted: 'Report element deleted successfully!',
    formTitle: ['Add Report Element', 'Update Report Element'],
  },
  setting: {
    list: '/setting',
    add: '/setting/add',
    update: '/setting/update/:id',
    headers: ['Name', 'View', 'Action'],
    listCall: ['/api/setting/listAll', {}],
    read: '/api/setting/read/:id',
    create: ['/api/setting/create', 'json'],
    updateCall: ['/api/setting/update-with-image/:id', 'multipart'],
    required: ['Please enter privacy', 'Please enter terms & condition'],
    added: 'Setting added successfully!',
    updated: 'Setting updated successfully!',
    formTitle: ['Add Setting', 'Update Setting'],
  },
  hobbies: {
    list: '/hobbies',
    add: '/hobbies/add',
    update: '/hobbies/update/:id',
    headers: ['#', 'Name', 'Status', 'Icons', 'Action'],
    listCall: ['/api/hobbies/listAll', {}],
    read: '/api/hobbies/read/:id',
    create: ['/api/hobbies/create-with-icon', 'multipart'],
    updateCall: ['/api/hobbies/update-with-icon/:id', 'multipart'],
    remove: '/api/hobbies/delete/:id',
    required: [...NAME_STATUS, 'Please upload an image'],
    added: 'Hobbies added successfully!',
    updated: 'Hobbies updated successfully!',
    deleted: 'Hobbies deleted successfully!',
    formTitle: ['Add Hobbies', 'Update Hobbies'],
  },
  languages: {
    list: '/languages',
    add: '/languages/add',
    update: '/languages/update/:id',
    headers: ['#', 'Name', 'Status', 'Action'],
    listCall: ['/api/language/listAll', {}],
    read: '/api/language/read/:id',
    create: ['/api/language/create', 'json'],
    updateCall: ['/api/language/update/:id', 'json'],
    remove: '/api/language/delete/:id',
    required: NAME_STATUS,
    added: 'Language added successfully!',
    updated: 'Language updated successfully!',
    deleted: 'Language deleted successfully!',
    formTitle: ['Add Language', 'Update Language'],
  },
  'food-preference': {
    list: '/food-preference',
    add: '/food-preference/add',
    update: '/food-preference/update/:id',
    headers: ['#', 'Name', 'Status', 'Action'],
    listCall: ['/api/foodpreference/listAll', {}],
    read: '/api/foodpreference/read/:id',
    create: ['/api/foodpreference/create', 'json'],
    updateCall: ['/api/foodpreference/update/:id', 'json'],
    remove: '/api/foodpreference/delete/:id',
    required: NAME_STATUS,
    added: 'Food Preference added successfully!',
    updated: 'Food Preference updated successfully!',
    deleted: 'Hobbies deleted successfully!',
    formTitle: ['Add Food Preference', 'Update Food Preference'],
  },
  'event-category': {
    list: '/event-category',
    add: '/event-category/add',
    update: '/event-category/update/:id',
    headers: ['#', 'Name', 'Status', 'Icons', 'Action'],
    listCall: ['/api/eventcategory/listAll', { enabled: 'true', sortBy: 'enabled' }],
    read: '/api/event-category/read/:id',
    create: ['/api/eventcategory/create-with-icon', 'multipart'],
    updateCall: ['/api/eventcategory/update-with-icon/:id', 'multipart'],
    remove: '/api/eventcategory/delete/:id',
    required: [...NAME_STATUS, 'Please upload an image'],
    added: 'Event category added successfully!',
    updated: 'Event category updated successfully!',
    deleted: 'Report element deleted successfully!',
    formTitle: ['Add Event Category', 'Update Event Category'],
  },
  'looking-for': {
    list: '/looking-for',
    add: '/looking-for/Add',
    update: '/looking-for/update/:id',
    headers: ['Name', 'Status', 'Icons', 'Action'],
    listCall: ['/api/lookingfor/listAll', { enabled: 'true' }],
    read: '/api/lookingfor/read/:id',
    create: ['/api/lookingfor/create-with-icon', 'multipart'],
    updateCall: ['/api/lookingfor/update/:id', 'multipart'],
    remove: '/api/lookingfor/delete/:id',
    required: [...NAME_STATUS, 'Please upload an image'],
    added: 'Looking For added successfully!',
    updated: 'Looking For updated successfully!',
    deleted: 'Looking for deleted successfully!',
    formTitle: ['Add Looking For', 'Update Looking For'],
  },
  'language-speak': {
    list: '/language-speak',
    add: '/language-speak/add',
    update: '/language-speak/update/:id',
    headers: ['Name', 'Status', 'Action'],
    listCall: ['/api/language/listAll', {}],
    read: '/api/language/read/:id',
    create: ['/api/language/create', 'json'],
    updateCall: ['/api/language/update/:id', 'json'],
    remove: '/api/language/delete/:id',
    required: ['Please enter question', 'Please select status'],
    added: 'language added successfully!',
    updated: 'language updated successfully!',
    deleted: 'language deleted successfully!',
    formTitle: ['Add Language Speak', 'Update Language Speak'],
  },
  'religious-beliefs': {
    list: '/religious-beliefs',
    add: '/religious-beliefs/add',
    update: '/religious-beliefs/update/:id',
    headers: ['Name', 'Status', 'Action'],
    listCall: ['/api/religiousbelief/listAll', {}],
    read: '/api/religiousbelief/read/:id',
    create: ['/api/religiousbelief/create', 'json'],
    updateCall: ['/api/religiousbelief/update/:id', 'json'],
    remove: '/api/religiousbelief/delete/:id',
    required: ['Please Enter Religious Name', 'Please select status'],
    added: 'Religiou beliefs added successfully!',
    updated: 'Religious beliefs updated successfully!',
    deleted: 'Religious Beliefs deleted successfully!',
    formTitle: ['Add Religious Beliefs', 'Update Religious Beliefs'],
  },
};

const PAGE_ONE = { page: '1', limit: '10' };
Object.assign(SPEC, {
  offer: {
    list: '/offer',
    add: '/offer/add',
    update: '/offer/update/:id',
    headers: ['Title', 'Expire Date', 'Description', 'Brand Logo', 'Image', 'Status', 'Action'],
    listCall: ['/api/offer/list', PAGE_ONE],
    read: '/api/offer/read/:id',
    create: ['/api/offer/create', 'multipart'],
    updateCall: ['/api/offer/update/:id', 'multipart'],
    remove: '/api/offer/delete/:id',
    required: [
      'Please enter title',
      'Brand logo is required',
      'Offer image is required',
      'Please enter off',
      'Please select expire date',
      'Please enter description',
      'Please select status',
    ],
    added: 'Offer added successfully!',
    updated: 'Offer updated successfully!',
    deleted: 'Offer deleted successfully!',
    formTitle: ['Add Offer', 'Update Offer'],
  },
  plan: {
    list: '/plan',
    add: '/plan/add',
    update: '/plan/update/:id',
    headers: ['Name', 'Description', 'Status', 'Action'],
    listCall: ['/api/plan/list', PAGE_ONE],
    read: '/api/plan/read/:id',
    create: ['/api/plan/create', 'json'],
    updateCall: ['/api/plan/update/:id', 'json'],
    required: [
      'Please enter name',
      'Please enter benefit',
      'Please select one',
      'Please select price',
      'Please enter product id',
      'Please select one',
      'Please select status',
    ],
    added: 'Plan added successfully!',
    updated: 'Plan updated successfully!',
    formTitle: ['Add Plan', 'Update Plan'],
    addLink: false,
  },
  blogs: {
    list: '/blogs',
    add: '/blog/add',
    update: '/blog/update/:id',
    headers: ['Title', 'Short Description', 'Description', 'Image', 'Status', 'Action'],
    listCall: ['/api/blog/list', PAGE_ONE],
    read: '/api/blog/read/:id',
    create: ['/api/blog/create', 'multipart'],
    updateCall: ['/api/blog/update/:id', 'multipart'],
    remove: '/api/blog/delete/:id',
    required: [
      'Please enter title',
      'Slug is required',
      'Please enter author',
      'Please enter seo title',
      'Please select blog type',
      'Please enter focus keyword',
      'Please select status',
      'Image is required',
      'Please enter short description',
      'Please enter description',
      'Please enter meta description',
    ],
    added: 'Blog added successfully!',
    updated: 'Blog updated successfully!',
    deleted: 'Blog deleted successfully!',
    formTitle: ['Add Blog', 'Update Blog'],
  },
  'blog-category': {
    list: '/blog-category',
    add: '/blog-category/add',
    update: '/blog-category/update/:id',
    headers: ['Name', 'Description', 'Status', 'Action'],
    listCall: ['/api/blog-category/list', PAGE_ONE],
    read: '/api/blog-category/read/:id',
    create: ['/api/blog-category/create', 'json'],
    updateCall: ['/api/blog-category/update/:id', 'json'],
    remove: '/api/blog-category/delete/:id',
    required: ['Please enter name', 'Please enter description', 'Please select status'],
    added: 'Blog category added successfully!',
    updated: 'Blog category updated successfully!',
    deleted: 'Blog deleted successfully!',
    formTitle: ['Add Blog Category', 'Update Blog Category'],
  },
  events: {
    list: '/event',
    add: '/event/add',
    update: '/event/update/:id',
    headers: ['Name', 'Venue', 'Category name', 'Date', 'Time', 'Created By', 'Joined User', 'Action'],
    listCall: ['/api/event/list-admin', PAGE_ONE],
    read: '/api/event/read/:id',
    create: ['/api/event/create', 'multipart'],
    updateCall: ['/api/event/update/:id', 'multipart'],
    remove: '/api/event/delete/:id',
    required: [
      'Please enter name',
      'Please enter venue',
      'Event image is required',
      'Please select start time',
      'Please select end time',
      'Please enter date and date',
      'Please enter number of participants',
    ],
    added: 'Event added successfully!',
    updated: 'Event updated successfully!',
    deleted: 'Event deleted successfully!',
    formTitle: ['Add Event', 'Update Event'],
    status: false,
  },
} satisfies Record<string, Expected>);

const cases = CATALOGUES.map((catalogue) => [catalogue.key, catalogue, SPEC[catalogue.key]!] as const);
const at = (template: string, id: string) => template.replace(':id', id);
type StoredRecord = Record<string, unknown> & { _id: string };
/** The catalogue's records as its list reads them from the server (a paged one's first page), in that order. */
const records = async (spec: Expected) => {
  const [path, query] = spec.listCall;
  const search = new URLSearchParams(query).toString();
  return (await callApi<{ result: StoredRecord[] }>('GET', search ? `${path}?${search}` : path)).body.result;
};
const title = (record: Record<string, unknown>) => String(record.name ?? record.message ?? record.title);
const bearer = () => `Bearer ${signedInNow().token}`;

/**
 * Saves `record` through the catalogue's update call with `changes`: its fields as stored (a choice as its id), the
 * way the call takes them; no file.
 */
async function saveRecord(catalogue: Catalogue, spec: Expected, record: StoredRecord, changes: object) {
  const values: Record<string, unknown> = Object.fromEntries(
    catalogue.fields
      .filter((field) => field.kind !== 'icon')
      .map((field) => {
        const value = record[field.name];
        return [field.name, value && typeof value === 'object' && '_id' in value ? value._id : value];
      }),
  );
  Object.assign(values, changes);
  const path = at(spec.updateCall[0], record._id);
  if (spec.updateCall[1] === 'json') return api.patch(path, values);
  const form = new FormData();
  for (const [key, value] of Object.entries(values))
    if (value !== null && value !== undefined) form.append(key, String(value));
  return api.form('PATCH', path, form);
}

// Each test starts from the demo data: the adds, updates and deletes would change the records the next test reads.
beforeEach(resetData);

/** The sent body as field → value, whichever way it travelled; checks the way. */
function sent(body: unknown, kind: 'json' | 'multipart') {
  if (kind === 'multipart') {
    // Node's FormData (as MSW received it), not jsdom's: checked by name.
    expect(body?.constructor.name).toBe('FormData');
    return Object.fromEntries(
      [...(body as FormData).entries()].map(([key, value]) => [
        key,
        typeof value === 'string' ? value : 'file',
      ]),
    );
  }
  expect(body?.constructor.name).toBe('Object');
  return body as Record<string, unknown>;
}

/** What each field should have sent after `fillCatalogueForm` (which chose `chosen` in the choice fields). */
async function expectedBody(
  catalogue: Catalogue,
  suffix: string,
  kind: 'json' | 'multipart',
  chosen: Record<string, string>,
) {
  // A choice is sent as the id of the record the server lists under the chosen name.
  const ids: Record<string, string> = {};
  for (const field of catalogue.fields)
    if (field.kind === 'choice') {
      const offered = await api.get<StoredRecord[]>(`/api/${field.from}`);
      ids[field.name] = offered.find((record) => record.name === chosen[field.name])!._id;
    }
  return Object.fromEntries(
    catalogue.fields.map((field) => {
      const typed = (value: boolean | number) => (kind === 'json' ? value : String(value));
      switch (field.kind) {
        case 'status':
        case 'yesNo':
          return [field.name, typed(true)];
        case 'number':
          return [field.name, typed(5)];
        case 'icon':
          return [field.upload ?? field.name, 'file'];
        case 'html':
          return [field.name, `<p>${field.label.replace('&', '&amp;')} ${suffix}</p>`];
        case 'date':
          return [
            field.name,
            field.midday
              ? dayjs(DAY).hour(12).startOf('hour').toISOString()
              : dayjs(DAY).endOf('day').toISOString(),
          ];
        case 'time':
          return [field.name, field.after ? TYPED.laterTime : TYPED.time];
        case 'select':
          return [field.name, field.options[1]!.value];
        case 'choice':
          return [field.name, ids[field.name]];
        default:
          return [field.name, `${field.label} ${suffix}`];
      }
    }),
  );
}

describe.each(cases)('catalogue %s', (_key, catalogue, spec) => {
  it("lists every record under SPEC's columns, from SPEC's call, with a menu entry", async () => {
    let listed = await records(spec);
    // Both states on the list: where the demo data has every record active (plans, looking-for), one is made inactive.
    if (spec.status !== false && !catalogue.singleRecord && listed.every((record) => record.enabled)) {
      await saveRecord(catalogue, spec, listed.at(-1)!, { enabled: false });
      listed = await records(spec);
    }
    const first = listed[0]!;
    renderApp(spec.list);
    const table = await screen.findByRole('table', { name: catalogue.title });
    expect(
      await within(table).findByText(catalogue.singleRecord ? 'Privacy' : title(first)),
    ).toBeInTheDocument();
    // SPEC's columns, after the selection column of a list that deletes in bulk (its header: the page's checkbox).
    expect(
      within(table)
        .getAllByRole('columnheader')
        .filter((header) => !within(header).queryByRole('checkbox', { name: 'Select all on this page' }))
        .map((header) => header.textContent),
    ).toEqual(spec.headers);
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: catalogue.title })).toHaveAttribute('href', spec.list);

    const editLinks = await within(table).findAllByRole('link', { name: 'Edit' });
    expect(editLinks[0]).toHaveAttribute('href', at(spec.update, first._id));
    if (catalogue.singleRecord) {
      expect(screen.queryByRole('link', { name: 'Add' })).not.toBeInTheDocument();
      expect(within(table).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    } else {
      if (spec.addLink === false) expect(screen.queryByRole('link', { name: 'Add' })).not.toBeInTheDocument();
      else expect(screen.getByRole('link', { name: 'Add' })).toHaveAttribute('href', spec.add);
      if (spec.status !== false) {
        expect(within(table).getAllByText('Active')[0]).toBeInTheDocument();
        expect(within(table).getAllByText('Inactive')[0]).toBeInTheDocument();
      }
    }

    const [call] = await apiCalls(spec.listCall[0]);
    expect(call?.method).toBe('GET');
    expect(call?.query).toEqual(spec.listCall[1]);
    expect(call?.headers.get('authorization')).toBe(bearer());
  });

  it("adds a record: SPEC's messages first, then SPEC's call and success text, back to the list", async () => {
    // The single record (Setting) is added only while none exists: no API deletes it.
    if (catalogue.singleRecord) await testDb().run('DELETE FROM settings');
    const { user, router } = renderApp(spec.add);
    const [addTitle] = spec.formTitle;
    expect(await screen.findByRole('heading', { name: addTitle })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: addTitle }));
    for (const message of new Set(spec.required)) {
      const times = spec.required.filter((required) => required === message).length;
      expect(await screen.findAllByText(message)).toHaveLength(times);
    }
    expect((await apiCalls()).filter((call) => call.method !== 'GET')).toHaveLength(0);

    const chosen = await fillCatalogueForm(user, catalogue, 'added');
    await user.click(screen.getByRole('button', { name: addTitle }));
    expect(await screen.findByText(spec.added)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(spec.list));

    const [call] = await apiCalls(spec.create[0]);
    expect(call?.method).toBe('POST');
    expect(call?.headers.get('authorization')).toBe(bearer());
    expect(sent(call?.body, spec.create[1])).toEqual(
      await expectedBody(catalogue, 'added', spec.create[1], chosen),
    );
  });

  it("updates a record: read through SPEC's call, prefilled, saved through SPEC's call", async () => {
    const record = (await records(spec))[0]!;
    const { user, router } = renderApp(at(spec.update, record._id));
    const [, updateTitle] = spec.formTitle;
    expect(await screen.findByRole('heading', { name: updateTitle })).toBeInTheDocument();
    const firstField = catalogue.fields[0]!;
    if (firstField.kind === 'html') {
      expect(await screen.findByRole('textbox', { name: firstField.label })).toHaveTextContent(
        new DOMParser().parseFromString(String(record[firstField.name]), 'text/html').body.textContent!,
      );
    } else {
      expect(screen.getByLabelText(firstField.label)).toHaveValue(String(record[firstField.name]));
    }
    if (catalogue.fields.some((field) => field.kind === 'status')) {
      expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue(
        record.enabled ? 'Active' : 'Inactive',
      );
    }
    expect((await apiCalls(at(spec.read, record._id)))[0]?.method).toBe('GET');

    const chosen = await fillCatalogueForm(user, catalogue, 'changed');
    await user.click(screen.getByRole('button', { name: updateTitle }));
    expect(await screen.findByText(spec.updated)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(spec.list));

    const [call] = await apiCalls(at(spec.updateCall[0], record._id));
    expect(call?.method).toBe('PATCH');
    expect(call?.headers.get('authorization')).toBe(bearer());
    expect(sent(call?.body, spec.updateCall[1])).toEqual(
      await expectedBody(catalogue, 'changed', spec.updateCall[1], chosen),
    );
  });

  it.skipIf(!spec.remove)("deletes after SPEC's confirmation, with SPEC's success text", async () => {
    const record = (await records(spec))[1]!;
    const { user } = renderApp(spec.list);
    const table = await screen.findByRole('table', { name: catalogue.title });
    const row = (await within(table).findByText(title(record))).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to delete this item?' });
    expect(within(dialog).getByText('This action cannot be undone.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));

    expect(await screen.findByText(spec.deleted!)).toBeInTheDocument();
    await waitFor(() => expect(within(table).queryByText(title(record))).toBeNull());
    const [call] = await apiCalls(at(spec.remove!, record._id));
    expect(call?.method).toBe('DELETE');
    expect(call?.headers.get('authorization')).toBe(bearer());
    expect((await records(spec)).map((stored) => stored._id)).not.toContain(record._id);
  });
});

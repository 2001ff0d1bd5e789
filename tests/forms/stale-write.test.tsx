import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { routeWithId } from '@/features/catalogues/define-catalogue';
import { loadCatalogues } from '@/features/catalogues/registry';
import { FAQ_TEXT } from '@/features/faq/strings';
import { POSTS_TEXT } from '@/features/posts/strings';
import { STALE_WRITE_TEXT } from '@/components/stale-write-dialog';
import { resetData } from '../support/api-server';
import { server } from '../support/msw';
import { apiCalls } from '../support/request-log';
import { renderApp, specOnlyApi } from '../support/render';
import { catalogueRecord, faqRecord, postRecord, type UpdatedRecord } from './records';

const CATALOGUES = await loadCatalogues();

/**
 * Stale-write protection over every update form: the catalogue registry's, the FAQ's and the post's.
 * "Another admin" saves the record through the API between the form's load and its save.
 */
type Case = UpdatedRecord & {
  /** The update screen of a record. */
  path: (id: string) => string;
  /** The field the test edits: its label, its key in the record, and whether it is a rich-text editor. */
  field: { label: string; name: string; html: boolean };
  save: string;
  updated: string;
};

const cases: [string, Case][] = [
  ...CATALOGUES.map((catalogue): [string, Case] => {
    const field = catalogue.fields.find((candidate) =>
      ['text', 'textarea', 'html'].includes(candidate.kind),
    )!;
    return [
      catalogue.key,
      {
        ...catalogueRecord(catalogue),
        path: (id) => routeWithId(catalogue.routes.update, id),
        field: { label: field.label, name: field.name, html: field.kind === 'html' },
        save: `Update ${catalogue.formTitle ?? catalogue.title}`,
        updated: catalogue.messages.updated,
      },
    ];
  }),
  [
    'faq',
    {
      ...faqRecord,
      path: (id) => `/faq/update/${id}`,
      field: { label: FAQ_TEXT.question, name: 'question', html: false },
      save: FAQ_TEXT.updateTitle,
      updated: FAQ_TEXT.updated,
    },
  ],
  [
    'post',
    {
      ...postRecord,
      path: (id) => `/post/update/${id}`,
      field: { label: POSTS_TEXT.name, name: 'name', html: false },
      save: POSTS_TEXT.updateTitle,
      updated: POSTS_TEXT.updated,
    },
  ],
];

async function fieldOf(field: Case['field']) {
  return field.html
    ? screen.findByRole('textbox', { name: field.label })
    : screen.findByLabelText(field.label, { selector: 'input, textarea' });
}

const valueOf = (element: HTMLElement) =>
  element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement
    ? element.value
    : element.textContent;

/** What an update sent in the edited field, JSON or multipart. */
function sentValue(body: unknown, name: string) {
  return body instanceof FormData || body?.constructor.name === 'FormData'
    ? (body as FormData).get(name)
    : (body as Record<string, unknown>)[name];
}

const stored = (field: Case['field'], value: string) => (field.html ? `<p>${value}</p>` : value);

async function openAndEdit(spec: Case) {
  const loaded = await spec.first();
  const loadedVersion = loaded.updatedAt;
  const view = renderApp(spec.path(loaded._id));
  const input = await fieldOf(spec.field);
  await view.user.clear(input);
  await view.user.type(input, 'Mine');
  // Another admin saves the record meanwhile.
  await spec.saveAsAnother(loaded, { [spec.field.name]: stored(spec.field, 'Theirs') });
  /** The record as the server holds it now. */
  const record = () => spec.read(loaded._id);
  expect((await record()).updatedAt).not.toBe(loadedVersion);
  return { ...view, record, loadedVersion };
}

// Each test starts from the demo data: each saves over a record that the next one edits again.
beforeEach(resetData);

const patches = async () => (await apiCalls()).filter((call) => call.method === 'PATCH');

describe.each(cases)('stale write: %s', (_key, spec) => {
  it("asks instead of saving over another admin's change; Keep editing keeps ours, Reload shows theirs", async () => {
    const { user, record, loadedVersion } = await openAndEdit(spec);
    await user.click(screen.getByRole('button', { name: spec.save }));

    const dialog = await screen.findByRole('dialog', { name: STALE_WRITE_TEXT.title });
    expect(within(dialog).getByText(STALE_WRITE_TEXT.message)).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Keep editing' })).toHaveFocus());
    const [first] = await patches();
    expect(first?.headers.get('if-match')).toBe(`"${String(loadedVersion)}"`);
    expect((await record())[spec.field.name]).toBe(stored(spec.field, 'Theirs'));
    expect(screen.queryByText(spec.updated)).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(valueOf(await fieldOf(spec.field))).toBe('Mine');

    await user.click(screen.getByRole('button', { name: spec.save }));
    const again = await screen.findByRole('dialog', { name: STALE_WRITE_TEXT.title });
    await user.click(within(again).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(async () => expect(valueOf(await fieldOf(spec.field))).toBe('Theirs'));
    expect(await patches()).toHaveLength(2);
    expect((await record())[spec.field.name]).toBe(stored(spec.field, 'Theirs'));

    // Saved again from what was reloaded: based on their version, so it goes through.
    const theirVersion = (await record()).updatedAt;
    await user.click(screen.getByRole('button', { name: spec.save }));
    expect(await screen.findByText(spec.updated)).toBeInTheDocument();
    expect((await patches())[2]?.headers.get('if-match')).toBe(`"${String(theirVersion)}"`);
  });

  it('Overwrite saves our values without the version check', async () => {
    const { user, record } = await openAndEdit(spec);
    await user.click(screen.getByRole('button', { name: spec.save }));
    const dialog = await screen.findByRole('dialog', { name: STALE_WRITE_TEXT.title });
    await user.click(within(dialog).getByRole('button', { name: 'Overwrite' }));

    expect(await screen.findByText(spec.updated)).toBeInTheDocument();
    const [, overwrite] = await patches();
    expect(overwrite?.headers.has('if-match')).toBe(false);
    expect(sentValue(overwrite?.body, spec.field.name)).toBe(stored(spec.field, 'Mine'));
    expect((await record())[spec.field.name]).toBe(stored(spec.field, 'Mine'));
  });
});

describe('stale write: the loaded version', () => {
  it('stays the one the form values came from when the record is refetched behind the form', async () => {
    const [, spec] = cases.find(([key]) => key === 'faq')!;
    const { user, queryClient, loadedVersion } = await openAndEdit(spec);
    await queryClient.refetchQueries({ type: 'active' });
    expect(valueOf(await fieldOf(spec.field))).toBe('Mine');

    await user.click(screen.getByRole('button', { name: spec.save }));
    expect(await screen.findByRole('dialog', { name: STALE_WRITE_TEXT.title })).toBeInTheDocument();
    const [update] = await patches();
    expect(update?.headers.get('if-match')).toBe(`"${String(loadedVersion)}"`);
  });
});

describe('stale write: a Reload that fails', () => {
  it('keeps the form with what was typed, and the dialog says why and stays', async () => {
    const [, spec] = cases.find(([key]) => key === 'faq')!;
    const { user } = await openAndEdit(spec);
    await user.click(screen.getByRole('button', { name: spec.save }));
    const dialog = await screen.findByRole('dialog', { name: STALE_WRITE_TEXT.title });

    server.use(
      http.get('*/api/faq/read/:id', () =>
        HttpResponse.json({ success: false, message: 'Database down' }, { status: 503 }),
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Reload' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Database down');
    expect(within(dialog).getByRole('button', { name: 'Reload' })).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(valueOf(await fieldOf(spec.field))).toBe('Mine');
  });
});

/** One screen of each kind of request: a JSON catalogue, a multipart catalogue, the FAQ, the post. */
const unversioned = cases.filter(([key]) => ['university', 'offer', 'faq', 'post'].includes(key));

// SPEC's API answers no updatedAt (mocks/spec-only-handlers.ts takes it out of a record's read).
describe('stale write against an API without versions', () => {
  it.each(unversioned)(
    '%s: a record without updatedAt is saved with no If-Match, as before',
    async (_key, spec) => {
      specOnlyApi();
      const record = await spec.first();
      const { user } = renderApp(spec.path(record._id));
      const input = await fieldOf(spec.field);
      await user.clear(input);
      await user.type(input, 'Mine');
      await user.click(screen.getByRole('button', { name: spec.save }));

      expect(await screen.findByText(spec.updated)).toBeInTheDocument();
      const [update] = await patches();
      expect(update?.headers.has('if-match')).toBe(false);
      expect(sentValue(update?.body, spec.field.name)).toBe(stored(spec.field, 'Mine'));
      expect((await spec.read(record._id))[spec.field.name]).toBe(stored(spec.field, 'Mine'));
    },
  );
});

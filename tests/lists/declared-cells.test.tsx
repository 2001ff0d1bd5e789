import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { declaredColumn, declaredColumns, type FeatureCells } from '@/components/declared-cells';
import { NOT_LOADED, onDemand } from '@/components/on-demand';
import { RowActions } from '@/components/row-actions';
import { PeopleCell } from '@/features/catalogues/people-cell';
import { loadCatalogues } from '@/features/catalogues/registry';
import { FAQ_COLUMNS } from '@/features/faq/faq-list-page';
import { PAGED_LISTS } from '@/features/read-only-lists/registry';
import {
  column,
  type DeclaredColumn,
  type DeclaredColumnKind,
  type DeclaredRow,
} from '@/lib/declared-columns';
import { csvColumns } from '@/lib/list-export';
import { mediaUrl } from '@/lib/media';
import { createQueryClient } from '@/lib/query-client';

const CATALOGUES = await loadCatalogues();

/**
 * Every declared column's CSV text is what its cell shows (DECISIONS, "Lists: sort, select, export"): the cell
 * rendered, its visible text read, for rows with and without their values. A column of a picture or of controls
 * exports nothing. The table has a case for every kind of lib/declared-columns.ts (the type says so), so a new kind
 * cannot be added without saying what it exports.
 */

const DAY = 24 * 60 * 60 * 1000;
const past = new Date(Date.now() - 30 * DAY).toISOString();
const future = new Date(Date.now() + 30 * DAY).toISOString();
const row = (fields: Record<string, unknown>): DeclaredRow => ({ _id: 'r1', ...fields });

type Case =
  /** The column's cell shows its text; `view`: the text is behind a button of that name, in a dialog. */
  | { exported: true; column: DeclaredColumn; rows: DeclaredRow[]; view?: string }
  /** A picture or controls: nothing to export. */
  | { exported: false; column: DeclaredColumn; rows: DeclaredRow[] };

const CASES: Record<DeclaredColumnKind, Case> = {
  index: { exported: false, column: column.index(), rows: [row({})] },
  text: {
    exported: true,
    column: column.text('Name', 'name', 'email'),
    rows: [
      row({ name: 'Harvard', email: 'office@harvard.edu' }),
      row({ name: 'Yale', email: '' }),
      row({ name: '', email: null }),
    ],
  },
  email: {
    exported: true,
    column: column.email('Email', 'email'),
    rows: [row({ email: 'ann@example.com' }), row({ email: '' }), row({})],
  },
  truncated: {
    exported: true,
    column: column.truncated('Message', 'message'),
    rows: [
      row({ message: 'A message far longer than two hundred pixels '.repeat(4) }),
      row({ message: '  ' }),
    ],
  },
  dateTime: {
    exported: true,
    column: column.dateTime('Created At', 'created'),
    rows: [row({ created: '2024-12-05T15:30:00' }), row({ created: null }), row({ created: 'never' })],
  },
  date: {
    exported: true,
    column: column.date('Expire Date', 'expireDate', 'Expired'),
    rows: [row({ expireDate: past }), row({ expireDate: future }), row({ expireDate: null })],
  },
  html: {
    exported: true,
    column: column.html('Description', 'description'),
    view: 'View Description',
    rows: [
      row({
        description:
          '<p>Safe <strong>bold</strong>\n  text <a href="javascript:void 0">link</a></p><script>window.x = 1</script>',
      }),
      row({ description: 'plain words' }),
    ],
  },
  image: {
    exported: false,
    column: column.image('Image', 'image'),
    rows: [row({ image: 'a.png' }), row({})],
  },
  icon: { exported: false, column: column.icon(), rows: [row({ icon: 'i.png', name: 'Chess' })] },
  range: {
    exported: true,
    column: column.range('Time', 'startTime', 'endTime'),
    rows: [row({ startTime: '10:00', endTime: '12:30' }), row({ startTime: '', endTime: null })],
  },
  user: {
    exported: true,
    column: column.user('Created By', 'userId'),
    rows: [
      row({ userId: { _id: 'u1', name: 'Ann Lee' } }),
      row({ userId: { _id: 'u2', name: '' } }),
      row({ userId: null }),
    ],
  },
  people: {
    exported: true,
    column: column.people('Joined User', 'joinedUsers', { count: 'joinedCount' }),
    rows: [
      row({ name: 'Picnic', joinedUsers: [{ _id: 'u1', name: 'Ann' }], joinedCount: 1234 }),
      row({
        name: 'Walk',
        joinedUsers: [
          { _id: 'u1', name: 'Ann' },
          { _id: 'u2', name: 'Bo' },
        ],
      }),
      row({ name: 'Quiet', joinedUsers: [] }),
    ],
  },
  status: {
    exported: true,
    column: column.status(),
    rows: [row({ enabled: true }), row({ enabled: false })],
  },
  actions: { exported: false, column: column.actions(), rows: [row({})] },
};

/** The cells only a feature draws, as the catalogue list passes them. */
const FEATURE_CELLS: FeatureCells<DeclaredRow> = {
  people: (declared, record, total) => (
    <PeopleCell
      title={declared.header}
      label={declared.header}
      recordId={record._id}
      people={[]}
      total={total}
    />
  ),
  actions: (record) => <RowActions editTo={`/x/${record._id}`} onDelete={() => undefined} />,
  defaultIcon: '/default.svg',
};

/** The text a reader sees in a cell: its text nodes, in order, one space between them (a line under a line). */
const visibleText = (element: Element) =>
  collapse([...textNodes(element)].map((node) => node.textContent ?? '').join(' '));

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

function* textNodes(element: Element): Generator<Text> {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) yield node as Text;
}

function renderCell(declared: DeclaredColumn, record: DeclaredRow) {
  const compiled = declaredColumn(declared, 'c', FEATURE_CELLS);
  render(
    <AppProviders queryClient={createQueryClient()} mantineEnv="test">
      <MemoryRouter>
        <div data-testid="cell">{compiled.cell(record, 0)}</div>
      </MemoryRouter>
    </AppProviders>,
  );
  return { compiled, cell: screen.getByTestId('cell') };
}

/** Every list's declaration: the catalogues', the read-only lists' and the FAQ's. */
const DECLARATIONS = [
  ...CATALOGUES.map((catalogue) => catalogue.columns ?? []),
  ...PAGED_LISTS.map((list) => list.columns),
  FAQ_COLUMNS,
];

const declaredKinds = [...new Set(DECLARATIONS.flat().map((declared) => declared.kind))];

it('covers every kind the declared lists use', () => {
  expect(declaredKinds.length).toBeGreaterThan(10);
  for (const kind of declaredKinds) expect(Object.keys(CASES)).toContain(kind);
});

describe.each(declaredKinds)('a declared %s column', (kind) => {
  const testCase = CASES[kind];
  if (!testCase.exported) {
    it('exports nothing: it shows a picture, a control or the row number, not data', () => {
      const { compiled } = renderCell(testCase.column, testCase.rows[0]!);
      expect(compiled.text).toBeUndefined();
    });
    return;
  }

  it.each(testCase.rows.map((record, index) => [index, record] as const))(
    'exports what its cell shows (row %i)',
    async (_index, record) => {
      const { compiled, cell } = renderCell(testCase.column, record);
      // Spaces are not seen: runs of them count as one, and none at the ends.
      const text = collapse(csvColumns([compiled])[0]!.text(record));
      if (!testCase.view) {
        expect(visibleText(cell)).toBe(text);
        return;
      }
      // Stored HTML: the cell is its View button; the text is what its dialog shows, sanitised.
      // The HTML cell loads with the first list that declares one.
      await userEvent.click(await within(cell).findByRole('button', { name: testCase.view }));
      const dialog = await screen.findByRole('dialog', { name: testCase.column.header }, { timeout: 5000 });
      const body = dialog.querySelector('.mantine-Modal-body')!;
      expect(collapse(body.textContent!)).toBe(text);
    },
  );
});

it('exports the plain text of stored HTML, never its markup or scripts', () => {
  const compiled = declaredColumn(CASES.html.column, 'c', FEATURE_CELLS);
  expect(csvColumns([compiled])[0]!.text(CASES.html.rows[0]!)).toBe('Safe bold text link');
});

it('names every column of a declaration apart (a browser sort puts the name in the URL)', () => {
  for (const columns of DECLARATIONS) {
    const ids = declaredColumns(columns, FEATURE_CELLS).map((compiled) => compiled.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => /^[a-zA-Z][\w.]*$/.test(id))).toBe(true);
  }
});

describe('a row is complete on its first render', () => {
  it("links a user column's name to the profile", () => {
    const { cell } = renderCell(CASES.user.column, CASES.user.rows[0]!);
    expect(within(cell).getByRole('link', { name: 'Ann Lee' })).toHaveAttribute('href', '/users/u1');
    cleanup();
    const { cell: gone } = renderCell(CASES.user.column, CASES.user.rows[2]!);
    expect(gone).toHaveTextContent('Unknown');
    expect(within(gone).queryByRole('link')).toBeNull();
  });

  it("shows an HTML column's View button, which opens the dialog when its code has arrived", async () => {
    const { cell } = renderCell(CASES.html.column, CASES.html.rows[1]!);
    // A click before the dialog's code is there is kept: the dialog opens once it has loaded.
    fireEvent.click(within(cell).getByRole('button', { name: 'View Description' }));
    const dialog = await screen.findByRole('dialog', { name: 'Description' }, { timeout: 5000 });
    expect(dialog).toHaveTextContent('plain words');
  });

  it("names an HTML column's button as its declaration says, or View and the header", () => {
    const { cell } = renderCell(
      column.html('Answer', 'answer', 'View answer'),
      row({ answer: '<p>Yes</p>' }),
    );
    expect(within(cell).getByRole('button', { name: 'View answer' })).toBeInTheDocument();
    cleanup();
    const { cell: plain } = renderCell(column.html('Answer', 'answer'), row({ answer: '<p>Yes</p>' }));
    expect(within(plain).getByRole('button', { name: 'View Answer' })).toBeInTheDocument();
  });

  it('shows a cut text focusable, its whole text in a tooltip on hover', async () => {
    const message = (CASES.truncated.rows[0]!.message as string).trim();
    const { cell } = renderCell(CASES.truncated.column, CASES.truncated.rows[0]!);
    const cut = within(cell).getByText(message);
    expect(cut).toHaveAttribute('tabindex', '0');
    fireEvent.mouseEnter(cut);
    expect(await screen.findByRole('tooltip', {}, { timeout: 5000 })).toHaveTextContent(message);
  });

  it("shows a people column's button, which opens its dialog", async () => {
    const { cell } = renderCell(CASES.people.column, CASES.people.rows[1]!);
    fireEvent.click(within(cell).getByRole('button', { name: 'Joined User (2)' }));
    expect(await screen.findByRole('dialog', { name: 'Joined User' }, { timeout: 5000 })).toBeInTheDocument();
  });
});

it("says so when a dialog's code fails to load, and the next click tries again", async () => {
  const failing = vi.fn(() => Promise.reject(new Error('chunk gone')));
  const useThing = onDemand(failing);
  function Opener() {
    const thing = useThing();
    return (
      <button type="button" onClick={thing.request}>
        {thing.pending ? 'Loading' : 'Open'}
      </button>
    );
  }
  render(
    <AppProviders queryClient={createQueryClient()} mantineEnv="test">
      <Opener />
    </AppProviders>,
  );
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  fireEvent.click(screen.getByRole('button', { name: 'Open' }));
  expect(await screen.findByText(NOT_LOADED, {}, { timeout: 5000 })).toBeInTheDocument();
  fireEvent.click(await screen.findByRole('button', { name: 'Open' }));
  expect(failing).toHaveBeenCalledTimes(2);
});

it("shows the list's default icon in place of one that fails to load, once", () => {
  renderCell(CASES.icon.column, CASES.icon.rows[0]!);
  const icon = screen.getByRole('img', { name: 'Chess icon' });
  expect(icon).toHaveAttribute('src', mediaUrl('i.png'));
  fireEvent.error(icon);
  expect(icon).toHaveAttribute('src', '/default.svg');
  fireEvent.error(icon);
  expect(icon).toHaveAttribute('src', '/default.svg');
});

import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { AppProviders } from '@/app/providers';
import { ExportButton } from '@/components/list-kit/export-button';
import { api } from '@/lib/data/api-client';
import { csvRow } from '@contract/csv';
import { exportFileName } from '@/lib/export-file-name';
import type { ExportColumn, ExportJob } from '@/lib/list-export';
import { notify } from '@/lib/notify';
import { createQueryClient } from '@/lib/query-client';
import { rowsResponse } from '@/lib/data/resource';
import { session } from '@/lib/core/session';
import { USER_EXPORT_COLUMNS, type ExportedUser } from '@contract/user-export';
import { api as serverApi, callApi, resetData, signedInNow, testDb } from '../support/api-server';
import { server } from '../support/msw';
import { apiCalls } from '../support/request-log';
import { renderApp, signIn, specOnlyApi } from '../support/render';
import { parseCsv } from '../support/csv-reader';
import { restoreObjectUrlsAfterEach } from '../support/object-urls';

/** Export CSV (DECISIONS, "Lists: sort, select, export"): the button, its dialog and the three sources. */

const BOM = [0xef, 0xbb, 0xbf];

/** What the browser was asked to save: each file with the name its link gave it. */
type Download = { file: Blob; name: string };

/** jsdom saves nothing: object URLs are made up here and a link's click is recorded instead of followed. */
function captureDownloads() {
  const made = new Map<string, Blob>();
  const downloads: Download[] = [];
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    value: vi.fn((file: Blob) => {
      const url = `blob:export-${made.size + 1}`;
      made.set(url, file);
      return url;
    }),
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const file = made.get(this.href);
    if (file) downloads.push({ file, name: this.download });
  });
  return downloads;
}

restoreObjectUrlsAfterEach();

/** The file's bytes (jsdom's Blob has no arrayBuffer(); its FileReader reads them). */
function bytesOf(file: Blob) {
  return new Promise<Uint8Array>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file);
  });
}

/** The file's text after its BOM, which must be there exactly once. */
async function csvText(file: Blob) {
  const bytes = await bytesOf(file);
  expect([...bytes.slice(0, 3)]).toEqual(BOM);
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  expect(text.split('\uFEFF')).toHaveLength(2);
  return text.slice(1);
}

function renderExportButton<Row>(job: () => ExportJob<Row>) {
  signIn();
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={createQueryClient({ queries: { retryDelay: 0 } })} mantineEnv="test">
      <ExportButton job={job} />
    </AppProviders>,
  );
  return user;
}

/** A list's Export CSV button once the list has rows to export (it is disabled until then). */
async function exportButton() {
  const button = await screen.findByRole('button', { name: 'Export CSV' });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}

async function startExport(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Export CSV' }));
  return screen.findByRole('dialog', { name: 'Export CSV' });
}

/** The users list's summary, as the list reads it (GET /api/admin/list). */
const userRow = z.object({
  name: z.string(),
  surname: z.string(),
  email: z.string(),
  countryCode: z.string(),
  phoneNumber: z.string(),
  gender: z.string(),
  enabled: z.boolean(),
});
type UserRow = z.output<typeof userRow>;
const USER_COLUMNS = USER_EXPORT_COLUMNS as ExportColumn<UserRow>[];
const LIST_QUERY = { sort: 'name', order: 'desc', filter: 'user.enabled', equal: 'true' };

/** The users list as a server-paged list's export: every page with the list's filters and sort. */
const pagedUsers = (): ExportJob<UserRow> => ({
  listKey: 'users',
  columns: USER_COLUMNS,
  source: {
    kind: 'pages',
    fetchPage: (page, size, signal) =>
      api.get('admin/list', rowsResponse(userRow), {
        signal,
        searchParams: { page, items: size, ...LIST_QUERY },
      }),
  },
});

/**
 * How many members the users list counts with `query` (its pagination.count): the demo data's 300 members, most of
 * them active, so that a whole export takes three pages of 100.
 */
async function usersCounted(query: Record<string, string> = {}) {
  const search = new URLSearchParams({ page: '1', items: '1', ...query });
  const { body } = await callApi<{ pagination: { count: number } }>('GET', `/api/admin/list?${search}`);
  return body.pagination.count;
}
const activeUsers = () => usersCounted({ filter: 'user.enabled', equal: 'true' });

/** Every active member as the users list answers them, page after page (100 at most a page). */
async function everyActiveUser() {
  const users: ExportedUser[] = [];
  for (let page = 1; ; page += 1) {
    const rows = await serverApi.get<ExportedUser[]>(
      `/api/admin/list?page=${page}&items=100&filter=user.enabled&equal=true`,
    );
    users.push(...rows);
    if (rows.length < 100) return users;
  }
}

/** The demo data's FAQs, as the server lists them. */
const faqs = () =>
  serverApi.get<{ _id: string; question: string; answer: string; enabled: boolean }[]>('/api/faq/listAll');

/** A 500 with the server's words, as a failing server answers. */
const failure = (message: string) => HttpResponse.json({ success: false, message }, { status: 500 });

const pagesAsked = async () => (await apiCalls('/api/admin/list')).map((call) => call.query);

/** Holds every answer to page `page` of the users list until `release` is called. */
function holdPage(page: number) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  server.use(
    http.get('*/api/admin/list', async ({ request }) => {
      if (new URL(request.url).searchParams.get('page') === String(page)) await released;
      return undefined;
    }),
  );
  return () => release();
}

// Each test starts from the demo data: some rename a member or change a FAQ, one ends the session.
beforeEach(resetData);

describe('Export CSV', () => {
  it("writes a listAll screen's rows: headings, the text shown, RFC 4180 quoting, formulas neutralised, a BOM", async () => {
    const downloads = captureDownloads();
    type Row = { name: string; enabled: boolean; note: string };
    const rows: Row[] = [
      { name: 'Smith, "Jo"', enabled: true, note: 'two\r\nlines' },
      { name: '=HYPERLINK("http://evil","x")', enabled: false, note: '+1 555' },
      { name: '-2', enabled: true, note: '@SUM(A1)' },
      { name: '\tTabbed', enabled: true, note: '\rReturn' },
      { name: 'Zoë 😀', enabled: false, note: 'a=b' },
    ];
    const user = renderExportButton(() => ({
      listKey: 'hobbies',
      columns: [
        { header: 'Name', text: (row: Row) => row.name },
        { header: 'Status', text: (row: Row) => (row.enabled ? 'Active' : 'Inactive') },
        { header: 'Note, long', text: (row: Row) => row.note },
      ],
      source: { kind: 'rows', rows },
    }));

    const dialog = await startExport(user);
    expect(await within(dialog).findByText(`Exported 5 rows to ${exportFileName('hobbies')}.`)).toBeVisible();
    expect(downloads).toHaveLength(1);
    const [download] = downloads;
    expect(download!.name).toBe(exportFileName('hobbies'));
    expect(download!.file.type).toBe('text/csv;charset=utf-8');
    const text = await csvText(download!.file);
    expect(text).toBe(
      [
        'Name,Status,"Note, long"',
        '"Smith, ""Jo""",Active,"two\r\nlines"',
        `"'=HYPERLINK(""http://evil"",""x"")",Inactive,'+1 555`,
        "'-2,Active,'@SUM(A1)",
        `"'\tTabbed",Active,"'\rReturn"`,
        'Zoë 😀,Inactive,a=b',
        '',
      ].join('\r\n'),
    );
    expect(parseCsv(text)[1]).toEqual(['Smith, "Jo"', 'Active', 'two\r\nlines']);
    expect(await apiCalls()).toEqual([]);

    expect(within(dialog).getByRole('button', { name: 'Done' })).toHaveFocus();
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The file is let go once the dialog that saved it has closed.
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:export-1');
  });

  it('writes what a declared list shows: stored HTML as its text, Active or Inactive, no column of controls', async () => {
    const downloads = captureDownloads();
    const { user } = renderApp('/faq');
    const stored = await faqs();
    const table = await screen.findByRole('table', { name: 'FAQ' });
    await within(table).findByText(stored[0]!.question);
    const dialog = await startExport(user);
    expect(
      await within(dialog).findByText(`Exported ${stored.length} rows to ${exportFileName('faq')}.`),
    ).toBeVisible();
    const lines = parseCsv(await csvText(downloads[0]!.file));
    expect(lines[0]).toEqual(['Question', 'Answer', 'Status']);
    expect(lines[1]).toEqual([
      'How do I reset my password?',
      'Open Settings, choose Account and follow the reset link we e-mail you.',
      'Active',
    ]);
    expect(lines.slice(1).map((line) => line[2])).toEqual(
      stored.map((faq) => (faq.enabled ? 'Active' : 'Inactive')),
    );
  });

  it('names the file after the list and the admin’s local day', () => {
    expect(exportFileName('users', new Date(2026, 0, 5, 23, 59))).toBe('users-2026-01-05.csv');
    expect(exportFileName('contact-us', new Date(2026, 11, 31, 0, 1))).toBe('contact-us-2026-12-31.csv');
  });

  it('walks every page of a server-paged list, 100 at a time with its filters and sort: every row once, in order', async () => {
    const downloads = captureDownloads();
    const user = renderExportButton(pagedUsers);
    const dialog = await startExport(user);
    const active = await activeUsers();
    expect(active).toBeGreaterThan(200);
    expect(active).toBeLessThanOrEqual(300);
    expect(
      await within(dialog).findByText(`Exported ${active} rows to ${exportFileName('users')}.`),
    ).toBeVisible();

    expect(await pagesAsked()).toEqual(
      [1, 2, 3].map((page) => ({ page: String(page), items: '100', ...LIST_QUERY })),
    );
    expect(downloads).toHaveLength(1);
    const text = await csvText(downloads[0]!.file);
    const lines = parseCsv(text);
    expect(lines[0]).toEqual(['Name', 'Email', 'Phone Number', 'Gender', 'Status']);
    const emails = lines.slice(1).map((line) => line[1]);
    expect(new Set(emails).size).toBe(active);
    expect(lines.slice(1).every((line) => line[4] === 'Active')).toBe(true);
    // The same list as the server's own export writes it (same rows, same order, same bytes).
    const reference = await api.raw('admin/list/export', { searchParams: LIST_QUERY });
    expect(text).toBe(await reference.text());
  });

  it('streams the users list from the server’s export where it announces one, with its query', async () => {
    const downloads = captureDownloads();
    // A line end inside a cell is no row end. (No admin API renames a member: SQL.)
    const [first] = await serverApi.get<{ _id: string }[]>(
      '/api/admin/list?page=1&items=1&filter=user.enabled&equal=true',
    );
    await testDb().run('UPDATE users SET name = $2 WHERE id = $1', [first!._id, 'Ann "Two\r\nLines"']);
    const user = renderExportButton(() => ({
      listKey: 'users',
      columns: USER_COLUMNS,
      source: { kind: 'stream', path: 'admin/list/export', searchParams: { ...LIST_QUERY, q: '' } },
    }));
    const dialog = await startExport(user);
    const active = await everyActiveUser();
    expect(active.length).toBe(await activeUsers());
    expect(active.map((entry) => entry.name)).toContain('Ann "Two\r\nLines"');
    expect(
      await within(dialog).findByText(`Exported ${active.length} rows to ${exportFileName('users')}.`),
    ).toBeVisible();

    const [call, ...more] = await apiCalls();
    expect(more).toEqual([]);
    expect(call).toMatchObject({ method: 'GET', path: '/api/admin/list/export', query: LIST_QUERY });
    expect(call!.headers.get('authorization')).toBe(`Bearer ${signedInNow().token}`);
    expect(downloads.map((download) => download.name)).toEqual([exportFileName('users')]);
    const lines = parseCsv(await csvText(downloads[0]!.file));
    expect(lines[0]).toEqual(['Name', 'Email', 'Phone Number', 'Gender', 'Status']);
    expect(
      lines
        .slice(1)
        .map((line) => line[1])
        .sort(),
    ).toEqual(active.map((entry) => entry.email).sort());
  });

  it('counts a streamed export’s rows against the X-Total-Count it announces, and Cancel stops reading it', async () => {
    const downloads = captureDownloads();
    let closeStream = () => {};
    server.use(
      http.get('*/api/admin/list/export', () => {
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('\uFEFFName\r\nAnn\r\n"Bo\r\nb"\r\n'));
            closeStream = () => controller.close();
          },
        });
        return new HttpResponse(body, { headers: { 'Content-Type': 'text/csv', 'X-Total-Count': '5' } });
      }),
    );
    const user = renderExportButton(() => ({
      listKey: 'users',
      columns: USER_COLUMNS,
      source: { kind: 'stream', path: 'admin/list/export', searchParams: {} },
    }));
    const dialog = await startExport(user);
    expect(await within(dialog).findByText('2 of 5 rows')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    closeStream();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(downloads).toEqual([]);
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });

  it('shows its progress against the first page’s total', async () => {
    captureDownloads();
    const active = await activeUsers();
    const release = holdPage(2);
    const user = renderExportButton(pagedUsers);
    const dialog = await startExport(user);
    expect(await within(dialog).findByText(`100 of ${active} rows`)).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(within(dialog).getByRole('progressbar', { name: 'Export progress' })).toHaveAttribute(
      'aria-valuenow',
      String(Math.round((100 / active) * 100)),
    );
    release();
    expect(await within(dialog).findByText(new RegExp(`^Exported ${active} rows`))).toBeVisible();
  });

  it('Cancel stops the export: no request after it, nothing downloaded', async () => {
    const downloads = captureDownloads();
    const release = holdPage(2);
    const user = renderExportButton(pagedUsers);
    const dialog = await startExport(user);
    await within(dialog).findByText(/^100 of \d+ rows$/);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // Page 2 answers after all: the export has stopped, and asks for no page 3.
    release();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await pagesAsked()).map((query) => query.page)).toEqual(['1', '2']);
    expect(downloads).toEqual([]);
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });

  it('a failure midway says so in the server’s words, downloads nothing, and Try again starts over', async () => {
    const downloads = captureDownloads();
    let failures = 0;
    server.use(
      http.get('*/api/admin/list', ({ request }) => {
        if (new URL(request.url).searchParams.get('page') !== '2' || failures > 0) return undefined;
        failures += 1;
        return failure('The database is busy, try again in a minute');
      }),
    );
    const user = renderExportButton(pagedUsers);
    const dialog = await startExport(user);

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The export failed; nothing was downloaded');
    expect(alert).toHaveTextContent('The database is busy, try again in a minute');
    expect((await pagesAsked()).map((query) => query.page)).toEqual(['1', '2']);
    expect(downloads).toEqual([]);

    expect(within(dialog).getByRole('button', { name: 'Try again' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    const active = await activeUsers();
    expect(await within(dialog).findByText(new RegExp(`^Exported ${active} rows`))).toBeVisible();
    expect((await pagesAsked()).map((query) => query.page)).toEqual(['1', '2', '1', '2', '3']);
    expect(downloads).toHaveLength(1);
    expect(parseCsv(await csvText(downloads[0]!.file))).toHaveLength(active + 1);
  });

  it('a streamed export the server refuses says so in its words', async () => {
    const downloads = captureDownloads();
    const user = renderExportButton(() => ({
      listKey: 'users',
      columns: USER_COLUMNS,
      source: { kind: 'stream', path: 'admin/list/export', searchParams: { sort: 'age' } },
    }));
    const dialog = await startExport(user);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Sort must be one of name, email, created, status',
    );
    expect(downloads).toEqual([]);
  });

  it('a streamed export with a refused token ends the session, as any call does', async () => {
    const downloads = captureDownloads();
    const user = renderExportButton(() => ({
      listKey: 'users',
      columns: USER_COLUMNS,
      source: { kind: 'stream', path: 'admin/list/export', searchParams: {} },
    }));
    // The session ends on the server (signed out elsewhere): its token is refused from now on.
    await serverApi.post('/api/logout');
    const dialog = await startExport(user);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Your session has expired. Please sign in again.',
    );
    expect(session.get()).toBeNull();
    expect(downloads).toEqual([]);
  });

  it('a streamed export answered with JSON, not CSV, is not saved', async () => {
    const downloads = captureDownloads();
    server.use(http.get('*/api/admin/list/export', () => HttpResponse.json({ success: true, result: [] })));
    const user = renderExportButton(() => ({
      listKey: 'users',
      columns: USER_COLUMNS,
      source: { kind: 'stream', path: 'admin/list/export', searchParams: {} },
    }));
    const dialog = await startExport(user);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The server sent data this screen cannot read.',
    );
    expect(downloads).toEqual([]);
  });
});

describe('Export CSV from a list', () => {
  it('reads a server-paged list page by page without keeping any page in the query cache', async () => {
    specOnlyApi();
    const total = await usersCounted();
    const downloads = captureDownloads();
    const { user, queryClient } = renderApp('/users');
    const table = await screen.findByRole('table', { name: 'Users' });
    await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'));
    const cached = () =>
      queryClient
        .getQueryCache()
        .findAll()
        .map((query) => query.queryHash);
    const before = cached();

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export CSV' });
    expect(await within(dialog).findByText(new RegExp(`^Exported ${total} rows`))).toBeVisible();

    expect((await pagesAsked()).filter((query) => query.items === '100').map((query) => query.page)).toEqual([
      '1',
      '2',
      '3',
    ]);
    const lines = parseCsv(await csvText(downloads[0]!.file));
    expect(total).toBe(300);
    expect(lines).toHaveLength(total + 1);
    // The columns of the server's streamed export: the name cell's e-mail line is a column of its own.
    expect(lines[0]).toEqual(USER_EXPORT_COLUMNS.map((column) => column.header));
    const found = await serverApi.get<ExportedUser[]>(
      `/api/admin/list?page=1&items=10&q=${encodeURIComponent(lines[1]![1]!)}`,
    );
    const first = found.find((candidate) => candidate.email === lines[1]![1])!;
    expect(lines[1]).toEqual(parseCsv(csvRow(USER_EXPORT_COLUMNS, first))[0]);
    // What the list showed before is all the cache holds: none of the 250 exported rows stayed in memory.
    expect(cached()).toEqual(before);
  });

  it('a page that fails says so in the dialog alone, not in a notification as well', async () => {
    specOnlyApi();
    captureDownloads();
    const notices = [vi.spyOn(notify, 'failure'), vi.spyOn(notify, 'error')];
    server.use(
      http.get('*/api/admin/list', ({ request }) =>
        new URL(request.url).searchParams.get('page') === '2'
          ? failure('The database is busy, try again in a minute')
          : undefined,
      ),
    );
    const { user } = renderApp('/users');
    await user.click(await exportButton());
    const dialog = await screen.findByRole('dialog', { name: 'Export CSV' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The database is busy, try again in a minute',
    );
    // The query cache reports a failure before the call's promise settles: none was reported.
    for (const notice of notices) expect(notice).not.toHaveBeenCalled();
  });

  it('Cancel aborts the page under way and asks for no other', async () => {
    specOnlyApi();
    const total = await usersCounted();
    const downloads = captureDownloads();
    let aborted = false;
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get('*/api/admin/list', async ({ request }) => {
        if (new URL(request.url).searchParams.get('page') !== '2') return undefined;
        await released;
        aborted = request.signal.aborted;
        return undefined;
      }),
    );
    const { user, queryClient } = renderApp('/users');
    await user.click(await exportButton());
    const dialog = await screen.findByRole('dialog', { name: 'Export CSV' });
    await within(dialog).findByText(`100 of ${total} rows`);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    release();

    await waitFor(() => expect(aborted).toBe(true));
    expect((await pagesAsked()).filter((query) => query.items === '100').map((query) => query.page)).toEqual([
      '1',
      '2',
    ]);
    expect(downloads).toEqual([]);
    expect(
      queryClient.getQueryCache().findAll({ predicate: (query) => query.queryKey.includes('export') }),
    ).toEqual([]);
  });

  it('writes the text an HTML column shows, not its HTML (the FAQ answer)', async () => {
    const [faq] = await faqs();
    await serverApi.patch(`/api/faq/update/${faq!._id}`, {
      question: faq!.question,
      enabled: faq!.enabled,
      answer: '<p>Open <b>Settings</b>,</p><p>then <i>Privacy</i> &amp; <a href="/x">Blocked</a>.</p>',
    });
    const downloads = captureDownloads();
    const { user } = renderApp('/faq');
    await user.click(await exportButton());
    const dialog = await screen.findByRole('dialog', { name: 'Export CSV' });
    await within(dialog).findByText(/^Exported \d+ rows/);

    const lines = parseCsv(await csvText(downloads[0]!.file));
    expect(lines[0]).toEqual(['Question', 'Answer', 'Status']);
    expect(lines.find((line) => line[0] === faq!.question)?.[1]).toBe(
      'Open Settings, then Privacy & Blocked.',
    );
    expect(lines.slice(1).every((line) => !/[<>]/.test(line[1]!))).toBe(true);
  });
});

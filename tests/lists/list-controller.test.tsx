import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadCatalogues } from '@/features/catalogues/registry';
import { PAGED_LISTS } from '@/features/read-only-lists/registry';
import { RESTRICTION_MESSAGES } from '@contract/restrictions';
import { api, resetData } from '../support/api-server';
import { server } from '../support/msw';
import { apiCalls } from '../support/request-log';
import { renderApp, specOnlyApi, withoutFeatures } from '../support/render';

const CATALOGUES = await loadCatalogues();

/**
 * The one list controller over every list (components/list-kit/list-controller.ts, components/list-kit/list-view.tsx): sort (in the browser
 * for the listAll screens, through the API for the paged ones, and only when announced), selection and bulk
 * actions, as an admin and the API see them.
 */

type ListCase = {
  name: string;
  route: string;
  title: string;
  /** The list's read call, as the request log names it. */
  call: string;
  /** 'browser': every record, sorted here; else the API sort field the first sortable header sends. */
  sort: 'browser' | string;
  /** A browser-sorted list's `sort` in the URL: the column's name. */
  urlSort?: string;
  /** The first sortable column's header. */
  sortHeader: string;
  /** The delete call's path pattern, on lists that delete. */
  remove?: string;
};

const path = (apiPath: string) => `/api/${apiPath.split('?')[0]}`;

const catalogueCases: ListCase[] = CATALOGUES.filter((catalogue) => !catalogue.singleRecord).map(
  (catalogue) => {
    const columns = catalogue.columns ?? [];
    const sorted = catalogue.paginated
      ? columns.find((column) => column.sort)!
      : columns.find((column) => column.kind === 'text' || column.kind === 'status')!;
    return {
      name: catalogue.key,
      route: catalogue.routes.list,
      title: catalogue.title,
      call: path(catalogue.api.list),
      sort: catalogue.paginated ? sorted.sort! : 'browser',
      urlSort: 'field' in sorted ? sorted.field : `${sorted.kind}${columns.indexOf(sorted)}`,
      sortHeader: sorted.header,
      remove: catalogue.api.remove && path(catalogue.api.remove),
    };
  },
);

const pagedCases: ListCase[] = PAGED_LISTS.map((list) => {
  const sorted = list.columns.find((column) => column.sort)!;
  return {
    name: list.key,
    route: list.route,
    title: list.title,
    call: path(list.api),
    sort: sorted.sort!,
    sortHeader: sorted.header,
  };
});

const handBuilt: ListCase[] = [
  {
    name: 'users',
    route: '/users',
    title: 'Users',
    call: '/api/admin/list',
    sort: 'name',
    sortHeader: 'Name',
  },
  {
    name: 'posts',
    route: '/post',
    title: 'Posts',
    call: '/api/post/list',
    sort: 'name',
    sortHeader: 'Title',
    remove: '/api/post/delete/:id',
  },
  {
    name: 'faq',
    route: '/faq',
    title: 'FAQ',
    call: '/api/faq/listAll',
    sort: 'browser',
    urlSort: 'question',
    sortHeader: 'Question',
    remove: '/api/faq/delete/:id',
  },
  {
    name: 'chat report',
    route: '/chat-report',
    title: 'Chat Report',
    call: '/api/chat-report/list',
    sort: 'created',
    sortHeader: 'Reported At',
  },
  {
    name: 'send mail',
    route: '/send-mail',
    title: 'Send Mail',
    call: '/api/mail-send/list',
    sort: 'title',
    sortHeader: 'Subject',
  },
];

const ALL = [...catalogueCases, ...pagedCases, ...handBuilt];
const BULK = new Set(['users', ...ALL.filter((list) => list.remove).map((list) => list.name)]);

async function tableOf(title: string) {
  const table = await screen.findByRole('table', { name: title }, { timeout: 5000 });
  await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'));
  return table;
}

/** The text of each data row's cell under `header`. */
function columnTexts(table: HTMLElement, header: string) {
  const headers = within(table).getAllByRole('columnheader');
  const index = headers.findIndex((th) => th.textContent === header);
  expect(index).toBeGreaterThanOrEqual(0);
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => (row as HTMLTableRowElement).cells[index]!.textContent ?? '');
}

const byText = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

type Member = { _id: string; name: string; surname: string; enabled: boolean };
/** The first page of the users list as the API answers it with `query` (what the console's /users shows). */
const membersShown = (query = '') => api.get<Member[]>(`/api/admin/list?page=1&items=10${query}`);
const activeShown = () => membersShown('&filter=user.enabled&equal=true');
const inactiveShown = () => membersShown('&filter=user.enabled&equal=false');
/** Whether the member is active now, as the server holds them. */
const isEnabled = async (member: Member) =>
  (await api.get<{ enabled: boolean }>(`/api/user/read/${member._id}`)).enabled;

type Faq = { _id: string; question: string };
const faqs = () => api.get<Faq[]>('/api/faq/listAll');

// Each test starts from the demo data: many delete or (de)activate what the next one lists.
beforeEach(resetData);

describe.each(ALL.map((list) => [list.name, list] as const))('%s', (_name, list) => {
  it('says the order on its sortable header and sorts when it is clicked', async () => {
    const { user, router } = renderApp(list.route);
    const table = await tableOf(list.title);
    const header = within(table).getByRole('columnheader', { name: list.sortHeader });
    expect(header).toHaveAttribute('aria-sort', 'none');
    const before = (await apiCalls(list.call)).length;

    await user.click(within(header).getByRole('button', { name: list.sortHeader }));
    await waitFor(() => expect(header).toHaveAttribute('aria-sort', 'ascending'));
    if (list.sort === 'browser') {
      const ascending = columnTexts(table, list.sortHeader);
      expect(ascending).toEqual([...ascending].sort(byText.compare));
      await user.click(within(header).getByRole('button', { name: list.sortHeader }));
      await waitFor(() => expect(header).toHaveAttribute('aria-sort', 'descending'));
      expect(columnTexts(table, list.sortHeader)).toEqual([...ascending].reverse());
      expect(await apiCalls(list.call)).toHaveLength(before);
    } else {
      await waitFor(async () =>
        expect((await apiCalls(list.call)).at(-1)?.query).toMatchObject({ sort: list.sort, order: 'asc' }),
      );
      await user.click(within(header).getByRole('button', { name: list.sortHeader }));
      await waitFor(async () =>
        expect((await apiCalls(list.call)).at(-1)?.query).toMatchObject({ sort: list.sort, order: 'desc' }),
      );
      expect(header).toHaveAttribute('aria-sort', 'descending');
    }
    expect(new URLSearchParams(router.state.location.search).get('order')).toBe('desc');
    expect(new URLSearchParams(router.state.location.search).get('sort')).toBe(
      list.sort === 'browser' ? list.urlSort : list.sort,
    );
  });

  it(
    BULK.has(list.name)
      ? 'names each row checkbox after its row, and has one for the page'
      : 'has no selection where it has no bulk action',
    async () => {
      renderApp(list.route);
      const table = await tableOf(list.title);
      const boxes = within(table).queryAllByRole('checkbox');
      if (!BULK.has(list.name)) {
        expect(boxes).toHaveLength(0);
        return;
      }
      const rows = within(table).getAllByRole('row').slice(1);
      expect(boxes[0]).toHaveAccessibleName('Select all on this page');
      expect(boxes).toHaveLength(rows.length + 1);
      for (const box of boxes.slice(1)) expect(box).toHaveAccessibleName(/^Select \S/);
    },
  );
});

describe.each(
  [...pagedCases, ...catalogueCases.filter((list) => list.sort !== 'browser'), ...handBuilt]
    .filter((list) => list.sort !== 'browser')
    .map((list) => [list.name, list] as const),
)('%s against SPEC-only API', (_name, list) => {
  it('offers no sort and sends no sort params, even when the URL names one', async () => {
    specOnlyApi();
    renderApp(`${list.route}?sort=${list.sort}&order=desc`);
    const table = await tableOf(list.title);
    expect(within(table).getByRole('columnheader', { name: list.sortHeader })).not.toHaveAttribute(
      'aria-sort',
    );
    expect(within(table).queryByRole('button', { name: list.sortHeader })).not.toBeInTheDocument();
    const calls = await apiCalls(list.call);
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(Object.keys(call.query)).not.toContain('sort');
  });
});

/** Counts the DELETE calls to `pattern` in flight at once, letting the server answer them. */
function countConcurrent(method: 'delete' | 'patch', pattern: string) {
  const seen = { now: 0, most: 0, total: 0 };
  server.use(
    http[method](pattern, async () => {
      seen.now += 1;
      seen.total += 1;
      seen.most = Math.max(seen.most, seen.now);
      await delay(30);
      seen.now -= 1;
      // Nothing returned: the reference server answers.
    }),
  );
  return seen;
}

const confirmDialog = () => screen.findByRole('dialog');

describe.each(ALL.filter((list) => list.remove).map((list) => [list.name, list] as const))(
  '%s bulk delete',
  (_name, list) => {
    it('asks once with the count, deletes at most four at a time, sums up once and refetches once', async () => {
      const seen = countConcurrent('delete', `*${list.remove!}`);
      const { user } = renderApp(list.route);
      const table = await tableOf(list.title);
      const rows = within(table).getAllByRole('row').slice(1);
      const count = rows.length;
      expect(count).toBeGreaterThan(1);
      await user.click(within(table).getByRole('checkbox', { name: 'Select all on this page' }));
      expect(await screen.findByText(`${count} selected`)).toBeInTheDocument();
      const listCalls = (await apiCalls(list.call)).length;

      await user.click(screen.getByRole('button', { name: 'Delete selected' }));
      const dialog = await confirmDialog();
      expect(within(dialog).getByText(`Delete ${count} items?`)).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

      expect(
        await screen.findByText(`${count} items deleted`, { selector: '.mantine-Notification-description' }),
      ).toBeInTheDocument();
      expect(seen.total).toBe(count);
      expect(seen.most).toBeLessThanOrEqual(4);
      await waitFor(async () => expect(await apiCalls(list.call)).toHaveLength(listCalls + 1));
      // One summary, no notification per item.
      expect(document.querySelectorAll('.mantine-Notification-root')).toHaveLength(1);
      expect(await apiCalls(list.call)).toHaveLength(listCalls + 1);
    });
  },
);

describe('a bulk action that partly fails', () => {
  it("says how many succeeded and failed with the server's words, and keeps only the failed rows selected", async () => {
    const failing = new Set<string>();
    server.use(
      http.delete('*/api/faq/delete/:id', ({ params }) =>
        failing.has(String(params.id))
          ? HttpResponse.json({ success: false, message: 'FAQ is pinned' }, { status: 400 })
          : undefined,
      ),
    );
    const { user } = renderApp('/faq');
    const table = await tableOf('FAQ');
    const [first, second, third] = await faqs();
    failing.add(second!._id);
    for (const faq of [first!, second!, third!])
      await user.click(within(table).getByRole('checkbox', { name: `Select ${faq.question}` }));
    await user.click(screen.getByRole('button', { name: 'Delete selected' }));
    await user.click(within(await confirmDialog()).getByRole('button', { name: 'Delete' }));

    const summary = '2 items deleted, 1 failed: FAQ is pinned';
    expect(
      await screen.findByText(summary, { selector: '.mantine-Notification-description' }),
    ).toBeInTheDocument();
    expect(screen.getByText(summary, { selector: '.list-summary' })).toBeInTheDocument();
    await waitFor(() => expect(within(table).queryByText(first!.question)).not.toBeInTheDocument());
    expect(within(table).getByRole('checkbox', { name: `Select ${second!.question}` })).toBeChecked();
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    const left = (await faqs()).map((faq) => faq._id);
    expect(left).toContain(second!._id);
    expect(left).not.toContain(third!._id);
    expect(left).not.toContain(first!._id);
  });
});

/** The demo data's policy a restriction cites here. */
const POLICY = 'Inappropriate messages';

/** Fills the restriction dialog: the policy, the facts, and no end. */
async function restrictPermanently(user: ReturnType<typeof renderApp>['user'], dialog: HTMLElement) {
  await user.click(within(dialog).getAllByLabelText(/^Policy/)[0]!);
  await user.click(await screen.findByRole('option', { name: POLICY }));
  await user.type(within(dialog).getByRole('textbox', { name: /^Facts and circumstances/ }), 'Spam accounts');
  await user.click(within(dialog).getByRole('radio', { name: 'Permanent' }));
}

describe('users bulk status', () => {
  it('deactivates the selected users with one confirmation and one summary, four at a time', async () => {
    // The restriction's dialog (its own tests: tests/users/restrictions.test.tsx): the reference server deactivates
    // only with a policy and the facts (DECISIONS: a deactivation is a restriction).
    const shown = await activeShown();
    const seen = countConcurrent('patch', '*/api/admin/status/:userId');
    const { user } = renderApp('/users?status=true');
    const table = await tableOf('Users');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.length).toBeGreaterThan(4);
    await user.click(within(table).getByRole('checkbox', { name: 'Select all on this page' }));
    await user.click(screen.getByRole('button', { name: 'Deactivate selected' }));
    const dialog = await confirmDialog();
    expect(within(dialog).getByText(`Deactivate ${rows.length} users?`)).toBeInTheDocument();
    await restrictPermanently(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(
      await screen.findByText(`${rows.length} users deactivated`, {
        selector: '.mantine-Notification-description',
      }),
    ).toBeInTheDocument();
    expect(seen).toMatchObject({ total: rows.length, most: 4 });
    const calls = (await apiCalls()).filter((call) => call.path.startsWith('/api/admin/status/'));
    expect(calls.every((call) => call.method === 'PATCH' && call.query.enabled === 'false')).toBe(true);
    expect(shown).toHaveLength(rows.length);
    for (const target of shown) expect(await isEnabled(target)).toBe(false);
  });

  it("asks one reason for all the deactivations where 'status-reason' is announced, and sends it with each", async () => {
    // A reason's dialog, as without 'restrictions' (its own dialog: tests/users/restrictions.test.tsx). The reference
    // server offers restrictions all the same, and refuses a deactivation that cites no policy (DECISIONS: a
    // deactivation is a restriction): each refusal is said in its words, and no one changes.
    withoutFeatures('restrictions');
    const active = (await activeShown()).slice(0, 2);
    const { user } = renderApp('/users?status=true');
    const table = await tableOf('Users');
    for (const target of active)
      await user.click(
        within(table).getByRole('checkbox', { name: `Select ${target.name} ${target.surname}` }),
      );
    await user.click(screen.getByRole('button', { name: 'Deactivate selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate 2 users?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), 'Spam accounts');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(
      await screen.findByText(`0 users deactivated, 2 failed: ${RESTRICTION_MESSAGES.policyRequired}`, {
        selector: '.mantine-Notification-description',
      }),
    ).toBeInTheDocument();
    const calls = (await apiCalls()).filter((call) => call.path.startsWith('/api/admin/status/'));
    expect(calls.map((call) => [call.path, call.query, call.body]).sort()).toEqual(
      active
        .map((target) => [
          `/api/admin/status/${target._id}`,
          { enabled: 'false' },
          { reason: 'Spam accounts' },
        ])
        .sort(),
    );
    for (const target of active) expect(await isEnabled(target)).toBe(true);
  });

  it("asks one restriction for all the deactivations where 'restrictions' is announced, and sends it with each", async () => {
    const active = (await activeShown()).slice(0, 2);
    const policy = (await api.get<{ _id: string; message: string }[]>('/api/reportelement/listAll')).find(
      (element) => element.message === POLICY,
    )!;
    const { user } = renderApp('/users?status=true');
    const table = await tableOf('Users');
    for (const target of active)
      await user.click(
        within(table).getByRole('checkbox', { name: `Select ${target.name} ${target.surname}` }),
      );
    await user.click(screen.getByRole('button', { name: 'Deactivate selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate 2 users?' });
    await restrictPermanently(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(
      await screen.findByText('2 users deactivated', { selector: '.mantine-Notification-description' }),
    ).toBeInTheDocument();
    const calls = (await apiCalls()).filter((call) => call.path.startsWith('/api/admin/status/'));
    expect(calls.map((call) => [call.path, call.query, call.body]).sort()).toEqual(
      active
        .map((target) => [
          `/api/admin/status/${target._id}`,
          { enabled: 'false' },
          {
            restriction: { policyId: policy._id, facts: 'Spam accounts', endsAt: null, closeReports: true },
          },
        ])
        .sort(),
    );
    for (const target of active) expect(await isEnabled(target)).toBe(false);
  });

  it('cancelling the reason changes no one', async () => {
    const [target] = await activeShown();
    const { user } = renderApp('/users?status=true');
    const table = await tableOf('Users');
    await user.click(
      within(table).getByRole('checkbox', { name: `Select ${target!.name} ${target!.surname}` }),
    );
    await user.click(screen.getByRole('button', { name: 'Deactivate selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate 1 user?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect((await apiCalls()).filter((call) => call.path.startsWith('/api/admin/status/'))).toEqual([]);
    expect(await isEnabled(target!)).toBe(true);
  });

  it('against a SPEC-only API asks plainly and sends no reason', async () => {
    specOnlyApi();
    // SPEC's API deactivates on this call alone. The reference server refuses it (DECISIONS: a deactivation is a
    // restriction, citing a policy and the facts), so SPEC's answer stands in for it here.
    server.use(
      http.patch('*/api/admin/status/:userId', () =>
        HttpResponse.json({ success: true, message: 'User deactivated successfully' }),
      ),
    );
    const [target] = await activeShown();
    const { user } = renderApp('/users?status=true');
    const table = await tableOf('Users');
    await user.click(
      within(table).getByRole('checkbox', { name: `Select ${target!.name} ${target!.surname}` }),
    );
    await user.click(screen.getByRole('button', { name: 'Deactivate selected' }));
    const dialog = await confirmDialog();
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(
      await screen.findByText('1 user deactivated', { selector: '.mantine-Notification-description' }),
    ).toBeInTheDocument();
    const calls = (await apiCalls()).filter((call) => call.path.startsWith('/api/admin/status/'));
    expect(calls.map((call) => call.query)).toEqual([{ enabled: 'false' }]);
    expect(calls[0]?.path).toBe(`/api/admin/status/${target!._id}`);
  });

  it('activates the selected users', async () => {
    const inactive = (await inactiveShown()).slice(0, 2);
    expect(inactive).toHaveLength(2);
    const { user } = renderApp('/users?status=false');
    const table = await tableOf('Users');
    for (const target of inactive)
      await user.click(
        within(table).getByRole('checkbox', { name: `Select ${target.name} ${target.surname}` }),
      );
    await user.click(screen.getByRole('button', { name: 'Activate selected' }));
    await user.click(within(await confirmDialog()).getByRole('button', { name: 'Activate' }));
    expect(
      await screen.findByText('2 users activated', { selector: '.mantine-Notification-description' }),
    ).toBeInTheDocument();
    for (const target of inactive) expect(await isEnabled(target)).toBe(true);
  });
});

describe('the bulk actions offered', () => {
  const select = async (user: ReturnType<typeof renderApp>['user'], table: HTMLElement, rows: Member[]) => {
    for (const target of rows)
      await user.click(
        within(table).getByRole('checkbox', { name: `Select ${target.name} ${target.surname}` }),
      );
  };
  const offered = () =>
    screen.queryAllByRole('button', { name: /selected$/ }).map((button) => button.textContent);

  it('are only those that change a selected member, and act on those members only', async () => {
    const members = await membersShown();
    const { user } = renderApp('/users');
    const table = await tableOf('Users');
    const shown = (enabled: boolean) =>
      members.filter(
        (item) =>
          item.enabled === enabled &&
          within(table).queryByRole('checkbox', { name: `Select ${item.name} ${item.surname}` }),
      );
    const [active1, active2] = shown(true);
    const [inactive] = shown(false);
    expect(offered()).toEqual([]);

    await select(user, table, [active1!, active2!]);
    expect(offered()).toEqual(['Deactivate selected']);
    await select(user, table, [active1!, active2!]);
    await select(user, table, [inactive!]);
    expect(offered()).toEqual(['Activate selected']);

    await select(user, table, [active1!]);
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    expect(offered()).toEqual(['Activate selected', 'Deactivate selected']);
    await user.click(screen.getByRole('button', { name: 'Activate selected' }));
    const dialog = await confirmDialog();
    expect(within(dialog).getByText('Activate 1 user?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Activate' }));
    expect(
      await screen.findByText('1 user activated', { selector: '.mantine-Notification-description' }),
    ).toBeInTheDocument();
    const calls = (await apiCalls()).filter((call) => call.path.startsWith('/api/admin/status/'));
    expect(calls.map((call) => [call.path, call.query.enabled])).toEqual([
      [`/api/admin/status/${inactive!._id}`, 'true'],
    ]);
    expect(await isEnabled(inactive!)).toBe(true);
    expect(await isEnabled(active1!)).toBe(true);
  });
});

describe('the page checkbox', () => {
  it('is checked when every row of the page is, mixed when some are, and clear when none are', async () => {
    const { user } = renderApp('/post');
    const table = await tableOf('Posts');
    const page = within(table).getByRole('checkbox', { name: 'Select all on this page' });
    const [, firstRow] = within(table).getAllByRole('checkbox');
    expect(page).not.toBeChecked();
    expect(page).not.toBePartiallyChecked();
    await user.click(firstRow!);
    expect(page).toBePartiallyChecked();
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    await user.click(page);
    expect(page).toBeChecked();
    expect(
      within(table)
        .getAllByRole('checkbox')
        .every((box) => (box as HTMLInputElement).checked),
    ).toBe(true);
    await user.click(page);
    expect(page).not.toBeChecked();
    expect(page).not.toBePartiallyChecked();
    expect(screen.queryByText(/selected$/)).not.toBeInTheDocument();
  });

  it('clears the selection when the sort changes', async () => {
    const { user } = renderApp('/faq');
    const table = await tableOf('FAQ');
    await user.click(within(table).getByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.getByText(/^\d+ selected$/)).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Question' }));
    expect(screen.queryByText(/^\d+ selected$/)).not.toBeInTheDocument();
  });
});

describe('a list in a dialog', () => {
  it("keeps its page, search and filter in the dialog, not in the page's URL, and starts over when reopened", async () => {
    // The demo data's mail to All Users: every member active when it left.
    const mail = (
      await api.get<{ _id: string; title: string; allUsers: boolean; recipientCount: number }[]>(
        '/api/mail-send/list?page=1&limit=20',
      )
    ).find((each) => each.allUsers)!;
    const recipients = mail.recipientCount;
    expect(recipients).toBeGreaterThan(20);
    const path = `/api/mail-send/recipients/${mail._id}`;
    const { user, router } = renderApp('/send-mail?page=1&size=20');
    const open = async () => {
      const mails = await tableOf('Send Mail');
      const row = (await within(mails).findByText(mail.title)).closest('tr')!;
      await user.click(within(row).getByRole('button', { name: /^User List: / }));
      const dialog = await screen.findByRole('dialog', { name: 'User List' });
      await within(dialog).findByText(`Showing 1–10 of ${recipients}`);
      return dialog;
    };

    let dialog = await open();
    await user.click(within(dialog).getByRole('button', { name: 'Next page' }));
    expect(await within(dialog).findByText(`Showing 11–20 of ${recipients}`)).toBeInTheDocument();
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Show' }),
      'Failed deliveries only',
    );
    await waitFor(async () =>
      expect((await apiCalls(path)).at(-1)?.query).toEqual({ page: '1', limit: '10', state: 'failed' }),
    );
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search recipients' }), 'Sophia');
    await waitFor(async () =>
      expect((await apiCalls(path)).at(-1)?.query).toEqual({
        page: '1',
        limit: '10',
        state: 'failed',
        q: 'Sophia',
      }),
    );
    expect(router.state.location.search).toBe('?page=1&size=20');
    expect(router.visited()).toEqual(['/send-mail']);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // open() waits for 'Showing 1–10 of <every recipient>': the first page, unsearched and unfiltered.
    dialog = await open();
    expect(within(dialog).getByRole('searchbox', { name: 'Search recipients' })).toHaveValue('');
    expect(within(dialog).getByRole('combobox', { name: 'Show' })).toHaveValue('');
  });
});

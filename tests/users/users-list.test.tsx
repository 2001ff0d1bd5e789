import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExportedUser } from '@contract/user-export';
import { api, callApi, resetData, signedInNow, testDb } from '../support/api-server';
import { server } from '../support/msw';
import { apiCalls } from '../support/request-log';
import { renderApp } from '../support/render';

/** A row of the users list: what its export shows, with the id and the photo. */
type Member = ExportedUser & { _id: string; image1: string | null };
type Page = { result: Member[]; pagination: { count: number } };

/** The users list's first page as the console first asks for it (newest first), with the count of all members. */
const firstPage = async () => (await callApi<Page>('GET', '/api/admin/list?page=1&items=10')).body;
const firstMembers = async () => (await firstPage()).result;
const memberOf = (id: string) => api.get<Member>(`/api/user/read/${id}`);
const bearer = () => `Bearer ${signedInNow().token}`;

const table = () => screen.findByRole('table', { name: 'Users' });
const dataRows = async () =>
  within(await table())
    .getAllByRole('row')
    .slice(1);
const listCalls = () => apiCalls('/api/admin/list');
const lastListQuery = async () => (await listCalls()).at(-1)?.query;

// Each test starts from the demo data: some rename or deactivate members.
beforeEach(resetData);

describe('users list', () => {
  it('shows every column for the first page, fetched with the admin token', async () => {
    const { result, pagination } = await firstPage();
    const first = result[0]!;
    renderApp('/users');
    // The first render also transforms the lazy route chunk: allow a cold start on a busy machine.
    const link = await screen.findByRole(
      'link',
      { name: `${first.name} ${first.surname}` },
      { timeout: 15_000 },
    );
    expect(link).toHaveAttribute('href', `/users/${first._id}`);
    for (const header of ['Name', 'Phone Number', 'Gender', 'Status', 'Actions']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    expect(await dataRows()).toHaveLength(10);
    const row = link.closest('tr') as HTMLElement;
    expect(within(row).getByText(first.email)).toBeInTheDocument();
    expect(within(row).getByText(`${first.countryCode} ${first.phoneNumber}`)).toBeInTheDocument();
    expect(within(row).getByText(first.gender)).toBeInTheDocument();
    expect(within(row).getByText(first.enabled ? 'Active' : 'Inactive')).toBeInTheDocument();
    expect(
      within(row).getByRole('button', { name: first.enabled ? 'Deactivate' : 'Activate' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: 'Verified' }).length).toBeGreaterThan(0);
    expect(screen.getByText(`Showing 1–10 of ${pagination.count}`)).toBeInTheDocument();

    const calls = await listCalls();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.query).toEqual({ page: '1', items: '10' });
    expect(calls[0]?.headers.get('authorization')).toBe(bearer());
  });

  it('searches only from 3 characters, or when cleared, and goes back to page 1', async () => {
    const { user, router } = renderApp('/users?page=2');
    await screen.findAllByRole('button', { name: /Activate|Deactivate/ });
    const search = screen.getByRole('searchbox', { name: 'Search by name, email or phone no' });
    expect(search).toHaveAttribute('placeholder', 'Search by name, email or phone no');

    await user.type(search, 'ol');
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(await listCalls()).toHaveLength(1);

    await user.type(search, 'i');
    await waitFor(async () =>
      expect(await lastListQuery()).toEqual({
        page: '1',
        items: '10',
        q: 'oli',
        fields: 'name,email,phoneNumber',
      }),
    );
    await waitFor(() => expect(router.state.location.search).toBe('?q=oli'));
    // The previous page stays on screen until the searched one arrives.
    await waitFor(async () => {
      const names = (await dataRows()).map((row) => row.textContent ?? '');
      expect(names.length).toBeGreaterThan(0);
      expect(names.every((text) => /oli/i.test(text))).toBe(true);
    });

    await user.clear(search);
    await waitFor(async () => expect(await lastListQuery()).toEqual({ page: '1', items: '10' }));
  });

  it('finds a member by the full name it shows, whatever their e-mail', async () => {
    const [wanted, sameName, sameSurname] = await firstMembers();
    // A member's name is their own doing in the app: no admin API renames one.
    for (const [member, name, surname, email] of [
      [wanted!, 'Ximena', 'Vantablack', 'xv@example.net'],
      [sameName!, 'Ximena', 'Okonkwo', 'xo@example.net'],
      [sameSurname!, 'Ruth', 'Vantablack', 'rv@example.net'],
    ] as const)
      await testDb().run('UPDATE users SET name = $2, surname = $3, email = $4 WHERE id = $1', [
        member._id,
        name,
        surname,
        email,
      ]);
    const { user } = renderApp('/users');
    await screen.findAllByRole('button', { name: /Activate|Deactivate/ });
    await user.type(
      screen.getByRole('searchbox', { name: 'Search by name, email or phone no' }),
      'Ximena Vantablack',
    );
    await waitFor(async () =>
      expect(await lastListQuery()).toMatchObject({
        q: 'Ximena Vantablack',
        fields: 'name,email,phoneNumber',
      }),
    );
    await waitFor(async () => expect(await dataRows()).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'Ximena Vantablack' })).toHaveAttribute(
      'href',
      `/users/${wanted!._id}`,
    );

    await user.clear(screen.getByRole('searchbox', { name: 'Search by name, email or phone no' }));
    await user.type(
      screen.getByRole('searchbox', { name: 'Search by name, email or phone no' }),
      'vantablack',
    );
    // The renamed members are the newest, so the unsearched list that shows meanwhile holds both: the searched
    // page is the one of two rows.
    await waitFor(async () => expect(await lastListQuery()).toMatchObject({ q: 'vantablack' }));
    await waitFor(async () => expect(await dataRows()).toHaveLength(2));
    expect((await dataRows()).map((row) => within(row).getAllByRole('link')[0]!.textContent)).toEqual(
      expect.arrayContaining(['Ximena Vantablack', 'Ruth Vantablack']),
    );
    // Two names typed key by key, each search waiting for its answer: on a busy machine, over 20 s.
  }, 40_000);

  it('follows a search cleared from outside the box and never re-applies the old text', async () => {
    const [first] = await firstMembers();
    const { user, router } = renderApp('/users');
    await screen.findAllByRole('button', { name: /Activate|Deactivate/ });
    const search = screen.getByRole('searchbox', { name: 'Search by name, email or phone no' });
    await user.type(search, 'oli');
    await waitFor(async () => expect(await lastListQuery()).toMatchObject({ q: 'oli' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=oli'));

    const visitsBefore = router.visited().length;
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    await user.click(within(menu).getByRole('link', { name: 'Users' }));
    await waitFor(() => expect(search).toHaveValue(''));
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(router.state.location.search).toBe('');
    // The menu link is the only navigation: the old text does not come back into the URL.
    expect(router.visited()).toHaveLength(visitsBefore + 1);
    // The unfiltered list comes back (from the cache while fresh), and 'oli' was asked for once only.
    expect(await screen.findByRole('link', { name: `${first!.name} ${first!.surname}` })).toBeInTheDocument();
    expect((await listCalls()).filter((call) => call.query.q === 'oli')).toHaveLength(1);
  });

  it('filters by status and plan, resetting the page, and keeps it all in the URL', async () => {
    const { user, router } = renderApp('/users?page=3');
    await screen.findAllByRole('button', { name: /Activate|Deactivate/ });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Inactive');
    await waitFor(async () =>
      expect(await lastListQuery()).toEqual({
        page: '1',
        items: '10',
        filter: 'user.enabled',
        equal: 'false',
      }),
    );
    const inactive = (
      await api.get<Member[]>('/api/admin/list?page=1&items=10&filter=user.enabled&equal=false')
    ).filter((listed) => !listed.enabled);
    expect(inactive.length).toBeGreaterThan(0);
    await waitFor(async () => {
      const rows = await dataRows();
      expect(rows).toHaveLength(Math.min(10, inactive.length));
      for (const row of rows) expect(within(row).getByText('Inactive')).toBeInTheDocument();
    });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Plan' }), 'Gold');
    await waitFor(async () =>
      expect(await lastListQuery()).toEqual({
        page: '1',
        items: '10',
        filter: 'user.enabled',
        equal: 'false',
        planFilter: 'gold',
      }),
    );
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        status: 'false',
        plan: 'gold',
      }),
    );
  });

  it('restores page, size and filters from the URL', async () => {
    renderApp('/users?page=2&size=20&status=true&plan=silver&q=smith');
    await table();
    await waitFor(async () =>
      expect(await lastListQuery()).toEqual({
        page: '2',
        items: '20',
        q: 'smith',
        fields: 'name,email,phoneNumber',
        filter: 'user.enabled',
        equal: 'true',
        planFilter: 'silver',
      }),
    );
    expect(screen.getByRole('searchbox', { name: 'Search by name, email or phone no' })).toHaveValue('smith');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('true');
    expect(screen.getByRole('combobox', { name: 'Plan' })).toHaveValue('silver');
  });

  it('pages and changes the page size', async () => {
    const { user } = renderApp('/users');
    await screen.findAllByRole('button', { name: /Activate|Deactivate/ });
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(async () => expect(await lastListQuery()).toEqual({ page: '2', items: '10' }));
    await user.selectOptions(screen.getByLabelText('Rows per page'), '20');
    await waitFor(async () => expect(await lastListQuery()).toEqual({ page: '1', items: '20' }));
    await waitFor(async () => expect(await dataRows()).toHaveLength(20));
  });

  it('deactivates a user, says so and shows the refreshed list', async () => {
    // The server's deactivation is a restriction: its dialog (tested in tests/users/restrictions.test.tsx).
    const target = (await firstMembers()).find((item) => item.enabled)!;
    const policy = (await api.get<{ _id: string; message: string }[]>('/api/reportelement/listAll')).find(
      (element) => element.message === 'Fake profile',
    )!;
    const { user } = renderApp('/users');
    const row = (await screen.findByRole('link', { name: `${target.name} ${target.surname}` })).closest(
      'tr',
    ) as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Deactivate' }));
    const ask = await screen.findByRole('dialog', {
      name: `Deactivate ${target.name} ${target.surname} (${target.email})?`,
    });
    await user.click(within(ask).getAllByLabelText(/^Policy/)[0]!);
    await user.click(await screen.findByRole('option', { name: 'Fake profile' }));
    await user.click(within(ask).getByRole('textbox', { name: /^Facts and circumstances/ }));
    await user.paste('Stolen photos');
    await user.click(within(ask).getByRole('radio', { name: 'Permanent' }));
    await user.click(within(ask).getByRole('button', { name: 'Deactivate' }));

    const message = await screen.findByText('User deactivated successfully');
    expect(
      within(message.closest('.mantine-Notification-root') as HTMLElement).getByText('Success'),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(row).getByText('Inactive')).toBeInTheDocument());
    expect(within(row).getByRole('button', { name: 'Activate' })).toBeInTheDocument();
    const patch = (await apiCalls(`/api/admin/status/${target._id}`))[0];
    expect(patch?.method).toBe('PATCH');
    expect(patch?.query).toEqual({ enabled: 'false' });
    expect(patch?.body).toEqual({
      restriction: { policyId: policy._id, facts: 'Stolen photos', endsAt: null },
    });
    expect(patch?.headers.get('authorization')).toBe(bearer());
    expect(await listCalls()).toHaveLength(2);
    expect((await memberOf(target._id)).enabled).toBe(false);
  });

  it('activates an inactive user with the server message as Success', async () => {
    const [target] = await api.get<Member[]>(
      '/api/admin/list?page=1&items=10&filter=user.enabled&equal=false',
    );
    server.use(
      http.patch('*/api/admin/status/:userId', () =>
        HttpResponse.json({ success: true, message: 'User is now active' }),
      ),
    );
    const { user } = renderApp('/users?status=false');
    const row = (await screen.findByRole('link', { name: `${target!.name} ${target!.surname}` })).closest(
      'tr',
    ) as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Activate' }));

    const message = await screen.findByText('User is now active');
    expect(
      within(message.closest('.mantine-Notification-root') as HTMLElement).getByText('Success'),
    ).toBeInTheDocument();
    const patch = (await apiCalls(`/api/admin/status/${target!._id}`))[0];
    expect(patch?.query).toEqual({ enabled: 'true' });
    await waitFor(async () => expect(await listCalls()).toHaveLength(2));
  });

  it('treats success:false on a status change as a failure, shown as Error', async () => {
    server.use(
      http.patch('*/api/admin/status/:userId', () =>
        HttpResponse.json({ success: false, message: 'User is locked' }),
      ),
    );
    const { user } = renderApp('/users');
    const [button] = await screen.findAllByRole('button', { name: 'Activate' });
    const label = button!.textContent;
    await user.click(button!);
    const message = await screen.findByText('User is locked');
    const notification = message.closest('.mantine-Notification-root') as HTMLElement;
    expect(within(notification).getByText('Error')).toBeInTheDocument();
    expect(screen.queryByText(/successfully/)).not.toBeInTheDocument();
    expect(button).toHaveTextContent(label!);
    expect(await listCalls()).toHaveLength(1);
  });

  it("shows a failed status change as an Error with the server's message", async () => {
    server.use(
      http.patch('*/api/admin/status/:userId', () =>
        HttpResponse.json({ success: false, message: 'Could not update' }, { status: 500 }),
      ),
    );
    const logged = vi.spyOn(console, 'error');
    const { user } = renderApp('/users');
    const [button] = await screen.findAllByRole('button', { name: 'Activate' });
    await user.click(button!);
    const message = await screen.findByText('Could not update');
    const notification = message.closest('.mantine-Notification-root') as HTMLElement;
    expect(within(notification).getByText('Error')).toBeInTheDocument();
    expect(within(notification).queryByText('Info')).not.toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ serverMessage: 'Could not update' }));
  });

  it('opens the larger photo from the avatar', async () => {
    const target = (await firstMembers()).find((item) => item.image1)!;
    const { user } = renderApp('/users');
    await user.click(await screen.findByRole('button', { name: `View photo of ${target.name}` }));
    const dialog = await screen.findByRole('dialog', { name: target.name });
    expect(within(dialog).getByRole('img', { name: `Photo of ${target.name}` })).toHaveAttribute(
      'src',
      `/${target.image1}`,
    );
  });

  it('shows an empty state, and an error state for an unreadable answer', async () => {
    const view = renderApp('/users?q=zzzzzz');
    expect(await screen.findByText('No users match these filters')).toBeInTheDocument();
    view.unmount();

    server.use(http.get('*/api/admin/list', () => HttpResponse.json({ success: true, result: 'oops' })));
    renderApp('/users');
    expect(await screen.findByText('Could not load this data')).toBeInTheDocument();
  });
});

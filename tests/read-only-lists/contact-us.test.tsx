import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { callApi, resetData, signedInNow, testDb } from '../support/api-server';
import { server } from '../support/msw';
import { apiCalls } from '../support/request-log';
import { renderApp } from '../support/render';

type Contact = { _id: string; title: string; email: string; phoneNo: string; description: string };
/** The demo data's contact messages, newest first as the server lists them. */
const contacts = async () =>
  (await callApi<{ result: Contact[] }>('GET', '/api/contact-us/list?page=1&limit=100')).body.result;
const setContact = (contact: Contact, column: 'description' | 'created_at', value: string) =>
  testDb().run(`UPDATE contacts SET ${column} = $1 WHERE id = $2`, [value, contact._id]);

const table = () => screen.findByRole('table', { name: 'Contact Us' }, { timeout: 5000 });
const dataRows = async () =>
  within(await table())
    .getAllByRole('row')
    .slice(1);

// Each test starts from the demo data: some change a message or delete them all (no API writes a contact message).
beforeEach(resetData);

describe('contact us', () => {
  it('lists the first page of messages with every column, asked with page and limit', async () => {
    const all = await contacts();
    const first = all[0]!;
    // The admin's own time (no Z), later than any other message's so that the message stays the newest.
    await setContact(first, 'created_at', new Date('2099-12-05T15:30:00').toISOString());
    renderApp('/contact-us');
    expect(await screen.findByRole('heading', { name: 'Contact Us' }, { timeout: 5000 })).toBeInTheDocument();
    for (const header of ['Title', 'Email', 'Phone No', 'Message', 'Created At']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    await waitFor(async () => expect(await dataRows()).toHaveLength(10));
    const row = (await dataRows())[0]!;
    expect(within(row).getByText(first.title)).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: first.email })).toHaveAttribute(
      'href',
      `mailto:${first.email}`,
    );
    expect(within(row).getByText(first.phoneNo)).toBeInTheDocument();
    expect(within(row).getByText(first.description)).toBeInTheDocument();
    expect(within(row).getByText('December 05, 2099 03:30 PM')).toBeInTheDocument();
    expect(screen.getByText(`Showing 1–10 of ${all.length}`)).toBeInTheDocument();

    const [call] = await apiCalls('/api/contact-us/list');
    expect(call?.method).toBe('GET');
    expect(call?.query).toEqual({ page: '1', limit: '10' });
    expect(call?.headers.get('authorization')).toBe(`Bearer ${signedInNow().token}`);
  });

  it('shows the whole message in a tooltip and a dash for an empty one', async () => {
    const [newest, next] = await contacts();
    await setContact(next!, 'description', '');
    const { user } = renderApp('/contact-us');
    await waitFor(async () => expect(await dataRows()).toHaveLength(10));
    const [first, second] = await dataRows();
    const message = within(first!).getByText(newest!.description);
    await user.hover(message);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(newest!.description);
    expect(within(second!).getByText('-')).toBeInTheDocument();
  });

  it('shows the tooltip on keyboard focus too, keeping the focus on the text', async () => {
    const [newest] = await contacts();
    renderApp('/contact-us');
    await waitFor(async () => expect(await dataRows()).toHaveLength(10));
    const [first] = await dataRows();
    within(first!).getByText(newest!.description).focus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(newest!.description);
    await waitFor(() => expect(document.activeElement).toHaveTextContent(newest!.description));
    expect(document.activeElement?.tagName).toBe('P');
  });

  it('pages through the list, keeping the page in the URL', async () => {
    const all = await contacts();
    const { user, router } = renderApp('/contact-us');
    await table();
    await user.click(await screen.findByRole('button', { name: 'Page 2' }));
    await waitFor(async () =>
      expect((await apiCalls('/api/contact-us/list')).at(-1)?.query).toEqual({ page: '2', limit: '10' }),
    );
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    // The second page's first message in place of the first page's last one, and the second page's rows alone.
    expect(await screen.findByRole('link', { name: all[10]!.email })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: all[9]!.email })).not.toBeInTheDocument();
    expect(await dataRows()).toHaveLength(Math.min(10, all.length - 10));
  });

  it('is reached from the dashboard card', async () => {
    const { user, router } = renderApp('/dashboard');
    await user.click(await screen.findByRole('link', { name: /Total Contact/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/contact-us'));
    expect(await table()).toBeInTheDocument();
  });

  it('shows an empty state, and an error state for an unreadable answer', async () => {
    await testDb().run('DELETE FROM contacts');
    const view = renderApp('/contact-us');
    expect(await screen.findByText('No contact messages yet', {}, { timeout: 5000 })).toBeInTheDocument();
    view.unmount();

    server.use(
      http.get('*/api/contact-us/list', () => HttpResponse.json({ success: true, result: { nope: 1 } })),
    );
    renderApp('/contact-us');
    expect(await screen.findByText('Could not load this data')).toBeInTheDocument();
  });
});

describe('a paged list past its last page', () => {
  it('goes back to the last page that has rows (e.g. after deleting the last row of the last page)', async () => {
    const all = await contacts();
    const lastPage = Math.ceil(all.length / 10);
    const { router } = renderApp(`/contact-us?page=${lastPage + 1}`);
    await waitFor(() => expect(router.state.location.search).toBe(`?page=${lastPage}`));
    await waitFor(async () => expect(await dataRows()).toHaveLength(all.length - (lastPage - 1) * 10));
    expect((await apiCalls('/api/contact-us/list')).map((call) => call.query.page)).toEqual([
      String(lastPage + 1),
      String(lastPage),
    ]);
  });
});

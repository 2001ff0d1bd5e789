import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { db } from '@mocks/db';
import { server } from '@mocks/node';
import { apiCalls } from '../support/request-log';
import { renderApp, TEST_TOKEN } from '../support/render';

const table = () => screen.findByRole('table', { name: 'Contact Us' }, { timeout: 5000 });
const dataRows = async () =>
  within(await table())
    .getAllByRole('row')
    .slice(1);

describe('contact us', () => {
  it('lists the first page of messages with every column, asked with page and limit', async () => {
    const first = db.contacts[0]!;
    first.created = '2024-12-05T15:30:00';
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
    expect(within(row).getByText('December 05, 2024 03:30 PM')).toBeInTheDocument();
    expect(screen.getByText(`Showing 1–10 of ${db.contacts.length}`)).toBeInTheDocument();

    const [call] = await apiCalls('/api/contact-us/list');
    expect(call?.method).toBe('GET');
    expect(call?.query).toEqual({ page: '1', limit: '10' });
    expect(call?.headers.get('authorization')).toBe(`Bearer ${TEST_TOKEN}`);
  });

  it('shows the whole message in a tooltip and a dash for an empty one', async () => {
    db.contacts[1]!.description = '';
    const { user } = renderApp('/contact-us');
    await waitFor(async () => expect(await dataRows()).toHaveLength(10));
    const [first, second] = await dataRows();
    const message = within(first!).getByText(db.contacts[0]!.description);
    await user.hover(message);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(db.contacts[0]!.description);
    expect(within(second!).getByText('-')).toBeInTheDocument();
  });

  it('shows the tooltip on keyboard focus too, keeping the focus on the text', async () => {
    renderApp('/contact-us');
    await waitFor(async () => expect(await dataRows()).toHaveLength(10));
    const [first] = await dataRows();
    within(first!).getByText(db.contacts[0]!.description).focus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(db.contacts[0]!.description);
    await waitFor(() => expect(document.activeElement).toHaveTextContent(db.contacts[0]!.description));
    expect(document.activeElement?.tagName).toBe('P');
  });

  it('pages through the list, keeping the page in the URL', async () => {
    const { user, router } = renderApp('/contact-us');
    await table();
    await user.click(await screen.findByRole('button', { name: 'Page 2' }));
    await waitFor(async () =>
      expect((await apiCalls('/api/contact-us/list')).at(-1)?.query).toEqual({ page: '2', limit: '10' }),
    );
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await waitFor(async () => expect(await dataRows()).toHaveLength(db.contacts.length - 10));
    expect(screen.getByRole('link', { name: db.contacts[10]!.email })).toBeInTheDocument();
  });

  it('is reached from the dashboard card', async () => {
    const { user, router } = renderApp('/dashboard');
    await user.click(await screen.findByRole('link', { name: /Total Contact/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/contact-us'));
    expect(await table()).toBeInTheDocument();
  });

  it('shows an empty state, and an error state for an unreadable answer', async () => {
    db.contacts = [];
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
    const { router } = renderApp('/contact-us?page=3');
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await waitFor(async () => expect(await dataRows()).toHaveLength(db.contacts.length - 10));
    expect((await apiCalls('/api/contact-us/list')).map((call) => call.query.page)).toEqual(['3', '2']);
  });
});

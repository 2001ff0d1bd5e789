import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { api, resetData, signedInNow } from '../support/api-server';
import { server } from '../support/msw';
import { apiCalls } from '../support/request-log';
import { renderApp } from '../support/render';

type Faq = { _id: string; question: string; answer: string; enabled: boolean };
/** The demo data's FAQs, as the server lists them. */
const faqs = () => api.get<Faq[]>('/api/faq/listAll');
const faqAsked = async (question: string) => (await faqs()).find((faq) => faq.question === question)!;
const bearer = () => `Bearer ${signedInNow().token}`;

const table = () => screen.findByRole('table', { name: 'FAQ' });
const rowOf = async (question: string) => {
  const cell = await within(await table()).findByText(question);
  return cell.closest('tr') as HTMLElement;
};

// Each test starts from the demo data: several of them delete or change a FAQ that another one reads.
beforeEach(resetData);

describe('FAQ list', () => {
  it('lists every FAQ with status and actions, fetched with the admin token', async () => {
    renderApp('/faq');
    const row = await rowOf('How do I reset my password?');
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/faq/update/${(await faqAsked('How do I reset my password?'))._id}`,
    );
    expect(within(await rowOf('Can I pause my account?')).getByText('Inactive')).toBeInTheDocument();
    for (const header of ['Question', 'Answer', 'Status', 'Action']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Add' })).toHaveAttribute('href', '/faq/add');

    const [call] = await apiCalls('/api/faq/listAll');
    expect(call?.method).toBe('GET');
    expect(call?.headers.get('authorization')).toBe(bearer());
  });

  it('opens the answer in a dialog as sanitised HTML', async () => {
    const faq = await faqAsked('How do I reset my password?');
    await api.patch(`/api/faq/update/${faq._id}`, {
      question: faq.question,
      enabled: faq.enabled,
      answer:
        '<p>Safe <strong>bold</strong></p><img src="x" onerror="window.__faqXss = true"><script>window.__faqXss = true</script><a href="javascript:window.__faqXss=true">link</a>',
    });
    const { user } = renderApp('/faq');
    const row = await rowOf('How do I reset my password?');
    await user.click(within(row).getByRole('button', { name: 'View answer' }));

    const dialog = await screen.findByRole('dialog', { name: 'Answer' });
    expect((await within(dialog).findByText('bold')).tagName).toBe('STRONG');
    expect(dialog.querySelector('script')).toBeNull();
    expect(dialog.querySelector('[onerror]')).toBeNull();
    expect(within(dialog).getByText('link')).not.toHaveAttribute(
      'href',
      expect.stringContaining('javascript'),
    );
    expect((window as { __faqXss?: boolean }).__faqXss).toBeUndefined();
  });

  it("deletes after SPEC's confirmation and refreshes the list", async () => {
    const { user } = renderApp('/faq');
    const target = await faqAsked('How do I report a user?');
    const row = await rowOf(target.question);
    await user.click(within(row).getByRole('button', { name: 'Delete' }));

    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to delete this item?' });
    expect(within(dialog).getByText('This action cannot be undone.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));

    expect(await screen.findByText('Faq deleted successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('How do I report a user?')).not.toBeInTheDocument());
    const [call] = await apiCalls(`/api/faq/delete/${target._id}`);
    expect(call?.method).toBe('DELETE');
    expect(call?.headers.get('authorization')).toBe(bearer());
    expect(await apiCalls('/api/faq/listAll')).toHaveLength(2);
    expect((await faqs()).map((faq) => faq.question)).not.toContain(target.question);
  });

  it("keeps the row and shows the server's message when a delete is refused", async () => {
    server.use(
      http.delete('*/api/faq/delete/:id', () =>
        HttpResponse.json({ success: false, message: 'This FAQ is in use' }),
      ),
    );
    const { user } = renderApp('/faq');
    const row = await rowOf('How do I report a user?');
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));

    const notification = await screen.findByRole('alert');
    expect(within(notification).getByText('Info')).toBeInTheDocument();
    expect(within(notification).getByText('This FAQ is in use')).toBeInTheDocument();
    expect(screen.queryByText('Faq deleted successfully!')).not.toBeInTheDocument();
    expect(await rowOf('How do I report a user?')).toBeInTheDocument();
  });

  it("says in the console's words that a delete failed when the server gives no message", async () => {
    server.use(http.delete('*/api/faq/delete/:id', () => new HttpResponse(null, { status: 500 })));
    const { user } = renderApp('/faq');
    const row = await rowOf('How do I report a user?');
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));

    await waitFor(async () =>
      expect(
        await apiCalls(`/api/faq/delete/${(await faqAsked('How do I report a user?'))._id}`),
      ).toHaveLength(1),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      await screen.findByText('The request failed (HTTP 500).', {
        selector: '.mantine-Notification-description',
      }),
    ).toBeInTheDocument();
    expect(await rowOf('How do I report a user?')).toBeInTheDocument();
  });

  it('does nothing when the admin answers No', async () => {
    const { user } = renderApp('/faq');
    const row = await rowOf('How do I report a user?');
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect((await apiCalls()).filter((call) => call.method === 'DELETE')).toHaveLength(0);
    expect(await faqs()).toHaveLength(4);
  });

  it('shows the empty state and a distinct error state', async () => {
    for (const faq of await faqs()) await api.delete(`/api/faq/delete/${faq._id}`);
    const view = renderApp('/faq');
    expect(await screen.findByText('No FAQs yet')).toBeInTheDocument();
    view.unmount();

    server.use(
      http.get('*/api/faq/listAll', () => HttpResponse.json({ success: true, result: 'not a list' })),
    );
    renderApp('/faq');
    expect(await screen.findByText('Could not load this data')).toBeInTheDocument();
    expect(screen.getByText('The server sent data this screen cannot read.')).toBeInTheDocument();
  });
});

describe('FAQ form', () => {
  it("validates with SPEC's messages, red-bordering the answer box", async () => {
    const { user } = renderApp('/faq/add');
    expect(await screen.findByRole('heading', { name: 'Add Faq' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Faq' }));

    expect(await screen.findByText('Please enter question')).toBeInTheDocument();
    expect(screen.getByText('Please enter answer')).toBeInTheDocument();
    expect(screen.getByText('Please select status')).toBeInTheDocument();
    const editor = screen.getByRole('textbox', { name: 'Answer' }).closest('[data-error]');
    expect(editor).toHaveStyle({ borderColor: 'var(--mantine-color-error)' });
    expect((await apiCalls()).filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('adds a FAQ and returns to the list', async () => {
    const { user, router } = renderApp('/faq/add');
    await user.type(await screen.findByLabelText('Question'), 'Is the app free?');
    await user.type(screen.getByRole('textbox', { name: 'Answer' }), 'Yes, with paid extras.');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Active' }));
    await user.click(screen.getByRole('button', { name: 'Add Faq' }));

    expect(await screen.findByText('Faq added successfully!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/faq'));
    expect(await screen.findByText('Is the app free?')).toBeInTheDocument();
    const [call] = await apiCalls('/api/faq/create');
    expect(call?.method).toBe('POST');
    expect(call?.headers.get('authorization')).toBe(bearer());
    expect(call?.body).toEqual({
      question: 'Is the app free?',
      answer: '<p>Yes, with paid extras.</p>',
      enabled: true,
    });
  });

  it('loads the record into the update form and saves the changes', async () => {
    const faq = await faqAsked('Can I pause my account?');
    const { user, router } = renderApp(`/faq/update/${faq._id}`);
    expect(await screen.findByRole('heading', { name: 'Update Faq' })).toBeInTheDocument();
    const question = screen.getByLabelText('Question');
    expect(question).toHaveValue('Can I pause my account?');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('Inactive');
    expect(screen.getByRole('textbox', { name: 'Answer' })).toHaveTextContent('Yes. Hide your profile');

    await user.clear(question);
    await user.type(question, 'Can I hide my profile?');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Active' }));
    await user.click(screen.getByRole('button', { name: 'Update Faq' }));

    expect(await screen.findByText('Faq updated successfully!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/faq'));
    const [call] = await apiCalls(`/api/faq/update/${faq._id}`);
    expect(call?.method).toBe('PATCH');
    expect(call?.body).toEqual({ question: 'Can I hide my profile?', answer: faq.answer, enabled: true });
    expect(within(await rowOf('Can I hide my profile?')).getByText('Active')).toBeInTheDocument();
  });

  it("keeps every typed value when the server refuses, showing the server's message", async () => {
    server.use(
      http.post('*/api/faq/create', () =>
        HttpResponse.json({ success: false, message: 'A FAQ with this question exists' }, { status: 409 }),
      ),
    );
    const { user, router } = renderApp('/faq/add');
    await user.type(await screen.findByLabelText('Question'), 'Duplicate?');
    await user.type(screen.getByRole('textbox', { name: 'Answer' }), 'Some answer');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Inactive' }));
    await user.click(screen.getByRole('button', { name: 'Add Faq' }));

    const notification = await screen.findByRole('alert');
    expect(within(notification).getByText('Info')).toBeInTheDocument();
    expect(within(notification).getByText('A FAQ with this question exists')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/faq/add');
    expect(screen.getByLabelText('Question')).toHaveValue('Duplicate?');
    expect(screen.getByRole('textbox', { name: 'Answer' })).toHaveTextContent('Some answer');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('Inactive');
    expect(screen.getByRole('button', { name: 'Add Faq' })).toBeEnabled();
  });

  it('keeps every value of the update form when the save answers success:false', async () => {
    server.use(
      http.patch('*/api/faq/update/:id', () =>
        HttpResponse.json({ success: false, message: 'Question is too long' }),
      ),
    );
    const faq = await faqAsked('How do I reset my password?');
    const { user, router } = renderApp(`/faq/update/${faq._id}`);
    const question = await screen.findByLabelText('Question');
    await user.clear(question);
    await user.type(question, 'A changed question?');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Inactive' }));
    await user.click(screen.getByRole('button', { name: 'Update Faq' }));

    expect(
      await screen.findByText('Question is too long', { selector: '.mantine-Notification-description' }),
    ).toBeVisible();
    expect(screen.queryByText('Faq updated successfully!')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/faq/update/${faq._id}`);
    expect(screen.getByLabelText('Question')).toHaveValue('A changed question?');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('Inactive');
  });

  it('goes back to the list with the Back button', async () => {
    const { user, router } = renderApp('/faq/add');
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/faq'));
  });

  it('shows the server message when the record does not exist', async () => {
    renderApp('/faq/update/ffffffffffffffffffffffff');
    expect(await screen.findByText('Could not load this data')).toBeInTheDocument();
    expect(screen.getAllByText('Faq not found').length).toBeGreaterThan(0);
  });
});

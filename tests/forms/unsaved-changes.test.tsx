import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { api } from '../support/api-server';
import { server } from '../support/msw';
import { apiCalls } from '../support/request-log';
import { renderApp } from '../support/render';

/** The names (or questions) of what the server holds at a listAll path: where a save should have landed. */
const storedAt = async (path: string, key: 'name' | 'question') =>
  (await api.get<Record<string, unknown>[]>(`/api/${path}`)).map((record) => record[key]);

const leaveDialog = () => screen.findByRole('dialog', { name: 'Leave this page?' });
const usersLink = () => within(screen.getByRole('navigation')).getByRole('link', { name: 'Users' });

async function typeQuestion(user: ReturnType<typeof renderApp>['user'], text: string) {
  await user.type(await screen.findByLabelText('Question'), text);
}

describe('leaving a form with unsaved edits', () => {
  it('asks before a menu link leaves, and stays with every typed value on Stay', async () => {
    const { user, router } = renderApp('/faq/add');
    await typeQuestion(user, 'Half-written question');
    await user.click(usersLink());

    const dialog = await leaveDialog();
    expect(
      within(dialog).getByText('You have unsaved changes. If you leave now, they will be lost.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/faq/add');
    expect(screen.getByLabelText('Question')).toHaveValue('Half-written question');
  });

  it('leaves on Leave', async () => {
    const { user, router } = renderApp('/faq/add');
    await typeQuestion(user, 'Never mind');
    await user.click(usersLink());
    await user.click(within(await leaveDialog()).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/users'));
  });

  it('asks before the Back button leaves', async () => {
    const { user, router } = renderApp('/faq/add');
    await typeQuestion(user, 'Draft');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(within(await leaveDialog()).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/faq'));
  });

  it('does not ask when nothing was changed', async () => {
    const { user, router } = renderApp('/faq/add');
    await screen.findByLabelText('Question');
    await user.click(usersLink());
    await waitFor(() => expect(router.state.location.pathname).toBe('/users'));
    expect(screen.queryByRole('dialog', { name: 'Leave this page?' })).not.toBeInTheDocument();
  });

  it('does not ask after a successful save', async () => {
    const { user, router } = renderApp('/faq/add');
    await typeQuestion(user, 'Is the app free?');
    await user.type(screen.getByRole('textbox', { name: 'Answer' }), 'Yes.');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Active' }));
    await user.click(screen.getByRole('button', { name: 'Add Faq' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/faq'));
    expect(screen.queryByRole('dialog', { name: 'Leave this page?' })).not.toBeInTheDocument();
    expect(await storedAt('faq/listAll', 'question')).toContain('Is the app free?');
  });

  it('asks the browser to confirm closing the tab only while edits are unsaved', async () => {
    const { user } = renderApp('/faq/add');
    await screen.findByLabelText('Question');
    const closeTab = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(closeTab()).toBe(false);
    await typeQuestion(user, 'Unsaved');
    expect(closeTab()).toBe(true);
  });
});

describe('a session that expires while a form holds unsaved input', () => {
  it('asks for the password over the page and keeps what was typed', async () => {
    server.use(
      http.post(
        '*/api/faq/create',
        () => HttpResponse.json({ success: false, message: 'jwt expired' }, { status: 401 }),
        { once: true },
      ),
    );
    const { user, router } = renderApp('/faq/add');
    await typeQuestion(user, 'Typed before the expiry');
    await user.type(screen.getByRole('textbox', { name: 'Answer' }), 'Kept answer');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Active' }));
    await user.click(screen.getByRole('button', { name: 'Add Faq' }));

    const dialog = await screen.findByRole('dialog', {
      name: 'Your session has expired. Please sign in again.',
    });
    expect(router.state.location.pathname).toBe('/faq/add');
    expect(localStorage.getItem('accessToken')).toBeNull();

    await user.type(within(dialog).getByLabelText('Email'), 'admin@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'Admin@123');
    await user.click(within(dialog).getByRole('button', { name: 'Login' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(localStorage.getItem('accessToken')).not.toBeNull();
    expect(router.state.location.pathname).toBe('/faq/add');
    expect(screen.getByLabelText('Question')).toHaveValue('Typed before the expiry');
    expect(screen.getByRole('textbox', { name: 'Answer' })).toHaveTextContent('Kept answer');

    await user.click(screen.getByRole('button', { name: 'Add Faq' }));
    expect(await screen.findByText('Faq added successfully!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/faq'));
    const creates = await apiCalls('/api/faq/create');
    expect(creates).toHaveLength(2);
    expect(creates[1]!.headers.get('authorization')).toBe(`Bearer ${localStorage.getItem('accessToken')}`);
    expect(await storedAt('faq/listAll', 'question')).toContain('Typed before the expiry');
  });

  it('goes to sign in as usual when the admin discards the changes', async () => {
    server.use(
      http.post('*/api/faq/create', () =>
        HttpResponse.json({ success: false, message: 'jwt expired' }, { status: 401 }),
      ),
    );
    const { user, router } = renderApp('/faq/add');
    await typeQuestion(user, 'Throw away');
    await user.type(screen.getByRole('textbox', { name: 'Answer' }), 'x');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Active' }));
    await user.click(screen.getByRole('button', { name: 'Add Faq' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Your session has expired. Please sign in again.',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Discard my changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('Your session has expired. Please sign in again.')).toBeInTheDocument();
    expect(await storedAt('faq/listAll', 'question')).not.toContain('Throw away');
  });
});

describe('the generic catalogue form', () => {
  it('asks before leaving with edits, and not after saving', async () => {
    const { user, router } = renderApp('/languages/add');
    await user.type(await screen.findByLabelText('Name'), 'Basque');
    await user.click(usersLink());
    await user.click(within(await leaveDialog()).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/languages/add');

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Active' }));
    await user.click(screen.getByRole('button', { name: 'Add Language' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/languages'));
    expect(screen.queryByRole('dialog', { name: 'Leave this page?' })).not.toBeInTheDocument();
    expect(await storedAt('language/listAll', 'name')).toContain('Basque');
  });
});

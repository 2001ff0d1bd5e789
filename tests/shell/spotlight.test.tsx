import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MENU } from '@/app/layout/menu';
import { api } from '../support/api-server';
import { apiCalls } from '../support/request-log';
import { renderApp } from '../support/render';

type Member = { _id: string; name: string; surname: string; email: string };

const DIALOG = 'Jump to a screen or user';
const searchBox = () => screen.findByRole('textbox', { name: 'Search screens and users' });

async function openFromTopBar() {
  const view = renderApp('/faq');
  const opener = await screen.findByRole('button', { name: 'Search Ctrl K' });
  await view.user.click(opener);
  const dialog = await screen.findByRole('dialog', { name: DIALOG });
  return { ...view, opener, dialog };
}

describe('jump to anything', () => {
  it('opens from the top bar, showing its shortcut, and lists every screen of the menu', async () => {
    const { opener, dialog } = await openFromTopBar();
    expect(opener).toHaveTextContent(/Search\s*Ctrl K/);
    expect(opener).toHaveAccessibleDescription('Search screens and users');
    expect(opener).toHaveAttribute('aria-keyshortcuts', 'Control+K');
    expect(await searchBox()).toHaveFocus();
    const labels = within(dialog)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(labels).toEqual(MENU.map((item) => item.label));
  });

  it('filters the screens as the admin types and opens the chosen one with the keyboard', async () => {
    const { user, router, dialog } = await openFromTopBar();
    await user.type(await searchBox(), 'cat');
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Event Category', 'Blog Category']);
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/blog-category'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: DIALOG })).not.toBeInTheDocument());
  });

  it('opens with Ctrl+K or Cmd+K from the page, and Escape closes it and gives focus back', async () => {
    const { user, opener } = await openFromTopBar();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: DIALOG })).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());

    await user.click(await screen.findByRole('heading', { level: 1 }));
    await user.keyboard('{Control>}k{/Control}');
    expect(await screen.findByRole('dialog', { name: DIALOG })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: DIALOG })).not.toBeInTheDocument());

    await user.keyboard('{Meta>}k{/Meta}');
    expect(await screen.findByRole('dialog', { name: DIALOG })).toBeInTheDocument();
  });

  it('keeps what is typed right after the shortcut, while the search is still loading', async () => {
    const { user, router } = renderApp('/faq');
    await screen.findByRole('heading', { name: 'FAQ', level: 1 });
    await user.keyboard('{Control>}k{/Control}send');
    expect(await searchBox()).toHaveValue('send');
    const dialog = screen.getByRole('dialog', { name: DIALOG });
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Send Mail']);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/send-mail'));

    // Closed, the page's keys are its own again.
    await user.keyboard('xyz');
    await user.keyboard('{Control>}k{/Control}');
    expect(await searchBox()).toHaveValue('');
  });

  it("finds users through the users list's search call, once typing pauses, and opens the profile", async () => {
    const wanted = (await api.get<Member[]>('/api/admin/list?page=1&items=40'))[17]!;
    const typed = wanted.email.split('@')[0]!;
    const { user, router, dialog } = await openFromTopBar();
    await user.type(await searchBox(), typed);

    const found = await within(dialog).findByRole('button', { name: new RegExp(wanted.email) });
    expect(found).toHaveTextContent(`${wanted.name} ${wanted.surname}`);
    const calls = await apiCalls('/api/admin/list');
    expect(calls.map((call) => call.query)).toEqual([
      { page: '1', items: '6', q: typed, fields: 'name,email,phoneNumber' },
    ]);

    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/users/${wanted._id}`));
  });

  it('asks nothing of the API under three characters, and says when nothing matches', async () => {
    const { user, dialog } = await openFromTopBar();
    await user.type(await searchBox(), 'zq');
    expect(await within(dialog).findByText('Nothing found')).toBeInTheDocument();
    await user.type(await searchBox(), 'x');
    await waitFor(async () => expect(await apiCalls('/api/admin/list')).toHaveLength(1));
    expect(await within(dialog).findByText('Nothing found')).toBeInTheDocument();
    expect((await apiCalls('/api/admin/list'))[0]?.query.q).toBe('zqx');
  });
});

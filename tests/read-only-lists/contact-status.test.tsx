import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { api, callApi, resetData, signedInNow, signInAs, testDb } from '../support/api-server';
import { apiCalls } from '../support/request-log';
import { renderApp, specOnlyApi, withoutFeatures } from '../support/render';

/**
 * Contact Us messages' status and escalation ('contact-status') in the console, against the reference server: the
 * status with who handled it, its filter, Mark handled / Reopen, "Escalate to the review queue"; and SPEC's list
 * unchanged where the API does not announce it.
 */

type Contact = {
  _id: string;
  title: string;
  email: string;
  status: 'Open' | 'Handled';
  handledBy: { _id: string; name: string } | null;
  caseId: string | null;
};
type Member = { _id: string; name: string; surname: string; email: string };
type Level = { _id: string; name: string; rank: number };

/** The messages, newest first as the server lists them. */
const contacts = async (query = '') =>
  (await callApi<{ result: Contact[] }>('GET', `/api/contact-us/list?page=1&limit=100${query}`)).body.result;
const members = async () => api.get<Member[]>('/api/admin/list?page=1&items=10');
const levels = async () =>
  [...(await api.get<{ levels: Level[] }>('/api/review-queue/levels')).levels].sort(
    (a, b) => a.rank - b.rank,
  );

const table = () => screen.findByRole('table', { name: 'Contact Us' }, { timeout: 5000 });
/** The table's row of the message titled `title`. */
const rowOf = async (title: string) =>
  (await within(await table()).findByText(title, {}, { timeout: 5000 })).closest('tr')!;

beforeEach(resetData);

describe('contact us with statuses', () => {
  it('shows each message’s status in words, and who handled one and when', async () => {
    const [newest, next] = await contacts();
    await api.patch(`/api/contact-us/${next!._id}/status`, { status: 'Handled' });
    renderApp('/contact-us');
    expect(
      await screen.findByRole('columnheader', { name: 'Status' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    const open = await rowOf(newest!.title);
    expect(within(open).getByText('Open')).toBeInTheDocument();
    expect(within(open).getByRole('button', { name: 'Mark handled' })).toBeInTheDocument();
    const handled = await rowOf(next!.title);
    expect(within(handled).getByText('Handled')).toBeInTheDocument();
    expect(within(handled).getByText(new RegExp(`^by ${signedInNow().admin.name}, `))).toBeInTheDocument();
    expect(within(handled).getByRole('button', { name: 'Reopen' })).toBeInTheDocument();
  });

  it('marks a message handled and reopens it, as the server then says', async () => {
    const [newest] = await contacts();
    const { user } = renderApp('/contact-us');
    const row = await rowOf(newest!.title);
    await user.click(within(row).getByRole('button', { name: 'Mark handled' }));
    expect(await screen.findByText('Marked handled')).toBeInTheDocument();
    await waitFor(async () => expect((await contacts())[0]).toMatchObject({ status: 'Handled' }));
    expect((await contacts())[0]!.handledBy?._id).toBe(signedInNow().admin._id);
    await user.click(await within(await rowOf(newest!.title)).findByRole('button', { name: 'Reopen' }));
    await waitFor(async () =>
      expect((await contacts())[0]).toMatchObject({ status: 'Open', handledBy: null }),
    );
    expect(
      await within(await rowOf(newest!.title)).findByRole('button', { name: 'Mark handled' }),
    ).toBeVisible();
  });

  it('filters by status, in the URL and the call', async () => {
    const all = await contacts();
    await api.patch(`/api/contact-us/${all[3]!._id}/status`, { status: 'Handled' });
    const { user, router } = renderApp('/contact-us');
    await table();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Handled');
    await waitFor(() => expect(router.state.location.search).toBe('?status=Handled'));
    await waitFor(async () =>
      expect((await apiCalls('/api/contact-us/list')).at(-1)?.query).toEqual({
        page: '1',
        limit: '10',
        status: 'Handled',
      }),
    );
    await waitFor(async () => expect(within(await table()).getAllByRole('row')).toHaveLength(2));
    expect(within(await table()).getByText(all[3]!.title)).toBeInTheDocument();
    expect(screen.getByText('Showing 1–1 of 1')).toBeInTheDocument();
  });

  it('escalates a child safety message about a member found by name: the highest level, the member’s case', async () => {
    const [newest] = await contacts();
    const [member] = await members();
    const critical = (await levels())[0]!;
    const { user } = renderApp('/contact-us');
    await user.click(
      within(await rowOf(newest!.title)).getByRole('button', { name: 'Escalate to the review queue' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Escalate to the review queue' });
    const childSafety = within(dialog).getByRole('checkbox', { name: /Child safety/ });
    // Enabled once the levels are read.
    await waitFor(() => expect(childSafety).toBeEnabled());
    await user.click(childSafety);
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Priority level' })).toHaveValue(critical.name),
    );
    expect(within(dialog).getByRole('combobox', { name: 'Priority level' })).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: /^Member the message is about/ }));
    await user.paste(member!.email);
    await user.click(
      await screen.findByRole('option', { name: new RegExp(member!.email) }, { timeout: 5000 }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Escalate' }));
    expect(await screen.findByText('Escalated to the review queue')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const caseId = (await contacts())[0]!.caseId;
    expect(caseId).toMatch(/^[0-9a-f]{24}$/);
    const view = await api.get<{
      item: { subject: { _id: string } | null; level: Level | null };
      contacts: { _id: string }[];
    }>(`/api/review-queue/${caseId}/case`);
    expect(view.item.subject?._id).toBe(member!._id);
    expect(view.item.level?._id).toBe(critical._id);
    expect(view.contacts.map((contact) => contact._id)).toEqual([newest!._id]);
    // The row now links to its case, and offers no second escalation.
    const row = await rowOf(newest!.title);
    expect(await within(row).findByRole('link', { name: 'In the review queue' })).toHaveAttribute(
      'href',
      `/queue/${caseId}`,
    );
    expect(
      within(row).queryByRole('button', { name: 'Escalate to the review queue' }),
    ).not.toBeInTheDocument();
  });

  it('offers the member whose e-mail sent the message first, and escalates on them at the level chosen', async () => {
    const [newest] = await contacts();
    const [member] = await members();
    // No API writes a contact message: this one comes from a member's address.
    await testDb().run('UPDATE contacts SET email = $1 WHERE id = $2', [
      member!.email.toUpperCase(),
      newest!._id,
    ]);
    const lowest = (await levels()).at(-1)!;
    const { user } = renderApp('/contact-us');
    await user.click(
      within(await rowOf(newest!.title)).getByRole('button', { name: 'Escalate to the review queue' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Escalate to the review queue' });
    await user.click(within(dialog).getByRole('combobox', { name: /^Member the message is about/ }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options[0]).toHaveTextContent(`(${member!.email}), whose e-mail sent this message`);
    await user.click(options[0]!);
    await user.click(within(dialog).getByRole('combobox', { name: 'Priority level' }));
    await user.click(await screen.findByRole('option', { name: lowest.name }));
    await user.click(within(dialog).getByRole('button', { name: 'Escalate' }));
    await waitFor(async () => expect((await contacts())[0]!.caseId).not.toBeNull());
    const view = await api.get<{ item: { subject: { _id: string } | null; level: Level | null } }>(
      `/api/review-queue/${(await contacts())[0]!.caseId}/case`,
    );
    expect(view.item.subject?._id).toBe(member!._id);
  });

  it('escalates at the rules’ level where the API has no priorities, and keeps the dialog open on a refusal', async () => {
    withoutFeatures('review-priorities');
    const [newest] = await contacts();
    const { user } = renderApp('/contact-us');
    await user.click(
      within(await rowOf(newest!.title)).getByRole('button', { name: 'Escalate to the review queue' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Escalate to the review queue' });
    expect(within(dialog).queryByRole('checkbox', { name: /Child safety/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: 'Priority level' })).not.toBeInTheDocument();
    // Another admin escalates it first: the server's refusal is shown, and the dialog stays.
    await api.post(`/api/contact-us/${newest!._id}/escalate`, {});
    await user.click(within(dialog).getByRole('button', { name: 'Escalate' }));
    expect(await screen.findByText('This message is already in the review queue')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Escalate to the review queue' })).toBeInTheDocument();
    const [call] = await apiCalls(`/api/contact-us/${newest!._id}/escalate`);
    expect(call?.body).toEqual({});
  });

  it('is for a role that handles contact messages: Support has the actions', async () => {
    await signInAs('support');
    const [newest] = await contacts();
    renderApp('/contact-us');
    const row = await rowOf(newest!.title);
    expect(within(row).getByRole('button', { name: 'Mark handled' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Escalate to the review queue' })).toBeInTheDocument();
  });

  it('offers no escalation where the API has no review cases', async () => {
    withoutFeatures('review-cases');
    const [newest] = await contacts();
    renderApp('/contact-us');
    const row = await rowOf(newest!.title);
    expect(within(row).getByRole('button', { name: 'Mark handled' })).toBeInTheDocument();
    expect(
      within(row).queryByRole('button', { name: 'Escalate to the review queue' }),
    ).not.toBeInTheDocument();
  });
});

describe('contact us against a SPEC-only API', () => {
  it('is SPEC’s list: its five columns, no status, no actions, page and limit alone', async () => {
    specOnlyApi();
    const [newest] = await contacts();
    renderApp('/contact-us');
    const row = await rowOf(newest!.title);
    const headers = within(await table())
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Title', 'Email', 'Phone No', 'Message', 'Created At']);
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Status' })).not.toBeInTheDocument();
    expect((await apiCalls('/api/contact-us/list')).map((call) => call.query)).toEqual([
      { page: '1', limit: '10' },
    ]);
  });
});

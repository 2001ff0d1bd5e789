import { render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TEMPLATE_MESSAGES } from '@contract/notice-templates';
import { AppProviders } from '@/app/providers';
import { recordLink } from '@/features/activity/record-links';
import { TemplatePicker } from '@/features/notice-templates/template-picker';
import { createQueryClient } from '@/lib/query-client';
import { api, resetData, signInAs } from '../support/api-server';
import { apiCalls } from '../support/request-log';
import { renderApp, signIn, specOnlyApi, withoutFeatures } from '../support/render';

/**
 * Warning and notice templates ('notice-templates', issue 43 point 4): the Owner's library under the review queue
 * (/queue/templates), read-only for the other queue readers, and the picker a moderator fills a warning with.
 */

type Template = {
  _id: string;
  kind: string;
  name: string;
  subject: string;
  body: string;
  policy: { _id: string; name: string } | null;
};
type Policy = { _id: string; message: string };

const templates = () => api.get<Template[]>('/api/notice-templates');
const templateNamed = async (name: string) => (await templates()).find((template) => template.name === name)!;
const policyNamed = async (message: string) =>
  (await api.get<Policy[]>('/api/reportelement/listAll')).find((policy) => policy.message === message)!;

const table = () => screen.findByRole('table', { name: 'Notice templates' });
const rowOf = async (name: string) =>
  (await within(await table()).findByText(name)).closest('tr') as HTMLElement;
/** The Name column's cells, top to bottom (a row may start with its selection checkbox). */
const shownNames = async () => {
  const shown = await table();
  const column = within(shown)
    .getAllByRole('columnheader')
    .findIndex((header) => header.textContent === 'Name');
  return within(shown)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelectorAll('td, th')[column]?.textContent);
};

beforeEach(resetData);

describe('the templates list', () => {
  it("lists the demo's templates with kind, policy and subject, and filters them by kind and policy", async () => {
    const listed = await templates();
    expect(listed.length).toBeGreaterThanOrEqual(5);
    const { user } = renderApp('/queue/templates');
    await waitFor(async () => expect(await shownNames()).toEqual(listed.map((template) => template.name)));
    for (const header of ['Name', 'Kind', 'Policy', 'Subject', 'Message', 'Action'])
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    const spam = within(await rowOf('Spam: first warning'));
    expect(spam.getByText('Warning')).toBeInTheDocument();
    expect(spam.getByText('Spam or scam')).toBeInTheDocument();
    expect(spam.getByText('A warning about spam')).toBeInTheDocument();
    expect(within(await rowOf('Suspension ending')).getByText('Any policy')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'Notice');
    await waitFor(async () => expect(await shownNames()).toEqual(['Suspension ending']));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'Warning');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Policy' }), 'Spam or scam');
    // A policy's templates are its own and those for any policy.
    await waitFor(async () => expect(await shownNames()).toEqual(['General warning', 'Spam: first warning']));
    const spamPolicy = await policyNamed('Spam or scam');
    expect((await apiCalls('/api/notice-templates')).at(-1)?.query).toEqual({
      kind: 'warning',
      policy: spamPolicy._id,
    });
  });

  it('adds a template, keeping what was typed and saying each refusal under its field', async () => {
    const { user, router } = renderApp('/queue/templates');
    await user.click(await screen.findByRole('link', { name: 'Add template' }));
    expect(await screen.findByRole('heading', { name: 'Add template' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add template' }));
    expect(await screen.findByText(TEMPLATE_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(TEMPLATE_MESSAGES.subjectRequired)).toBeInTheDocument();
    expect(screen.getByText(TEMPLATE_MESSAGES.bodyRequired)).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Photos warning');
    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'About your photos');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello {{{{member}}');
    await user.click(screen.getByRole('button', { name: 'Add template' }));
    expect(await screen.findByText(TEMPLATE_MESSAGES.unknownPlaceholder('member'))).toBeInTheDocument();
    expect((await apiCalls('/api/notice-templates')).filter((call) => call.method === 'POST')).toHaveLength(
      0,
    );

    const message = screen.getByRole('textbox', { name: 'Message' });
    await user.clear(message);
    await user.type(message, 'Hello {{{{member_name}}, your photos break our policy on {{{{policy}}.');
    await user.click(screen.getByRole('combobox', { name: 'Policy' }));
    await user.click(await screen.findByRole('option', { name: 'Fake profile' }));
    // The policy is deleted before the save: the server's refusal is said under Policy, and nothing typed is lost.
    await api.delete(`/api/reportelement/delete/${(await policyNamed('Fake profile'))._id}`);
    await user.click(screen.getByRole('button', { name: 'Add template' }));
    expect(await screen.findByText(TEMPLATE_MESSAGES.policyUnknown)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/queue/templates/add');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Photos warning');
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue(
      'Hello {{member_name}}, your photos break our policy on {{policy}}.',
    );

    await user.click(screen.getByRole('combobox', { name: 'Policy' }));
    await user.click(await screen.findByRole('option', { name: 'Any policy' }));
    await user.click(screen.getByRole('button', { name: 'Add template' }));
    expect(await screen.findByText('Template added')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/queue/templates'));
    expect(await rowOf('Photos warning')).toBeInTheDocument();
    const posts = (await apiCalls('/api/notice-templates')).filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[1]?.body).toEqual({
      kind: 'warning',
      policyId: null,
      name: 'Photos warning',
      subject: 'About your photos',
      body: 'Hello {{member_name}}, your photos break our policy on {{policy}}.',
    });
    expect(await templateNamed('Photos warning')).toMatchObject({ policy: null, kind: 'warning' });
  });

  it('edits a template from its row, prefilled, and saves the change', async () => {
    const target = await templateNamed('Suspension ending');
    const { user, router } = renderApp('/queue/templates');
    await user.click(within(await rowOf('Suspension ending')).getByRole('link', { name: 'Edit' }));
    expect(await screen.findByRole('heading', { name: 'Update template' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/queue/templates/${target._id}`);
    const subject = screen.getByRole('textbox', { name: 'Subject' });
    expect(subject).toHaveValue('Your suspension ends on {{end_date}}');
    expect(screen.getByRole('combobox', { name: 'Kind' })).toHaveValue('Notice');
    expect(screen.getByRole('combobox', { name: 'Policy' })).toHaveValue('Any policy');
    await user.clear(subject);
    await user.type(subject, 'Your account is back on {{{{end_date}}');
    await user.click(screen.getByRole('button', { name: 'Update template' }));
    expect(await screen.findByText('Template updated')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/queue/templates'));
    expect(
      await within(await rowOf('Suspension ending')).findByText('Your account is back on {{end_date}}'),
    ).toBeInTheDocument();
    expect((await templateNamed('Suspension ending')).subject).toBe('Your account is back on {{end_date}}');
  });

  it('passes axe on the list, the form with its errors, and the picker (in jsdom: contrast is left to e2e)', async () => {
    const noContrast = { rules: { 'color-contrast': { enabled: false } } };
    const list = renderApp('/queue/templates');
    await rowOf('Spam: first warning');
    expect((await axe.run(list.container, noContrast)).violations.map((violation) => violation.id)).toEqual(
      [],
    );
    list.unmount();
    const form = renderApp('/queue/templates/add');
    await form.user.click(await screen.findByRole('button', { name: 'Add template' }));
    await screen.findByText(TEMPLATE_MESSAGES.nameRequired);
    expect((await axe.run(form.container, noContrast)).violations.map((violation) => violation.id)).toEqual(
      [],
    );
    form.unmount();
  });

  it("is where the activity log's entry of a template leads", () => {
    expect(recordLink({ recordType: 'notice-template', recordId: 't1', exists: true })).toBe(
      '/queue/templates/t1',
    );
    expect(recordLink({ recordType: 'notice-template', recordId: 't1', exists: false })).toBeNull();
  });

  it('deletes a template after the confirmation', async () => {
    const target = await templateNamed('General warning');
    const { user } = renderApp('/queue/templates');
    await user.click(within(await rowOf('General warning')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to delete this item?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Template deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('General warning')).not.toBeInTheDocument());
    expect((await apiCalls(`/api/notice-templates/${target._id}`))[0]?.method).toBe('DELETE');
    expect((await templates()).map((template) => template.name)).not.toContain('General warning');
  });

  it('shows a Moderator the templates read-only, and keeps the form from them', async () => {
    await signInAs('moderator');
    const view = renderApp('/queue/templates');
    expect(await rowOf('Spam: first warning')).toBeInTheDocument();
    expect(screen.getByText('Only an Owner can change the templates.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add template' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Action' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Notice templates' })).toHaveAttribute(
      'href',
      '/queue/templates',
    );
    view.unmount();
    renderApp('/queue/templates/add');
    expect(
      await screen.findByRole('heading', { name: "You don't have access to this page" }),
    ).toBeInTheDocument();
  });

  it('is not there where the API does not announce it: no menu entry, no screen, no call', async () => {
    specOnlyApi();
    const view = renderApp('/queue/templates');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Notice templates' })).not.toBeInTheDocument();
    view.unmount();
    expect(await apiCalls('/api/notice-templates')).toHaveLength(0);
  });

  it('is not in the menu where every other extension is announced but this one', async () => {
    withoutFeatures('notice-templates');
    renderApp('/queue/templates');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Notice templates' })).not.toBeInTheDocument();
    expect(await apiCalls('/api/notice-templates')).toHaveLength(0);
  });
});

describe('the template picker', () => {
  function renderPicker(props: Parameters<typeof TemplatePicker>[0]) {
    signIn();
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <AppProviders queryClient={createQueryClient({ queries: { retryDelay: 0 } })} mantineEnv="test">
          {/* In the console it sits in the case page's main landmark. */}
          <main>
            <TemplatePicker {...props} />
          </main>
        </AppProviders>
      </MemoryRouter>,
    );
    return { user };
  }

  it("offers a policy's warnings, fills what it knows, and blocks sending while a placeholder is empty", async () => {
    await signInAs('moderator');
    const spam = await policyNamed('Spam or scam');
    const onSend = vi.fn();
    const onChange = vi.fn();
    const { user } = renderPicker({
      policyId: spam._id,
      values: { member_name: 'Ann Doe', policy: 'Spam or scam' },
      onSend,
      onChange,
    });
    const picker = await screen.findByRole('combobox', { name: 'Template' });
    await waitFor(() =>
      expect(
        within(picker)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Choose a template', 'General warning', 'Spam: first warning']),
    );
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();

    await user.selectOptions(picker, 'Spam: first warning');
    expect(screen.getByRole('textbox', { name: "The member's name" })).toHaveValue('Ann Doe');
    expect(
      screen.getByRole('textbox', { name: 'The policy (Report Element) the message cites' }),
    ).toHaveValue('Spam or scam');
    const facts = screen.getByRole('textbox', { name: 'The facts and circumstances' });
    expect(facts).toHaveValue('');
    expect(screen.getByText('Fill in {{facts}} before sending')).toBeInTheDocument();
    expect(send).toBeDisabled();
    expect(send).toHaveAccessibleDescription('Fill in {{facts}} before sending');
    await user.click(send);
    expect(onSend).not.toHaveBeenCalled();
    const preview = screen.getByRole('region', { name: 'Message to send' });
    expect(preview).toHaveTextContent('break our policy on Spam or scam: {{facts}}');

    await user.type(facts, 'Sent the same link to 40 members');
    expect(screen.queryByText('Fill in {{facts}} before sending')).not.toBeInTheDocument();
    expect(preview).toHaveTextContent('A warning about spam');
    expect(preview).toHaveTextContent(
      'Hello Ann Doe, We received reports that you sent messages that break our policy on Spam or scam: Sent the same link to 40 members',
    );
    expect(send).toBeEnabled();
    await user.click(send);
    const template = await templateNamed('Spam: first warning');
    expect(onSend).toHaveBeenCalledWith(
      expect.objectContaining({
        templateId: template._id,
        templateName: 'Spam: first warning',
        values: { member_name: 'Ann Doe', policy: 'Spam or scam', facts: 'Sent the same link to 40 members' },
        subject: 'A warning about spam',
        unfilled: [],
      }),
    );
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ unfilled: [] }));

    expect(
      (await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } })).violations.map(
        (violation) => violation.id,
      ),
    ).toEqual([]);

    // Emptied again, the placeholder blocks sending again.
    await user.clear(facts);
    expect(send).toBeDisabled();
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ unfilled: ['facts'] }));
  });
});

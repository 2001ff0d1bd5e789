import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import type { UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STALE_WRITE_TEXT } from '@/components/stale-write-dialog';
import { session } from '@/lib/core/session';
import { routeWithId } from '@/features/catalogues/define-catalogue';
import { loadCatalogues } from '@/features/catalogues/registry';
import { FAQ_TEXT } from '@/features/faq/strings';
import * as reload from '@/features/own-profile/reload';
import { CURRENT_PASSWORD_TEXT, PASSWORD_CHANGED_TEXT, PROFILE_TEXT } from '@/features/own-profile/strings';
import { POSTS_TEXT } from '@/features/posts/strings';
import { MAIL_TEXT } from '@/features/send-mail/strings';
import { api, resetData } from '../support/api-server';
import { CONSOLE_ADMIN } from '../support/api-fixture';
import { server } from '../support/msw';
import { renderApp, specOnlyApi } from '../support/render';
import { catalogueRecord, faqRecord, postRecord, type UpdatedRecord } from './records';

const CATALOGUES = await loadCatalogues();

/**
 * The one form controller (components/form/use-form-controller.ts) over every form, as an admin sees it: leaving
 * with unsaved edits asks, a save says SPEC's words and goes on (the own profile reloads), the first field in error
 * gets the focus, a refusal that names a field is said under that field (and, from a SPEC-only API, which names
 * none, in a notification as before), and an update over another admin's change asks first.
 */

type FormCase = {
  /** The form, ready to save as it stands once `fill` has run (an update form starts prefilled). */
  path: () => Promise<string>;
  fill?: (user: UserEvent) => Promise<void>;
  submit: string;
  /** The save call, as the API serves it. */
  write: { method: 'post' | 'patch'; path: string };
  /**
   * A text field of the form: its label, the request's name for it, whether it is rich text, and what typing keeps
   * it valid (added to its value, and typed alone).
   */
  field: { label: string; sent: string; html?: boolean; added?: string; alone?: string };
  success: string;
  /**
   * Where a save leads; 'reload': a full page load of the dashboard (SPEC 2.13), which says `success` once it has
   * loaded (the words are kept in sessionStorage across the reload).
   */
  then: string | 'reload';
  /** The record an update form edits, when it carries a version. */
  record?: UpdatedRecord;
};

const catalogueCases = CATALOGUES.map((catalogue): [string, FormCase] => {
  const record = catalogueRecord(catalogue);
  // The first field of free text (Setting has rich text alone).
  const field = catalogue.fields.find((candidate) => ['text', 'textarea', 'html'].includes(candidate.kind))!;
  return [
    catalogue.key,
    {
      path: async () => routeWithId(catalogue.routes.update, (await record.first())._id),
      submit: `Update ${catalogue.formTitle ?? catalogue.title}`,
      write: { method: 'patch', path: catalogue.api.update! },
      field: { label: field.label, sent: field.name, html: field.kind === 'html' },
      success: catalogue.messages.updated,
      then: catalogue.routes.list,
      record,
    },
  ];
});

const FORMS: [string, FormCase][] = [
  ...catalogueCases,
  [
    'faq',
    {
      path: async () => `/faq/update/${(await faqRecord.first())._id}`,
      submit: FAQ_TEXT.updateTitle,
      write: { method: 'patch', path: 'faq/update/:id' },
      field: { label: FAQ_TEXT.question, sent: 'question' },
      success: FAQ_TEXT.updated,
      then: '/faq',
      record: faqRecord,
    },
  ],
  [
    'post',
    {
      path: async () => `/post/update/${(await postRecord.first())._id}`,
      submit: POSTS_TEXT.updateTitle,
      write: { method: 'patch', path: 'post/update/:id' },
      field: { label: POSTS_TEXT.name, sent: 'name' },
      success: POSTS_TEXT.updated,
      then: '/post',
      record: postRecord,
    },
  ],
  [
    'send mail',
    {
      path: async () => '/send-mail/add',
      fill: async (user) => {
        await user.type(await screen.findByLabelText(MAIL_TEXT.subject), 'Hello');
        await user.type(screen.getByLabelText(MAIL_TEXT.body), 'A word for you.');
        await user.click(screen.getByRole('textbox', { name: MAIL_TEXT.selectUsers }));
        const listbox = screen.getByRole('listbox', { name: MAIL_TEXT.selectUsers });
        // An option shows the user's name and e-mail (issue 41, point 16): the first the picker's list answers.
        const [person] = await api.get<{ name: string; surname: string; email: string }[]>(
          '/api/admin/list?page=1&items=10&fields=name,surname',
        );
        const first = `${person!.name} ${person!.surname} ${person!.email}`;
        await user.click(await within(listbox).findByRole('option', { name: first }));
        await user.keyboard('{Escape}');
      },
      submit: MAIL_TEXT.send,
      write: { method: 'post', path: 'mail-send/create' },
      field: { label: MAIL_TEXT.subject, sent: 'title' },
      success: MAIL_TEXT.sent,
      then: '/send-mail',
    },
  ],
  [
    'own profile',
    {
      path: async () => '/profile',
      fill: async (user) => {
        // A password the admin password rule takes ('admin-password-rule': 12 characters or more, not common).
        await user.type(await screen.findByLabelText(PROFILE_TEXT.password), 'quiet-harbour-lantern-42');
        // 'profile-current-password': a new password needs the current one.
        const current = screen.queryByLabelText(CURRENT_PASSWORD_TEXT.label);
        if (current) await user.type(current, CONSOLE_ADMIN.password);
      },
      submit: PROFILE_TEXT.title,
      write: { method: 'patch', path: 'admin/profile/update' },
      field: { label: PROFILE_TEXT.email, sent: 'email', added: '.uk', alone: 'new@example.com' },
      // A new password was typed: with 'profile-current-password' the save says so too.
      success: PASSWORD_CHANGED_TEXT,
      then: 'reload',
    },
  ],
];

const fieldOf = (form: FormCase) =>
  form.field.html
    ? screen.findByRole('textbox', { name: form.field.label }, { timeout: 5000 })
    : screen.findByLabelText(form.field.label, { selector: 'input, textarea' }, { timeout: 5000 });

async function open(form: FormCase) {
  const path = await form.path();
  const app = renderApp(path);
  await fieldOf(form);
  await form.fill?.(app.user);
  return { ...app, path };
}

/**
 * SPEC 2.13's full page reload, as a browser makes it: once the current task is over, what was on screen goes
 * (notifications included) and the app starts again at `to` with what storage holds.
 */
function reloadLikeABrowser() {
  return vi.spyOn(reload, 'reloadTo').mockImplementation((to) => {
    setTimeout(() => {
      cleanup();
      notifications.clean();
      session.reload();
      renderApp(to, { signedIn: false });
    });
  });
}

// Each test starts from the demo data: the saves change the records (and the Owner's own e-mail and password).
beforeEach(resetData);

const submit = (user: UserEvent, form: FormCase) =>
  user.click(screen.getByRole('button', { name: form.submit }));

/** The save answers 400 with `message`, naming the form's field unless `named` is false. */
function refuseSave(form: FormCase, message: string, named = true) {
  server.use(
    http[form.write.method](`*/api/${form.write.path}`, () =>
      HttpResponse.json(
        { success: false, message, ...(named ? { field: form.field.sent } : {}) },
        { status: 400 },
      ),
    ),
  );
}

describe.each(FORMS)('the %s form', (_name, form) => {
  it('asks before leaving with unsaved edits; after a save it says so and goes on without asking', async () => {
    const reloadTo = reloadLikeABrowser();
    const { user, router, path } = await open(form);
    const field = await fieldOf(form);
    await user.type(field, form.field.added ?? ' edited');
    await user.click(within(screen.getByRole('navigation')).getByRole('link', { name: 'Users' }));
    const leave = await screen.findByRole('dialog', { name: 'Leave this page?' });
    await user.click(within(leave).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe(new URL(path, 'http://x').pathname);

    await submit(user, form);
    expect(await screen.findByText(form.success, {}, { timeout: 5000 })).toBeInTheDocument();
    if (form.then === 'reload') expect(reloadTo).toHaveBeenCalledWith('/dashboard');
    else await waitFor(() => expect(router.state.location.pathname).toBe(form.then));
    expect(screen.queryByRole('dialog', { name: 'Leave this page?' })).toBeNull();
  });

  it('focuses the first field in error, and says a refusal that names a field under that field', async () => {
    const { user } = await open(form);
    const field = await fieldOf(form);
    await user.clear(field);
    await submit(user, form);
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveAttribute('aria-invalid', 'true');

    refuseSave(form, 'The server refused this one');
    await user.type(field, form.field.alone ?? 'x');
    await user.click(document.body);
    await submit(user, form);
    await waitFor(() => expect(field).toHaveAccessibleDescription(/The server refused this one/));
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveAttribute('aria-invalid', 'true');
    // Said there alone: no notification repeats it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getAllByText('The server refused this one')).toHaveLength(1);
  });

  it('from a SPEC-only API, whose refusals name no field, notifies the refusal as before', async () => {
    specOnlyApi();
    const { user } = await open(form);
    refuseSave(form, 'Refused without a field', false);
    await submit(user, form);
    expect(await screen.findByText('Refused without a field')).toBeInTheDocument();
    expect(await fieldOf(form)).not.toHaveAttribute('aria-invalid', 'true');
  });

  it.runIf(Boolean(form.record))(
    'asks before saving over a change another admin saved meanwhile',
    async () => {
      const { user, path } = await open(form);
      const stored = await form.record!.read(path.split('/').at(-1)!);
      await form.record!.saveAsAnother(stored);
      await submit(user, form);
      expect(await screen.findByRole('dialog', { name: STALE_WRITE_TEXT.title })).toBeInTheDocument();
    },
  );
});

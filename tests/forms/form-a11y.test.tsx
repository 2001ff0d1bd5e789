import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadCatalogues } from '@/features/catalogues/registry';
import { renderApp } from '../support/render';

const CATALOGUES = await loadCatalogues();

/**
 * Every form of the console, submitted empty: each field in error says so (aria-invalid) and is tied to its message
 * (aria-describedby or aria-errormessage), every message shown belongs to a field, and the first field in error has
 * the focus, so a screen-reader or keyboard user lands on what to fix.
 */
type FormCase = {
  path: string;
  submit: string | RegExp;
  signedIn?: boolean;
  /** Prefilled fields to empty first (by label), so the submit is an empty one. */
  clear?: string[];
  /** Fields to fill first (by label), so that the first field in error is a particular adapter. */
  fill?: Record<string, string>;
};

const FORMS: [string, FormCase][] = [
  ...CATALOGUES.map((catalogue): [string, FormCase] => {
    const title = `Add ${catalogue.formTitle ?? catalogue.title}`;
    return [catalogue.routes.add, { path: catalogue.routes.add, submit: title }];
  }),
  ['/faq/add', { path: '/faq/add', submit: 'Add Faq' }],
  ['/post/add', { path: '/post/add', submit: 'Add Post' }],
  ['/send-mail/add', { path: '/send-mail/add', submit: 'Send' }],
  ['/faq/add, question filled (rich text)', { path: '/faq/add', submit: 'Add Faq', fill: { Question: 'Q' } }],
  [
    '/university/add, text filled (status select)',
    { path: '/university/add', submit: 'Add University', fill: { 'University Name': 'U', Description: 'D' } },
  ],
  [
    '/event/add, text filled (image picker)',
    { path: '/event/add', submit: 'Add Event', fill: { Name: 'N', Venue: 'V' } },
  ],
  [
    '/send-mail/add, text filled (user picker)',
    { path: '/send-mail/add', submit: 'Send', fill: { Subject: 'S', Body: 'B' } },
  ],
  ['/profile', { path: '/profile', submit: 'Update Profile', clear: ['Email'] }],
  ['/sign-in', { path: '/sign-in', submit: 'Login', signedIn: false }],
  ['/delete-account', { path: '/delete-account', submit: /delete/i, signedIn: false }],
];

/** The ids an element names in an ARIA reference attribute. */
const referenced = (element: Element, attribute: string) =>
  (element.getAttribute(attribute) ?? '').split(/\s+/).filter(Boolean);

describe.each(FORMS)('%s, submitted empty', (_path, form) => {
  it('marks each field in error, ties it to its message, and focuses the first', async () => {
    const { user } = renderApp(form.path, { signedIn: form.signedIn ?? true });
    // The first form with rich text or a date picker loads their code, slow on a busy machine.
    const submit = await screen.findByRole('button', { name: form.submit }, { timeout: 15_000 });
    // The heavy fields load after the rest of the form.
    await waitFor(() => expect(screen.queryByLabelText('Loading')).toBeNull(), { timeout: 15_000 });
    for (const label of form.clear ?? []) await user.clear(await screen.findByLabelText(label));
    for (const [label, value] of Object.entries(form.fill ?? {}))
      await user.type(await screen.findByLabelText(label), value);
    await user.click(submit);

    // Every message shown is tied to a field in error; the lazily loaded fields (rich text) may mark themselves a
    // render after the messages appear, so the whole picture is awaited together.
    const invalid = await waitFor(() => {
      const fields = [...document.querySelectorAll('[aria-invalid="true"]')];
      const tied = new Set<Element>(
        fields.flatMap((field) =>
          [...referenced(field, 'aria-describedby'), ...referenced(field, 'aria-errormessage')]
            .map((id) => document.getElementById(id))
            .filter((found) => found !== null),
        ),
      );
      const shown = [...document.querySelectorAll('.mantine-InputWrapper-error')];
      expect(shown.length).toBeGreaterThan(0);
      for (const message of shown)
        expect(tied.has(message), `"${message.textContent}" is tied to no field`).toBe(true);
      return fields;
    });

    for (const field of invalid) {
      const ids = [...referenced(field, 'aria-describedby'), ...referenced(field, 'aria-errormessage')];
      const text = ids
        .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
        .join(' ')
        .trim();
      expect(text, `${field.outerHTML.slice(0, 120)} names no message`).not.toBe('');
      // A field in error is one the user can reach: named, and focusable.
      expect(field.matches('input, textarea, select, button, [tabindex], [contenteditable="true"]')).toBe(
        true,
      );
    }

    await waitFor(() => expect(document.activeElement).toBe(invalid[0]));
  });
});

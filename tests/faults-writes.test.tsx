import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '@mocks/db';
import { routeWithId, type Catalogue, type Field } from '@/features/catalogues/define-catalogue';
import { CATALOGUES } from '@/features/catalogues/registry';
import { callsTo, FAULTS, fakeClock, inject, type Fault } from './fault-injector';
import { renderApp, TEST_TOKEN } from './render';

/**
 * Issue 12's fault matrix for writes: whatever way a save fails, every typed value and chosen file stays in the
 * form, the save went out exactly once, and the admin is told (the server's words, or the console's own sentence).
 */

type User = ReturnType<typeof renderApp>['user'];
type Write = {
  route: string;
  endpoint: string;
  screen: string;
  submit: string;
  /** What the call site shows for a failure without the server's words (SPEC 8's per-screen fallbacks). */
  fallback?: string;
  /** Changes the form as an admin would; returns the check that all of it is still there. */
  edit: (user: User) => Promise<() => void>;
};

const firstId = (catalogue: Catalogue) => db.catalogues[catalogue.api.list.split('/')[0]!]![0]!._id;
const image = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'chosen.png', { type: 'image/png' });
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
const TYPED = ' v2';
/** A screen's code loads on its first render in the file: slow on a busy machine. */
const FIRST_LOAD = { timeout: 15_000 };
/** The screen under test, also while a dialog hides it from the accessibility tree. */
const page = () => within(document.getElementById('main')!);
const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Appends to a field as typed text (one-line, several-line or rich text); returns the check. */
async function typeInto(user: User, field: Extract<Field, { label: string }>) {
  if (field.kind === 'html') {
    const editor = await screen.findByRole('textbox', { name: field.label }, FIRST_LOAD);
    await user.click(editor);
    await user.keyboard(TYPED);
    const expected = squeeze(editor.textContent ?? '');
    expect(expected).toContain(TYPED.trim());
    return () =>
      expect(
        squeeze(page().getByRole('textbox', { name: field.label, hidden: true }).textContent ?? ''),
      ).toBe(expected);
  }
  const input = await screen.findByLabelText<HTMLInputElement>(field.label, {}, FIRST_LOAD);
  await user.type(input, TYPED);
  const expected = input.value;
  expect(expected).toMatch(/ v2$/);
  return () => expect(page().getByLabelText(field.label)).toHaveValue(expected);
}

/** Every catalogue's update form (the registry's routes and calls): its first typed field, and a file if it has one. */
const CATALOGUE_WRITES = CATALOGUES.map((catalogue): Write & { withFile: boolean } => {
  const typed = catalogue.fields.find((field) => ['text', 'textarea', 'html'].includes(field.kind))!;
  const withFile = catalogue.fields.some((field) => field.kind === 'icon');
  return {
    route: routeWithId(catalogue.routes.update, firstId(catalogue)),
    endpoint: catalogue.api.update,
    screen: 'catalogue form',
    withFile,
    submit: `Update ${catalogue.formTitle ?? catalogue.title}`,
    fallback: catalogue.failures?.save,
    edit: async (user) => {
      const typedKept = await typeInto(user, typed);
      if (!withFile) return typedKept;
      await user.upload(fileInput(), image());
      return () => {
        typedKept();
        expect(page().getByText('chosen.png')).toBeInTheDocument();
      };
    },
  };
});

const WRITES: Write[] = [
  // A form with a file first: it stands for the generic form against every fault.
  ...CATALOGUE_WRITES.sort((a, b) => Number(b.withFile) - Number(a.withFile)),
  {
    route: `/faq/update/${db.faqs[0]!._id}`,
    endpoint: 'faq/update/:id',
    screen: 'faq form',
    submit: 'Update Faq',
    edit: (user) => typeInto(user, { kind: 'text', name: 'question', label: 'Question', required: '' }),
  },
  {
    route: '/profile',
    endpoint: 'admin/profile/update',
    screen: 'profile',
    submit: 'Update Profile',
    edit: async (user) => {
      await user.type(await screen.findByLabelText('Email', {}, FIRST_LOAD), '.uk');
      await user.type(screen.getByLabelText('New Password'), 'abc123');
      await user.upload(fileInput(), image());
      return () => {
        expect(page().getByLabelText('Email')).toHaveValue('admin@example.com.uk');
        expect(page().getByLabelText('New Password')).toHaveValue('abc123');
        expect(page().getByText('chosen.png')).toBeInTheDocument();
      };
    },
  },
];

/**
 * Which faults each write meets. What a failure does to a write (no retry, the message, the form left alone) happens
 * once, in the shared layer, so one form and one row action meet every fault; every other screen meets a failure
 * without words (its own fallback) and, on forms, an expiry (its unsaved input kept under the sign-in dialog); every
 * other endpoint of a screen meets the failure without words. The product would cost minutes and repeat one path.
 */
const WITHOUT_WORDS = FAULTS.find((fault) => fault.name === '502 (a proxy page)')!;
const EXPIRY = FAULTS.find((fault) => fault.endsSession)!;
function spread<Entry extends { screen: string }>(entries: Entry[], everyFault: string) {
  return entries.map((entry, index) => {
    const firstOfScreen = entries.findIndex((other) => other.screen === entry.screen) === index;
    const faults =
      entry.screen === everyFault && firstOfScreen
        ? FAULTS
        : firstOfScreen
          ? [WITHOUT_WORDS, EXPIRY]
          : [WITHOUT_WORDS];
    return { ...entry, faults };
  });
}
const MATRIX = spread(WRITES, 'catalogue form');

const writesTo = (endpoint: string) => callsTo(endpoint, 'writes');

let clock: ReturnType<typeof fakeClock> | undefined;
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  clock?.restore();
  clock = undefined;
});

async function notification(text: string) {
  return screen.findByText(text, { selector: '.mantine-Notification-description' }, { timeout: 10_000 });
}

describe.each(MATRIX)('saving $route', (write) => {
  it.each(write.faults)(
    '$name',
    async (fault: Fault) => {
      inject(fault, 'all', write.endpoint);
      const { user, router } = renderApp(write.route);
      const stillThere = await write.edit(user);
      // ky starts its timer as the call leaves: fake time must already be running.
      if (fault.name === 'timeout') clock = fakeClock();
      await user.click(screen.getByRole('button', { name: write.submit }));
      await waitFor(async () => expect(await writesTo(write.endpoint)).toHaveLength(1));
      if (clock) await clock.passLimit();

      if (fault.endsSession) {
        // DECISIONS "Forms": with unsaved input the admin signs in again over the form, which keeps everything.
        expect(
          await screen.findByRole('dialog', { name: 'Your session has expired. Please sign in again.' }),
        ).toBeInTheDocument();
        expect(localStorage.getItem('accessToken')).toBeNull();
      } else {
        const shown = fault.words ? fault.shown : (write.fallback ?? fault.shown);
        expect(await notification(shown)).toBeInTheDocument();
        expect(localStorage.getItem('accessToken')).toBe(TEST_TOKEN);
        expect(page().getByRole('button', { name: write.submit })).toBeEnabled();
      }
      expect(router.state.location.pathname).toBe(write.route);
      stillThere();
      expect(await writesTo(write.endpoint)).toHaveLength(1);
    },
    30_000,
  );
});

describe('a failed write, once the fault is gone', () => {
  it('goes through on the next submit, with what was typed', async () => {
    const write = MATRIX[0]!;
    const injected = inject(FAULTS[0]!, 'all', write.endpoint);
    const { user } = renderApp(write.route);
    await write.edit(user);
    await user.click(screen.getByRole('button', { name: write.submit }));
    await notification(FAULTS[0]!.shown);
    injected.lift();
    await user.click(screen.getByRole('button', { name: write.submit }));
    const sent = await screen.findByText(/updated successfully/, {
      selector: '.mantine-Notification-description',
    });
    expect(within(sent.closest('[role="alert"]')!).getByText('Success')).toBeInTheDocument();
    expect(await writesTo(write.endpoint)).toHaveLength(2);
  });
});

/** Writes without a form: a row's Delete (after its confirmation) and a user's Activate / Deactivate. */
type Action = {
  route: string;
  endpoint: string;
  screen: string;
  fallback?: string;
  act: (user: User) => Promise<void>;
};

async function deleteFirstRow(user: User) {
  await user.click((await screen.findAllByRole('button', { name: 'Delete' }, FIRST_LOAD))[0]!);
  const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to delete this item?' });
  await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
}

const ACTIONS: Action[] = [
  ...CATALOGUES.filter((catalogue) => catalogue.api.remove).map((catalogue) => ({
    route: catalogue.routes.list,
    endpoint: catalogue.api.remove!,
    screen: 'row delete',
    fallback: catalogue.failures?.remove?.failed,
    act: deleteFirstRow,
  })),
  { route: '/faq', endpoint: 'faq/delete/:id', screen: 'row delete', act: deleteFirstRow },
  { route: '/post', endpoint: 'post/delete/:id', screen: 'row delete', act: deleteFirstRow },
  {
    route: '/users',
    endpoint: 'admin/status/:userId',
    screen: 'user status',
    act: async (user) =>
      user.click((await screen.findAllByRole('button', { name: /^(Activate|Deactivate)$/ }, FIRST_LOAD))[0]!),
  },
];

const ACTION_MATRIX = spread(ACTIONS, 'row delete');

describe.each(ACTION_MATRIX)('$endpoint from $route', (action) => {
  it.each(action.faults)(
    '$name',
    async (fault: Fault) => {
      inject(fault, 'all', action.endpoint);
      const { user, router } = renderApp(action.route);
      if (fault.name === 'timeout') clock = fakeClock();
      await action.act(user);
      await waitFor(async () => expect(await writesTo(action.endpoint)).toHaveLength(1));
      if (clock) await clock.passLimit();

      if (fault.endsSession) {
        await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      } else {
        const shown = fault.words ? fault.shown : (action.fallback ?? fault.shown);
        expect(await notification(shown)).toBeInTheDocument();
        expect(localStorage.getItem('accessToken')).toBe(TEST_TOKEN);
        expect(router.state.location.pathname).toBe(action.route);
      }
      expect(await writesTo(action.endpoint)).toHaveLength(1);
    },
    30_000,
  );
});

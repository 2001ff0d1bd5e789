import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routeWithId, type Field } from '@/features/catalogues/define-catalogue';
import { loadCatalogues } from '@/features/catalogues/registry';
import { ApiError } from '@/lib/core/api-error';
import { CHOSEN_ICON, choose, fillCatalogueForm } from '../catalogues/catalogue-form';
import {
  callsTo,
  endpointKey,
  FAULTS,
  FULL_MATRIX,
  fakeClock,
  inject,
  servedEndpoints,
  type Fault,
} from '../support/fault-injector';
import { CONSOLE_ADMIN } from '../support/api-fixture';
import { api, resetData, signedInNow } from '../support/api-server';
import { mp4File, pngFile } from '../support/files';
import { renderApp, withoutFeatures } from '../support/render';
import { ageProofs } from '../support/step-up';
import { codeOf } from '../support/two-factor';
import {
  activeMember,
  claimedQueueItem,
  firstFaq,
  firstMember,
  firstMembers,
  firstPost,
  firstRecordOf,
  memberWithNote,
  miaWithTwoFactor,
  NEW_ADMIN_PASSWORD,
  openAppeal,
  openInvitation,
  ownerSignedInElsewhere,
  turnOnTwoFactor,
} from './demo-records';

const CATALOGUES = await loadCatalogues();

/**
 * Issue 12's fault matrix for writes: whatever way a save fails, every typed value and chosen file stays in the
 * form, the save went out exactly once, and the admin is told (the server's words, or the console's own sentence;
 * on the public pages only the server's words, as SPEC 8 asks). Every write the API serves is in it (see the end).
 */

type User = ReturnType<typeof renderApp>['user'];
/** What a case needs besides the demo data, made before the screen is rendered. */
type Setting = {
  /** The route, a record's as its pattern ('/faq/update/:faqId'), as the test's name says it. */
  route: string;
  /** The route with a record of the demo data in it, found as the test runs. */
  at?: () => Promise<string>;
  /** Records the case acts on that the demo data lacks, added once (demo-records.ts); the other cases may meet them. */
  needs?: () => Promise<unknown>;
  /**
   * A change to the signed-in Owner's account that no other case may meet (two-factor on, or required of every
   * admin): made on a fresh copy of the demo data, and the next case starts from a fresh copy again.
   */
  arrange?: () => Promise<unknown>;
};
type Write = Setting & {
  /** The route's path, where `route` carries a query (the page stays there after a failure). */
  path?: string;
  endpoint: string;
  screen: string;
  submit: string;
  /** What sets this case apart from another on the same route (in the test's name). */
  variant?: string;
  /** What the admin answers between the submit and the call (a confirmation). */
  confirm?: (user: User) => Promise<void>;
  /** What the call site shows for a failure without the server's words (SPEC 8's per-screen fallbacks). */
  fallback?: string;
  /**
   * A public page's write (sign-in, account deletion): made signed out and sent without a token, so a 401 is one more
   * refusal with words; SPEC 8 has a failure without the server's words only logged there.
   */
  public?: boolean;
  /** The button that sends it again after a failure, where it is not `submit` (a step that replaced the form). */
  again?: string;
  /** Changes the form as an admin would; returns the check that all of it is still there. */
  edit: (user: User) => Promise<() => void>;
  /** The write's method, where the endpoint also serves the screen's read (else every method fails). */
  method?: 'post' | 'patch';
};

// Files the server takes (it judges a file by its content): a save that reaches it stores them.
const image = () => pngFile('chosen.png');
const clip = () => mp4File('clip.mp4');
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
/** A form's file choosers, in order (a post's: Image 1, Image 2, Image 3, Video). */
const fileInputs = () => [...document.querySelectorAll<HTMLInputElement>('input[type="file"]')];
const TYPED = ' v2';
/** A screen's code loads on its first render in the file: slow on a busy machine. */
const FIRST_LOAD = { timeout: 15_000 };
/** The screen under test, also while a dialog hides it from the accessibility tree (a public page has no shell). */
const main = () => document.getElementById('main') ?? document.body;
const page = () => within(main());
/** A field's own control: a select's options, kept in the page, carry its label too. */
const CONTROL = { selector: 'input, textarea, button' };
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
    route: catalogue.routes.update,
    at: async () => routeWithId(catalogue.routes.update, await firstRecordOf(catalogue)),
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

/** What a catalogue form's field shows: its text, the chosen option or day, or the chosen file's name. */
function shownIn(field: Field) {
  if (field.kind === 'html')
    return squeeze(page().getByRole('textbox', { name: field.label, hidden: true }).textContent ?? '');
  const control = page().getByLabelText(field.label, CONTROL);
  return control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement
    ? control.value
    : squeeze(control.textContent ?? '');
}

/** Every catalogue's add form (the registry's routes and calls), every field filled and every image chosen. */
const CATALOGUE_ADDS = CATALOGUES.map((catalogue): Write & { withFile: boolean } => ({
  route: catalogue.routes.add,
  endpoint: catalogue.api.create,
  screen: 'catalogue add form',
  withFile: catalogue.fields.some((field) => field.kind === 'icon'),
  submit: `Add ${catalogue.formTitle ?? catalogue.title}`,
  fallback: catalogue.failures?.save,
  edit: async (user) => {
    // Rich text and the date picker load with the form: every field is there once they have.
    await waitFor(() => catalogue.fields.forEach(shownIn), FIRST_LOAD);
    await fillCatalogueForm(user, catalogue, 'kept');
    const filled = catalogue.fields.map((field) => ({ field, shown: shownIn(field) }));
    for (const { field, shown } of filled) {
      if (field.kind === 'icon') expect(shown, field.label).toBe(CHOSEN_ICON);
      else expect(shown, field.label).not.toBe('');
    }
    return () => {
      for (const { field, shown } of filled) expect(shownIn(field), field.label).toBe(shown);
    };
  },
}));

/** A post's name, its first image and its video: a post with files travels with upload progress (XMLHttpRequest). */
async function editPost(user: User) {
  const named = await typeInto(user, { kind: 'text', name: 'name', label: 'Name', required: '' });
  const [firstImage, , , video] = fileInputs();
  await user.upload(firstImage!, image());
  await user.upload(video!, clip());
  return () => {
    named();
    expect(page().getByLabelText('Image 1')).toHaveTextContent('chosen.png');
    expect(page().getByLabelText('Video')).toHaveTextContent('clip.mp4');
  };
}

/** The mail's subject and body; returns the check. */
async function writeMail(user: User) {
  await user.type(await screen.findByLabelText('Subject', {}, FIRST_LOAD), 'Maintenance tonight');
  await user.type(screen.getByLabelText('Body'), 'The app is down from 22:00.');
  return () => {
    expect(page().getByLabelText('Subject')).toHaveValue('Maintenance tonight');
    expect(page().getByLabelText('Body')).toHaveValue('The app is down from 22:00.');
  };
}
type Person = { name: string; surname: string; email: string };
const fullName = (person: Person) => `${person.name} ${person.surname}`;
/** Picks users by their option in the picker, which shows each one's name and e-mail (issue 41, point 16). */
async function pickRecipients(user: User, people: Person[]) {
  await user.click(screen.getByRole('textbox', { name: 'Select users' }));
  const list = screen.getByRole('listbox', { name: 'Select users' });
  for (const person of people)
    await user.click(
      await within(list).findByRole('option', { name: `${fullName(person)} ${person.email}` }),
    );
  await user.keyboard('{Escape}');
}
/** 'All Users', a choice of its own in Send to above the picker (issue 41, point 16). */
async function sendToAll(user: User) {
  await user.click(page().getByRole('radio', { name: 'All Users' }));
  expect(page().getByRole('radio', { name: 'All Users' })).toBeChecked();
}
/** Send to still says All Users, and the picker (disabled under it) holds no one. */
function stillToAll() {
  expect(page().getByRole('radio', { name: 'All Users', hidden: true })).toBeChecked();
  expect(page().getByRole('textbox', { name: 'Select users', hidden: true })).toBeDisabled();
  expect(pills()).toEqual([]);
}
/** The chosen recipients, as the picker's pills show them. */
const pills = () => [...main().querySelectorAll('.mantine-Pill-label')].map((pill) => pill.textContent);

/**
 * Two-factor on for the Owner, set up through the API (the codes the cases type are never right: every case fails
 * before they count).
 */
const withTwoFactor = () => turnOnTwoFactor();
/** Two-factor required of every admin (the Admins screen's switch, through the API). */
const twoFactorRequired = () => api.patch('/api/admin/security', { twoFactorRequired: true });
async function signInWithPassword(user: User) {
  await user.type(await screen.findByLabelText('Email', {}, FIRST_LOAD), CONSOLE_ADMIN.email);
  await user.type(screen.getByLabelText('Password'), CONSOLE_ADMIN.password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}
/** The own profile's Two-factor tab, chosen, once it has read the admin's two-factor. */
async function openTwoFactor(user: User) {
  await user.click(await screen.findByRole('tab', { name: 'Two-factor' }, FIRST_LOAD));
  const panel = await screen.findByRole('region', { name: 'Two-factor sign-in' }, FIRST_LOAD);
  await within(panel).findAllByRole('button', {}, FIRST_LOAD);
  return panel;
}

const WRITES: Write[] = [
  // A form with a file first: it stands for the generic form against every fault.
  ...CATALOGUE_WRITES.sort((a, b) => Number(b.withFile) - Number(a.withFile)),
  ...CATALOGUE_ADDS.sort((a, b) => Number(b.withFile) - Number(a.withFile)),
  {
    route: '/faq/update/:faqId',
    at: async () => `/faq/update/${await firstFaq()}`,
    endpoint: 'faq/update/:id',
    screen: 'faq form',
    submit: 'Update Faq',
    edit: (user) => typeInto(user, { kind: 'text', name: 'question', label: 'Question', required: '' }),
  },
  {
    route: '/faq/add',
    endpoint: 'faq/create',
    screen: 'faq add form',
    submit: 'Add Faq',
    edit: async (user) => {
      const question = await typeInto(user, {
        kind: 'text',
        name: 'question',
        label: 'Question',
        required: '',
      });
      const answer = await typeInto(user, { kind: 'html', name: 'answer', label: 'Answer', required: '' });
      await choose(user, 'Status', 'Active');
      return () => {
        question();
        answer();
        expect(page().getByLabelText('Status', CONTROL)).toHaveValue('Active');
      };
    },
  },
  // A post with files is the one write sent by XMLHttpRequest (upload progress): every fault again, on that path.
  {
    route: '/post/add',
    endpoint: 'post/create',
    screen: 'post add form',
    submit: 'Add Post',
    edit: editPost,
  },
  {
    route: '/post/update/:postId',
    at: async () => `/post/update/${await firstPost()}`,
    endpoint: 'post/update/:id',
    screen: 'post form',
    submit: 'Update Post',
    edit: editPost,
  },
  {
    route: '/send-mail/add',
    endpoint: 'mail-send/create',
    screen: 'send mail form',
    variant: 'to chosen users',
    submit: 'Send',
    edit: async (user) => {
      const chosen = (await firstMembers()).slice(0, 2);
      const written = await writeMail(user);
      await pickRecipients(user, chosen);
      expect(page().getByText('This mail will go to 2 users.')).toBeInTheDocument();
      return () => {
        written();
        expect(page().getByRole('radio', { name: 'Chosen users', hidden: true })).toBeChecked();
        expect(pills()).toEqual(chosen.map(fullName));
        expect(page().getByText('This mail will go to 2 users.')).toBeInTheDocument();
      };
    },
  },
  {
    route: '/send-mail/add',
    endpoint: 'mail-send/create',
    screen: 'send mail form',
    variant: 'to all users',
    submit: 'Send',
    confirm: async (user) => {
      const dialog = await screen.findByRole('dialog', { name: 'Send this mail to all users?' });
      await user.click(within(dialog).getByRole('button', { name: 'Send to all' }));
    },
    edit: async (user) => {
      const written = await writeMail(user);
      await sendToAll(user);
      const everyone = await page().findByText(/^This mail will go to all \d+ active users\.$/);
      const reach = everyone.textContent;
      return () => {
        written();
        stillToAll();
        expect(page().getByText(reach!)).toBeInTheDocument();
      };
    },
  },
  {
    route: '/send-mail/add',
    endpoint: 'mail-send/test',
    screen: 'send mail form',
    variant: 'a test to the admin first',
    submit: 'Send me a test first',
    edit: async (user) => {
      const written = await writeMail(user);
      await sendToAll(user);
      return () => {
        written();
        stillToAll();
      };
    },
  },
  {
    route: '/profile',
    endpoint: 'admin/profile/update',
    screen: 'profile',
    submit: 'Update Profile',
    edit: async (user) => {
      await user.type(await screen.findByLabelText('Email', {}, FIRST_LOAD), '.uk');
      // One the admin password rule accepts (issue 41, point 11): a shorter one is refused before any call.
      await user.type(screen.getByLabelText('New Password'), NEW_ADMIN_PASSWORD);
      await user.type(screen.getByLabelText('Current password'), CONSOLE_ADMIN.password);
      await user.upload(fileInput(), image());
      return () => {
        expect(page().getByLabelText('Email')).toHaveValue(`${CONSOLE_ADMIN.email}.uk`);
        expect(page().getByLabelText('New Password')).toHaveValue(NEW_ADMIN_PASSWORD);
        expect(page().getByLabelText('Current password')).toHaveValue(CONSOLE_ADMIN.password);
        expect(page().getByText('chosen.png')).toBeInTheDocument();
      };
    },
  },
  {
    route: '/sign-in',
    endpoint: 'login',
    screen: 'sign-in',
    submit: 'Login',
    public: true,
    edit: async (user) => {
      await user.type(await screen.findByLabelText('Email', {}, FIRST_LOAD), CONSOLE_ADMIN.email);
      await user.type(screen.getByLabelText('Password'), 'not-my-password');
      return () => {
        expect(page().getByLabelText('Email')).toHaveValue(CONSOLE_ADMIN.email);
        expect(page().getByLabelText('Password')).toHaveValue('not-my-password');
      };
    },
  },
  // Admin accounts (announced as admins): the invitation form, and the invitation's public page.
  {
    route: '/admins/invite',
    endpoint: 'admin/admins/invite',
    screen: 'invite admin',
    submit: 'Send invitation',
    edit: async (user) => {
      await user.type(await screen.findByLabelText('Name', {}, FIRST_LOAD), 'Nia New');
      await user.type(screen.getByLabelText('E-mail'), 'nia@example.com');
      await choose(user, 'Role', 'Support');
      return () => {
        expect(page().getByLabelText('Name')).toHaveValue('Nia New');
        expect(page().getByLabelText('E-mail')).toHaveValue('nia@example.com');
        expect(page().getByLabelText('Role', CONTROL)).toHaveValue('Support');
      };
    },
  },
  {
    route: '/invitation/:token',
    at: async () => `/invitation/${await openInvitation()}`,
    endpoint: 'invitation/accept',
    screen: 'invitation',
    submit: 'Set password',
    public: true,
    edit: async (user) => {
      await user.type(await screen.findByLabelText('Password', {}, FIRST_LOAD), NEW_ADMIN_PASSWORD);
      await user.type(screen.getByLabelText('Confirm password'), NEW_ADMIN_PASSWORD);
      return () => {
        expect(page().getByLabelText('Password')).toHaveValue(NEW_ADMIN_PASSWORD);
        expect(page().getByLabelText('Confirm password')).toHaveValue(NEW_ADMIN_PASSWORD);
      };
    },
  },
  // Appeals ('appeals'): the public request and the page its mailed link opens, and an admin's decision.
  {
    route: '/appeal',
    endpoint: 'appeal',
    screen: 'appeal',
    submit: 'Send appeal',
    public: true,
    edit: async (user) => {
      await user.type(await screen.findByLabelText('E-mail address', {}, FIRST_LOAD), 'member@example.com');
      await user.type(screen.getByLabelText('Reference'), 'R-ABCDEFGH');
      await user.type(screen.getByLabelText('Why should we review the decision?'), 'Please look again.');
      return () => {
        expect(page().getByLabelText('E-mail address')).toHaveValue('member@example.com');
        expect(page().getByLabelText('Reference')).toHaveValue('R-ABCDEFGH');
        expect(page().getByLabelText('Why should we review the decision?')).toHaveValue('Please look again.');
      };
    },
  },
  {
    route: `/appeal/confirm?token=${'t'.repeat(43)}`,
    path: '/appeal/confirm',
    endpoint: 'appeal/confirm',
    screen: 'appeal confirmation',
    submit: 'Confirm my appeal',
    public: true,
    edit: async () => {
      expect(await screen.findByRole('button', { name: 'Confirm my appeal' }, FIRST_LOAD)).toBeEnabled();
      return () => expect(page().getByText(/Confirm to send your appeal/)).toBeInTheDocument();
    },
  },
  {
    route: '/appeals/:appealId',
    at: async () => `/appeals/${await openAppeal()}`,
    endpoint: 'admin/appeals/:id/decide',
    screen: 'appeal decision',
    submit: 'Decide',
    confirm: async (user) => {
      const dialog = await screen.findByRole('dialog', { name: 'Reverse the restriction?' });
      await user.click(within(dialog).getByRole('button', { name: 'Reverse' }));
    },
    edit: async (user) => {
      await user.click(await screen.findByRole('radio', { name: 'Reverse' }, FIRST_LOAD));
      await user.type(screen.getByLabelText(/^Note/), 'A shared device.');
      return () => {
        expect(page().getByRole('radio', { name: 'Reverse' })).toBeChecked();
        expect(page().getByLabelText(/^Note/)).toHaveValue('A shared device.');
      };
    },
  },
  // Two-factor sign-in ('two-factor'): the code after the password, and the set-up when every admin must have it.
  {
    route: '/sign-in',
    endpoint: 'login/two-factor',
    screen: 'sign-in code',
    submit: 'Verify',
    public: true,
    arrange: withTwoFactor,
    edit: async (user) => {
      await signInWithPassword(user);
      await user.type(await screen.findByLabelText('Authentication code', {}, FIRST_LOAD), '123456');
      return () => expect(page().getByLabelText('Authentication code')).toHaveValue('123456');
    },
  },
  {
    route: '/sign-in',
    endpoint: 'login/two-factor/setup',
    screen: 'sign-in set-up',
    // The set-up is asked for as the password is taken; what remains is the way back to the password.
    submit: 'Login',
    again: 'Back to sign-in',
    public: true,
    arrange: twoFactorRequired,
    edit: async (user) => {
      await user.type(await screen.findByLabelText('Email', {}, FIRST_LOAD), CONSOLE_ADMIN.email);
      await user.type(screen.getByLabelText('Password'), CONSOLE_ADMIN.password);
      return () =>
        expect(page().getByRole('heading', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
    },
  },
  // After that set-up's first code, the recovery codes: saving them starts the session.
  {
    route: '/sign-in',
    variant: 'recovery codes',
    endpoint: 'login/two-factor/acknowledge',
    screen: 'sign-in recovery codes',
    submit: 'Continue',
    public: true,
    arrange: twoFactorRequired,
    edit: async (user) => {
      await signInWithPassword(user);
      const key = await screen.findByTestId('two-factor-key', {}, FIRST_LOAD);
      const code = codeOf(key.textContent!.replace(/\s/g, ''));
      await user.type(screen.getByLabelText('Authentication code'), code);
      await user.click(screen.getByRole('button', { name: 'Turn on and sign in' }));
      await user.click(
        await screen.findByRole('checkbox', { name: 'I have saved my recovery codes' }, FIRST_LOAD),
      );
      return () => expect(page().getByRole('list', { name: 'Recovery codes' })).toBeInTheDocument();
    },
  },
  // The own profile's Two-factor tab: turning it on, new recovery codes, turning it off.
  {
    route: '/profile',
    endpoint: 'admin/two-factor/confirm',
    screen: 'own two-factor',
    submit: 'Turn on',
    edit: async (user) => {
      const panel = await openTwoFactor(user);
      await user.click(await within(panel).findByRole('button', { name: 'Set up two-factor' }));
      await user.type(await within(panel).findByLabelText('Authentication code'), '123456');
      return () => expect(page().getByLabelText('Authentication code')).toHaveValue('123456');
    },
  },
  {
    route: '/profile',
    endpoint: 'admin/two-factor/recovery-codes',
    screen: 'own two-factor',
    submit: 'Get new recovery codes',
    arrange: withTwoFactor,
    edit: async (user) => {
      const panel = await openTwoFactor(user);
      await user.type((await within(panel).findAllByLabelText('Authentication code'))[0]!, '123456');
      return () => expect(page().getAllByLabelText('Authentication code')[0]).toHaveValue('123456');
    },
  },
  {
    route: '/profile',
    endpoint: 'admin/two-factor/disable',
    screen: 'own two-factor',
    submit: 'Turn off',
    arrange: withTwoFactor,
    edit: async (user) => {
      const panel = await openTwoFactor(user);
      await user.type(await within(panel).findByLabelText('Password'), CONSOLE_ADMIN.password);
      await user.type(within(panel).getAllByLabelText('Authentication code')[1]!, '654321');
      return () => {
        expect(page().getByLabelText('Password')).toHaveValue(CONSOLE_ADMIN.password);
        expect(page().getAllByLabelText('Authentication code')[1]).toHaveValue('654321');
      };
    },
  },
  // Notes on a member ('member-notes'): the profile's New note form (the same path lists the notes). The header's Add
  // note ('member-summary', the same form in a dialog) is left out, so that the form's Add note is the page's one.
  {
    route: '/users/:userId',
    at: async () => `/users/${(await firstMember())._id}`,
    needs: async () => withoutFeatures('member-summary'),
    endpoint: 'admin/notes/:userId',
    method: 'post',
    screen: 'member note',
    submit: 'Add note',
    edit: async (user) => {
      await user.click(await screen.findByRole('button', { name: 'New note' }, FIRST_LOAD));
      await user.type(await screen.findByLabelText('New note'), 'Asked about refunds');
      return () => expect(page().getByLabelText('New note')).toHaveValue('Asked about refunds');
    },
  },
  // Notice templates ('notice-templates'): an Owner's add and update forms under the review queue.
  {
    route: '/queue/templates/add',
    endpoint: 'notice-templates',
    method: 'post',
    screen: 'template add form',
    submit: 'Add template',
    edit: async (user) => {
      await user.type(await screen.findByLabelText('Name', {}, FIRST_LOAD), 'Photos warning');
      await user.type(screen.getByLabelText('Subject'), 'About your photos');
      await user.type(screen.getByLabelText('Message'), 'Hello {{{{member_name}}.');
      return () => {
        expect(page().getByLabelText('Name')).toHaveValue('Photos warning');
        expect(page().getByLabelText('Subject')).toHaveValue('About your photos');
        expect(page().getByLabelText('Message')).toHaveValue('Hello {{member_name}}.');
      };
    },
  },
  {
    route: '/queue/templates/:templateId',
    at: async () => `/queue/templates/${(await api.get<{ _id: string }[]>('/api/notice-templates'))[0]!._id}`,
    endpoint: 'notice-templates/:id',
    method: 'patch',
    screen: 'template form',
    submit: 'Update template',
    edit: (user) => typeInto(user, { kind: 'text', name: 'name', label: 'Name', required: '' }),
  },
  {
    route: '/delete-account',
    endpoint: 'user/delete-account/:email',
    screen: 'delete account',
    submit: 'Delete',
    public: true,
    edit: async (user) => {
      await user.type(await screen.findByLabelText('Email', {}, FIRST_LOAD), 'leaving@example.com');
      return () => expect(page().getByLabelText('Email')).toHaveValue('leaving@example.com');
    },
  },
];

/**
 * Which faults each write meets. What a failure does to a write (no retry, the message, the form left alone) happens
 * once, in the shared layer, so one form and one row action meet every fault, and so does each other way the shared
 * layer has: a post with files (sent by XMLHttpRequest, for its upload progress) and sign-in (a public write, silent
 * without words). Every other screen meets a failure without words (its own fallback) and, on forms, an expiry (its
 * unsaved input kept under the sign-in dialog); every other endpoint of a screen meets the failure without words.
 * Add and update forms are screens of their own (SPEC 2.2 routes them apart; they save through different hooks).
 * Measured on 2 cores against the old mock API (npx vitest run --project web tests/faults/faults-writes.test.tsx): every
 * write against every fault is 606 cases in 270-280 s (twice, at load 1 and at load 4), over the 150 s this file may
 * take; this spread is 132 cases in about 65 s (at load 3 to 6). Against the reference server it has not been measured
 * on a quiet machine (about 330 s at load 16).
 */
const WITHOUT_WORDS = FAULTS.find((fault) => fault.name === '502 (a proxy page)')!;
const EXPIRY = FAULTS.find((fault) => fault.endsSession)!;
function spread<Entry extends { screen: string }>(entries: Entry[], everyFault: string[]) {
  return entries.map((entry, index) => {
    const firstOfScreen = entries.findIndex((other) => other.screen === entry.screen) === index;
    const faults =
      FULL_MATRIX || (everyFault.includes(entry.screen) && firstOfScreen)
        ? FAULTS
        : firstOfScreen
          ? [WITHOUT_WORDS, EXPIRY]
          : [WITHOUT_WORDS];
    return { ...entry, faults };
  });
}
const MATRIX = spread(WRITES, ['catalogue form', 'post add form', 'sign-in']).map((write) => ({
  ...write,
  title: write.variant ? `${write.route} (${write.variant})` : write.route,
}));

const writesTo = (endpoint: string) => callsTo(endpoint, 'writes');

let clock: ReturnType<typeof fakeClock> | undefined;
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  clock?.restore();
  clock = undefined;
});

/** Whether the last case changed the Owner's account (its `arrange`): then the next one starts from a fresh copy. */
let arranged = false;
/** Makes what a case needs before its screen is rendered; the path to render (the route with its record). */
async function setUp(setting: Setting) {
  if (arranged || setting.arrange) await resetData();
  arranged = setting.arrange !== undefined;
  await setting.arrange?.();
  await setting.needs?.();
  return setting.at ? setting.at() : setting.route;
}

async function notification(text: string) {
  return screen.findByText(text, { selector: '.mantine-Notification-description' }, { timeout: 10_000 });
}

describe.each(MATRIX)('saving $title', (write) => {
  it.each(write.faults)(
    '$name',
    async (fault: Fault) => {
      const path = await setUp(write);
      inject(fault, write.method ?? 'all', write.endpoint);
      const { user, router } = renderApp(path, { signedIn: !write.public });
      const stillThere = await write.edit(user);
      // ky starts its timer as the call leaves: fake time must already be running.
      if (fault.name === 'timeout') clock = fakeClock();
      await user.click(screen.getByRole('button', { name: write.submit }));
      await write.confirm?.(user);
      await waitFor(async () => expect(await writesTo(write.endpoint)).toHaveLength(1));
      if (clock) await clock.passLimit();

      if (fault.endsSession && !write.public) {
        // DECISIONS "Forms": with unsaved input the admin signs in again over the form, which keeps everything.
        expect(
          await screen.findByRole('dialog', { name: 'Your session has expired. Please sign in again.' }),
        ).toBeInTheDocument();
        expect(localStorage.getItem('accessToken')).toBeNull();
      } else if (fault.words || !write.public) {
        const shown = fault.words ? fault.shown : (write.fallback ?? fault.shown);
        expect(await notification(shown)).toBeInTheDocument();
        expect(localStorage.getItem('accessToken')).toBe(write.public ? null : signedInNow().token);
        expect(page().getByRole('button', { name: write.again ?? write.submit })).toBeEnabled();
      } else {
        // SPEC 8: a public page's failure without the server's words is only logged.
        await waitFor(() => expect(console.error).toHaveBeenCalledWith(expect.any(ApiError)));
        await waitFor(() =>
          expect(page().getByRole('button', { name: write.again ?? write.submit })).toBeEnabled(),
        );
        expect(screen.queryByRole('alert')).not.toBeInTheDocument();
        expect(localStorage.getItem('accessToken')).toBeNull();
      }
      expect(router.state.location.pathname).toBe(write.path ?? path);
      stillThere();
      expect(await writesTo(write.endpoint)).toHaveLength(1);
    },
    30_000,
  );
});

describe('a failed write, once the fault is gone', () => {
  it('goes through on the next submit, with what was typed', async () => {
    const write = MATRIX[0]!;
    const path = await setUp(write);
    const injected = inject(FAULTS[0]!, 'all', write.endpoint);
    const { user } = renderApp(path);
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

describe('saving a record that was deleted meanwhile (another tab, another admin)', () => {
  it("says so with the server's words and offers the way back to its list", async () => {
    await setUp({ route: '/languages' });
    const [language] = await api.get<{ _id: string; name: string }[]>('/api/language/listAll');
    const { user, router } = renderApp(`/languages/update/${language!._id}`);
    const name = await screen.findByLabelText('Name', {}, FIRST_LOAD);
    await api.delete(`/api/language/delete/${language!._id}`);
    await user.type(name, ' (new)');
    await user.click(screen.getByRole('button', { name: 'Update Language' }));

    const dialog = await screen.findByRole('dialog', { name: 'Language not found' }, FIRST_LOAD);
    expect(await notification('Language not found')).toBeInTheDocument();
    // Keep editing leaves everything typed; the way back is there until it is taken.
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(screen.getByLabelText('Name')).toHaveValue(`${language!.name} (new)`);
    await user.click(screen.getByRole('button', { name: 'Update Language' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Language not found' })).getByRole('button', {
        name: 'Back to Languages',
      }),
    );
    // The edits have nowhere to go, as the dialog said: leaving asks nothing more.
    await waitFor(() => expect(router.state.location.pathname).toBe('/languages'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

/** Writes without a page's form: a row's Delete (after its confirmation), a user's Activate and Deactivate. */
type Action = Setting & {
  endpoint: string;
  screen: string;
  fallback?: string;
  act: (user: User) => Promise<void>;
  /** The write's method, where the endpoint also serves the screen's read or another write (else every method fails). */
  method?: 'patch' | 'delete';
  /** Where the failure is said, if not in a notification: finds `text` there. */
  said?: (text: string) => Promise<unknown>;
};

/** A member's profile with a note of the Owner's on it. */
const noteOnProfile = { route: '/users/:userId', at: async () => `/users/${await memberWithNote()}` };
/** The Admins screen with Mia Moderator, an admin with two-factor on, in its list. */
const adminsWithMia = { route: '/admins', needs: miaWithTwoFactor };
/** The review queue with an item the Owner has claimed. */
const queueWithClaim = { route: '/queue', needs: claimedQueueItem };
/** The own profile, while another browser is signed in to the Owner's account. */
const profileSignedInElsewhere = { route: '/profile', needs: ownerSignedInElsewhere };

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
      // Activate: one click (Deactivate asks for a reason first, 'status-reason').
      user.click((await screen.findAllByRole('button', { name: 'Activate' }, FIRST_LOAD))[0]!),
  },
  {
    // A deactivation ('restrictions'): the restriction's dialog writes it, and on a failure stays open with what was
    // typed, the failure said as every write's is.
    route: '/users/:userId',
    at: async () => `/users/${(await activeMember())._id}`,
    endpoint: 'admin/status/:userId',
    screen: 'restriction dialog',
    act: async (user) => {
      await user.click(await screen.findByRole('button', { name: 'Deactivate' }, FIRST_LOAD));
      const dialog = await screen.findByRole('dialog', { name: /^Deactivate / });
      await user.click(within(dialog).getAllByLabelText(/^Policy/)[0]!);
      await user.click(await screen.findByRole('option', { name: 'Inappropriate messages' }));
      await user.type(
        within(dialog).getByRole('textbox', { name: /^Facts and circumstances/ }),
        'Threats in chat',
      );
      await user.click(within(dialog).getByRole('radio', { name: 'Permanent' }));
      await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    },
    said: async (text) => {
      expect(await notification(text)).toBeInTheDocument();
      const dialog = screen.getByRole('dialog', { name: /^Deactivate / });
      expect(within(dialog).getByRole('textbox', { name: /^Facts and circumstances/ })).toHaveValue(
        'Threats in chat',
      );
    },
  },
  {
    // A chat report's case (announced as report-cases): Dismiss on its row, with no note.
    route: '/chat-report',
    endpoint: 'chat-report/case/:reportId',
    screen: 'report case',
    act: async (user) => {
      await user.click((await screen.findAllByRole('button', { name: 'Dismiss' }, FIRST_LOAD))[0]!);
      const dialog = await screen.findByRole('dialog', { name: 'Dismiss this report?' });
      await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    },
  },
  // Admin accounts (announced as admins): a row's Change role, Disable and End sessions on /admins.
  {
    ...adminsWithMia,
    endpoint: 'admin/admins/:id/role',
    screen: 'admin actions',
    act: async (user) => {
      await adminAction(user, 'Change role');
      const dialog = await screen.findByRole('dialog', { name: 'Change the role of Mia Moderator' });
      await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
      await user.click(await within(dialog).findByRole('option', { name: 'Support' }));
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    },
  },
  {
    ...adminsWithMia,
    endpoint: 'admin/admins/:id/status',
    screen: 'admin actions',
    act: async (user) => {
      await adminAction(user, 'Disable');
      const dialog = await screen.findByRole('dialog', { name: 'Disable Mia Moderator?' });
      await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    },
  },
  {
    ...adminsWithMia,
    endpoint: 'admin/admins/:id/sessions/end',
    screen: 'admin actions',
    act: async (user) => {
      await adminAction(user, 'End sessions');
      const dialog = await screen.findByRole('dialog', { name: 'End every session of Mia Moderator?' });
      await user.click(within(dialog).getByRole('button', { name: 'End sessions' }));
    },
  },
  // The Admins screen's "Require two-factor for every admin" ('two-factor'), switched on.
  {
    route: '/admins',
    endpoint: 'admin/security',
    method: 'patch',
    screen: 'security setting',
    act: async (user) =>
      user.click(
        await screen.findByRole('switch', { name: 'Require two-factor for every admin' }, FIRST_LOAD),
      ),
  },
  // Two-factor ('two-factor'): the own profile's set-up (the secret to scan).
  {
    route: '/profile',
    endpoint: 'admin/two-factor/setup',
    screen: 'own two-factor set-up',
    act: async (user) => {
      const panel = await openTwoFactor(user);
      await user.click(within(panel).getByRole('button', { name: 'Set up two-factor' }));
    },
  },
  // Step-up ('step-up'): the password asked for in place when an export needs a recent one; a failure is said under
  // the field, and the dialog keeps it.
  {
    route: '/users',
    endpoint: 'admin/step-up',
    screen: 'step-up',
    act: async (user) => {
      const table = await screen.findByRole('table', { name: 'Users' }, FIRST_LOAD);
      await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'));
      await ageProofs();
      await user.click(screen.getByRole('button', { name: 'Export CSV' }));
      const dialog = await screen.findByRole('dialog', { name: 'Confirm your password' });
      await user.type(within(dialog).getByLabelText(/Password/), CONSOLE_ADMIN.password);
      await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    },
    said: async (text) => {
      const dialog = screen.getByRole('dialog', { name: 'Confirm your password' });
      expect(await within(dialog).findByText(text)).toBeInTheDocument();
      expect(within(dialog).getByLabelText(/Password/)).toHaveValue(CONSOLE_ADMIN.password);
    },
  },
  {
    ...adminsWithMia,
    endpoint: 'admin/admins/:id/two-factor/reset',
    screen: 'admin actions',
    act: async (user) => {
      await adminAction(user, 'Reset two-factor');
      const dialog = await screen.findByRole('dialog', {
        name: 'Reset the two-factor sign-in of Mia Moderator?',
      });
      await user.click(within(dialog).getByRole('button', { name: 'Reset two-factor' }));
    },
  },
  // Notes on a member ('member-notes'): a note's Pin, and its Delete (after asking), on the profile.
  {
    ...noteOnProfile,
    endpoint: 'admin/notes/:userId/:noteId',
    method: 'patch',
    screen: 'member note actions',
    act: async (user) =>
      user.click((await screen.findAllByRole('button', { name: /^Pin the note of / }, FIRST_LOAD))[0]!),
  },
  {
    ...noteOnProfile,
    endpoint: 'admin/notes/:userId/:noteId',
    method: 'delete',
    screen: 'member note actions',
    act: async (user) => {
      await user.click(
        (await screen.findAllByRole('button', { name: /^Delete the note of / }, FIRST_LOAD))[0]!,
      );
      const dialog = await screen.findByRole('dialog', { name: 'Delete this note?' });
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    },
  },
  // The review queue ('review-queue'): Claim next, and a row's Claim and Release.
  {
    ...queueWithClaim,
    endpoint: 'review-queue/claim-next',
    screen: 'queue actions',
    act: async (user) => user.click(await screen.findByRole('button', { name: 'Claim next' }, FIRST_LOAD)),
  },
  {
    ...queueWithClaim,
    endpoint: 'review-queue/:id/claim',
    screen: 'queue actions',
    act: async (user) =>
      user.click((await screen.findAllByRole('button', { name: /^Claim Case: / }, FIRST_LOAD))[0]!),
  },
  {
    ...queueWithClaim,
    endpoint: 'review-queue/:id/release',
    screen: 'queue actions',
    act: async (user) =>
      user.click((await screen.findAllByRole('button', { name: /^Release Case: / }, FIRST_LOAD))[0]!),
  },
  // A case's decision ('review-cases'): Dismiss, then "Dismiss the case", on the case the Owner claimed.
  {
    route: '/queue/:id',
    at: async () => `/queue/${await claimedQueueItem()}`,
    endpoint: 'review-queue/:id/decide',
    screen: 'case decision',
    act: async (user) => {
      await user.click(await screen.findByRole('button', { name: 'Dismiss' }, FIRST_LOAD));
      await user.click(screen.getByRole('button', { name: 'Dismiss the case' }));
    },
  },
  // Contact Us ('contact-status'): a message's Mark handled, and its Escalate to the review queue (the dialog's
  // Escalate, the level as the rules say and no member), the dialog kept open with the failure said.
  {
    route: '/contact-us',
    endpoint: 'contact-us/:id/status',
    screen: 'contact actions',
    act: async (user) =>
      user.click((await screen.findAllByRole('button', { name: 'Mark handled' }, FIRST_LOAD))[0]!),
  },
  {
    route: '/contact-us',
    endpoint: 'contact-us/:id/escalate',
    screen: 'contact escalation',
    act: async (user) => {
      await user.click(
        (await screen.findAllByRole('button', { name: 'Escalate to the review queue' }, FIRST_LOAD))[0]!,
      );
      const dialog = await screen.findByRole('dialog', { name: 'Escalate to the review queue' });
      await user.click(within(dialog).getByRole('button', { name: 'Escalate' }));
    },
    said: async (text) => {
      expect(await notification(text)).toBeInTheDocument();
      const dialog = screen.getByRole('dialog', { name: 'Escalate to the review queue' });
      expect(within(dialog).getByRole('button', { name: 'Escalate' })).toBeEnabled();
    },
  },
  // Notice templates ('notice-templates'): a template's Delete on /queue/templates, after asking.
  {
    route: '/queue/templates',
    endpoint: 'notice-templates/:id',
    method: 'delete',
    screen: 'row delete',
    act: deleteFirstRow,
  },
  // Sessions ('sessions'): End on another session's row of the profile's Your sessions, and End all other sessions.
  {
    ...profileSignedInElsewhere,
    endpoint: 'admin/sessions/:id',
    screen: 'session end',
    act: async (user) => {
      const table = await openSessions(user);
      // The other browser's row: the Owner's other sessions (this file's earlier cases') are listed too.
      const row = within(table).getByText('198.51.100.7').closest('tr')!;
      await user.click(within(row).getByRole('button', { name: /^End / }));
      const dialog = await screen.findByRole('dialog', { name: 'End this session?' });
      await user.click(within(dialog).getByRole('button', { name: 'End' }));
    },
  },
  {
    ...profileSignedInElsewhere,
    endpoint: 'admin/sessions/end-others',
    screen: 'session end',
    act: async (user) => {
      await openSessions(user);
      await waitFor(() =>
        expect(page().getByRole('button', { name: 'End all other sessions' })).toBeEnabled(),
      );
      await user.click(page().getByRole('button', { name: 'End all other sessions' }));
      const dialog = await screen.findByRole('dialog', { name: 'End all other sessions?' });
      await user.click(within(dialog).getByRole('button', { name: 'End all other sessions' }));
    },
  },
];

/** Opens the Moderator's actions on /admins and chooses `action`. */
async function adminAction(user: User, action: string) {
  await user.click(await screen.findByRole('button', { name: 'Actions for Mia Moderator' }, FIRST_LOAD));
  await user.click(await screen.findByRole('menuitem', { name: action }));
}

/** The profile's Your sessions tab, chosen, once its list shows the other browser's row. */
async function openSessions(user: User) {
  await user.click(await screen.findByRole('tab', { name: 'Your sessions' }, FIRST_LOAD));
  const table = await screen.findByRole('table', { name: 'Your sessions' }, FIRST_LOAD);
  await within(table).findByText('198.51.100.7');
  return table;
}

const ACTION_MATRIX = spread(ACTIONS, ['row delete']);

describe.each(ACTION_MATRIX)('$endpoint from $route', (action) => {
  it.each(action.faults)(
    '$name',
    async (fault: Fault) => {
      const path = await setUp(action);
      inject(fault, action.method ?? 'all', action.endpoint);
      const { user, router } = renderApp(path);
      if (fault.name === 'timeout') clock = fakeClock();
      await action.act(user);
      await waitFor(async () => expect(await writesTo(action.endpoint)).toHaveLength(1));
      if (clock) await clock.passLimit();

      if (fault.endsSession) {
        await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      } else {
        const shown = fault.words ? fault.shown : (action.fallback ?? fault.shown);
        if (action.said) await action.said(shown);
        else expect(await notification(shown)).toBeInTheDocument();
        expect(localStorage.getItem('accessToken')).toBe(signedInNow().token);
        expect(router.state.location.pathname).toBe(path);
      }
      expect(await writesTo(action.endpoint)).toHaveLength(1);
    },
    30_000,
  );
});

// Logout ('sessions' announced) ends the session here whatever its call to the server meets: the server ends it at its
// idle timeout at the latest.
const LOGOUT_FAULTS = FULL_MATRIX
  ? FAULTS
  : [WITHOUT_WORDS, EXPIRY, FAULTS.find((fault) => fault.name === 'timeout')!];
describe('Logout, whose call to end the session on the server', () => {
  it.each(LOGOUT_FAULTS)(
    'meets $name: signed out all the same, the call sent once',
    async (fault: Fault) => {
      await setUp({ route: '/faq' });
      inject(fault, 'all', 'logout');
      const { user, router } = renderApp('/faq');
      if (fault.name === 'timeout') clock = fakeClock();
      await user.click(await screen.findByRole('button', { name: 'Logout' }, FIRST_LOAD));
      const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to logout?' });
      await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
      await waitFor(async () => expect(await writesTo('logout')).toHaveLength(1));
      if (clock) await clock.passLimit();
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect(localStorage.getItem('accessToken')).toBeNull();
      expect(await writesTo('logout')).toHaveLength(1);
    },
    30_000,
  );
});

describe('the write matrix', () => {
  it('has every write the API serves', () => {
    const covered = new Set(
      [...WRITES, ...ACTIONS, { endpoint: 'logout' }].map((write) => endpointKey(write.endpoint)),
    );
    // What the server answers that no screen of the console sends: the member's confirmation of an account deletion
    // (the form on the server's own page, opened by the link it mails the member), and the hobbies' create and update
    // at the paths the server answers besides SPEC's create-with-icon and update-with-icon (server/routes/resources.ts,
    // `also`), which the console sends.
    covered.add(endpointKey('user/delete-account/confirm'));
    covered.add(endpointKey('hobbies/create'));
    covered.add(endpointKey('hobbies/update/:id'));
    // The priority levels' save ('review-priorities', PUT): served for an Owner's editing of the levels, which no
    // screen of the console sends yet.
    covered.add(endpointKey('review-queue/levels'));
    expect(servedEndpoints('writes').filter((endpoint) => !covered.has(endpointKey(endpoint)))).toEqual([]);
  });
});

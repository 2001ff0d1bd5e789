import { screen, waitFor, within, type ByRoleMatcher } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { session } from '@/lib/core/session';
import { api } from '../support/api-server';
import { addPost, type Post } from '../support/posts';
import { renderApp, signIn } from '../support/render';

type Member = { _id: string; name: string; surname: string; email: string; image1: string | null };

/** The users list's first page, as the console asks for it (10 a page, the server's order). */
const firstMembers = () => api.get<Member[]>('/api/admin/list?page=1&items=10');
/** The demo data's first member in the list's order, whose id, name and e-mail the cases below use. */
let first: Member;
beforeAll(async () => {
  first = (await firstMembers())[0]!;
});

/**
 * WCAG 2.5.3 Label in Name (level A): a control's accessible name contains the text it shows, so that a voice-control
 * user can say what they see. The fixed controls by their names, then a sweep of every control on each screen and in
 * each dialog, the way axe's label-content-name-mismatch rule looks at them (and a little stricter).
 */

/** Roles whose name comes from their content when nothing overrides it: the ones whose shown text is their label. */
const NAMED_BY_CONTENT = new Set([
  'button',
  'link',
  'checkbox',
  'radio',
  'switch',
  'tab',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'option',
  'treeitem',
]);
/** Fields, whose shown label is their <label>. */
const FIELDS = ['textbox', 'searchbox', 'combobox', 'spinbutton', 'slider'];
const ROLES: ByRoleMatcher[] = [...NAMED_BY_CONTENT, ...FIELDS];

/** Words as axe compares them: case, punctuation and symbols (a '*', a '⌘') aside. */
const words = (text: string) =>
  text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);

/** Whether `label`'s words appear in `name`, together and in order. */
function labelInName(label: string, name: string) {
  const wanted = words(label);
  const said = words(name);
  return said.some((_, start) => wanted.every((word, index) => said[start + index] === word));
}

/** Text a sighted user sees inside `element`: its text nodes, joined as axe joins them (nothing in between). */
function shownText(element: Element) {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  let text = '';
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement?.closest('[hidden], .visually-hidden')) text += node.textContent ?? '';
  }
  return text.trim();
}

/**
 * The label a sighted user reads for `element`, or null when its name cannot differ from it: a field's <label>, or
 * the placeholder of a field without one that is named by aria-label; the content of a control whose name is set by
 * aria-label or aria-labelledby; else an icon button's title (its hover label).
 */
function shownLabel(element: HTMLElement, role: string) {
  const labels = 'labels' in element ? (element.labels as NodeListOf<HTMLLabelElement> | null) : null;
  if (labels?.length) return [...labels].map(shownText).join(' ').trim() || null;
  const overridden = element.hasAttribute('aria-label') || element.hasAttribute('aria-labelledby');
  if (!NAMED_BY_CONTENT.has(role)) return overridden ? element.getAttribute('placeholder') : null;
  const content = shownText(element);
  if (content) return overridden ? content : null;
  return element.getAttribute('title');
}

/** Every control on screen whose shown label could differ from its name: what each shows, and the mismatches. */
function sweep() {
  const checked: string[] = [];
  const mismatches: string[] = [];
  for (const role of ROLES) {
    screen.queryAllByRole(role, {
      name: (name, element) => {
        const label = shownLabel(element as HTMLElement, String(role));
        if (label === null) return false;
        checked.push(label);
        if (!labelInName(label, name)) mismatches.push(`${String(role)} named "${name}" shows "${label}"`);
        return false;
      },
    });
  }
  return { checked, mismatches };
}

/** The screen has its heading and its data: nothing marked busy or loading any more. */
async function settled() {
  await screen.findByRole('heading', { level: 1 }, { timeout: 15_000 });
  await waitFor(
    () =>
      expect(
        document.querySelector('[aria-busy="true"], [aria-label="Loading"], [aria-label^="Loading "]'),
      ).toBeNull(),
    { timeout: 15_000 },
  );
}

describe('the controls this issue found', () => {
  it('names the send-mail user picker by its visible label, with the search hint as its placeholder', async () => {
    renderApp('/send-mail/add');
    const picker = await screen.findByRole('textbox', { name: 'Select users' }, { timeout: 15_000 });
    expect(picker).toHaveAttribute('placeholder', 'Search users');
    expect(screen.queryByRole('textbox', { name: 'Search users' })).toBeNull();
  });

  it("names the top bar's search button by what it shows, and describes what it searches", async () => {
    renderApp('/faq');
    const button = await screen.findByRole('button', { name: 'Search Ctrl K' });
    expect(button).toHaveTextContent(/^Search\s+Ctrl K$/);
    expect(button).toHaveAccessibleDescription('Search screens and users');
    expect(button).toHaveAttribute('aria-keyshortcuts', 'Control+K');
  });

  it("starts the profile link's name with the name it shows", async () => {
    renderApp('/faq');
    const link = await screen.findByRole('link', { name: 'Admin User, your profile' });
    expect(link).toHaveTextContent(/^Admin$/);
  });

  it('shows and names the surname when the admin has no first name', async () => {
    signIn();
    session.update({ name: '' });
    renderApp('/faq', { signedIn: false });
    const link = await screen.findByRole('link', { name: 'User, your profile' });
    expect(link).toHaveTextContent(/^User$/);
  });

  it("gives the settings button's hover hint and name the same words", async () => {
    renderApp('/faq');
    expect(await screen.findByRole('button', { name: 'Open settings' })).toHaveAttribute(
      'title',
      'Open settings',
    );
  });

  it("shows a user's initial, not a button named 'View photo', when there is no photo to open", async () => {
    // Every sixth member of the demo data has no photos; the first page holds one.
    const members = await firstMembers();
    const bare = members.find((member) => !member.image1)!;
    const withPhoto = members.find((member) => member.image1)!;
    renderApp('/users');
    const table = await screen.findByRole('table', { name: 'Users' }, { timeout: 15_000 });
    const row = (await within(table).findByRole('link', { name: `${bare.name} ${bare.surname}` })).closest(
      'tr',
    )!;
    expect(within(row).getByText(bare.name[0]!.toUpperCase())).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /^View photo of / })).toBeNull();
    expect(within(table).getByRole('button', { name: `View photo of ${withPhoto.name}` })).toBeEnabled();
  });

  it("starts a post's media button's name with what it shows, with media or without", async () => {
    // Every post of the demo data has a photo: this one, the newest, is added with none.
    const bare = await addPost('A post without media');
    const posts = await api.get<Post[]>('/api/post/list?page=1&items=50');
    const withMedia = posts.find((post) => post.image1 && post.image2 && post.image3 && post.video)!;
    renderApp('/post?size=50');
    const table = await screen.findByRole('table', { name: 'Posts' }, { timeout: 15_000 });
    const noMedia = await within(table).findByRole('button', { name: `No media: ${bare.name}` });
    expect(noMedia).toHaveTextContent(/^No media$/);
    const media = within(table).getByRole('button', { name: `View media (4): ${withMedia.name}` });
    expect(media).toHaveTextContent(/^View media \(4\)$/);
  });
});

describe('labelInName', () => {
  it.each([
    ['Search Ctrl K', 'Search Ctrl K', true],
    ['Search ⌘ K', 'Search ⌘ K', true],
    ['SearchCtrl K', 'Search Ctrl K', false],
    ['Search Ctrl K', 'Search screens and users', false],
    ['Select users', 'Search users', false],
    ['Select users *', 'Select users', true],
    ['2', 'Page 2', true],
    ['View media (4)', 'View media (4): Walk', true],
    ['No media', 'View media of Walk', false],
    ['Settings', 'Open settings', true],
  ])('%j in the name %j: %s', (label, name, expected) => {
    expect(labelInName(label, name)).toBe(expected);
  });
});

type Case = {
  /** A function when the path holds an id of the demo data's. */
  path: string | (() => string);
  signedIn?: boolean;
  /** What to open or do once the screen has settled, so that its controls are checked too. */
  then?: (user: ReturnType<typeof renderApp>['user']) => Promise<unknown>;
};

const CASES: [string, Case][] = [
  ['/sign-in', { path: '/sign-in', signedIn: false }],
  ['/delete-account', { path: '/delete-account', signedIn: false }],
  ['/dashboard', { path: '/dashboard' }],
  ['/users', { path: '/users' }],
  ['a user profile', { path: () => `/users/${first._id}` }],
  ['/faq', { path: '/faq' }],
  ['/faq/add', { path: '/faq/add' }],
  ['/post', { path: '/post' }],
  ['/post/add', { path: '/post/add' }],
  ['/send-mail', { path: '/send-mail' }],
  [
    '/send-mail/add, the picker open',
    {
      path: '/send-mail/add',
      then: async (user) => {
        await user.click(screen.getByRole('textbox', { name: 'Select users' }));
        // 'All Users' is the 'Send to' radio above the picker (issue 41, point 16): the list holds users alone, each
        // shown with their name and e-mail.
        return within(screen.getByRole('listbox')).findByRole('option', {
          name: `${first.name} ${first.surname} ${first.email}`,
        });
      },
    },
  ],
  ['/event', { path: '/event' }],
  ['/event/add', { path: '/event/add' }],
  ['/university', { path: '/university' }],
  ['/setting', { path: '/setting' }],
  ['/contact-us', { path: '/contact-us' }],
  [
    'the contact escalation dialog',
    {
      path: '/contact-us',
      then: async (user) => {
        const [escalate] = await screen.findAllByRole(
          'button',
          { name: 'Escalate to the review queue' },
          { timeout: 5000 },
        );
        await user.click(escalate!);
        return screen.findByRole('dialog', { name: 'Escalate to the review queue' });
      },
    },
  ],
  ['/chat-report', { path: '/chat-report' }],
  ['/profile', { path: '/profile' }],
  [
    'the settings drawer',
    {
      path: '/faq',
      then: async (user) => {
        await user.click(screen.getByRole('button', { name: 'Open settings' }));
        return screen.findByRole('dialog', { name: 'Appearance' });
      },
    },
  ],
  [
    'jump to, with users found',
    {
      path: '/faq',
      then: async (user) => {
        await user.click(screen.getByRole('button', { name: 'Search Ctrl K' }));
        const dialog = await screen.findByRole('dialog', { name: 'Jump to a screen or user' });
        await user.type(within(dialog).getByRole('textbox'), first.name);
        return within(dialog).findByText(first.email, {}, { timeout: 5000 });
      },
    },
  ],
];

describe.each(CASES)('%s', (_where, { path, signedIn = true, then }) => {
  it('names every control with the label it shows (or starts with it)', async () => {
    const { user } = renderApp(typeof path === 'string' ? path : path(), { signedIn });
    await settled();
    await then?.(user);
    const { checked, mismatches } = sweep();
    expect(mismatches).toEqual([]);
    // The sweep looked at something: each screen has labelled fields or the top bar's profile link.
    expect(checked.length).toBeGreaterThan(0);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { db, nextId, type MockUser } from '@mocks/db';
import { renderApp, specOnlyApi } from '../support/render';

/**
 * Members are named by name and surname wherever the API gives both, and a confirmation that acts on a member names
 * their e-mail as well: with 13 Mateos among 300 members, a first name tells no one apart. A SPEC-only API sends
 * member references with their name alone, and the screens show that.
 */

/** Dialogs' code loads on first use: on a busy machine that takes more than a second. */
const WAIT = { timeout: 5000 };

let tanaka: MockUser;
let sato: MockUser;

/** Two members called Kenji, the first two of the users list, and a report by one about the other. */
beforeEach(() => {
  [tanaka, sato] = [db.users[0]!, db.users[1]!];
  Object.assign(tanaka, { name: 'Kenji', surname: 'Tanaka', email: 'kenji.t@example.com', enabled: true });
  Object.assign(sato, { name: 'Kenji', surname: 'Sato', email: 'k.sato@example.com', enabled: true });
  const participant = (user: MockUser) => ({
    _id: user._id,
    name: user.name,
    surname: user.surname,
    email: user.email,
  });
  const created = new Date(Date.UTC(2026, 11, 1, 9)).toISOString();
  db.chatReports.unshift({
    _id: nextId(),
    message: 'Asked for my bank details.',
    user: tanaka._id,
    created,
    createdAt: created,
    thread: { user_id: [participant(tanaka), participant(sato)] },
    status: 'Open',
    note: '',
    handledBy: null,
    handledAt: null,
  });
});

const rowOf = async (table: string, text: string) =>
  (
    await within(await screen.findByRole('table', { name: table }, { timeout: 5000 })).findByText(text)
  ).closest('tr')!;

describe('Chat Report', () => {
  it('names reporter and reported by name and surname, and asks to deactivate by name, surname and e-mail', async () => {
    const { user } = renderApp('/chat-report');
    const row = await rowOf('Chat Report', 'Asked for my bank details.');
    expect(within(row).getByRole('link', { name: 'Kenji Tanaka' })).toHaveAttribute(
      'href',
      `/users/${tanaka._id}`,
    );
    expect(within(row).getByRole('link', { name: 'Kenji Sato' })).toHaveAttribute(
      'href',
      `/users/${sato._id}`,
    );

    await user.click(within(row).getByRole('button', { name: 'Deactivate reported user' }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Deactivate Kenji Sato (k.sato@example.com)?' },
      WAIT,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  });

  it('against a SPEC-only API, shows the names it sends', async () => {
    specOnlyApi();
    renderApp('/chat-report');
    const row = await rowOf('Chat Report', 'Asked for my bank details.');
    expect(
      within(row)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Kenji', 'Kenji']);
  });
});

describe('the users list', () => {
  it("asks to deactivate a row's member by name, surname and e-mail", async () => {
    const { user } = renderApp('/users');
    const row = await rowOf('Users', 'k.sato@example.com');
    await user.click(within(row).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Deactivate Kenji Sato (k.sato@example.com)?' },
      WAIT,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sato.enabled).toBe(true);
  });

  it('says whom a bulk deactivation is about: the first three by name and e-mail, and how many more', async () => {
    const { user } = renderApp('/users');
    const table = await screen.findByRole('table', { name: 'Users' }, { timeout: 5000 });
    await within(table).findByText('k.sato@example.com');
    const active = db.users.filter((member) => member.enabled).slice(0, 4);
    for (const member of active)
      await user.click(
        within(table).getByRole('checkbox', { name: `Select ${member.name} ${member.surname}` }),
      );
    await user.click(screen.getByRole('button', { name: 'Deactivate selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate 4 users?' }, WAIT);
    const [first, second, third] = active.map(
      (member) => `${member.name} ${member.surname} (${member.email})`,
    );
    expect(
      within(dialog).getByText(`${first}, ${second}, ${third} and 1 more.`, { exact: false }),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  });

  it('against a SPEC-only API, the plain bulk confirmation names them too', async () => {
    specOnlyApi();
    const { user } = renderApp('/users');
    const table = await screen.findByRole('table', { name: 'Users' }, { timeout: 5000 });
    await within(table).findByText('k.sato@example.com');
    for (const member of [tanaka, sato])
      await user.click(
        within(table).getByRole('checkbox', { name: `Select ${member.name} ${member.surname}` }),
      );
    await user.click(screen.getByRole('button', { name: 'Deactivate selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate 2 users?' }, WAIT);
    expect(
      within(dialog).getByText('Kenji Tanaka (kenji.t@example.com), Kenji Sato (k.sato@example.com)'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  });
});

describe('the profile', () => {
  it('asks to deactivate its member by name, surname and e-mail', async () => {
    const { user } = renderApp(`/users/${sato._id}`);
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }, { timeout: 5000 }));
    expect(
      await screen.findByRole('dialog', { name: 'Deactivate Kenji Sato (k.sato@example.com)?' }, WAIT),
    ).toBeInTheDocument();
  });
});

describe('the lists that refer to members', () => {
  /** Kenji Sato created the first event, wrote the first post and the first feedback, and blocked Kenji Tanaka. */
  beforeEach(() => {
    const ref = (member: MockUser) => ({ _id: member._id, name: member.name, surname: member.surname });
    const [event] = db.catalogues.event as unknown as { userId: unknown; joinedUsers: unknown[] }[];
    Object.assign(event!, { userId: ref(sato), joinedUsers: [ref(tanaka)] });
    db.posts[0]!.userId = sato._id;
    Object.assign(db.feedbacks[0]!, {
      user: { ...ref(sato), email: sato.email, countryCode: '+81', phoneNumber: '5550100' },
    });
    Object.assign(db.chatBlocks[0]!, { blockBy: ref(sato), blockedUser: ref(tanaka) });
  });

  const eventName = () => String(db.catalogues.event![0]!.name);
  /** The list's first row, once its rows have come. */
  const firstRow = async (table: string) => {
    const shown = await screen.findByRole('table', { name: table }, { timeout: 5000 });
    await waitFor(() => expect(within(shown).getAllByRole('row').length).toBeGreaterThan(1), {
      timeout: 5000,
    });
    return within(shown).getAllByRole('row')[1]!;
  };

  /** The names of the members the list's first row (the event: its row) links to. */
  const linked = async (title: string) =>
    within(title === 'Events' ? await rowOf(title, eventName()) : await firstRow(title))
      .getAllByRole('link')
      .map((link) => link.textContent)
      .filter((text) => text?.startsWith('Kenji'));

  it.each([
    ['/event', 'Events', ['Kenji Sato']],
    ['/post', 'Posts', ['Kenji Sato']],
    ['/chat-block', 'Chat Block', ['Kenji Sato', 'Kenji Tanaka']],
  ] as const)('%s links each member by name and surname', async (path, title, full) => {
    renderApp(path);
    await waitFor(async () => expect(await linked(title)).toEqual(full));
  });

  it.each([
    ['/event', 'Events', ['Kenji']],
    ['/post', 'Posts', ['Kenji']],
    ['/chat-block', 'Chat Block', ['Kenji', 'Kenji']],
  ] as const)('%s against a SPEC-only API shows the name it sends', async (path, title, spec) => {
    specOnlyApi();
    renderApp(path);
    await waitFor(async () => expect(await linked(title)).toEqual(spec));
  });

  it("names a feedback's author by name and surname", async () => {
    renderApp('/feedbacks');
    expect(await within(await firstRow('Feedbacks')).findByText('Kenji Sato')).toBeInTheDocument();
  });

  it("names a feedback's author by name against a SPEC-only API", async () => {
    specOnlyApi();
    renderApp('/feedbacks');
    expect(await within(await firstRow('Feedbacks')).findByText('Kenji')).toBeInTheDocument();
  });

  it("lists an event's joined users by name and surname", async () => {
    const { user } = renderApp('/event');
    const row = await rowOf('Events', eventName());
    await user.click(within(row).getByRole('button', { name: /^Joined User: / }));
    const dialog = await screen.findByRole('dialog', { name: 'Joined User' }, WAIT);
    expect(await within(dialog).findByRole('link', { name: 'Kenji Tanaka' })).toHaveAttribute(
      'href',
      `/users/${tanaka._id}`,
    );
  });
});

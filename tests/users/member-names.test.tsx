import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, testDb } from '../support/api-server';
import { renderApp, specOnlyApi } from '../support/render';

/**
 * Members are named by name and surname wherever the API gives both, and a confirmation that acts on a member names
 * their e-mail as well: with 13 Mateos among 300 members, a first name tells no one apart. A SPEC-only API sends
 * member references with their name alone, and the screens show that.
 */

/** Dialogs' code loads on first use: on a busy machine that takes more than a second. */
const WAIT = { timeout: 5000 };

type Member = { _id: string; name: string; surname: string; email: string; enabled: boolean };
type Row = { _id: string; name?: string };

/** The first page of the users list, as the console asks for it (newest first). */
const firstMembers = () => api.get<Member[]>('/api/admin/list?page=1&items=10');
const memberOf = async (id: string) => api.get<Member>(`/api/user/read/${id}`);

let tanaka: Member;
let sato: Member;
/** The newest event, post, feedback and chat block: the first rows of their lists. */
let event: Row;
let post: Row;
let feedback: Row;
let block: Row;

/**
 * Two members called Kenji, the first two of the users list, and a report by one about the other, the newest; Kenji
 * Sato created the newest event (which Kenji Tanaka alone joined), wrote the newest post and feedback, and blocked
 * Kenji Tanaka in the newest chat block. Renaming a member, and a member's report, post, feedback and block, are a
 * member's own doing: no admin API writes them. The tests change nothing, so they share this data.
 */
beforeAll(async () => {
  const [first, second] = await firstMembers();
  const rename = (member: Member, surname: string, email: string) =>
    testDb().run('UPDATE users SET name = $2, surname = $3, email = $4, enabled = true WHERE id = $1', [
      member._id,
      'Kenji',
      surname,
      email,
    ]);
  await rename(first!, 'Tanaka', 'kenji.t@example.com');
  await rename(second!, 'Sato', 'k.sato@example.com');
  [tanaka, sato] = [await memberOf(first!._id), await memberOf(second!._id)];
  await testDb().run(
    `INSERT INTO chat_reports (id, message, reporter_id, reported_id, created_at, updated_at)
     VALUES ($1, 'Asked for my bank details.', $2, $3, now(), now())`,
    ['cc0000000000000000000001', tanaka._id, sato._id],
  );

  event = (await api.get<Row[]>('/api/event/list-admin?page=1&limit=10'))[0]!;
  await testDb().run('UPDATE events SET user_id = $2 WHERE id = $1', [event._id, sato._id]);
  await testDb().run('DELETE FROM event_participants WHERE event_id = $1', [event._id]);
  await testDb().run('INSERT INTO event_participants (event_id, user_id) VALUES ($1, $2)', [
    event._id,
    tanaka._id,
  ]);
  post = (await api.get<Row[]>('/api/post/list?page=1&items=10'))[0]!;
  await testDb().run('UPDATE posts SET user_id = $2 WHERE id = $1', [post._id, sato._id]);
  feedback = (await api.get<Row[]>('/api/feedback/list?page=1&limit=10'))[0]!;
  await testDb().run('UPDATE feedbacks SET user_id = $2 WHERE id = $1', [feedback._id, sato._id]);
  block = (await api.get<Row[]>('/api/chat-block/list?page=1&limit=10'))[0]!;
  await testDb().run('UPDATE chat_blocks SET block_by = $2, blocked_user = $3 WHERE id = $1', [
    block._id,
    sato._id,
    tanaka._id,
  ]);
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
    expect((await memberOf(sato._id)).enabled).toBe(true);
  });

  it('says whom a bulk deactivation is about: the first three by name and e-mail, and how many more', async () => {
    const { user } = renderApp('/users');
    const table = await screen.findByRole('table', { name: 'Users' }, { timeout: 5000 });
    await within(table).findByText('k.sato@example.com');
    const active = (await firstMembers()).filter((member) => member.enabled).slice(0, 4);
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
  const eventName = () => String(event.name);
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

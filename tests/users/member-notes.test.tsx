import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { api, resetData, signInAs, testDb } from '../support/api-server';
import { apiCalls } from '../support/request-log';
import { renderApp, specOnlyApi } from '../support/render';

/** The profile's Notes ('member-notes'): the team's notes on a member, against the reference server. */

const PINNED = 'Reported twice for spam links; warned by chat on 12 November.';
const LATER = 'Asked support about a refund of their Gold plan.';
const FIRST_LOAD = { timeout: 15_000 };

type Member = { _id: string; name: string; surname: string };
type Note = { _id: string; text: string };
type Entry = { action: string; recordType: string; recordId: string; summary: string };

/** The demo data's members, newest first as the Users list shows them. */
const members = () => api.get<Member[]>('/api/admin/list?page=1&items=10');
/** The newest entries of the activity log about notes. */
const noteEntries = () => api.get<Entry[]>('/api/activity/list?action=note');

/**
 * A member with two notes, as the team would have left them: a Moderator's, pinned, and a later one of the Owner's
 * (the admin signed in when this runs).
 */
async function memberWithNotes({ laterBy = 'owner' }: { laterBy?: 'owner' | 'support' } = {}) {
  const member = (await members())[0]!;
  const moderator = await signInAs('moderator');
  const pinned = await api.post<Note>(`/api/admin/notes/${member._id}`, { text: PINNED });
  await api.patch(`/api/admin/notes/${member._id}/${pinned._id}`, { pinned: true });
  // The later note's author stays signed in: the console is theirs.
  await signInAs(laterBy);
  await api.post(`/api/admin/notes/${member._id}`, { text: LATER });
  return { member, moderator: moderator.admin };
}

// Each test starts from the demo data: they add, pin and delete notes on the same member.
beforeEach(resetData);

async function notesTable() {
  const section = await screen.findByRole('region', { name: 'Notes' }, FIRST_LOAD);
  const table = await within(section).findByRole('table', { name: 'Notes' });
  await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'));
  return { section, table };
}

/** The notes' texts, in the order the table shows them. */
const shownNotes = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .queryAllByRole('cell')[0]
        ?.textContent?.replace(/^Pinned/, ''),
    );

describe('notes on a member', () => {
  it('shows the notes pinned first, adds one (emptying the field), pins and deletes it, each logged', async () => {
    const { member, moderator } = await memberWithNotes();
    const { user } = renderApp(`/users/${member._id}`);
    const { section, table } = await notesTable();
    expect(shownNotes(table)).toEqual([PINNED, LATER]);
    expect(within(table).getByText(`${moderator.name} ${moderator.surname}`)).toBeInTheDocument();

    // The form comes when asked for, its field focused.
    await user.click(within(section).getByRole('button', { name: 'New note' }));
    expect(await within(section).findByLabelText('New note')).toHaveFocus();
    await user.keyboard('Wants to change the e-mail address');
    await user.click(within(section).getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Note added')).toBeInTheDocument();
    await waitFor(() =>
      expect(shownNotes(table)).toEqual([PINNED, 'Wants to change the e-mail address', LATER]),
    );
    expect(within(section).getByLabelText('New note')).toHaveValue('');
    expect(
      (await apiCalls(`/api/admin/notes/${member._id}`)).filter((call) => call.method === 'POST'),
    ).toHaveLength(1);
    expect((await noteEntries())[0]).toMatchObject({
      action: 'note',
      recordType: 'user',
      recordId: member._id,
      summary: 'Note added: "Wants to change the e-mail address"',
    });

    const newRow = within(table).getByText('Wants to change the e-mail address').closest('tr')!;
    await user.click(within(newRow).getByRole('button', { name: /^Pin the note of / }));
    await waitFor(() =>
      expect(shownNotes(table)).toEqual(['Wants to change the e-mail address', PINNED, LATER]),
    );
    expect((await noteEntries())[0]?.summary).toBe('Note pinned: "Wants to change the e-mail address"');

    const pinnedRow = within(table).getByText('Wants to change the e-mail address').closest('tr')!;
    await user.click(within(pinnedRow).getByRole('button', { name: /^Delete the note of / }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this note?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(shownNotes(table)).toEqual([PINNED, LATER]));
    expect((await noteEntries())[0]?.summary).toBe('Note deleted: "Wants to change the e-mail address"');
  });

  it('passes axe (in jsdom: contrast is left to e2e/a11y.spec.ts)', async () => {
    const { member } = await memberWithNotes();
    renderApp(`/users/${member._id}`);
    const { section } = await notesTable();
    const results = await axe.run(section, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  it('says an empty note is required, and sends nothing', async () => {
    const { member } = await memberWithNotes();
    const { user } = renderApp(`/users/${member._id}`);
    const { section } = await notesTable();
    await user.click(within(section).getByRole('button', { name: 'New note' }));
    await user.click(await within(section).findByRole('button', { name: 'Add note' }));
    expect(await within(section).findByText('Note is required')).toBeInTheDocument();
    expect((await apiCalls()).filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('for Support: writes notes, and deletes only their own', async () => {
    const { member } = await memberWithNotes({ laterBy: 'support' });
    const { user } = renderApp(`/users/${member._id}`);
    const { section, table } = await notesTable();
    // The Moderator's note may be pinned, not deleted; the admin's own may be both.
    const deletes = () => within(table).queryAllByRole('button', { name: /^Delete the note of / });
    expect(within(table).getAllByRole('button', { name: /^(Pin|Unpin) the note of / })).toHaveLength(2);
    const theirs = within(table).getByText(PINNED).closest('tr')!;
    expect(within(theirs).queryByRole('button', { name: /^Delete the note of / })).toBeNull();
    const own = within(table).getByText(LATER).closest('tr')!;
    expect(within(own).getByRole('button', { name: /^Delete the note of / })).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'New note' }));
    await user.type(await within(section).findByLabelText('New note'), 'Called about a lost photo');
    await user.click(within(section).getByRole('button', { name: 'Add note' }));
    const row = (await within(table).findByText('Called about a lost photo')).closest('tr')!;
    expect(within(row).getByRole('button', { name: /^Delete the note of / })).toBeInTheDocument();
    expect(deletes()).toHaveLength(2);
  });

  it('pages a member with many notes', async () => {
    const member = (await members())[1]!;
    // Notes of an admin since deleted (no author): what no API can write.
    for (let index = 1; index <= 12; index += 1)
      await testDb().run(
        'INSERT INTO member_notes (id, user_id, author_id, text, pinned, created_at) VALUES ($1, $2, NULL, $3, false, $4)',
        [
          `ee${String(100 + index).padStart(22, '0')}`,
          member._id,
          `Note ${index}`,
          new Date(Date.UTC(2026, 10, 1, index)).toISOString(),
        ],
      );
    const { user } = renderApp(`/users/${member._id}`);
    const { section, table } = await notesTable();
    expect(shownNotes(table)).toEqual(Array.from({ length: 10 }, (_, index) => `Note ${12 - index}`));
    expect(within(table).getAllByText('Unknown admin')).toHaveLength(10);
    await user.click(within(section).getByRole('button', { name: /page 2/i }));
    await waitFor(() => expect(shownNotes(table)).toEqual(['Note 2', 'Note 1']));
  });

  it('against a SPEC-only API: no Notes, and no call for them', async () => {
    const { member } = await memberWithNotes();
    specOnlyApi();
    renderApp(`/users/${member._id}`);
    expect(await screen.findByRole('region', { name: 'Basic Information' }, FIRST_LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Notes' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New note' })).toBeNull();
    expect(await apiCalls(`/api/admin/notes/${member._id}`)).toEqual([]);
  });
});

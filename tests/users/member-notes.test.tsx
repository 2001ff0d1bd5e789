import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { db } from '@mocks/db';
import { setMockRole } from '@mocks/roles';
import { apiCalls } from '../support/request-log';
import { renderApp, specOnlyApi } from '../support/render';

/** The profile's Notes ('member-notes'): the team's notes on a member, against the mock API. */

const PINNED = 'Reported twice for spam links; warned by chat on 12 November.';
const LATER = 'Asked support about a refund of their Gold plan.';
const FIRST_LOAD = { timeout: 15_000 };

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
    const member = db.users[0]!;
    const { user } = renderApp(`/users/${member._id}`);
    const { section, table } = await notesTable();
    expect(shownNotes(table)).toEqual([PINNED, LATER]);
    expect(within(table).getByText('Mia Moderator')).toBeInTheDocument();

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
    expect(db.activity[0]).toMatchObject({
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
    expect(db.activity[0]?.summary).toBe('Note pinned: "Wants to change the e-mail address"');

    const pinnedRow = within(table).getByText('Wants to change the e-mail address').closest('tr')!;
    await user.click(within(pinnedRow).getByRole('button', { name: /^Delete the note of / }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this note?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(shownNotes(table)).toEqual([PINNED, LATER]));
    expect(db.activity[0]?.summary).toBe('Note deleted: "Wants to change the e-mail address"');
  });

  it('passes axe (in jsdom: contrast is left to e2e/a11y.spec.ts)', async () => {
    renderApp(`/users/${db.users[0]!._id}`);
    const { section } = await notesTable();
    const results = await axe.run(section, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  it('says an empty note is required, and sends nothing', async () => {
    const member = db.users[0]!;
    const { user } = renderApp(`/users/${member._id}`);
    const { section } = await notesTable();
    await user.click(within(section).getByRole('button', { name: 'New note' }));
    await user.click(await within(section).findByRole('button', { name: 'Add note' }));
    expect(await within(section).findByText('Note is required')).toBeInTheDocument();
    expect((await apiCalls()).filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('for Support: writes notes, and deletes only their own', async () => {
    setMockRole('support');
    const member = db.users[0]!;
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
    const member = db.users[1]!;
    for (let index = 1; index <= 12; index += 1)
      db.memberNotes.push({
        _id: `ee${String(100 + index).padStart(22, '0')}`,
        userId: member._id,
        author: null,
        text: `Note ${index}`,
        pinned: false,
        createdAt: new Date(Date.UTC(2026, 10, 1, index)).toISOString(),
      });
    const { user } = renderApp(`/users/${member._id}`);
    const { section, table } = await notesTable();
    expect(shownNotes(table)).toEqual(Array.from({ length: 10 }, (_, index) => `Note ${12 - index}`));
    expect(within(table).getAllByText('Unknown admin')).toHaveLength(10);
    await user.click(within(section).getByRole('button', { name: /page 2/i }));
    await waitFor(() => expect(shownNotes(table)).toEqual(['Note 2', 'Note 1']));
  });

  it('against a SPEC-only API: no Notes, and no call for them', async () => {
    specOnlyApi();
    const member = db.users[0]!;
    renderApp(`/users/${member._id}`);
    expect(await screen.findByRole('region', { name: 'Basic Information' }, FIRST_LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Notes' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New note' })).toBeNull();
    expect(await apiCalls(`/api/admin/notes/${member._id}`)).toEqual([]);
  });
});

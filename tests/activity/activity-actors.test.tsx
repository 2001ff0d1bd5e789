import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { db } from '@mocks/db';
import type { MockActivity } from '@mocks/activity';
import { renderApp } from '../support/render';

/** Activity's Admin column for what no admin did: who did it instead, never "Unknown" for a known source. */

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
const cellsOf = (row: HTMLElement) => [...(row as HTMLTableRowElement).cells].map((cell) => cell.textContent);

function entryWithoutAdmin(
  action: MockActivity['action'],
  summary: string,
  minutesAgo: number,
): MockActivity {
  const member = db.users[0]!;
  return {
    _id: `no-admin-${action}`,
    createdAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    admin: null,
    action,
    recordType: action === 'sign-in-failed' ? 'session' : 'user',
    recordId: action === 'sign-in-failed' ? null : member._id,
    recordName: action === 'sign-in-failed' ? '' : `${member.name} ${member.surname}`,
    summary,
    reason: null,
  };
}

describe('an entry no admin made', () => {
  it("names the member's appeal form, the system, or the sign-in form in the Admin column", async () => {
    db.activity.unshift(
      entryWithoutAdmin('appeal', 'Appeal of R-1 opened by the member', 1),
      entryWithoutAdmin('restriction-end', 'Suspension R-2 ended: its time was up', 2),
      entryWithoutAdmin('sign-in-failed', 'No admin with this e-mail', 3),
    );
    renderApp('/activity');
    const log = await screen.findByRole('table', { name: 'Activity' }, { timeout: 5000 });
    await waitFor(() => expect(rowsOf(log).length).toBeGreaterThan(2));
    const [appeal, ended, refused] = rowsOf(log).map(cellsOf);
    expect(appeal?.slice(1, 3)).toEqual(['Member, appeal form', 'Appeal opened']);
    expect(ended?.slice(1, 3)).toEqual(['System', 'Suspension ended']);
    expect(refused?.slice(1, 3)).toEqual(['Unknown, sign-in form', 'Sign-in refused']);
    expect(screen.queryByRole('cell', { name: 'Unknown' })).not.toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createRestrictionSweeper } from '../../server/lib/restrictions';
import { api, callApi, testDb } from '../support/api-server';
import { renderApp } from '../support/render';
import { confirmAppeal, restrictMember } from '../support/restrictions';

/** Activity's Admin column for what no admin did: who did it instead, never "Unknown" for a known source. */

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
const cellsOf = (row: HTMLElement) => [...(row as HTMLTableRowElement).cells].map((cell) => cell.textContent);

type Member = { _id: string; name: string; surname: string; email: string };

/** The demo's active members named `name`. */
async function activeMembers(name: string) {
  return api.get<Member[]>(
    `/api/admin/list?page=1&items=10&filter=user.enabled&equal=true&q=${encodeURIComponent(name)}`,
  );
}

/** Suspends `member` until `endsAt`, citing one of the demo's report elements; the restriction's reference. */
const suspend = (member: Member, endsAt: Date) =>
  restrictMember(member._id, {
    policy: 'Spam or scam',
    facts: 'Sent the same link to forty members.',
    endsAt: endsAt.toISOString(),
  });

describe('an entry no admin made', () => {
  it("names the member's appeal form, the system, or the sign-in form in the Admin column", async () => {
    const [suspended] = await activeMembers('Olivia');
    const [appealing] = await activeMembers('Liam');
    const day = 86_400_000;
    const suspensionEnd = new Date(Date.now() + day);
    await suspend(suspended!, suspensionEnd);
    const reference = await suspend(appealing!, new Date(Date.now() + 7 * day));

    // Someone at the sign-in form with an address no admin has.
    const refused = await callApi('POST', '/api/login', {
      json: { email: 'nobody-here@example.com', password: 'Not@Password1' },
      token: null,
    });
    expect(refused.status).toBe(401);
    // The server's own sweep, once the first suspension's time is up: it ends it (its clock a second past the end).
    const sweeper = createRestrictionSweeper({ db: testDb(), clock: () => suspensionEnd.getTime() + 1000 });
    expect(await sweeper.sweep()).toBe(1);
    // The member's appeal, asked for on the public form and opened by the link mailed to them.
    await confirmAppeal({
      email: appealing!.email,
      reference,
      statement: 'I sent it to friends who asked for it.',
    });

    renderApp('/activity');
    const log = await screen.findByRole('table', { name: 'Activity' }, { timeout: 5000 });
    await waitFor(() => expect(rowsOf(log).length).toBeGreaterThan(2));
    const [appeal, ended, signIn] = rowsOf(log).map(cellsOf);
    expect(appeal?.slice(1, 3)).toEqual(['Member, appeal form', 'Appeal opened']);
    expect(ended?.slice(1, 3)).toEqual(['System', 'Suspension ended']);
    expect(signIn?.slice(1, 3)).toEqual(['Unknown, sign-in form', 'Sign-in refused']);
    expect(screen.queryByRole('cell', { name: 'Unknown' })).not.toBeInTheDocument();
    // The filters offer what the log holds, appeals and ended suspensions among the actions.
    const actions = screen.getByRole('combobox', { name: 'Action' });
    await within(actions).findByRole('option', { name: 'Appeal opened' });
    expect(within(actions).getByRole('option', { name: 'Suspension ended' })).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSOLE_ADMIN } from '../support/api-fixture';
import { answerFromServer, api, callApi, resetData } from '../support/api-server';
import { server } from '../support/msw';
import { apiCalls } from '../support/request-log';
import { restoreObjectUrlsAfterEach } from '../support/object-urls';
import { renderApp } from '../support/render';
import { ageProofs, fillBulkWindow } from '../support/step-up';
import { codeOf, turnOnOwnersTwoFactor } from '../support/two-factor';

/**
 * Step-up ('step-up'): a call the server refuses for want of a recent password asks for it in place, and is sent
 * again once the server took it; declining fails the call with the server's words, asked once however many calls
 * were refused together.
 */

restoreObjectUrlsAfterEach();

// Each test starts from the demo data: they deactivate members, turn two-factor on and count the exports logged.
beforeEach(resetData);

/** How many users exports the server has logged. */
const exportsLogged = async () =>
  (await callApi<{ pagination: { count: number } }>('GET', '/api/activity/list?action=export')).body
    .pagination.count;

type Member = { _id: string; name: string; surname: string; enabled: boolean };

/** The first six members of the list the console shows now (its last read of /api/admin/list), as the server has them. */
async function firstSixShown() {
  const read = (await apiCalls('/api/admin/list')).at(-1)!;
  const members = await api.get<Member[]>(`/api/admin/list?${new URLSearchParams(read.query)}`);
  return members.slice(0, 6);
}

/** Whether the server has each of `members` active. */
const activeNow = async (members: Member[]) =>
  Promise.all(members.map(async (member) => (await api.get<Member>(`/api/user/read/${member._id}`)).enabled));

/**
 * Holds the server's answer to the bulk action's first status change until `release()`: a row refused while the
 * admin is asked, whose refusal arrives only after the answer.
 */
function holdFirstStatusAnswer() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = false;
  server.use(
    http.patch('*/api/admin/status/:userId', async ({ request }) => {
      if (held) return undefined;
      held = true;
      const answer = await answerFromServer(request);
      await released;
      return answer;
    }),
  );
  return release;
}

/** Selects `members` in the Users table and deactivates them, citing a policy for good (the restriction dialog). */
async function deactivate(user: UserEvent, table: HTMLElement, members: Member[]) {
  for (const member of members)
    await user.click(
      within(table).getByRole('checkbox', { name: `Select ${member.name} ${member.surname}` }),
    );
  await user.click(screen.getByRole('button', { name: 'Deactivate selected' }));
  const dialog = await screen.findByRole('dialog', { name: `Deactivate ${members.length} users?` });
  await user.click(within(dialog).getAllByLabelText(/^Policy/)[0]!);
  await user.click(await screen.findByRole('option', { name: 'Fake profile' }));
  await user.type(within(dialog).getByRole('textbox', { name: /^Facts and circumstances/ }), 'Stolen photos');
  await user.click(within(dialog).getByRole('radio', { name: 'Permanent' }));
  await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
}

async function usersTable() {
  const table = await screen.findByRole('table', { name: 'Users' });
  await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'));
  return table;
}

/** jsdom saves no file: an export's object URL and its link's click are stood in for. */
function stubDownloads() {
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: () => 'blob:export' });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => {} });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
}

const stepUpCalls = async () =>
  (await apiCalls()).filter((call) => call.path === '/api/admin/step-up').map((call) => call.body);

describe('step-up', () => {
  it('asks for the password when an export is refused, says a wrong one under the field, then exports', async () => {
    stubDownloads();
    const { user } = renderApp('/users');
    await usersTable();
    await ageProofs();
    const logged = await exportsLogged();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const proof = await screen.findByRole('dialog', { name: 'Confirm your password' });
    expect(within(proof).getByText(/Confirm your password to continue\./)).toBeInTheDocument();
    const password = within(proof).getByLabelText(/Password/);
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    await user.type(password, 'not-it');
    await user.click(within(proof).getByRole('button', { name: 'Confirm' }));
    expect(await within(proof).findByText('The password is incorrect')).toBeInTheDocument();

    await user.clear(password);
    await user.type(password, CONSOLE_ADMIN.password);
    await user.click(within(proof).getByRole('button', { name: 'Confirm' }));
    const exported = await screen.findByRole('dialog', { name: 'Export CSV' });
    expect(await within(exported).findByText(/^Exported \d+ rows/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Confirm your password' })).not.toBeInTheDocument();
    expect(await stepUpCalls()).toEqual([{ password: 'not-it' }, { password: CONSOLE_ADMIN.password }]);
    const exports = (await apiCalls()).filter((call) => call.path === '/api/admin/list/export');
    expect(exports).toHaveLength(2);
    expect((await exportsLogged()) - logged).toBe(1);
  });

  it('fails the export with the server’s words when the admin cancels', async () => {
    const { user } = renderApp('/users');
    await usersTable();
    await ageProofs();
    const logged = await exportsLogged();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const proof = await screen.findByRole('dialog', { name: 'Confirm your password' });
    await user.click(within(proof).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findAllByText('Confirm your password to continue.')).not.toHaveLength(0);
    expect(await stepUpCalls()).toEqual([]);
    expect(await exportsLogged()).toBe(logged);
  });

  it('asks once for a bulk action’s refused rows; declined, none is changed and the rest are not sent', async () => {
    // Each deactivation is a restriction, asked for once for them all (tests/users/restrictions.test.tsx).
    const { user } = renderApp('/users?status=true');
    const table = await usersTable();
    await ageProofs();
    await fillBulkWindow();
    const targets = await firstSixShown();
    const release = holdFirstStatusAnswer();
    await deactivate(user, table, targets);
    const proof = await screen.findByRole('dialog', { name: 'Confirm your password' });
    await user.click(within(proof).getByRole('button', { name: 'Cancel' }));
    // The held row's refusal arrives once the admin has declined: it fails with the others, nothing asks again.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm your password' })).toBeNull());
    release();
    expect(
      await screen.findByText(/6 failed: Confirm your password to continue\.$/, {
        selector: '.mantine-Notification-description',
      }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Confirm your password' })).not.toBeInTheDocument();
    expect(await activeNow(targets)).toEqual(targets.map(() => true));
    // Four were in flight when the server refused; the other two were never sent.
    const sent = (await apiCalls()).filter((call) => call.path.startsWith('/api/admin/status/'));
    expect(sent).toHaveLength(4);
  });

  it('sends a bulk action’s refused rows again once the password is confirmed', async () => {
    const { user } = renderApp('/users?status=true');
    const table = await usersTable();
    await ageProofs();
    await fillBulkWindow();
    const targets = await firstSixShown();
    const release = holdFirstStatusAnswer();
    await deactivate(user, table, targets);
    const proof = await screen.findByRole('dialog', { name: 'Confirm your password' });
    await user.type(within(proof).getByLabelText(/Password/), CONSOLE_ADMIN.password);
    await user.click(within(proof).getByRole('button', { name: 'Confirm' }));
    // The held row's refusal arrives once the password is confirmed: it is sent again without asking.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm your password' })).toBeNull());
    release();
    expect(
      await screen.findByText('6 users deactivated', { selector: '.mantine-Notification-description' }),
    ).toBeInTheDocument();
    expect(await activeNow(targets)).toEqual(targets.map(() => false));
    expect(await stepUpCalls()).toHaveLength(1);
  });

  it('takes a two-factor code instead of the password where the admin has two-factor', async () => {
    const { secret } = await turnOnOwnersTwoFactor();
    stubDownloads();
    const { user } = renderApp('/users');
    await usersTable();
    await ageProofs();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const proof = await screen.findByRole('dialog', { name: 'Confirm your password' });
    await user.click(within(proof).getByRole('button', { name: 'Use a two-factor code instead' }));
    const code = within(proof).getByLabelText(/Code from your authenticator app/);
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(code, '000000');
    await user.click(within(proof).getByRole('button', { name: 'Confirm' }));
    expect(
      await within(proof).findByText('The code is incorrect or has already been used'),
    ).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, codeOf(secret));
    await user.click(within(proof).getByRole('button', { name: 'Confirm' }));
    const exported = await screen.findByRole('dialog', { name: 'Export CSV' });
    expect(await within(exported).findByText(/^Exported \d+ rows/)).toBeInTheDocument();
    expect((await stepUpCalls()).map((body) => Object.keys(body as object))).toEqual([['code'], ['code']]);
  });
});

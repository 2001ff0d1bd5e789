import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { APPEAL_MESSAGES } from '@contract/appeals';
import { api, callApi, resetData, signInAs, signedInNow, testDb } from '../support/api-server';
import { apiCalls } from '../support/request-log';
import { renderApp, withoutFeatures } from '../support/render';
import { appealLinkToken, confirmAppeal, quietMember, restrictMember } from '../support/restrictions';

/**
 * Appeals ('appeals'): the public /appeal page and the page its mailed link opens, the review queue's appeal items,
 * and the appeal screen where an admin other than the restricting one upholds or reverses it.
 */

const FIRST_LOAD = { timeout: 15_000 };
const FACTS = 'Sent the same advertising message to 40 members in one hour.';
const STATEMENT = 'I was inviting friends to my own event, not advertising. Please look again.';

type Member = { _id: string; name: string; surname: string; email: string; enabled: boolean };
type Item = {
  _id: string;
  ref: string;
  state: string;
  subject: { _id: string } | null;
  assignee: { _id: string } | null;
};
type Appeal = { state: string };

const memberOf = (id: string) => api.get<Member>(`/api/user/read/${id}`);
const appealItems = (query = '') => api.get<Item[]>(`/api/review-queue/list?kind=appeal${query}`);
const appealOf = (id: string) => api.get<Appeal>(`/api/admin/appeals/${id}`);
const fullName = (person: { name: string; surname: string }) => `${person.name} ${person.surname}`.trim();

/** A permanent restriction of `member`, citing `policy`, made by the admin of `token`: its reference. */
const restrict = (
  member: Member,
  token: string,
  {
    policy = 'Spam or scam',
    facts = FACTS,
    endsAt = null as string | null,
    replaces = undefined as string | undefined,
  } = {},
) => restrictMember(member._id, { policy, facts, endsAt, replaces, token });

/**
 * An open appeal: a member restricted for good by a Moderator (or, `byOwner`, by the signed-in Owner) asked on
 * /appeal for a review and confirmed it from the mailed link; its item is open in the queue. The console stays the
 * Owner's.
 */
async function openAppeal({ byOwner = false } = {}) {
  const member = await quietMember();
  const moderator = byOwner ? undefined : await signInAs('moderator');
  const restrictor = moderator ?? signedInNow();
  const reference = await restrict(member, restrictor.token);
  await confirmAppeal({ email: member.email, reference, statement: STATEMENT });
  if (moderator) await signInAs('owner');
  const item = (await appealItems()).find((candidate) => candidate.subject?._id === member._id)!;
  return { member, reference, id: item.ref, itemId: item._id, restrictor, moderator };
}

// Each test starts from the demo data (which holds no restriction): it makes the restriction and appeal it needs.
beforeEach(resetData);

describe('the public appeal', () => {
  it('checks the fields, then answers with one message whatever was given, sent without a token', async () => {
    const { user } = renderApp('/appeal', { signedIn: true });
    expect(
      await screen.findByRole('heading', { name: 'Appeal a decision on your account', level: 1 }, FIRST_LOAD),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send appeal' }));
    expect(await screen.findByText(APPEAL_MESSAGES.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(APPEAL_MESSAGES.referenceRequired)).toBeInTheDocument();
    expect(screen.getByText(APPEAL_MESSAGES.statementRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('E-mail address'), 'nobody@example.com');
    await user.type(screen.getByLabelText('Reference'), 'R-123');
    await user.type(screen.getByLabelText('Why should we review the decision?'), 'It was not me.');
    await user.click(screen.getByRole('button', { name: 'Send appeal' }));
    expect(await screen.findByText(APPEAL_MESSAGES.referenceInvalid)).toBeInTheDocument();
    expect(await apiCalls('/api/appeal')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Reference'));
    // Typed in lower case, sent as the statement gives it.
    await user.type(screen.getByLabelText('Reference'), 'r-abcdefgh');
    await user.click(screen.getByRole('button', { name: 'Send appeal' }));
    expect(await screen.findByRole('status')).toHaveTextContent(APPEAL_MESSAGES.requested);
    expect(screen.queryByRole('button', { name: 'Send appeal' })).not.toBeInTheDocument();
    const [call] = await apiCalls('/api/appeal');
    expect(call?.body).toEqual({
      email: 'nobody@example.com',
      reference: 'R-ABCDEFGH',
      statement: 'It was not me.',
    });
    expect(call?.headers.get('authorization')).toBeNull();
    // Nothing matched: no appeal was stored (an unconfirmed one shows in no API).
    expect((await testDb().one<{ n: number }>('SELECT count(*)::int AS n FROM appeals')).n).toBe(0);
  });

  it("the link's page opens the appeal only when its button is pressed; a used link is refused in the server's words", async () => {
    // A member restricted by a Moderator.
    const person = await quietMember();
    const reference = await restrict(person, (await signInAs('moderator')).token);
    await signInAs('owner');
    const request = renderApp('/appeal', { signedIn: false });
    const { user } = request;
    await user.type(await screen.findByLabelText('E-mail address', {}, FIRST_LOAD), person.email);
    await user.type(screen.getByLabelText('Reference'), reference);
    await user.type(screen.getByLabelText('Why should we review the decision?'), 'Please look again.');
    await user.click(screen.getByRole('button', { name: 'Send appeal' }));
    await screen.findByRole('status');
    // An unconfirmed appeal shows in no API: its stored row, and the link the server mailed.
    const stored = () =>
      testDb().one<{ id: string; state: string; statement: string }>(
        'SELECT a.id, a.state, a.statement FROM appeals a JOIN restrictions r ON r.id = a.restriction_id WHERE r.reference = $1',
        [reference],
      );
    const appeal = await stored();
    expect(appeal).toMatchObject({ state: 'unconfirmed', statement: 'Please look again.' });
    const token = await appealLinkToken(reference);
    request.unmount();

    const confirmPage = renderApp(`/appeal/confirm?token=${token}`, { signedIn: false });
    const button = await screen.findByRole('button', { name: 'Confirm my appeal' }, FIRST_LOAD);
    expect((await stored()).state).toBe('unconfirmed');
    await confirmPage.user.click(button);
    expect(await screen.findByRole('status')).toHaveTextContent(APPEAL_MESSAGES.confirmed);
    expect((await appealOf(appeal.id)).state).toBe('open');
    expect((await appealItems()).some((item) => item.ref === appeal.id)).toBe(true);
    confirmPage.unmount();

    const again = renderApp(`/appeal/confirm?token=${token}`, { signedIn: false });
    await again.user.click(await screen.findByRole('button', { name: 'Confirm my appeal' }, FIRST_LOAD));
    expect(await screen.findByText(APPEAL_MESSAGES.linkInvalid)).toBeInTheDocument();
  });
});

describe('the appeal screen', () => {
  it('opens from the review queue and is decided from the keyboard: reverse with a note, then back to the queue', async () => {
    const { member, reference, id, itemId, restrictor } = await openAppeal();
    // The Kind filter shows the only appeal on the first page.
    const { user, router } = renderApp('/queue?kind=appeal');
    const queue = await screen.findByRole('table', { name: 'Review queue' }, FIRST_LOAD);
    const name = fullName(member);
    const row = (await within(queue).findByText('Appeal')).closest('tr')!;
    expect(within(row).getByRole('link', { name })).toBeInTheDocument();
    within(row)
      .getByRole('button', { name: `Open Appeal: ${name}` })
      .focus();
    await user.keyboard('o');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/appeals/${id}`));
    expect(
      await screen.findByRole('heading', { name: `Appeal ${reference}`, level: 1 }, FIRST_LOAD),
    ).toBeInTheDocument();
    expect(screen.getByText(STATEMENT)).toBeInTheDocument();
    expect(screen.getByText(/Sent the same advertising message/)).toBeInTheDocument();
    expect(screen.getByText(new RegExp(fullName(restrictor.admin)))).toBeInTheDocument();

    // Without a choice and a note, the form says so, sends nothing, and takes the admin to the first of them.
    await user.click(screen.getByRole('button', { name: 'Decide' }));
    expect(await screen.findByText(APPEAL_MESSAGES.decisionRequired)).toBeInTheDocument();
    expect(screen.getByText(APPEAL_MESSAGES.noteRequired)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Uphold' })).toHaveFocus());

    // The choices are radios (a browser's arrow keys move between them, which e2e/appeals.spec.ts presses; jsdom
    // has no such keys), the note a text area after them, Enter on Decide.
    await user.click(screen.getByRole('radio', { name: 'Reverse' }));
    expect(screen.getByRole('radio', { name: 'Reverse' })).toBeChecked();
    await user.tab();
    expect(screen.getByLabelText(/^Note/)).toHaveFocus();
    await user.keyboard('The invitations were to his own event.');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Decide' })).toHaveFocus();
    await user.keyboard('{Enter}');
    // The confirmation says what the member's state will be.
    const confirm = await screen.findByRole('dialog', { name: 'Reverse the restriction?' });
    expect(confirm).toHaveTextContent('The member will be active again.');
    await user.click(within(confirm).getByRole('button', { name: 'Reverse' }));
    expect(await screen.findByText('Appeal decided')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/queue'));
    const [call] = await apiCalls(`/api/admin/appeals/${id}/decide`);
    expect(call?.body).toEqual({ decision: 'reverse', note: 'The invitations were to his own event.' });
    expect((await appealOf(id)).state).toBe('reversed');
    expect((await memberOf(member._id)).enabled).toBe(true);
    expect((await appealItems('&state=done')).find((item) => item._id === itemId)?.state).toBe('done');
  });

  it('shows the restriction in force beside a replaced one, and a reversal may lift it too, the confirmation saying the state after', async () => {
    const { member, reference, id, moderator } = await openAppeal();
    // The appealed restriction was replaced by a second one, which keeps the member out.
    const until = new Date(Date.now() + 30 * 86_400_000);
    const second = await restrict(member, moderator!.token, {
      policy: 'Inappropriate messages',
      facts: 'Threats',
      endsAt: until.toISOString(),
      replaces: reference,
    });
    const { user } = renderApp(`/appeals/${id}`);
    // The console's date format, with the admin's time zone: a restriction's end is part of a record.
    const dateTime = /\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} [A-Z][A-Za-z0-9+:-]*/.source;
    expect(
      await screen.findByText(
        new RegExp(`Ended \\(replaced\\) by ${second}, which is in force until ${dateTime}$`),
        {},
        FIRST_LOAD,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('In force now').nextSibling).toHaveTextContent(
      new RegExp(`^${second} is in force until ${dateTime} Inappropriate messages$`),
    );

    // Uphold offers no lifting.
    await user.click(screen.getByRole('radio', { name: 'Uphold' }));
    expect(screen.queryByRole('checkbox', { name: `Also lift ${second} (in force)` })).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Reverse' }));
    const lift = screen.getByRole('checkbox', { name: `Also lift ${second} (in force)` });
    expect(lift).not.toBeChecked();
    await user.type(screen.getByLabelText(/^Note/), 'The first decision was wrong.');
    await user.click(screen.getByRole('button', { name: 'Decide' }));
    let confirm = await screen.findByRole('dialog', { name: 'Reverse the restriction?' });
    expect(confirm).toHaveTextContent(
      new RegExp(`The member will still be restricted under ${second} until ${dateTime}\\.`),
    );
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(await apiCalls(`/api/admin/appeals/${id}/decide`)).toEqual([]);

    await user.click(lift);
    await user.click(screen.getByRole('button', { name: 'Decide' }));
    confirm = await screen.findByRole('dialog', { name: 'Reverse the restriction?' });
    expect(confirm).toHaveTextContent('The member will be active again.');
    await user.click(within(confirm).getByRole('button', { name: 'Reverse' }));
    expect(await screen.findByText('Appeal decided')).toBeInTheDocument();
    const [call] = await apiCalls(`/api/admin/appeals/${id}/decide`);
    expect(call?.body).toEqual({
      decision: 'reverse',
      note: 'The first decision was wrong.',
      liftInForce: true,
    });
    // The second restriction ended too: none is in force.
    expect(
      (await api.get<{ inForce: unknown }>(`/api/admin/restrictions/member/${member._id}`)).inForce,
    ).toBeNull();
    expect((await memberOf(member._id)).enabled).toBe(true);
  });

  it('Claim next opens the appeal it claims at once', async () => {
    const { reference, id, itemId } = await openAppeal();
    const { user, router } = renderApp('/queue?kind=appeal');
    await screen.findByRole('table', { name: 'Review queue' }, FIRST_LOAD);
    await user.click(await screen.findByRole('button', { name: 'Claim next' }));
    expect(await screen.findByText('Item claimed')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/appeals/${id}`));
    expect(
      await screen.findByRole('heading', { name: `Appeal ${reference}`, level: 1 }, FIRST_LOAD),
    ).toBeInTheDocument();
    expect((await appealItems()).find((item) => item._id === itemId)?.assignee?._id).toBe(
      signedInNow().admin._id,
    );
  });

  it("refuses the claim of an appeal against the admin's own restriction in the server's words", async () => {
    const { member, itemId } = await openAppeal({ byOwner: true });
    const { user, router } = renderApp('/queue?kind=appeal');
    const queue = await screen.findByRole('table', { name: 'Review queue' }, FIRST_LOAD);
    const name = fullName(member);
    await user.click(await within(queue).findByRole('button', { name: `Claim Appeal: ${name}` }));
    expect(
      await screen.findByText(APPEAL_MESSAGES.ownRestriction, {
        selector: '.mantine-Notification-description',
      }),
    ).toBeInTheDocument();
    const [call] = await apiCalls(`/api/review-queue/${itemId}/claim`);
    expect(call?.method).toBe('POST');
    expect((await appealItems()).find((item) => item._id === itemId)?.state).toBe('open');
    expect(router.state.location.pathname).toBe('/queue');
  });

  it('tells the admin who restricted that another admin must decide, and shows them no form', async () => {
    const { id } = await openAppeal({ byOwner: true });
    renderApp(`/appeals/${id}`);
    expect(await screen.findByText(APPEAL_MESSAGES.ownRestriction, {}, FIRST_LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Decide' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('a Support admin reads the appeal without the form; a decided one shows its decision', async () => {
    const { id } = await openAppeal();
    const owner = signedInNow();
    await signInAs('support');
    const { unmount } = renderApp(`/appeals/${id}`);
    expect(
      await screen.findByText('Your role (Support) cannot decide appeals.', {}, FIRST_LOAD),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Decide' })).not.toBeInTheDocument();
    unmount();
    // The Owner upholds it meanwhile.
    const decided = await callApi('POST', `/api/admin/appeals/${id}/decide`, {
      json: { decision: 'uphold', note: 'The facts stand.' },
      token: owner.token,
    });
    expect(decided.status).toBe(200);
    renderApp(`/appeals/${id}`);
    expect(
      await screen.findByText(new RegExp(`^Upheld by ${fullName(owner.admin)} on`), {}, FIRST_LOAD),
    ).toBeInTheDocument();
    expect(screen.getByText('The facts stand.')).toBeInTheDocument();
  });

  it('is not there against an API without appeals', async () => {
    const { id } = await openAppeal();
    withoutFeatures('appeals');
    renderApp(`/appeals/${id}`);
    expect(await screen.findByText(/not found/i, {}, FIRST_LOAD)).toBeInTheDocument();
    expect(await apiCalls(`/api/admin/appeals/${id}`)).toHaveLength(0);
  });
});

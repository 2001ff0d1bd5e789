import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { APPEAL_MESSAGES } from '@contract/appeals';
import { MOCK_APPEAL } from '@mocks/appeals';
import { db } from '@mocks/db';
import { setMockRole } from '@mocks/roles';
import { apiCalls } from '../support/request-log';
import { renderApp, withoutFeatures } from '../support/render';

/**
 * Appeals ('appeals'): the public /appeal page and the page its mailed link opens, the review queue's appeal items,
 * and the appeal screen where an admin other than the restricting one upholds or reverses it.
 */

const FIRST_LOAD = { timeout: 15_000 };
const seeded = () => db.appeals.find((appeal) => appeal._id === MOCK_APPEAL.id)!;
const member = () => db.users.find((user) => user._id === seeded().userId)!;

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
    expect(db.appeals).toHaveLength(1);
  });

  it("the link's page opens the appeal only when its button is pressed; a used link is refused in the server's words", async () => {
    // A member's request: the mock keeps the link's token instead of mailing it.
    const person = db.users.find((user) => user.enabled)!;
    db.restrictions.push({
      _id: 'bbbbbbbbbbbbbbbbbbbb0001',
      reference: 'R-ABCDEFGH',
      userId: person._id,
      adminId: db.admins[0]!._id,
      policyId: db.catalogues.reportelement![0]!._id,
      policyName: 'Spam',
      facts: 'Spam',
      createdAt: new Date().toISOString(),
      endsAt: null,
      endedAt: null,
      withheldReason: null,
    });
    const request = renderApp('/appeal', { signedIn: false });
    const { user } = request;
    await user.type(await screen.findByLabelText('E-mail address', {}, FIRST_LOAD), person.email);
    await user.type(screen.getByLabelText('Reference'), 'R-ABCDEFGH');
    await user.type(screen.getByLabelText('Why should we review the decision?'), 'Please look again.');
    await user.click(screen.getByRole('button', { name: 'Send appeal' }));
    await screen.findByRole('status');
    const appeal = db.appeals.find((candidate) => candidate.state === 'unconfirmed')!;
    expect(appeal.statement).toBe('Please look again.');
    request.unmount();

    const confirmPage = renderApp(`/appeal/confirm?token=${appeal.token}`, { signedIn: false });
    const button = await screen.findByRole('button', { name: 'Confirm my appeal' }, FIRST_LOAD);
    expect(appeal.state).toBe('unconfirmed');
    await confirmPage.user.click(button);
    expect(await screen.findByRole('status')).toHaveTextContent(APPEAL_MESSAGES.confirmed);
    expect(appeal.state).toBe('open');
    expect(db.reviewItems.some((item) => item.kind === 'appeal' && item.ref === appeal._id)).toBe(true);
    confirmPage.unmount();

    const again = renderApp(`/appeal/confirm?token=${appeal.token ?? 'used-token-used-token-used'}`, {
      signedIn: false,
    });
    await again.user.click(await screen.findByRole('button', { name: 'Confirm my appeal' }, FIRST_LOAD));
    expect(await screen.findByText(APPEAL_MESSAGES.linkInvalid)).toBeInTheDocument();
  });
});

describe('the appeal screen', () => {
  it('opens from the review queue and is decided from the keyboard: reverse with a note, then back to the queue', async () => {
    // The seed's appeal is the queue's newest item: the Kind filter shows it on the first page.
    const { user, router } = renderApp('/queue?kind=appeal');
    const queue = await screen.findByRole('table', { name: 'Review queue' }, FIRST_LOAD);
    const name = `${member().name} ${member().surname}`.trim();
    const row = (await within(queue).findByText('Appeal')).closest('tr')!;
    expect(within(row).getByRole('link', { name })).toBeInTheDocument();
    within(row)
      .getByRole('button', { name: `Open Appeal: ${name}` })
      .focus();
    await user.keyboard('o');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/appeals/${MOCK_APPEAL.id}`));
    expect(
      await screen.findByRole('heading', { name: `Appeal ${MOCK_APPEAL.reference}`, level: 1 }, FIRST_LOAD),
    ).toBeInTheDocument();
    expect(screen.getByText(seeded().statement)).toBeInTheDocument();
    expect(screen.getByText(/Sent the same advertising message/)).toBeInTheDocument();
    expect(screen.getByText(/Mia Moderator/)).toBeInTheDocument();

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
    const [call] = await apiCalls(`/api/admin/appeals/${MOCK_APPEAL.id}/decide`);
    expect(call?.body).toEqual({ decision: 'reverse', note: 'The invitations were to his own event.' });
    expect(seeded().state).toBe('reversed');
    expect(member().enabled).toBe(true);
    expect(db.reviewItems.find((item) => item._id === MOCK_APPEAL.itemId)?.state).toBe('done');
  });

  it('shows the restriction in force beside a replaced one, and a reversal may lift it too, the confirmation saying the state after', async () => {
    // The appealed restriction was replaced by a second one, which keeps the member out.
    const appealed = db.restrictions.find((restriction) => restriction._id === MOCK_APPEAL.restrictionId)!;
    appealed.endedAt = new Date().toISOString();
    appealed.endedReason = 'replaced';
    const until = new Date(Date.now() + 30 * 86_400_000);
    db.restrictions.push({
      _id: 'bbbbbbbbbbbbbbbbbbbb0002',
      reference: 'R-SEC0ND22',
      userId: member()._id,
      adminId: db.admins[0]!._id,
      policyId: db.catalogues.reportelement![3]!._id,
      policyName: 'Harassment',
      facts: 'Threats',
      createdAt: new Date().toISOString(),
      endsAt: until.toISOString(),
      endedAt: null,
      withheldReason: null,
    });
    const { user } = renderApp(`/appeals/${MOCK_APPEAL.id}`);
    // The console's date format, with the admin's time zone: a restriction's end is part of a record.
    const dateTime = /\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} [A-Z][A-Za-z0-9+:-]*/.source;
    expect(
      await screen.findByText(
        new RegExp(`Ended \\(replaced\\) by R-SEC0ND22, which is in force until ${dateTime}$`),
        {},
        FIRST_LOAD,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('In force now').nextSibling).toHaveTextContent(
      new RegExp(`^R-SEC0ND22 is in force until ${dateTime} Harassment$`),
    );

    // Uphold offers no lifting.
    await user.click(screen.getByRole('radio', { name: 'Uphold' }));
    expect(screen.queryByRole('checkbox', { name: 'Also lift R-SEC0ND22 (in force)' })).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Reverse' }));
    const lift = screen.getByRole('checkbox', { name: 'Also lift R-SEC0ND22 (in force)' });
    expect(lift).not.toBeChecked();
    await user.type(screen.getByLabelText(/^Note/), 'The first decision was wrong.');
    await user.click(screen.getByRole('button', { name: 'Decide' }));
    let confirm = await screen.findByRole('dialog', { name: 'Reverse the restriction?' });
    expect(confirm).toHaveTextContent(
      new RegExp(`The member will still be restricted under R-SEC0ND22 until ${dateTime}\\.`),
    );
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(await apiCalls(`/api/admin/appeals/${MOCK_APPEAL.id}/decide`)).toEqual([]);

    await user.click(lift);
    await user.click(screen.getByRole('button', { name: 'Decide' }));
    confirm = await screen.findByRole('dialog', { name: 'Reverse the restriction?' });
    expect(confirm).toHaveTextContent('The member will be active again.');
    await user.click(within(confirm).getByRole('button', { name: 'Reverse' }));
    expect(await screen.findByText('Appeal decided')).toBeInTheDocument();
    const [call] = await apiCalls(`/api/admin/appeals/${MOCK_APPEAL.id}/decide`);
    expect(call?.body).toEqual({
      decision: 'reverse',
      note: 'The first decision was wrong.',
      liftInForce: true,
    });
    expect(
      db.restrictions.find((restriction) => restriction.reference === 'R-SEC0ND22')!.endedAt,
    ).not.toBeNull();
    expect(member().enabled).toBe(true);
  });

  it('Claim next opens the appeal it claims at once', async () => {
    const { user, router } = renderApp('/queue?kind=appeal');
    await screen.findByRole('table', { name: 'Review queue' }, FIRST_LOAD);
    await user.click(await screen.findByRole('button', { name: 'Claim next' }));
    expect(await screen.findByText('Item claimed')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/appeals/${MOCK_APPEAL.id}`));
    expect(
      await screen.findByRole('heading', { name: `Appeal ${MOCK_APPEAL.reference}`, level: 1 }, FIRST_LOAD),
    ).toBeInTheDocument();
    expect(db.reviewItems.find((item) => item._id === MOCK_APPEAL.itemId)?.assignee?._id).toBe(db.admin._id);
  });

  it("refuses the claim of an appeal against the admin's own restriction in the server's words", async () => {
    db.restrictions.find((restriction) => restriction._id === MOCK_APPEAL.restrictionId)!.adminId =
      db.admin._id;
    const { user, router } = renderApp('/queue?kind=appeal');
    const queue = await screen.findByRole('table', { name: 'Review queue' }, FIRST_LOAD);
    const name = `${member().name} ${member().surname}`.trim();
    await user.click(await within(queue).findByRole('button', { name: `Claim Appeal: ${name}` }));
    expect(
      await screen.findByText(APPEAL_MESSAGES.ownRestriction, {
        selector: '.mantine-Notification-description',
      }),
    ).toBeInTheDocument();
    const [call] = await apiCalls(`/api/review-queue/${MOCK_APPEAL.itemId}/claim`);
    expect(call?.method).toBe('POST');
    expect(db.reviewItems.find((item) => item._id === MOCK_APPEAL.itemId)?.state).toBe('open');
    expect(router.state.location.pathname).toBe('/queue');
  });

  it('tells the admin who restricted that another admin must decide, and shows them no form', async () => {
    db.restrictions.find((restriction) => restriction._id === MOCK_APPEAL.restrictionId)!.adminId =
      db.admin._id;
    renderApp(`/appeals/${MOCK_APPEAL.id}`);
    expect(await screen.findByText(APPEAL_MESSAGES.ownRestriction, {}, FIRST_LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Decide' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('a Support admin reads the appeal without the form; a decided one shows its decision', async () => {
    setMockRole('support');
    const { unmount } = renderApp(`/appeals/${MOCK_APPEAL.id}`);
    expect(
      await screen.findByText('Your role (Support) cannot decide appeals.', {}, FIRST_LOAD),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Decide' })).not.toBeInTheDocument();
    unmount();
    seeded().state = 'upheld';
    seeded().decision = {
      decision: 'uphold',
      note: 'The facts stand.',
      admin: { _id: db.admins[0]!._id, name: 'Mia Moderator' },
      at: '2026-11-22T10:00:00.000Z',
    };
    renderApp(`/appeals/${MOCK_APPEAL.id}`);
    expect(await screen.findByText(/^Upheld by Mia Moderator on/, {}, FIRST_LOAD)).toBeInTheDocument();
    expect(screen.getByText('The facts stand.')).toBeInTheDocument();
  });

  it('is not there against an API without appeals', async () => {
    withoutFeatures('appeals');
    renderApp(`/appeals/${MOCK_APPEAL.id}`);
    expect(await screen.findByText(/not found/i, {}, FIRST_LOAD)).toBeInTheDocument();
    expect(await apiCalls(`/api/admin/appeals/${MOCK_APPEAL.id}`)).toHaveLength(0);
  });
});

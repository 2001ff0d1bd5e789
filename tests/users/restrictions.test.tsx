import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { FACTS_MAX, RESTRICTION_MESSAGES } from '@contract/restrictions';
import { db } from '@mocks/db';
import { server } from '@mocks/node';
import { apiCalls } from '../support/request-log';
import { renderApp, specOnlyApi, withoutFeatures } from '../support/render';

/** An active member and their profile's header card. */
async function openProfile() {
  const person = db.users.find((user) => user.enabled)!;
  const app = renderApp(`/users/${person._id}`);
  const header = (await screen.findByRole('heading', { level: 1 })).closest(
    '.mantine-Card-root',
  ) as HTMLElement;
  return { person, header, ...app };
}

const policyNamed = (message: string) =>
  db.catalogues.reportelement!.find((element) => element.message === message)!;

async function choosePolicy(user: UserEvent, dialog: HTMLElement, name: string) {
  await user.click(within(dialog).getAllByLabelText(/^Policy/)[0]!);
  await user.click(await screen.findByRole('option', { name }));
}

const statusWrites = async (userId: string) =>
  (await apiCalls(`/api/admin/status/${userId}`)).filter((call) => call.method === 'PATCH');

describe("deactivating as a restriction ('restrictions')", () => {
  it('needs a policy and the facts, and a reason to withhold the statement; then sends them in the body', async () => {
    const { person, header, user } = await openProfile();
    await user.click(within(header).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', {
      name: `Deactivate ${person.name} ${person.surname} (${person.email})?`,
    });
    // Nothing chosen: both are required, and nothing is sent.
    await user.click(within(dialog).getByRole('radio', { name: 'Permanent' }));
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(within(dialog).getByText(RESTRICTION_MESSAGES.policyRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(RESTRICTION_MESSAGES.factsRequired)).toBeInTheDocument();
    expect(await statusWrites(person._id)).toEqual([]);

    await choosePolicy(user, dialog, 'Harassment');
    await user.type(
      within(dialog).getByRole('textbox', { name: /^Facts and circumstances/ }),
      'Threats in chat',
    );
    // Withholding the statement needs its reason.
    await user.click(
      within(dialog).getByRole('checkbox', { name: 'Withhold the statement from the member' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(within(dialog).getByText(RESTRICTION_MESSAGES.withheldReasonRequired)).toBeInTheDocument();
    expect(await statusWrites(person._id)).toEqual([]);
    await user.type(
      within(dialog).getByRole('textbox', { name: /^Reason for withholding/ }),
      'Police request',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));

    expect(await screen.findByText('User deactivated successfully')).toBeInTheDocument();
    const [call] = await statusWrites(person._id);
    expect(call?.query).toEqual({ enabled: 'false' });
    expect(call?.body).toEqual({
      restriction: {
        policyId: policyNamed('Harassment')._id,
        facts: 'Threats in chat',
        endsAt: null,
        withheldReason: 'Police request',
      },
    });
    expect(db.users.find((user) => user._id === person._id)!.enabled).toBe(false);
    // The profile counts the strike, and the history says what was done.
    expect(await screen.findByText('Strikes')).toBeInTheDocument();
    const history = await screen.findByRole('table', { name: 'Moderation history' });
    expect(
      await within(history).findByText(/Restricted by .*Deactivated permanently, citing "Harassment"/),
    ).toBeInTheDocument();
  });

  it('sends a suspension until the end of the chosen day', async () => {
    const { person, header, user } = await openProfile();
    await user.click(within(header).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog');
    await choosePolicy(user, dialog, 'Fake profile');
    await user.type(
      within(dialog).getByRole('textbox', { name: /^Facts and circumstances/ }),
      'Stolen photos',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(within(dialog).getByText('Please choose the day the suspension ends')).toBeInTheDocument();
    const day = new Date(Date.now() + 7 * 86_400_000);
    const text = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
    await user.type(within(dialog).getByLabelText(/^Suspended until/), text);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('User deactivated successfully')).toBeInTheDocument();
    const [call] = await statusWrites(person._id);
    const { endsAt, withheldReason } = (
      call?.body as { restriction: { endsAt: string; withheldReason?: string } }
    ).restriction;
    expect(withheldReason).toBeUndefined();
    const end = new Date(endsAt);
    expect([end.getFullYear(), end.getMonth(), end.getDate(), end.getHours()]).toEqual([
      day.getFullYear(),
      day.getMonth(),
      day.getDate(),
      23,
    ]);
  });

  it('puts the focus on the first field in error, and keeps the dialog and what was typed on a refusal of a field', async () => {
    const { person, header, user } = await openProfile();
    await user.click(within(header).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog');
    await choosePolicy(user, dialog, 'Harassment');
    await user.click(within(dialog).getByRole('radio', { name: 'Permanent' }));
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    const facts = within(dialog).getByRole('textbox', { name: /^Facts and circumstances/ });
    expect(await within(dialog).findByText(RESTRICTION_MESSAGES.factsRequired)).toBeInTheDocument();
    await waitFor(() => expect(facts).toHaveFocus());
    await user.type(facts, 'Threats in chat');

    // The policy is deleted meanwhile: the API refuses it by its field, said under the Policy.
    const elements = db.catalogues.reportelement!;
    elements.splice(elements.indexOf(policyNamed('Harassment')), 1);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await within(dialog).findByText(RESTRICTION_MESSAGES.policyUnknown)).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getAllByLabelText(/^Policy/)[0]).toHaveFocus());
    expect(facts).toHaveValue('Threats in chat');
    expect(db.users.find((candidate) => candidate._id === person._id)!.enabled).toBe(true);

    // Another policy, and the same dialog saves.
    await choosePolicy(user, dialog, 'Fake profile');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('User deactivated successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const writes = await statusWrites(person._id);
    expect(writes.at(-1)?.body).toEqual({
      restriction: { policyId: policyNamed('Fake profile')._id, facts: 'Threats in chat', endsAt: null },
    });
    expect(db.users.find((candidate) => candidate._id === person._id)!.enabled).toBe(false);
  });

  it('goes to sign in, the dialog closed, when the save is answered by an ended session', async () => {
    server.use(
      http.patch('*/api/admin/status/:userId', () =>
        HttpResponse.json({ success: false, message: 'jwt expired' }, { status: 401 }),
      ),
    );
    const { header, user, router } = await openProfile();
    await user.click(within(header).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog');
    await choosePolicy(user, dialog, 'Harassment');
    await user.type(
      within(dialog).getByRole('textbox', { name: /^Facts and circumstances/ }),
      'Threats in chat',
    );
    await user.click(within(dialog).getByRole('radio', { name: 'Permanent' }));
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('counts the facts near their limit, and takes no more', async () => {
    const { header, user } = await openProfile();
    await user.click(within(header).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog');
    const facts = within(dialog).getByRole('textbox', { name: /^Facts and circumstances/ });
    expect(facts).toHaveAttribute('maxlength', String(FACTS_MAX));
    await user.click(facts);
    await user.paste('x'.repeat(FACTS_MAX));
    expect(
      within(dialog).getByText(
        `What the member did, as the statement tells them · ${FACTS_MAX.toLocaleString('en-US')} / ${FACTS_MAX.toLocaleString('en-US')}`,
      ),
    ).toBeInTheDocument();
  });

  it('shows the strikes as a column of the users list', async () => {
    const person = db.users[0]!;
    db.restrictions.push({
      _id: 'r1',
      reference: 'R-AAAAAAAA',
      userId: person._id,
      policyId: policyNamed('Harassment')._id,
      policyName: 'Harassment',
      facts: 'x',
      createdAt: new Date().toISOString(),
      endsAt: null,
      endedAt: null,
      withheldReason: null,
    });
    renderApp('/users');
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(within(table).getByRole('columnheader', { name: 'Strikes' })).toBeInTheDocument();
    const row = (
      await within(table).findByRole('link', { name: `${person.name} ${person.surname}` })
    ).closest('tr')!;
    expect(within(row).getByText('1')).toBeInTheDocument();
  });

  it("shows the Report Element's explanation field", async () => {
    renderApp('/report-element/add');
    expect(await screen.findByRole('textbox', { name: /Explanation for members/ })).toBeInTheDocument();
  });
});

describe("without 'restrictions'", () => {
  it("asks the reason's dialog as before: no policy, no facts, no Strikes column", async () => {
    withoutFeatures('restrictions');
    const { header, user } = await openProfile();
    expect(screen.queryByText('Strikes')).toBeNull();
    await user.click(within(header).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('textbox', { name: 'Reason (optional)' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: /^Policy/ })).toBeNull();
    expect(within(dialog).queryByRole('textbox', { name: /^Facts/ })).toBeNull();
  });

  it('against a SPEC-only API: one click, no dialog, no strikes, and the form has no explanation', async () => {
    specOnlyApi();
    const { person, header, user } = await openProfile();
    await user.click(within(header).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('User deactivated successfully')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    const [call] = await statusWrites(person._id);
    expect(call?.body).toBeUndefined();
    expect(screen.queryByText('Strikes')).toBeNull();
  });

  it('against a SPEC-only API the Report Element form is SPEC’s', async () => {
    specOnlyApi();
    renderApp('/report-element/add');
    expect(await screen.findByRole('textbox', { name: /Message/ })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('textbox', { name: /Explanation/ })).toBeNull());
  });
});

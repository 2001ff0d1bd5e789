import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { AVATAR_COLOURS, avatarColour } from '@/features/users/avatar-colour';
import { formatDate } from '@/lib/format';
import { api, callApi, resetData, signedInNow, signInAs, testDb } from '../support/api-server';
import { apiCalls } from '../support/request-log';
import { renderApp, specOnlyApi, withoutFeatures } from '../support/render';

type Member = { _id: string; name: string; surname: string; email: string; enabled: boolean };
type Policy = { _id: string; message: string };

const section = (name: string) => screen.getByRole('region', { name });
const fieldValue = (container: HTMLElement, label: string) =>
  within(container).getByText(label, { selector: 'p' }).nextElementSibling?.textContent;
const bearer = () => `Bearer ${signedInNow().token}`;

/** The first page of the users list (newest first), and a member as the API reads them. */
const firstMembers = () => api.get<Member[]>('/api/admin/list?page=1&items=10');
const memberOf = (id: string) => api.get<Member>(`/api/user/read/${id}`);

/**
 * A demo member given every part of a profile: their own doing in the app (no admin API writes a profile), so
 * written with SQL. The media paths name no stored file: jsdom loads no media.
 */
async function richUser(): Promise<Member> {
  const member = (await firstMembers())[0]!;
  const db = testDb();
  await db.run(
    `UPDATE users SET name = 'Olivia', surname = 'Smith', email = 'olivia@example.com', country_code = '+44',
       phone_number = '7700900123', is_verified = true, image1 = 'uploads/a.png', image2 = 'uploads/b.mp4',
       image3 = 'uploads/c.jpg', image4 = 'uploads/d.MOV', audio_prompt = 'uploads/voice.wav',
       audio_prompt_type = 'My ideal Sunday', height = 172, distance = 25, start_age = 25, end_age = 35,
       dob = '1990-12-05T00:00:00.000Z', address = 'London, UK', introduction = 'Coffee first.', gender = 'Female',
       interest_in = 'Men', workout = 'Often', looking_for = 'New friends', smoking = 'No', drinking = 'Socially'
     WHERE id = $1`,
    [member._id],
  );
  await db.run('DELETE FROM user_hobbies WHERE user_id = $1', [member._id]);
  await db.run(
    `INSERT INTO user_hobbies (user_id, hobby_id) SELECT $1, id FROM hobbies WHERE name IN ('Hiking', 'Cooking')`,
    [member._id],
  );
  await db.run('DELETE FROM user_prompts WHERE user_id = $1', [member._id]);
  await db.run(
    `INSERT INTO user_prompts (user_id, position, type, description)
     VALUES ($1, 0, 'My simple pleasures', 'Fresh bread.')`,
    [member._id],
  );
  await db.run('DELETE FROM user_plans WHERE user_id = $1', [member._id]);
  await db.run(`INSERT INTO user_plans (user_id, product_id, status) VALUES ($1, 'gold', 'active')`, [
    member._id,
  ]);
  return memberOf(member._id);
}

/** In the restriction dialog: a policy, the facts, and Permanent. */
async function fillRestriction(user: UserEvent, dialog: HTMLElement) {
  await user.click(within(dialog).getAllByLabelText(/^Policy/)[0]!);
  await user.click(await screen.findByRole('option', { name: 'Fake profile' }));
  await user.click(within(dialog).getByRole('textbox', { name: /^Facts and circumstances/ }));
  await user.paste('Stolen photos');
  await user.click(within(dialog).getByRole('radio', { name: 'Permanent' }));
}

// Each test starts from the demo data: one deactivates a member, others rewrite a profile.
beforeEach(resetData);

describe('user profile', () => {
  it("deactivates and reactivates the user with the list's call and notifications, refreshing the profile", async () => {
    // The server's deactivation is a restriction: its dialog (tested in tests/users/restrictions.test.tsx).
    const person = (await firstMembers()).find((member) => member.enabled)!;
    const policy = (await api.get<Policy[]>('/api/reportelement/listAll')).find(
      (element) => element.message === 'Fake profile',
    )!;
    const { user } = renderApp(`/users/${person._id}`);
    const header = (await screen.findByRole('heading', { level: 1 })).closest(
      '.mantine-Card-root',
    ) as HTMLElement;
    expect(within(header).getByText('Active')).toBeInTheDocument();
    await user.click(within(header).getByRole('button', { name: 'Deactivate' }));
    const ask = await screen.findByRole('dialog', {
      name: `Deactivate ${person.name} ${person.surname} (${person.email})?`,
    });
    await fillRestriction(user, ask);
    await user.click(within(ask).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('User deactivated successfully')).toBeInTheDocument();
    expect(await within(header).findByRole('button', { name: 'Activate' })).toBeInTheDocument();
    expect(within(header).getByText('Inactive')).toBeInTheDocument();
    expect((await memberOf(person._id)).enabled).toBe(false);
    const [call] = await apiCalls(`/api/admin/status/${person._id}`);
    expect(call?.method).toBe('PATCH');
    expect(call?.query).toEqual({ enabled: 'false' });
    expect(call?.body).toEqual({
      restriction: { policyId: policy._id, facts: 'Stolen photos', endsAt: null },
    });
    expect(call?.headers.get('authorization')).toBe(bearer());
    // The profile was read again after the change.
    expect((await apiCalls(`/api/user/read/${person._id}`)).length).toBeGreaterThanOrEqual(2);

    await user.click(within(header).getByRole('button', { name: 'Activate' }));
    expect(await within(header).findByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
    expect((await memberOf(person._id)).enabled).toBe(true);
    // The profile's and the restriction dialog's code load cold in this first test: on a busy machine, over 20 s.
  }, 40_000);

  it('shows every section of a full profile', async () => {
    const user = await richUser();
    const { user: admin } = renderApp(`/users/${user._id}`);
    // The first render also transforms the lazy route chunk: allow a cold start.
    expect(
      await screen.findByRole('heading', { name: 'Olivia Smith' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Verified' })).toBeInTheDocument();

    const basic = section('Basic Information');
    // The server lists hobbies by name.
    expect(fieldValue(basic, 'Hobbies')).toBe('Cooking, Hiking');
    expect(fieldValue(basic, 'Interest In')).toBe('Men');
    expect(fieldValue(basic, 'Workout')).toBe('Often');
    expect(fieldValue(basic, 'Looking For')).toBe('New friends');
    expect(fieldValue(basic, 'Height')).toBe('172 cm');
    expect(fieldValue(basic, 'Preferred Distance')).toBe('25');
    expect(fieldValue(basic, 'Smoking')).toBe('No');
    expect(fieldValue(basic, 'Drinking')).toBe('Socially');
    expect(fieldValue(basic, 'Interact Age')).toBe('25 - 35');
    expect(within(basic).getByText('My ideal Sunday')).toBeInTheDocument();
    expect(within(basic).getByLabelText('Audio Prompt')).toHaveAttribute('src', '/uploads/voice.wav');

    const personal = section('Personal Information');
    expect(fieldValue(personal, 'Mobile')).toBe('+44 7700900123');
    expect(fieldValue(personal, 'Email')).toBe('olivia@example.com');
    expect(fieldValue(personal, 'DOB')).toBe('5 December 1990');
    expect(fieldValue(personal, 'Gender')).toBe('Female');
    expect(fieldValue(personal, 'Location')).toBe('London, UK');
    expect(fieldValue(personal, 'Bio')).toBe('Coffee first.');

    expect(screen.getByRole('img', { name: 'Photo 1 of Olivia' })).toHaveAttribute('src', '/uploads/a.png');
    expect(screen.getByLabelText('Video 2 of Olivia').tagName).toBe('VIDEO');
    expect(screen.getByRole('img', { name: 'Photo 3 of Olivia' })).toBeInTheDocument();
    expect(screen.getByLabelText('Video 4 of Olivia').tagName).toBe('VIDEO');
    expect(screen.getByRole('button', { name: 'Previous media' })).toBeDisabled();
    expect(screen.getByText('1 / 4')).toBeInTheDocument();
    await admin.click(screen.getByRole('button', { name: 'Next media' }));
    expect(screen.getByText('2 / 4')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous media' })).toBeEnabled();

    const plan = section('Plan Details');
    expect(fieldValue(plan, 'Name')).toBe('Gold');
    expect(fieldValue(plan, 'Status')).toBe('Active');
    expect(fieldValue(section('Answer Prompts'), 'My simple pleasures')).toBe('Fresh bread.');

    const [call] = await apiCalls(`/api/user/read/${user._id}`);
    expect(call?.headers.get('authorization')).toBe(bearer());
  });

  it('renders a bare profile cleanly', async () => {
    // A demo member without media has no hobbies and no prompts either; a profile's parts are the member's doing.
    const user = await testDb().one<{ _id: string }>(
      "SELECT id AS _id FROM users WHERE role = 'user' AND image1 IS NULL ORDER BY rowid DESC LIMIT 1",
    );
    await testDb().run(
      `UPDATE users SET name = 'Noah', surname = '', audio_prompt = NULL, audio_prompt_type = NULL, height = NULL,
         start_age = NULL, end_age = NULL, dob = NULL, introduction = '' WHERE id = $1`,
      [user._id],
    );
    await testDb().run('DELETE FROM user_hobbies WHERE user_id = $1', [user._id]);
    await testDb().run('DELETE FROM user_prompts WHERE user_id = $1', [user._id]);
    await testDb().run('DELETE FROM user_plans WHERE user_id = $1', [user._id]);
    const { container } = renderApp(`/users/${user._id}`);
    expect(await screen.findByRole('heading', { name: 'Noah' })).toBeInTheDocument();
    expect(screen.getByText('N')).toHaveStyle({ backgroundColor: avatarColour('Noah') });
    expect(screen.getByText('No photos or videos')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Plan Details' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Answer Prompts' })).not.toBeInTheDocument();
    expect(fieldValue(section('Basic Information'), 'Hobbies')).toBe('-');
    expect(fieldValue(section('Basic Information'), 'Interact Age')).toBe('-');
    expect(container.textContent).not.toMatch(/undefined|null|NaN|Invalid Date/);
  });

  it('shows the server message for an unknown user', async () => {
    renderApp('/users/ffffffffffffffffffffffff');
    expect(await screen.findByText('Could not load this data')).toBeInTheDocument();
    expect(screen.getAllByText('User not found').length).toBeGreaterThan(0);
  });

  it('picks the initial-avatar colour from the sum of character codes', () => {
    expect(avatarColour('A')).toBe(AVATAR_COLOURS[65 % 6]);
    expect(avatarColour('Ab')).toBe(AVATAR_COLOURS[(65 + 98) % 6]);
    expect(avatarColour('')).toBe(AVATAR_COLOURS[0]);
    expect(new Set(['Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Mia'].map(avatarColour)).size).toBeGreaterThan(
      1,
    );
  });
});

/** A restriction of `userId` through the API, citing the demo's `policy` (permanent unless `endsAt`): its reference. */
async function restrict(userId: string, policy: string, endsAt: string | null = null) {
  const policyId = (await api.get<Policy[]>('/api/reportelement/listAll')).find(
    (element) => element.message === policy,
  )!._id;
  const { status, body } = await callApi<{ result: { reference: string } }>(
    'PATCH',
    `/api/admin/status/${userId}?enabled=false`,
    { json: { restriction: { policyId, facts: 'Links to a fake shop', endsAt } } },
  );
  if (status !== 200) throw new Error(`The restriction was refused (${status}): ${JSON.stringify(body)}`);
  return body.result.reference;
}

/**
 * A demo member whose facts the header shows are known: born on 1 January 30 years ago, joined on 10 March 2025,
 * verified, their newest doing a post of 3 days and 2 hours ago (SQL: the member's own doing in the app).
 */
async function knownMember() {
  const member = (await firstMembers()).find((each) => each.enabled)!;
  const db = testDb();
  const born = `${new Date().getFullYear() - 30}-01-01T00:00:00.000Z`;
  await db.run(
    `UPDATE users SET dob = $2, created_at = '2025-03-10T12:00:00.000Z', is_verified = true WHERE id = $1`,
    [member._id, born],
  );
  for (const [table, column] of [
    ['posts', 'user_id'],
    ['events', 'user_id'],
    ['feedbacks', 'user_id'],
    ['chat_reports', 'reporter_id'],
    ['chat_blocks', 'block_by'],
  ] as const)
    await db.run(`DELETE FROM ${table} WHERE ${column} = $1`, [member._id]);
  await db.run('DELETE FROM contacts WHERE lower(email) = lower($1)', [member.email]);
  const posted = new Date(Date.now() - (3 * 24 + 2) * 3_600_000).toISOString();
  await db.run(
    `INSERT INTO posts (id, name, user_id, created_at, updated_at) VALUES ('header-post', 'Hello', $1, $2, $2)`,
    [member._id, posted],
  );
  return { member, posted };
}

/** The profile's header card, once its name is there. */
async function headerCard() {
  const title = await screen.findByRole('heading', { level: 1 }, { timeout: 15_000 });
  return title.closest('.mantine-Card-root') as HTMLElement;
}

/** A fact of the header: its value as shown. */
const fact = (summary: HTMLElement, label: string) =>
  within(summary).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe("the profile's header ('member-summary')", () => {
  it("shows age, joined, last active, verified, strikes and the suspension in force, from the profile's one read", async () => {
    const { member, posted } = await knownMember();
    const endsAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const reference = await restrict(member._id, 'Spam or scam', endsAt);
    renderApp(`/users/${member._id}`);
    const header = await headerCard();
    const summary = within(header).getByRole('region', { name: 'Member summary' });
    expect(fact(summary, 'Age')).toBe('30 years');
    expect(fact(summary, 'Joined')).toBe('10 Mar 2025');
    expect(fact(summary, 'Last active')).toBe(`3 days ago, ${formatDate(posted)}`);
    expect(fact(summary, 'Verified')).toBe('Yes');
    expect(fact(summary, 'Strikes')).toBe('1 strike');
    expect(fact(summary, 'Restriction')).toBe(
      `Suspended until ${formatDate(endsAt)}, Spam or scam, ${reference}`,
    );
    expect(reference).toMatch(/^R-[0-9A-Z]{8}$/);
    // One read for the header: the member's restrictions are not asked for apart.
    expect(await apiCalls(`/api/user/read/${member._id}`)).toHaveLength(1);
    expect(await apiCalls(`/api/admin/restrictions/member/${member._id}`)).toEqual([]);
  });

  it('says a permanent restriction as Deactivated, strikes with the reversed apart, and an unverified member as No', async () => {
    const member = (await firstMembers()).find((each) => each.enabled)!;
    await testDb().run('UPDATE users SET is_verified = false WHERE id = $1', [member._id]);
    // Two strikes in the window, one of them reversed (as an appeal's reversal marks it), and one in force.
    await restrict(member._id, 'Fake profile', new Date(Date.now() + 86_400_000).toISOString());
    await api.patch(`/api/admin/status/${member._id}?enabled=true`, {});
    const earlier = await restrict(
      member._id,
      'Fake profile',
      new Date(Date.now() + 86_400_000).toISOString(),
    );
    await api.patch(`/api/admin/status/${member._id}?enabled=true`, {});
    await testDb().run("UPDATE restrictions SET ended_reason = 'reversed' WHERE reference = $1", [earlier]);
    const reference = await restrict(member._id, 'Spam or scam');
    renderApp(`/users/${member._id}`);
    const summary = within(await headerCard()).getByRole('region', { name: 'Member summary' });
    expect(fact(summary, 'Verified')).toBe('No');
    expect(fact(summary, 'Strikes')).toBe('2 strikes (1 reversed)');
    expect(fact(summary, 'Restriction')).toBe(`Deactivated, Spam or scam, ${reference}`);
    // The strikes are the header's: Personal Information no longer repeats them.
    expect(
      within(screen.getByRole('region', { name: 'Personal Information' })).queryByText('Strikes'),
    ).toBeNull();
  });

  it('opens the note form from Add note, and the restriction dialog from Restrict', async () => {
    const { member } = await knownMember();
    const reference = await restrict(member._id, 'Spam or scam');
    const { user } = renderApp(`/users/${member._id}`);
    const summary = within(await headerCard()).getByRole('region', { name: 'Member summary' });
    expect(fact(summary, 'Restriction')).toBe(`Deactivated, Spam or scam, ${reference}`);

    await user.click(within(summary).getByRole('button', { name: 'Add note' }));
    const noteDialog = await screen.findByRole('dialog', {
      name: `Add a note on ${member.name} ${member.surname}`.trim(),
    });
    expect(within(noteDialog).getByRole('textbox', { name: 'New note' })).toHaveFocus();
    await user.keyboard('Asked twice for money in chat');
    await user.click(within(noteDialog).getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Note added')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const notes = await screen.findByRole('region', { name: 'Notes' });
    expect(await within(notes).findByText('Asked twice for money in chat')).toBeInTheDocument();

    await user.click(within(summary).getByRole('button', { name: 'Restrict' }));
    const restriction = await screen.findByRole('dialog', {
      name: `Deactivate ${member.name} ${member.surname} (${member.email})?`,
    });
    // The restriction dialog itself: the one in force is said, and a new one replaces it only when asked to.
    expect(
      await within(restriction).findByText(`Already restricted under ${reference} permanently.`),
    ).toBeInTheDocument();
    expect(
      within(restriction).getByRole('checkbox', { name: `Replace ${reference} with this restriction` }),
    ).toBeInTheDocument();
  });

  it('keeps every fact and both buttons whole at 390 px, and offers neither button to a role that may not use it', async () => {
    const { member } = await knownMember();
    await restrict(member._id, 'Spam or scam', new Date(Date.now() + 7 * 86_400_000).toISOString());
    const width = window.innerWidth;
    onTestFinished(() => {
      window.innerWidth = width;
    });
    window.innerWidth = 390;
    window.dispatchEvent(new Event('resize'));
    const { unmount } = renderApp(`/users/${member._id}`);
    const summary = within(await headerCard()).getByRole('region', { name: 'Member summary' });
    // Nothing truncated or hidden: each value in full as text, each button named, no ellipsis.
    for (const label of ['Age', 'Joined', 'Last active', 'Verified', 'Strikes'])
      expect(fact(summary, label)).toMatch(/\S/);
    expect(fact(summary, 'Restriction')).toMatch(
      /^Suspended until \d{1,2} \w{3} \d{4}, Spam or scam, R-[0-9A-Z]{8}$/,
    );
    expect(within(summary).getByRole('button', { name: 'Add note' })).toBeVisible();
    expect(within(summary).getByRole('button', { name: 'Restrict' })).toBeVisible();
    expect(summary.querySelector('[data-truncated], .mantine-Text-root[data-line-clamp]')).toBeNull();
    unmount();

    // Support writes notes but does not change a member's status: Add note, no Restrict.
    await signInAs('support');
    renderApp(`/users/${member._id}`);
    const supportSummary = within(await headerCard()).getByRole('region', { name: 'Member summary' });
    expect(within(supportSummary).getByRole('button', { name: 'Add note' })).toBeInTheDocument();
    expect(within(supportSummary).queryByRole('button', { name: 'Restrict' })).toBeNull();
  });

  it('without member-summary: no header facts, and the strikes stay in Personal Information', async () => {
    withoutFeatures('member-summary');
    const { member } = await knownMember();
    renderApp(`/users/${member._id}`);
    const header = await headerCard();
    expect(within(header).queryByRole('region', { name: 'Member summary' })).toBeNull();
    const personal = screen.getByRole('region', { name: 'Personal Information' });
    expect(within(personal).getByText('0 strikes')).toBeInTheDocument();
  });

  it("against a SPEC-only API the header is SPEC's: name, e-mail, status and Deactivate alone", async () => {
    const { member } = await knownMember();
    await restrict(member._id, 'Spam or scam');
    specOnlyApi();
    renderApp(`/users/${member._id}`);
    const header = await headerCard();
    expect(within(header).queryByRole('region', { name: 'Member summary' })).toBeNull();
    for (const word of ['Age', 'Joined', 'Last active', 'Strikes', 'Restriction', 'R-'])
      expect(within(header).queryByText(new RegExp(word))).toBeNull();
    expect(within(header).queryByRole('button', { name: 'Add note' })).toBeNull();
    expect(within(header).queryByRole('button', { name: 'Restrict' })).toBeNull();
    expect(
      within(header)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Activate']);
    expect(screen.queryByText('Strikes')).toBeNull();
  });
});
